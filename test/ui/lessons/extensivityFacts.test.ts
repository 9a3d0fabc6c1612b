import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { expectedSum, extensivity } from '../../../src/ui/lessons/extensivityFacts';
import type { ItemScore } from '../../../src/core/scoring/types';

/** An item with just the fields extensivity reads. */
const item = (cands: [number, number][]) => ({ candidates: cands.map(([n, lp]) => ({ n_tokens: n, sum_logprob: lp })) }) as unknown as ItemScore;

describe('extensivity', () => {
  it('H is the total bits over the total tokens', () => {
    const e = extensivity(item([[3, -2 * Math.LN2 * 3], [1, -8 * Math.LN2]]));
    expect(e.tokens).toBe(4);
    expect(e.H).toBeCloseTo((6 + 8) / 4, 9);
    expect(e.points).toEqual([{ L: 3, sumBits: expect.closeTo(-6, 9) as number }, { L: 1, sumBits: expect.closeTo(-8, 9) as number }]);
  });
  it('the line −L×H passes through the answers’ total: Σ expectedSum(L) = Σ sum', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 50 }), fc.double({ min: -200, max: -0.001, noNaN: true })), { minLength: 1, maxLength: 6 }), (cs) => {
        const e = extensivity(item(cs));
        const onLine = e.points.reduce((s, p) => s + expectedSum(p.L, e.H), 0);
        const actual = e.points.reduce((s, p) => s + p.sumBits, 0);
        expect(Math.abs(onLine - actual)).toBeLessThan(1e-9 * Math.max(1, Math.abs(actual)));
        expect(e.H).toBeGreaterThan(0);
      }),
    );
  });
});
