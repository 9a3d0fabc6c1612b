// The one adapter from a Scorer candidate (CandidateScore, snake_case, NaN where a term was not
// computed) to the core shape rules read (RuleInputs, undefined where absent). Every place that
// reads rule inputs off a candidate goes through it, so that the Scorer, the length conventions
// and the Task lab agree on what is absent: NaN is absent, ±∞ is present (a real log-prob).
import { INPUT_FIELDS, type FieldInput, type RuleInputs } from './rules';
import type { CandidateScore } from './types';

/** A candidate's rule inputs; `text` replaces the candidate's own (a choice's raw string, a length convention's). */
export function inputsOfCandidate(c: CandidateScore, text: string = c.text): RuleInputs {
  const out: { -readonly [K in keyof RuleInputs]: RuleInputs[K] } = { text, continuation: c.continuation, logprob: c.sum_logprob, nTokens: c.n_tokens };
  for (const [input, field] of Object.entries(INPUT_FIELDS) as [FieldInput, (typeof INPUT_FIELDS)[FieldInput]][]) {
    const v = (c as unknown as Record<string, number | undefined>)[field];
    if (v !== undefined && !Number.isNaN(v)) out[input] = v;
  }
  return out;
}
