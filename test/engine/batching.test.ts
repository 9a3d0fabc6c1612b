// Padding-aware batching: the cheapest split of sorted lengths into padded batches.
import { describe, expect, it } from 'vitest';
import { batchGroups, lengthBatches } from '../../src/core/batching';

const cost = (lengths: number[], batches: number[][], overhead: number) => batches.reduce((s, b) => s + overhead + b.length * Math.max(...b.map((i) => lengths[i])), 0);

/** Every split of the sorted order into runs, by brute force. */
function bruteBest(lengths: number[], fits: (rows: number, longest: number) => boolean, overhead: number): number {
  const sorted = [...lengths].sort((a, b) => a - b);
  let best = Infinity;
  for (let mask = 0; mask < 1 << (sorted.length - 1); mask++) {
    let c = 0;
    let start = 0;
    let ok = true;
    for (let i = 1; i <= sorted.length; i++) {
      if (i === sorted.length || mask & (1 << (i - 1))) {
        const rows = i - start;
        if (rows > 1 && !fits(rows, sorted[i - 1])) ok = false;
        c += overhead + rows * sorted[i - 1];
        start = i;
      }
    }
    if (ok) best = Math.min(best, c);
  }
  return best;
}

describe('lengthBatches', () => {
  it('groups near lengths and splits far ones', () => {
    const lengths = [40, 20, 21, 41, 22];
    const batches = lengthBatches(lengths, () => true, 16);
    expect(batches).toEqual([[1, 2, 4], [0, 3]]);
    expect(cost(lengths, batches, 16)).toBe(16 + 3 * 22 + 16 + 2 * 41);
  });

  it('is the cheapest split under the constraint (brute force on random cases)', () => {
    let seed = 5;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let t = 0; t < 200; t++) {
      const lengths = Array.from({ length: 1 + Math.floor(rand() * 9) }, () => 1 + Math.floor(rand() * 60));
      const budget = 40 + Math.floor(rand() * 200);
      const fits = (rows: number, longest: number) => rows * longest <= budget;
      const overhead = Math.floor(rand() * 30);
      const batches = lengthBatches(lengths, fits, overhead);
      expect(batches.flat().sort((a, b) => a - b)).toEqual(lengths.map((_, i) => i));
      for (const b of batches) if (b.length > 1) expect(fits(b.length, Math.max(...b.map((i) => lengths[i])))).toBe(true);
      expect(cost(lengths, batches, overhead)).toBe(bruteBest(lengths, fits, overhead));
    }
  });

  it('batchGroups leaves out one-token continuations and bounds the cache copies', () => {
    const groups = batchGroups([1, 21, 20, 22, 1, 23], 4096, 80);
    expect(groups.flat().sort()).toEqual([1, 2, 3, 5]);
    // With a wide cache, rows × (cache + new) caps the batch.
    for (const g of batchGroups(Array(40).fill(21), 64, 100)) expect(g.length * (100 + 20)).toBeLessThanOrEqual(4 * 64);
  });
});
