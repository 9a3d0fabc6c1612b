import { describe, expect, it } from 'vitest';
import { clusterBootstrap, resamplePrompts } from '../../../src/core/judge/bootstrap';
import { auditVerdicts } from '../../../src/core/judge/audit';
import type { VerdictRow } from '../../../src/core/judge/verdicts';
import { createRng } from '../../../src/core/judge/rng';

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

  it('keeps both orders of a prompt together', () => {
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
