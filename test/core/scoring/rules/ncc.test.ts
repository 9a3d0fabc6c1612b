// Normalised contextual calibration: the formula given its inputs, and its value on the real
// stories260K against a hand computation from the engine's own per-token log-probs (the
// conditional pass, and the same continuation scored after the unconditional context alone).
import { describe, expect, it } from 'vitest';
import { NCC } from '../../../../src/core/scoring/rules/ncc';
import { ruleById, ruleScore } from '../../../../src/core/scoring/rules';
import type { TokenScore } from '../../../../src/core/scoring/types';
import { useStoriesEngine } from '../../../engine/storiesEngine';

const { score } = useStoriesEngine();

/** The candidate's log-prob as the engine sums it: each token's weight (a straddling token's share) times its log-prob. */
const weightedSum = (tokens: readonly TokenScore[]) => tokens.reduce((s, t) => s + (t.weight ?? 1) * t.logprob, 0);

describe('normalised contextual calibration (acc_ncc)', () => {
  it('is one row of the table, deciding, read through ruleScore', () => {
    expect(ruleById('acc_ncc')).toBe(NCC);
    // Per token: −6/3 = −2 against −10/4 = −2.5 under the content-free input.
    expect(ruleScore(NCC, { logprob: -6, nTokens: 3, unconditionalLogprob: -10, unconditionalNTokens: 4 })).toBe(0.5);
    // A ratio of per-token geometric means: three tokens at p = 0.2 against two at q = 0.1 give 0.2 / 0.1.
    const v = ruleScore(NCC, { logprob: 3 * Math.log(0.2), nTokens: 3, unconditionalLogprob: 2 * Math.log(0.1), unconditionalNTokens: 2 })!;
    expect(Math.abs(Math.exp(v) - 2)).toBeLessThan(1e-12);
    // The unconditional term is the conditional one (an empty context): the ratio is 1 by definition.
    expect(ruleScore(NCC, { logprob: -Infinity, nTokens: 2, unconditionalLogprob: -Infinity, unconditionalNTokens: 2, unconditionalIsConditional: true })).toBe(0);
    // Without the unconditional token count (an lm-eval log) it has no score, not NaN.
    expect(ruleScore(NCC, { logprob: -6, nTokens: 3, unconditionalLogprob: -10 })).toBeUndefined();
  });

  it("on stories260K: each candidate's value from the engine's per-token log-probs, within 1e-9", async () => {
    const context = 'Once upon a time, there was a little girl named';
    const candidates = [' Lily.', ' Lily. She liked to play outside.', ' Tim.', ' a'];
    const item = await score(context, candidates);
    for (const [i, cand] of candidates.entries()) {
      const c = item.candidates[i];
      // The content-free input: the same continuation after the unconditional context ('' = BOS alone).
      const alone = (await score('', [c.continuation])).candidates[0];
      const hand = weightedSum(c.tokens) / c.tokens.length - weightedSum(alone.tokens) / alone.tokens.length;
      expect(c.unconditional_n_tokens, cand).toBe(alone.tokens.length);
      expect(Math.abs(c.unconditional_logprob - weightedSum(alone.tokens)), cand).toBeLessThan(1e-9);
      expect(Math.abs(c.ncc - hand), cand).toBeLessThan(1e-9);
      expect(Number.isFinite(c.ncc)).toBe(true);
    }
    // Its winner is the argmax of those values.
    const values = item.candidates.map((c) => c.ncc);
    expect(item.winners.ncc).toBe(values.indexOf(Math.max(...values)));
  });
});
