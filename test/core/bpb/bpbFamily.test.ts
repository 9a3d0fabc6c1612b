// Unit numbers from research/priorbpb.md §2, §4, §9 (eval-framework's own tests) and the
// leading-space modes.
import { describe, expect, it } from 'vitest';
import { answerCostFit, corpusBpb, olsAffine, spaceStrippedCorpusBpb } from '../../../src/core/bpb/answerBpb';
import { byteCosts, contentByteCosts, type TokenBits } from '../../../src/core/bpb/perByteCost';
import { contentCorpusBpb, geometricPriorBpb, referenceSurvival, selfPriorBpb } from '../../../src/core/bpb/priorBpb';
import { cumulativeCost, prefixBpb, rateCurve } from '../../../src/core/bpb/rateCurve';
import { taskMetrics } from '../../../src/core/metrics/taskMetrics';
import type { ScoredItem } from '../../../src/core/metrics/types';

function cloze(id: string, tokens: TokenBits[], leadingSpace: boolean): ScoredItem {
  const bits = tokens.reduce((s, [b]) => s + b, 0);
  return { id, choices: [{ logprob: -bits * Math.LN2, tokens, leadingSpace }], gold: 0 };
}

describe('cumulative cost C(x)', () => {
  it('is linear inside a token', () => {
    const t: TokenBits[] = [[8, 4]];
    expect([0, 1, 4, 10].map((x) => cumulativeCost(t, x))).toEqual([0, 2, 8, 8]);
  });
  it('includes a zero-byte token sitting on the boundary', () => {
    const t: TokenBits[] = [
      [3, 3],
      [5, 0],
      [7, 2],
    ];
    expect(cumulativeCost(t, 3)).toBe(8);
    expect(cumulativeCost(t, 5)).toBe(15);
  });
});

describe('per-byte costs', () => {
  it('conserve bits and length', () => {
    const r = byteCosts([
      [3, 2],
      [5, 1],
      [7, 3],
    ]);
    expect(r).toEqual([1.5, 1.5, 5, 7 / 3, 7 / 3, 7 / 3]);
  });
  it('eval-framework mode drops the leading byte and its bits; keep mode spreads them', () => {
    expect(contentByteCosts([[4, 2]], true, 'eval-framework')).toEqual([2]);
    expect(contentByteCosts([[4, 2]], true, 'keep')).toEqual([4]);
    const r = contentByteCosts([[9, 3]], true, 'keep');
    expect(r).toEqual([4.5, 4.5]);
  });
});

describe('prefix BPB', () => {
  it('keeps the leading space bits in the numerator but not the denominator', () => {
    expect(prefixBpb([{ tokens: [[4, 2]], leadingSpace: true }], 1)).toBe(4);
    expect(prefixBpb([{ tokens: [[4, 2]], leadingSpace: false }], 2)).toBe(2);
    expect(prefixBpb([{ tokens: [[5, 2]], leadingSpace: true }], 4)).toBeNaN();
  });
  it('"abcdef" at 1 bit per byte', () => {
    const a = { tokens: [...'abcdef'].map(() => [1, 1] as TokenBits), leadingSpace: false };
    expect(prefixBpb([a], 1)).toBe(1);
    expect(prefixBpb([a], 4)).toBe(1);
    expect(cumulativeCost(a.tokens, 2)).toBe(2);
  });
});

describe('PriorBPB', () => {
  it('affine cost gives beta + alpha/(mu(1 - q^K)) ≈ 0.9 for alpha 10, beta 0.4, mu 20', () => {
    const costs = [200, 300, 400].map((n) => Array.from({ length: n }, (_, k) => (k === 0 ? 10.4 : 0.4)));
    const curve = rateCurve(costs);
    const p = geometricPriorBpb(curve, 20);
    const q = 1 - 1 / 20;
    expect(p.value).toBeCloseTo(0.4 + 10 / (20 * (1 - q ** 400)), 12);
    expect(Math.abs(p.value - 0.9)).toBeLessThan(1e-3 * 0.9);
  });
  it('a flat rate gives the rate for any prior', () => {
    const costs = [3, 7, 12].map((n) => new Array<number>(n).fill(0.6));
    const curve = rateCurve(costs);
    for (const mu of [8, 40]) expect(geometricPriorBpb(curve, mu).value).toBeCloseTo(0.6, 12);
    expect(selfPriorBpb(curve, [3, 7, 12])).toBeCloseTo(0.6, 12);
  });
  it('rejects mu <= 1', () => {
    expect(() => geometricPriorBpb(rateCurve([[1]]), 1)).toThrow(/mu/);
  });
  it('reference survival is the share of lengths reaching k', () => {
    expect(referenceSurvival([1, 3, 3, 4], 4)).toEqual([1, 0.75, 0.75, 0.25]);
  });
  it('self-prior with leading spaces is content corpus BPB, not corpus BPB (§4 example)', () => {
    const items = [cloze('a', [[4, 2]], true), cloze('p', [[10, 6]], true)];
    const m = taskMetrics(items);
    expect(m.self_prior_bpb).toBeCloseTo(1.7222222222222223, 12);
    expect(m.corpus_bpb).toBe(1.75);
    expect(m.space_stripped_corpus_bpb).toBeCloseTo(2.3333333333333335, 12);
    expect(m.self_prior_bpb).toBeCloseTo(contentCorpusBpb([[2], new Array<number>(5).fill(10 / 6)]), 12);
  });
  it('self-prior equals corpus BPB for random token lists without leading spaces', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const items = Array.from({ length: 40 }, (_, i) =>
      cloze(
        String(i),
        Array.from({ length: 1 + Math.floor(rand() * 12) }, () => [rand() * 9, Math.floor(rand() * 4)] as TokenBits).concat([
          [rand() * 3, 1],
        ]),
        false,
      ),
    );
    const m = taskMetrics(items);
    expect(Math.abs(m.self_prior_bpb - m.corpus_bpb)).toBeLessThan(1e-12);
  });
  it('reports PriorBPB in both leading-space modes', () => {
    const items = [cloze('a', [[4, 2]], true), cloze('p', [[6, 3], [3, 3]], true)];
    const m = taskMetrics(items, { mu: 111 });
    // eval-framework: r = [2], [2,2,1,1,1] -> R = [2,2,1,1,1]; keep: r = [4], [2+2/5, 2+2/5, 1.4, 1.4, 1.4]
    const s = [1, 2, 3, 4].map((k) => (1 - 1 / 111) ** k);
    const den = 1 + s[0] + s[1] + s[2] + s[3];
    expect(m.prior_bpb_by_space['eval-framework']).toBeCloseTo((2 + 2 * s[0] + s[1] + s[2] + s[3]) / den, 12);
    expect(m.prior_bpb_by_space.keep).toBeCloseTo((3.2 + 2.4 * s[0] + 1.4 * (s[1] + s[2] + s[3])) / den, 12);
    expect(m.prior_bpb).toBe(m.prior_bpb_by_space['eval-framework']);
    expect(taskMetrics(items, { space: 'keep' }).prior_bpb).toBe(m.prior_bpb_by_space.keep);
  });
});

describe('answer-level estimators', () => {
  it('corpus BPB of (10, 6) bits over (5, 3) bytes is 2', () => {
    expect(
      corpusBpb([
        { bits: 10, bytes: 5, leadingSpace: false },
        { bits: 6, bytes: 3, leadingSpace: false },
      ]),
    ).toBe(2);
  });
  it('space-stripped BPB keeps at least one byte per answer', () => {
    expect(spaceStrippedCorpusBpb([{ bits: 3, bytes: 1, leadingSpace: true }])).toBe(3);
  });
  it('OLS recovers a line and matches np.polyfit on noisy data', () => {
    expect(olsAffine([1, 2, 3], [5, 7, 9])).toEqual({ alpha: 3, beta: 2, r2: 1 });
    // np.polyfit([1,2,4,8],[3,4,9,14],1) -> [1.6173913043478272, 1.4347826086956492]
    const f = olsAffine([1, 2, 4, 8], [3, 4, 9, 14]);
    expect(f.beta).toBeCloseTo(1.6173913043478272, 12);
    expect(f.alpha).toBeCloseTo(1.4347826086956492, 12);
  });
  it('degenerate fit: alpha = mean bits, beta = 0, r2 NaN', () => {
    const f = answerCostFit([
      { bits: 2, bytes: 4, leadingSpace: false },
      { bits: 4, bytes: 4, leadingSpace: false },
    ]);
    expect(f.alpha).toBe(3);
    expect(f.beta).toBe(0);
    expect(f.r2).toBeNaN();
  });
});
