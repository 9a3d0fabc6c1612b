import { describe, expect, it } from 'vitest';
import { clusterBootstrap, resamplePrompts } from '../../../src/core/judge/bootstrap';
import { auditVerdicts } from '../../../src/core/judge/audit';
import type { VerdictRow } from '../../../src/core/judge/verdicts';
import { createRng } from '../../../src/core/judge/rng';
import { underMutation } from './mutationRun';

/** A judge that always picks whichever answer is shown first: each prompt's two verdicts cancel. */
function firstSlotJudge(prompts: number): VerdictRow[] {
  const rows: VerdictRow[] = [];
  for (let i = 0; i < prompts; i++) {
    for (const aFirst of [true, false]) {
      const lenA = 100 + ((i * 37) % 90);
      rows.push({ line: rows.length + 2, promptId: `q${i}`, aFirst, pA: aFirst ? 1 : 0, hard: aFirst ? 'A' : 'B', lenA, lenB: 120, category: null, human: null });
    }
  }
  return rows;
}

describe('bootstrap over prompts', () => {
  it('draws prompt indices with replacement, reproducibly', () => {
    const a = resamplePrompts(50, createRng(1));
    expect(a).toEqual(resamplePrompts(50, createRng(1)));
    expect(Math.min(...a)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...a)).toBeLessThan(50);
    expect(new Set(a).size).toBeLessThan(50);
  });

  it.skipIf(underMutation)('keeps both orders of a prompt together', () => {
    // Every prompt scores exactly ½ raw and swap-averaged, so a resample that keeps the pair
    // together always gives ½: the intervals have zero width.
    const audit = auditVerdicts(firstSlotJudge(60), { bootstrapReps: 300 });
    expect(audit.estimates.raw).toEqual({ estimate: 0.5, lo: 0.5, hi: 0.5, dropped: 0 });
    expect(audit.estimates.swap).toEqual({ estimate: 0.5, lo: 0.5, hi: 0.5, dropped: 0 });
    expect(audit.firstSlot).toBe(1);
    expect(audit.inconsistency).toBe(1);
  });

  it('differs from a bootstrap over single verdicts (which would split the pairs)', () => {
    const rows = firstSlotJudge(60);
    const rng = createRng(1);
    const [rowwise] = clusterBootstrap(rows.length, 300, rng, (pick) => [Array.from(pick).reduce((s, i) => s + rows[i].pA, 0) / pick.length], [0.5]);
    expect(rowwise.hi - rowwise.lo).toBeGreaterThan(0.1);
  });

  it('gives percentile intervals that cover a known mean', () => {
    const values = Array.from({ length: 400 }, (_, i) => (i % 4 === 0 ? 1 : 0));
    const [iv] = clusterBootstrap(values.length, 2000, createRng(2), (pick) => [Array.from(pick).reduce((s, i) => s + values[i], 0) / pick.length], [0.25]);
    // Binomial sd √(0.25·0.75/400) = 0.0217: the 95% interval is about ±0.042.
    expect(iv.lo).toBeGreaterThan(0.2);
    expect(iv.hi).toBeLessThan(0.3);
    expect(Math.abs((iv.hi - iv.lo) / 2 - 1.96 * 0.0217)).toBeLessThan(0.006);
  });
});

describe('bootstrap edges', () => {
  it('draws exactly `count` indices from the stream, each ⌊u·count⌋', () => {
    const rng = createRng(9);
    const twin = createRng(9);
    const picks = resamplePrompts(7, rng);
    const us = Array.from({ length: 8 }, () => twin.uniform());
    expect(Array.from(picks)).toEqual(us.slice(0, 7).map((u) => Math.floor(u * 7)));
    // The next replicate starts at the eighth uniform: no draw is wasted.
    expect(rng.uniform()).toBe(us[7]);
  });

  it('leaves out and counts non-finite replicate values, and gives NaN bounds when all are left out', () => {
    // Replicate r returns r (finite) on even r and NaN / ∞ on odd r: 5 of 10 kept, values 0,2,4,6,8.
    let r = 0;
    const [kept, none] = clusterBootstrap(3, 10, createRng(1), () => {
      const v = r % 2 === 0 ? r : r % 4 === 1 ? NaN : Infinity;
      r++;
      return [v, NaN];
    }, [4, 0.5]);
    // np.quantile([0, 2, 4, 6, 8], 0.025) = 0.2, at 0.975 = 7.8.
    expect(kept.estimate).toBe(4);
    expect(kept.dropped).toBe(5);
    expect(kept.lo).toBeCloseTo(0.2, 12);
    expect(kept.hi).toBeCloseTo(7.8, 12);
    expect(none.estimate).toBe(0.5);
    expect(none.dropped).toBe(10);
    expect(Number.isNaN(none.lo) && Number.isNaN(none.hi)).toBe(true);
  });

  it('takes the level as the central share: 80% is the 10th and 90th percentiles', () => {
    let r = 0;
    // Values 0..100 in a shuffled order: percentiles are exact.
    const order = Array.from({ length: 101 }, (_, i) => (i * 37) % 101);
    const [iv] = clusterBootstrap(2, 101, createRng(1), () => [order[r++]], [50], 0.8);
    expect(iv.dropped).toBe(0);
    expect(iv.lo).toBeCloseTo(10, 12);
    expect(iv.hi).toBeCloseTo(90, 12);
    let ticks = 0;
    clusterBootstrap(2, 13, createRng(1), () => [0], [0], 0.95, () => ticks++);
    expect(ticks).toBe(13);
  });
});
