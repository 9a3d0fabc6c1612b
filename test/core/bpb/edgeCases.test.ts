// The BPB family's estimators and per-byte curves on small cases worked out by hand, edges
// included (empty input, zero-byte answers and tokens, degenerate fits).
import { describe, expect, it } from 'vitest';
import { bitsPerAnswer, corpusBpb, corpusBpbFromFit, meanOfRatiosBpb, olsAffine, answerCostFit, spaceStrippedCorpusBpb, type AnswerTotals } from '../../../src/core/bpb/answerBpb';
import { byteCosts, contentByteCosts, geometricSurvival, priorMassWithin, priorWeightedRate, survivalWeightedRate } from '../../../src/core/bpb/perByteCost';
import { contentCorpusBpb, geometricPriorBpb, referenceSurvival, selfPriorBpb } from '../../../src/core/bpb/priorBpb';
import { cumulativeCost, prefixBpb, rateCurve } from '../../../src/core/bpb/rateCurve';

const A: AnswerTotals[] = [
  { bits: 4, bytes: 2, leadingSpace: true },
  { bits: 9, bytes: 3, leadingSpace: false },
  { bits: 1, bytes: 1, leadingSpace: true },
];

describe('whole-answer estimators', () => {
  it('corpus 14/6, mean of ratios (2 + 3 + 1)/3, space-stripped 14/(1 + 3 + 1), bits per answer 14/3', () => {
    expect(corpusBpb(A)).toBeCloseTo(14 / 6, 15);
    expect(meanOfRatiosBpb(A)).toBeCloseTo(2, 15);
    expect(spaceStrippedCorpusBpb(A)).toBeCloseTo(14 / 5, 15);
    expect(bitsPerAnswer(A)).toBeCloseTo(14 / 3, 15);
  });

  it('undefined (NaN) on no answers or no bytes; a zero-byte answer breaks the mean of ratios only', () => {
    for (const f of [corpusBpb, meanOfRatiosBpb, spaceStrippedCorpusBpb, bitsPerAnswer]) expect(f([])).toBeNaN();
    const withEmpty = [...A, { bits: 2, bytes: 0, leadingSpace: false }];
    expect(meanOfRatiosBpb(withEmpty)).toBeNaN();
    expect(corpusBpb(withEmpty)).toBeCloseTo(16 / 6, 15);
    expect(corpusBpb([{ bits: 1, bytes: 0, leadingSpace: false }])).toBeNaN();
    // Space-stripped counts at least one byte per answer.
    expect(spaceStrippedCorpusBpb([{ bits: 3, bytes: 1, leadingSpace: true }])).toBe(3);
  });

  it('OLS: x 1 2 3, y 2 4 7 gives beta 5/2, alpha −2/3, R² 75/76', () => {
    const f = olsAffine([1, 2, 3], [2, 4, 7]);
    expect(f.beta).toBeCloseTo(2.5, 14);
    expect(f.alpha).toBeCloseTo(-2 / 3, 14);
    expect(f.r2).toBeCloseTo(75 / 76, 14);
  });

  it('OLS edges: unequal lengths throw; none is NaN; one point or constant x is the mean; constant y has no R²', () => {
    expect(() => olsAffine([1, 2], [1])).toThrow(RangeError);
    expect(olsAffine([], [])).toEqual({ alpha: NaN, beta: NaN, r2: NaN });
    expect(olsAffine([3], [5])).toEqual({ alpha: 5, beta: 0, r2: NaN });
    expect(olsAffine([2, 2, 2], [1, 2, 6])).toEqual({ alpha: 3, beta: 0, r2: NaN });
    const flat = olsAffine([1, 2, 3], [4, 4, 4]);
    expect(flat.beta).toBeCloseTo(0, 15);
    expect(flat.alpha).toBeCloseTo(4, 15);
    expect(flat.r2).toBeNaN();
  });

  it('corpus BPB = alpha / mean bytes + beta (the fit passes through the means)', () => {
    const fit = answerCostFit(A);
    expect(fit.beta).toBeCloseTo(4, 14); // x 2 3 1, y 4 9 1: Sxy 8, Sxx 2
    expect(fit.alpha).toBeCloseTo(14 / 3 - 4 * 2, 14);
    expect(corpusBpbFromFit(fit, A)).toBeCloseTo(corpusBpb(A), 14);
  });
});

describe('per-byte costs', () => {
  it('spreads each token over its bytes; a zero-byte token goes to the previous byte, or at the start to the next byte', () => {
    expect(byteCosts([[6, 3], [1, 0], [4, 2]])).toEqual([2, 2, 3, 2, 2]);
    expect(byteCosts([[1, 0], [2, 0], [6, 3]])).toEqual([5, 2, 2]);
    expect(byteCosts([[1, 0]])).toEqual([]);
    expect(byteCosts([[3, 1.4]])).toEqual([3]);
  });

  it('content bytes: one leading space dropped (eval-framework) or its bits spread over the rest (keep)', () => {
    const t = [[2, 1], [6, 3]] as const;
    expect(contentByteCosts(t, false)).toEqual([2, 2, 2, 2]);
    expect(contentByteCosts(t, true)).toEqual([2, 2, 2]);
    const keep = contentByteCosts(t, true, 'keep');
    expect(keep).toHaveLength(3);
    keep.forEach((x) => expect(x).toBeCloseTo(2 + 2 / 3, 14));
    expect(contentByteCosts([[5, 1]], true, 'keep')).toEqual([]);
    expect(contentByteCosts([], true)).toEqual([]);
  });

  it('geometric survival (1 − 1/mu)^(k−1), its weighted rate, and the mass within K', () => {
    expect(geometricSurvival(2, 4)).toEqual([1, 0.5, 0.25, 0.125]);
    expect(geometricSurvival(4, 0)).toEqual([]);
    expect(() => geometricSurvival(1, 3)).toThrow(RangeError);
    expect(survivalWeightedRate([1, 2, 4], [1, 0.5, 0.25])).toBeCloseTo(3 / 1.75, 15);
    expect(survivalWeightedRate([1, 2], [1])).toBeNaN();
    expect(survivalWeightedRate([], [])).toBeNaN();
    expect(priorWeightedRate([1, 2, 4], 2)).toBeCloseTo(3 / 1.75, 15);
    expect(priorWeightedRate([], 2)).toBeNaN();
    expect(priorMassWithin(2, 3)).toBeCloseTo(0.875, 15);
  });
});

describe('rate curve and prefix BPB', () => {
  it('R(k) averages the answers that reach k; empty answers do not count', () => {
    const c = rateCurve([[1, 2, 3], [3], []]);
    expect(c).toEqual({ K: 3, R: [2, 2, 3], counts: [2, 1, 1], coverage: [1, 0.5, 0.5], nItems: 2 });
    expect(rateCurve([])).toEqual({ K: 0, R: [], counts: [], coverage: [], nItems: 0 });
  });

  it('C(x) interpolates inside a token; x ≤ 0 costs nothing; past the end costs everything', () => {
    const t = [[4, 2], [1, 0], [6, 3]] as const;
    expect(cumulativeCost(t, 0)).toBe(0);
    expect(cumulativeCost(t, -1)).toBe(0);
    expect(cumulativeCost(t, 1)).toBe(2);
    expect(cumulativeCost(t, 2)).toBe(5); // the zero-byte token on the boundary is included
    expect(cumulativeCost(t, 4)).toBe(9);
    expect(cumulativeCost(t, 9)).toBe(11);
  });

  it('prefix BPB at k: over answers with at least k content bytes, leading space bits kept', () => {
    const a = { tokens: [[2, 1], [6, 3]] as const, leadingSpace: true }; // content 3 bytes
    const b = { tokens: [[3, 1]] as const, leadingSpace: false }; // content 1 byte
    expect(prefixBpb([a, b], 1)).toBeCloseTo((4 / 1 + 3 / 1) / 2, 15);
    expect(prefixBpb([a, b], 2)).toBeCloseTo(6 / 2, 15);
    expect(prefixBpb([a, b], 4)).toBeNaN();
  });

  it('reference survival, geometric and self prior, content corpus BPB', () => {
    expect(referenceSurvival([1, 3, 2.9], 3)).toEqual([1, 2 / 3, 1 / 3]);
    expect(referenceSurvival([], 2)).toEqual([0, 0]);
    const curve = rateCurve([[1, 2, 3], [3]]);
    const g = geometricPriorBpb(curve, 2);
    expect(g.value).toBeCloseTo((2 + 1 + 0.75) / 1.75, 15);
    expect(g.K).toBe(3);
    expect(g.priorMassWithinK).toBeCloseTo(0.875, 15);
    expect(geometricPriorBpb(rateCurve([]), 2).priorMassWithinK).toBeNaN();
    // Self prior without leading spaces equals content corpus BPB: (1+2+3+3) / 4.
    expect(selfPriorBpb(curve, [3, 1])).toBeCloseTo(9 / 4, 15);
    expect(contentCorpusBpb([[1, 2, 3], [3]])).toBeCloseTo(9 / 4, 15);
    expect(contentCorpusBpb([[], []])).toBeNaN();
  });
});
