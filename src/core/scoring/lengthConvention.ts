// Which string the length rules divide by. lm-eval-harness scores `target_delimiter + choice`
// (a space by default) but divides acc_norm and acc_bytes by len(choice), the choice without the
// delimiter; a candidate typed with its leading space is that request. "As typed" counts every
// character of the candidate. The convention changes only the denominators (n_chars, n_bytes)
// and what is divided by them (per_char, per_byte, bits_per_byte), and so those rules' winners.
import { npArgmax } from '../metrics/stats';
import { codePointLength, utf8Length } from '../text/unicode';
import { inputsOfCandidate } from './candidateInputs';
import { DECIDING_RULES, ruleScore, scoreOf } from './rules';
import type { CandidateScore, ItemScore, RuleName } from './types';

export const LENGTH_CONVENTIONS = ['harness', 'typed'] as const;
export type LengthConvention = (typeof LENGTH_CONVENTIONS)[number];

/** lm-eval-harness's default target_delimiter. */
export const HARNESS_DELIMITER = ' ';

/** The part of a candidate its length is counted on (a delimiter-only candidate keeps its one character). */
export function lengthText(text: string, convention: LengthConvention): string {
  return convention === 'harness' && text.startsWith(HARNESS_DELIMITER) && text.length > HARNESS_DELIMITER.length ? text.slice(HARNESS_DELIMITER.length) : text;
}

/** Whether the convention changes anything for these candidates (some candidate starts with the delimiter). */
export function conventionMatters(candidates: readonly string[]): boolean {
  return candidates.some((c) => lengthText(c, 'harness') !== c);
}

/** The rules whose score divides by a length of the text (per char, per byte, and any registered one). */
const lengthRules = () => DECIDING_RULES.filter((r) => r.needs.includes('text'));

function recount(c: CandidateScore, convention: LengthConvention): CandidateScore {
  const text = lengthText(c.text, convention);
  if (text === c.text) return c;
  const inputs = inputsOfCandidate(c, text);
  const out: CandidateScore = { ...c, n_chars: codePointLength(text), n_bytes: utf8Length(text) };
  for (const r of lengthRules()) (out as unknown as Record<string, number>)[r.names.candidate] = ruleScore(r, inputs) ?? NaN;
  out.bits_per_byte = -c.sum_logprob / Math.LN2 / out.n_bytes;
  return out;
}

/**
 * The result with its length denominators under `convention`. The engine counts candidates as
 * typed, so 'typed' returns the result itself. The winners of the length rules are recomputed
 * (first maximum, NaN never wins, as winners.ts); the other rules' winners are kept.
 */
export function withLengthConvention(result: ItemScore, convention: LengthConvention): ItemScore {
  if (convention === 'typed' || !conventionMatters(result.candidates.map((c) => c.text))) return result;
  const candidates = result.candidates.map((c) => recount(c, convention));
  const winners = { ...result.winners };
  for (const r of lengthRules()) {
    const rule = r.names.winner as RuleName;
    // A candidate the engine left out of this rule (its winner never pointed at it, its value NaN) stays out.
    const values = candidates.map((c) => scoreOf(c, r.names.candidate));
    const eligible = values.map((_, i) => i).filter((i) => !Number.isNaN(values[i]));
    winners[rule] = eligible.length === 0 ? -1 : eligible[npArgmax(eligible.map((i) => values[i]))];
  }
  return { ...result, candidates, winners };
}
