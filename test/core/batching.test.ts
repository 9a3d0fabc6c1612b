// Batch planning over token counts, with no model: hand-worked plans, and the dynamic programme
// against a brute force over every split of the sorted order.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { batchGroups, lengthBatches, MAX_PASS_LOGIT_FLOATS, MAX_PAST_FACTOR, passTokenBudget, singleRowGroups } from '../../src/core/batching';

const FC_RUNS = Number(process.env.FC_RUNS ?? 200);
const always = () => true;

/** Σ (overhead + rows × longest) of a plan. */
function cost(lengths: readonly number[], batches: number[][], overhead: number): number {
  return batches.reduce((s, b) => s + overhead + b.length * Math.max(...b.map((i) => lengths[i])), 0);
}

/** The cheapest split of the sorted lengths into runs (every run but singletons must fit), by brute force. */
function bruteForce(sorted: readonly number[], fits: (rows: number, longest: number) => boolean, overhead: number): number {
  const n = sorted.length;
  if (n === 0) return 0;
  let best = Infinity;
  // Bit k of `mask` set: a cut after sorted position k.
  for (let mask = 0; mask < 1 << (n - 1); mask++) {
    let total = 0;
    let start = 0;
    let ok = true;
    for (let k = 0; k < n; k++) {
      if (k === n - 1 || mask & (1 << k)) {
        const rows = k - start + 1;
        const longest = sorted[k];
        if (rows > 1 && !fits(rows, longest)) ok = false;
        total += overhead + rows * longest;
        start = k + 1;
      }
    }
    if (ok) best = Math.min(best, total);
  }
  return best;
}

describe('lengthBatches', () => {
  it('pays a pass overhead only where padding would cost more (worked by hand)', () => {
    // Sorted 1, 1, 10. One batch: 16 + 3·10 = 46. {1,1}{10}: 18 + 26 = 44. Singletons: 17+17+26 = 60.
    expect(lengthBatches([10, 1, 1], always, 16)).toEqual([[1, 2], [0]]);
    // Without an overhead every sequence alone costs its own length (12), as little as any plan.
    expect(cost([10, 1, 1], lengthBatches([10, 1, 1], always, 0), 0)).toBe(12);
    // A large overhead puts everything in one pass: 100 + 3·10.
    expect(lengthBatches([10, 1, 1], always, 100)).toEqual([[1, 2, 0]]);
    expect(lengthBatches([], always)).toEqual([]);
    expect(lengthBatches([7], always)).toEqual([[0]]);
  });

  it('keeps every batch of two or more within `fits`, and lets a sequence that fits nowhere run alone', () => {
    const fits = (rows: number, longest: number) => rows * longest <= 8;
    // 5 and 5 together would be 10 > 8: each alone; 2 and 2 together (4 ≤ 8).
    expect(lengthBatches([5, 2, 5, 2], fits, 16)).toEqual([[1, 3], [0], [2]]);
    // 20 fits no batch at all, yet is planned (alone).
    expect(lengthBatches([20, 1], fits, 16)).toEqual([[1], [0]]);
  });

  it('finds the least-cost split of the sorted order, uses each index once, and respects `fits`', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 9 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 4, max: 200 }),
        (lengths, overhead, cap) => {
          const fits = (rows: number, longest: number) => rows * longest <= cap;
          const plan = lengthBatches(lengths, fits, overhead);
          expect(plan.flat().sort((a, b) => a - b)).toEqual(lengths.map((_, i) => i));
          for (const b of plan) if (b.length > 1) expect(fits(b.length, Math.max(...b.map((i) => lengths[i])))).toBe(true);
          // Batches are runs of the sorted order: each batch's lengths are ≥ the previous batch's.
          const flat = plan.flat().map((i) => lengths[i]);
          expect(flat).toEqual([...flat].sort((a, b) => a - b));
          const sorted = [...lengths].sort((a, b) => a - b);
          expect(cost(lengths, plan, overhead)).toBe(bruteForce(sorted, fits, overhead));
        },
      ),
      { numRuns: FC_RUNS, seed: 20261130 },
    );
  });
});

describe('batchGroups', () => {
  it('plans only continuations of two or more tokens, each feeding all but its last token', () => {
    // Lengths 1, 3, 2, 5: index 0 needs no pass; fed tokens 2 (index 1), 1 (index 2), 4 (index 3).
    // One batch: 16 + 3·4 = 28, cheaper than any split (e.g. 16 + 2·2 + 16 + 4 = 40).
    expect(batchGroups([1, 3, 2, 5], 4096)).toEqual([[2, 1, 3]]);
    // At most 4 new tokens a pass: {2, 1} (2·2 = 4) and {3} alone.
    expect(batchGroups([1, 3, 2, 5], 4)).toEqual([[2, 1], [3]]);
    expect(batchGroups([1, 1], 4096)).toEqual([]);
  });

  it('bounds the cache rows of a pass as well: rows × (past + longest) ≤ MAX_PAST_FACTOR × maxBatchTokens', () => {
    const max = 100;
    // Fed 2, 2, 2 with a past of 150: three rows need 3·152 = 456 > 400, two need 304 ≤ 400.
    expect(MAX_PAST_FACTOR * max).toBe(400);
    expect(batchGroups([3, 3, 3], max, 150)).toEqual([[0, 1], [2]]);
    // Without the past, all three share one pass (3·2 ≤ 100).
    expect(batchGroups([3, 3, 3], max, 0)).toEqual([[0, 1, 2]]);
    // A past of 131: 3·133 = 399 ≤ 400 still fits.
    expect(batchGroups([3, 3, 3], max, 131)).toEqual([[0, 1, 2]]);
    expect(batchGroups([3, 3, 3], max, 132)).toEqual([[0, 1], [2]]);
    // Exactly at the bound: two rows of 2 fed tokens after a past of 198 hold 2·200 = 400 rows.
    expect(batchGroups([3, 3], max, 198)).toEqual([[0, 1]]);
    expect(batchGroups([3, 3], max, 199)).toEqual([[0], [1]]);
  });
});

describe('singleRowGroups', () => {
  it('batches two-token continuations up to maxRows, runs longer ones alone and skips one-token ones', () => {
    expect(singleRowGroups([2, 1, 2, 3, 2, 2], 2)).toEqual([[0, 2], [3], [4, 5]]);
    expect(singleRowGroups([2, 2, 2], 2)).toEqual([[0, 1], [2]]);
    expect(singleRowGroups([2, 4, 2], 8)).toEqual([[1], [0, 2]]);
    expect(singleRowGroups([1, 1], 4)).toEqual([]);
    expect(singleRowGroups([5], 1)).toEqual([[0]]);
  });
});

describe('passTokenBudget', () => {
  it('keeps the budget for a small vocabulary and cuts it to the logit cap for a large one (worked by hand)', () => {
    expect(MAX_PASS_LOGIT_FLOATS).toBe(4_194_304);
    expect(passTokenBudget(4096, 512)).toBe(4096);
    // 4,194,304 / 32,000 = 131.07; / 49,152 = 85.33; / 151,936 = 27.6.
    expect(passTokenBudget(4096, 32000)).toBe(131);
    expect(passTokenBudget(4096, 49152)).toBe(85);
    expect(passTokenBudget(4096, 151936)).toBe(27);
    expect(passTokenBudget(64, 32000)).toBe(64);
    // Never below one token, whatever the vocabulary.
    expect(passTokenBudget(4096, 10_000_000)).toBe(1);
  });
  it('never lets budget × vocabulary pass the cap unless one token alone does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1 << 16 }), fc.integer({ min: 1, max: 1 << 22 }), (budget, vocab) => {
        const b = passTokenBudget(budget, vocab);
        expect(b).toBeGreaterThanOrEqual(1);
        expect(b).toBeLessThanOrEqual(budget);
        if (b > 1) expect(b * vocab).toBeLessThanOrEqual(MAX_PASS_LOGIT_FLOATS);
        // The largest such budget: one more token would pass the cap (or the given budget).
        if (b < budget) expect((b + 1) * vocab).toBeGreaterThan(MAX_PASS_LOGIT_FLOATS);
      }),
      { numRuns: FC_RUNS },
    );
  });
});
