// The built-in rules' entries of a per-rule record, so that a test pins their values exactly and a
// row added to the rule table changes no test but the table's own: every other key must still be
// a rule of the table (a stray or misnamed key fails).
import { ACCURACY_RULES, candidateScoreFields, DECIDING_RULES, type InputField, type ScoreField } from '../../../src/core/scoring/rules';
import type { CandidateScore, TokenScore } from '../../../src/core/scoring/types';

/**
 * The deciding rules these fixtures pin (ids, accuracy keys and winner names, by name): the first
 * five; acc_word, added later, is pinned by its own tests (rules.test.ts, wordFinal tests).
 */
export const BUILT_IN_ACCURACY = ['acc', 'acc_norm', 'acc_bytes', 'acc_per_token', 'acc_mutual_info'];
export const BUILT_IN_WINNERS = ['acc', 'acc_norm', 'acc_bytes', 'per_token', 'pmi'];

function pick<T>(record: Partial<Record<string, T>>, builtIn: string[], table: readonly string[], what: string): Record<string, T> {
  const stray = Object.keys(record).filter((k) => !table.includes(k));
  if (stray.length > 0) throw new Error(`${what} keys not in the rule table: ${stray.join(', ')}`);
  return Object.fromEntries(Object.entries(record).filter(([k]) => builtIn.includes(k))) as Record<string, T>;
}

/** A record keyed by accuracy rule id (predictions, correctness, accuracies), built-in rules only. */
export function builtInAccuracies<T>(record: Partial<Record<string, T>>): Record<string, T> {
  return pick(record, BUILT_IN_ACCURACY, ACCURACY_RULES, 'accuracy');
}

/** A record keyed by winner name (the Scorer's winners), built-in rules only. */
export function builtInWinners<T>(record: Partial<Record<string, T>>): Record<string, T> {
  return pick(record, BUILT_IN_WINNERS, DECIDING_RULES.map((r) => r.names.winner!), 'winner');
}

/** Zero in every per-choice score field of a Scorer candidate the table defines (a fixture's base). */
export function zeroScoreFields(): Record<ScoreField | InputField, number> {
  return Object.fromEntries(candidateScoreFields().map((f) => [f, 0])) as Record<ScoreField | InputField, number>;
}

/** A scored token of `bits` bits over bytes [start, end) (the fields a fixture does not read are neutral). */
export function bitsToken(bits: number, start: number, end: number): TokenScore {
  return { id: 0, piece: '', text: '', bytes: [start, end], logprob: -bits * Math.LN2, bits, rank: 1, entropy: 0, top: [], greedy: false };
}

/** A Scorer candidate over `tokens` (sum_logprob is their sum; every other score 0 unless `extra` says). */
export function fixtureCandidate(continuation: string, tokens: TokenScore[], extra: Partial<CandidateScore> = {}): CandidateScore {
  return {
    ...zeroScoreFields(),
    text: continuation,
    continuation,
    boundary: 'ok',
    tokens,
    n_tokens: tokens.length,
    n_bytes: 0,
    n_chars: 0,
    sum_logprob: tokens.reduce((s, t) => s + t.logprob, 0),
    per_token: 0,
    per_char: 0,
    per_byte: 0,
    bits_per_byte: 0,
    pmi: 0,
    unconditional_logprob: 0,
    prior_bpb: 0,
    first_token_bits: tokens[0]?.bits ?? NaN,
    is_greedy: false,
    ...extra,
  };
}
