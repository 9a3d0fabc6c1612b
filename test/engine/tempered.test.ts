// The sharpening lesson's tempered log-probs: T = 1 equals the ordinary scores, and a temperature
// equals log softmax(logits / T) computed by hand on the same logit row.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { temperedLogprob } from '../../src/core/scoring/temperature';
import { useStoriesEngine } from './storiesEngine';

describe('temperedLogprob', () => {
  it('matches a hand-computed log softmax', () => {
    // logits [1, 2, 3] at T = 0.5: z/T = [2, 4, 6]; log softmax at 1 = 4 − log(e² + e⁴ + e⁶).
    expect(temperedLogprob([1, 2, 3], 1, 0.5)).toBeCloseTo(4 - Math.log(Math.exp(2) + Math.exp(4) + Math.exp(6)), 12);
    expect(temperedLogprob([0, 0, 0, 0], 2, 3)).toBeCloseTo(-Math.log(4), 12);
  });
  it('stays finite for huge logits and refuses bad input with a clear error', () => {
    expect(temperedLogprob([1000, 0], 0, 0.01)).toBeCloseTo(0, 12);
    expect(() => temperedLogprob([1, 2], 0, 0)).toThrow(/temperature must be a positive finite number, got 0/);
    expect(() => temperedLogprob([1, 2], 2, 1)).toThrow(/token id 2 is outside the 2 logits/);
  });
  it('is a distribution at every temperature, and keeps the order of the tokens', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -30, max: 30, noNaN: true }), { minLength: 2, maxLength: 12 }), fc.double({ min: 0.05, max: 20, noNaN: true }), (z, T) => {
        const lp = z.map((_, i) => temperedLogprob(z, i, T));
        expect(lp.reduce((s, x) => s + Math.exp(x), 0)).toBeCloseTo(1, 9);
        for (let i = 0; i < z.length; i++) for (let j = 0; j < z.length; j++) if (z[i] > z[j]) expect(lp[i]).toBeGreaterThanOrEqual(lp[j]);
      }),
    );
  });
});

describe('Engine.scoreTempered on stories260K', () => {
  const { engine, score } = useStoriesEngine();
  const context = 'Tim got out of the pool. He was wet and cold. His mom gave him a';
  const candidates = [' hat.', ' big soft towel so he could dry off.', ' zebra.'];
  it('T = 1 gives the ordinary sums (to 1e-5) and the same token counts', async () => {
    const [plain, tempered] = await Promise.all([score(context, candidates), engine().scoreTempered({ context, candidates, temperatures: [1, 0.5, 2] })]);
    tempered.forEach((t, i) => {
      expect(t.tokens).toBe(plain.candidates[i].n_tokens);
      expect(Math.abs(t.sums[0] - plain.candidates[i].sum_logprob)).toBeLessThan(1e-5);
      // The per-token terms: at T = 1 the Scorer's own token log-probs, at every T they add up to the sum.
      expect(t.pieces).toHaveLength(t.tokens);
      t.perToken[0].forEach((lp, j) => expect(Math.abs(lp - plain.candidates[i].tokens[j].logprob)).toBeLessThan(1e-5));
      t.perToken.forEach((terms, k) => expect(Math.abs(terms.reduce((s, x) => s + x, 0) - t.sums[k])).toBeLessThan(1e-9));
    });
  });
  it('a temperature equals log softmax(logits / T) from the model\'s own T = 1 numbers', async () => {
    // At one position log p₁ = z − logsumexp(z), so differences of log p₁ are differences of logits:
    // for one-token candidates after the same context, log p_T(i) − log p_T(j) = (log p₁(i) − log p₁(j)) / T.
    const ctx = 'Once upon a time, there was a little girl named';
    const names = [' Lily', ' the', ' L', ' S'];
    const r = await engine().scoreTempered({ context: ctx, candidates: names, temperatures: [1, 0.5] });
    expect(r.every((c) => c.tokens === 1)).toBe(true);
    for (let i = 1; i < r.length; i++) expect(r[i].sums[1] - r[0].sums[1]).toBeCloseTo((r[i].sums[0] - r[0].sums[0]) / 0.5, 4);
    // “ Lily” is the model's first choice here: sharpening makes it likelier still, and every log-prob stays ≤ 0.
    const best = r.reduce((b, c, i) => (c.sums[0] > r[b].sums[0] ? i : b), 0);
    expect(r[best].sums[1]).toBeGreaterThan(r[best].sums[0]);
    for (const c of r) for (const x of c.sums) expect(x).toBeLessThanOrEqual(0);
    await expect(engine().scoreTempered({ context: ctx, candidates: names, temperatures: [0] })).rejects.toThrow(/temperature must be a positive finite number/);
  });
});
