// Fitting a pass's cost from timings: exact on a line, refused (with the reason) where the timings
// do not say what a pass costs, and rounded so the plans count a pass as a power of two of tokens.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { describePassCost, fitPassCost, fixedPassCost, givenPassCost, MAX_OVERHEAD_TOKENS, MIN_OVERHEAD_TOKENS, predictMs, roundOverheadTokens } from '../../src/core/passCost';
import { PASS_OVERHEAD_TOKENS } from '../../src/core/batching';

const sizes = fc.uniqueArray(fc.integer({ min: 1, max: 4096 }), { minLength: 2, maxLength: 6 });

describe('fitPassCost', () => {
  it('recovers a fixed cost and a cost per token from timings on a line (1e-9 relative)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 100, noNaN: true }), fc.double({ min: 1e-4, max: 10, noNaN: true }), sizes, (passMs, tokenMs, ns) => {
        const cost = fitPassCost(ns.map((tokens) => ({ tokens, ms: passMs + tokenMs * tokens })));
        expect(cost.source).toBe('measured');
        expect(Math.abs(cost.tokenMs - tokenMs) / tokenMs).toBeLessThan(1e-9);
        expect(Math.abs(cost.passMs - passMs)).toBeLessThan(1e-9 * (passMs + tokenMs * Math.max(...ns)));
        expect(cost.overheadTokens).toBe(roundOverheadTokens(cost.passMs / cost.tokenMs));
      }),
    );
  });

  it('one point of the bench model measured at load: 64 tokens per pass', () => {
    // bench-llama-6M fp32, Node, two threads (2026-12-02): 16, 32, 64 and 128 tokens.
    const cost = fitPassCost([
      { tokens: 16, ms: 3.38 },
      { tokens: 32, ms: 3.67 },
      { tokens: 64, ms: 4.8 },
      { tokens: 128, ms: 8.37 },
    ]);
    expect(cost.source).toBe('measured');
    // Least squares by numpy.polyfit on the same four points.
    expect(Math.abs(cost.tokenMs - 0.045771739130434794)).toBeLessThan(1e-12);
    expect(Math.abs(cost.passMs - 2.3086956521739124)).toBeLessThan(1e-12);
    expect(cost.overheadTokens).toBe(64);
  });

  it('gives the default overhead, with the reason, where the timings cannot say', () => {
    const one = fitPassCost([{ tokens: 32, ms: 2 }, { tokens: 32, ms: 3 }]);
    expect(one).toMatchObject({ source: 'default', overheadTokens: PASS_OVERHEAD_TOKENS });
    expect(one.reason).toMatch(/fewer than two pass sizes/);
    const flat = fitPassCost([{ tokens: 16, ms: 3 }, { tokens: 128, ms: 2.9 }]);
    expect(flat.source).toBe('default');
    expect(flat.reason).toMatch(/not measurably slower/);
    // A 128-token pass three times slower than the line through the others (its output paged in afresh).
    const outlier = fitPassCost([
      { tokens: 16, ms: 1.42 },
      { tokens: 32, ms: 1.54 },
      { tokens: 64, ms: 2.17 },
      { tokens: 128, ms: 13.24 },
    ]);
    expect(outlier.source).toBe('default');
    expect(outlier.reason).toMatch(/\d+% off the line/);
    expect(Number.isNaN(predictMs(outlier, 3, 100))).toBe(true);
  });

  it('never gives an overhead outside its range, whatever the timings', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ tokens: fc.integer({ min: 1, max: 512 }), ms: fc.double({ min: 0, max: 1e4, noNaN: true }) }), { maxLength: 8 }), (ts) => {
        const c = fitPassCost(ts);
        expect(c.overheadTokens).toBeGreaterThanOrEqual(MIN_OVERHEAD_TOKENS);
        expect(c.overheadTokens).toBeLessThanOrEqual(MAX_OVERHEAD_TOKENS);
        if (c.source === 'measured') expect(c.tokenMs).toBeGreaterThan(0);
      }),
    );
  });
});

describe('roundOverheadTokens', () => {
  it('is a power of two within √2 of the ratio inside the range, and monotone', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-3, max: 1e4, noNaN: true }), fc.double({ min: 1e-3, max: 1e4, noNaN: true }), (a, b) => {
        const r = roundOverheadTokens(a);
        expect(Math.log2(r) % 1).toBe(0);
        if (a >= MIN_OVERHEAD_TOKENS && a <= MAX_OVERHEAD_TOKENS) expect(Math.max(r / a, a / r)).toBeLessThanOrEqual(Math.SQRT2 + 1e-12);
        if (a <= b) expect(roundOverheadTokens(a)).toBeLessThanOrEqual(roundOverheadTokens(b));
      }),
    );
    expect([0, NaN, -3, 0.4, 1.4, 1.5, 22, 23, 1000].map(roundOverheadTokens)).toEqual([1, 1, 1, 1, 1, 2, 16, 32, 64]);
  });
});

describe('givenPassCost and predictMs', () => {
  it('a given overhead is taken as it is; a negative or NaN one is refused', () => {
    expect(givenPassCost(0)).toMatchObject({ overheadTokens: 0, source: 'given' });
    expect(() => givenPassCost(-1)).toThrow(/≥ 0, not -1/);
    expect(() => givenPassCost(NaN)).toThrow(RangeError);
  });
  it('predicts passes × passMs + tokens × tokenMs', () => {
    const c = fitPassCost([{ tokens: 10, ms: 3 }, { tokens: 20, ms: 5 }]);
    expect(predictMs(c, 4, 400)).toBeCloseTo(4 * 1 + 400 * 0.2, 9);
  });
});

describe('describePassCost', () => {
  it('says what a pass was counted as and from what', () => {
    const measured = fitPassCost([{ tokens: 16, ms: 3.38 }, { tokens: 32, ms: 3.67 }, { tokens: 64, ms: 4.8 }, { tokens: 128, ms: 8.37 }]);
    expect(describePassCost(measured)).toBe('A pass costs about as much as 64 tokens here (timed at load: 2.31 ms a pass, 45.8 µs a token); it sets how passes are batched, never a score.');
    expect(describePassCost(givenPassCost(3))).toMatch(/^A pass is counted as 3 tokens \(given at load\)/);
    expect(describePassCost(fitPassCost([{ tokens: 32, ms: 2 }]))).toMatch(/counted as 16 tokens, the default, because fewer than two pass sizes were timed;/);
    expect(describePassCost(null)).toMatch(/Every pass runs alone/);
  });
});

describe('fixedPassCost', () => {
  it('is the 16 tokens a pass was always counted as, and says so', () => {
    expect(fixedPassCost()).toEqual({ passMs: NaN, tokenMs: NaN, overheadTokens: PASS_OVERHEAD_TOKENS, source: 'fixed' });
    expect(describePassCost(fixedPassCost())).toBe('A pass is counted as 16 tokens on every load, so the numbers repeat to the last digit; it sets how passes are batched, never a score.');
  });
});
