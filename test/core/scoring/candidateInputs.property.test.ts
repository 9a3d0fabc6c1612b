// One convention for an absent score, whichever shape a choice's numbers arrive in: a Task-lab
// choice (ChoiceScores, undefined where absent) and a Scorer candidate (CandidateScore, NaN where
// a term was not computed) give every rule the same score for the same numbers, −∞ and NaN included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChoiceScores } from '../../../src/core/metrics/types';
import { candidateScore } from '../../../src/core/scoring/candidate';
import { inputsOfCandidate } from '../../../src/core/scoring/candidateInputs';
import { DECIDING_RULES, RULE_TABLE, ruleScore, scoreOf } from '../../../src/core/scoring/rules';
import { bitsToken, fixtureCandidate } from './builtInRules';

/** A log-prob as the engine may give it: finite (a sum, so never −0), −∞ (probability zero), +∞ or NaN. */
const logprob = fc.oneof(fc.double({ min: -1e4, max: 0, noNaN: true }).map((x) => (x === 0 ? 0 : x)), fc.constantFrom(-Infinity, Infinity, NaN));
/** An optional input: a log-prob, or absent. */
const optional = fc.option(logprob, { nil: undefined });

const numbers = fc.record({
  text: fc.constantFrom(' a', ' héllo wörld', 'x', ' 🙂 two'),
  logprob,
  nTokens: fc.integer({ min: 1, max: 4 }),
  unconditionalLogprob: optional,
  unconditionalNTokens: fc.option(fc.oneof(fc.integer({ min: 0, max: 4 }), fc.constant(NaN)), { nil: undefined }),
  wordFinalLogprob: optional,
});
type Numbers = typeof numbers extends fc.Arbitrary<infer T> ? T : never;

const choiceOf = (n: Numbers): ChoiceScores => ({
  text: n.text,
  logprob: n.logprob,
  nTokens: n.nTokens,
  ...(n.unconditionalLogprob !== undefined ? { unconditionalLogprob: n.unconditionalLogprob } : {}),
  ...(n.unconditionalNTokens !== undefined ? { unconditionalNTokens: n.unconditionalNTokens } : {}),
  ...(n.wordFinalLogprob !== undefined ? { wordFinalLogprob: n.wordFinalLogprob } : {}),
});

/** The same numbers as the Scorer's candidate carries them: NaN where absent. */
function candidateOf(n: Numbers) {
  const tokens = Array.from({ length: n.nTokens }, (_, i) => ({ ...bitsToken(0, i, i + 1), logprob: i === 0 ? n.logprob : 0 }));
  return fixtureCandidate(n.text, tokens, {
    unconditional_logprob: n.unconditionalLogprob ?? NaN,
    unconditional_n_tokens: n.unconditionalNTokens ?? NaN,
    word_final_logprob: n.wordFinalLogprob ?? NaN,
  });
}

const same = (a: number | undefined, b: number | undefined) => Object.is(a ?? NaN, b ?? NaN);

describe('the two outside shapes of a choice', () => {
  it('give every rule the same score (absent and NaN alike are no number; ±∞ is a value)', () => {
    fc.assert(
      fc.property(numbers, (n) => {
        const fromChoice = choiceOf(n);
        const fromCandidate = inputsOfCandidate(candidateOf(n));
        for (const r of RULE_TABLE) expect(same(ruleScore(r, fromCandidate), ruleScore(r, fromChoice)), r.id).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("and the Scorer's own per-candidate values are those scores", () => {
    fc.assert(
      fc.property(numbers, (n) => {
        const tokens = Array.from({ length: n.nTokens }, (_, i) => ({ ...bitsToken(0, i, i + 1), logprob: i === 0 ? n.logprob : 0 }));
        const c = candidateScore({
          text: n.text,
          continuation: n.text,
          tokens,
          unconditionalLogprob: n.unconditionalLogprob ?? NaN,
          unconditionalNTokens: n.unconditionalNTokens,
          wordFinalLogprob: n.wordFinalLogprob,
          boundary: 'ok',
        });
        for (const r of DECIDING_RULES) expect(same(scoreOf(c, r.names.candidate), ruleScore(r, choiceOf(n))), r.id).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps −∞ as a value and NaN as absent when reading a candidate', () => {
    const n: Numbers = { text: ' a', logprob: -2, nTokens: 1, unconditionalLogprob: -Infinity, unconditionalNTokens: undefined, wordFinalLogprob: undefined };
    const inputs = inputsOfCandidate(candidateOf(n));
    expect(inputs.unconditionalLogprob).toBe(-Infinity);
    expect('wordFinalLogprob' in inputs).toBe(false);
    const pmi = RULE_TABLE.find((r) => r.id === 'acc_mutual_info')!;
    expect(ruleScore(pmi, inputs)).toBe(Infinity);
    expect(ruleScore(RULE_TABLE.find((r) => r.id === 'acc_word')!, inputs)).toBeUndefined();
  });
});
