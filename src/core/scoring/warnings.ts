// The warnings of SPEC §3: each says what is off and why it matters for the comparison.
import { isPythonWhitespace, codePointLength, utf8Length } from '../text/unicode';
import type { ScoreWarning } from './types';
import type { ContextCut } from './window';

/**
 * A candidate too long to score: more tokens than the model's context (`limit`), or, with
 * `chars`, more characters than the engine accepts (`limit` characters, never tokenised); with
 * `unconditional`, only its PMI term did not fit.
 */
export interface TooLong {
  index: number;
  tokens: number;
  limit: number;
  chars?: number;
  unconditional?: boolean;
}

function tooLongMessage(t: TooLong): string {
  if (t.chars !== undefined) return `Candidate ${t.index + 1} is ${t.chars} characters, more than the limit of ${t.limit}; it was not scored.`;
  if (t.unconditional) return `Candidate ${t.index + 1} is ${t.tokens} tokens after the unconditional context, more than the model's context of ${t.limit}; its PMI was not computed.`;
  return `Candidate ${t.index + 1} is ${t.tokens} tokens, more than the model's context of ${t.limit}; it was not scored.`;
}

export interface WarningInputs {
  context: string;
  /** The whitespace the lm-eval split moved from the context to the continuations. */
  moved: string;
  candidates: readonly string[];
  merged: readonly number[];
  tooLong: readonly TooLong[];
  empty: readonly number[];
  nonFinite: readonly number[];
  /** The context did not fit the model's window. */
  contextCut?: ContextCut;
  /** Candidates that had no token to score (after planning), and those whose PMI term had none. */
  unscored?: readonly number[];
  noPmi?: readonly number[];
  /** A chat template was asked for, but the model has none: the context was scored raw. */
  noChatTemplate?: boolean;
  /** Each candidate's scored tokens (by index; absent or 0 where it was not scored): who pays for the leading space. */
  tokenCounts?: readonly (number | undefined)[];
}

const counted = (ns: readonly (number | undefined)[]) => ns.filter((n): n is number => n !== undefined && n > 0);

/** "3", "3 and 5", "3, 4 and 5" tokens, in order. */
function countList(ns: number[]): string {
  const xs = [...ns].sort((a, b) => a - b).map(String);
  return xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`;
}

/**
 * The leading-space warning, saying from the token counts which side is split into more tokens
 * (a space can merge into the word's first token: SentencePiece's "▁do" makes " dog." shorter
 * than "dog."); where the counts do not separate the sides, or are unknown, it says only that the
 * space changes the split.
 */
function leadingSpaceMessage(spaced: readonly (number | undefined)[], bare: readonly (number | undefined)[]): string {
  const start = 'The candidates listed start with a space and the others do not; the space is part of the scored answer and changes how it is split into tokens';
  const s = counted(spaced);
  const b = counted(bare);
  if (s.length < spaced.length || b.length < bare.length || s.length === 0 || b.length === 0) return `${start}, so the candidates differ in formatting as well as content.`;
  const tokens = (ns: number[]) => `${countList(ns)} token${ns.length === 1 && ns[0] === 1 ? '' : 's'}`;
  if (Math.min(...b) > Math.max(...s)) return `${start}: here the ones without it take more tokens (${tokens(b)}, against ${tokens(s)} with it), so they pay for the extra tokens.`;
  if (Math.min(...s) > Math.max(...b)) return `${start}: here the ones with it take more tokens (${tokens(s)}, against ${tokens(b)} without it), so they pay for the extra tokens.`;
  return `${start}; the token counts (${tokens(s)} with it, ${tokens(b)} without) do not put either side above the other.`;
}

const TRAILING_PUNCT = /[.,;:!?。、！？…)\]"'”’]$/u;

function lastChar(s: string): string {
  const chars = Array.from(s);
  return chars[chars.length - 1] ?? '';
}

function firstChar(s: string): string {
  return Array.from(s)[0] ?? '';
}

function show(moved: string): string {
  return JSON.stringify(moved);
}

export function itemWarnings(inp: WarningInputs): ScoreWarning[] {
  const out: ScoreWarning[] = [];
  const cands = inp.candidates;
  const nonEmpty = cands.map((c, i) => [c, i] as const).filter(([c]) => c.length > 0);
  if (inp.moved) {
    out.push({
      code: 'context_trailing_whitespace',
      message: `The context ends with whitespace (${show(inp.moved)}); it was moved to the front of every candidate, as lm-eval-harness does, so it is scored as part of each answer.`,
      candidates: [],
    });
  }
  const leading = nonEmpty.map(([c]) => isPythonWhitespace(firstChar(c)));
  if (leading.some((x) => x) && leading.some((x) => !x)) {
    out.push({
      code: 'inconsistent_leading_space',
      message: leadingSpaceMessage(
        nonEmpty.filter((_, k) => leading[k]).map(([, i]) => inp.tokenCounts?.[i]),
        nonEmpty.filter((_, k) => !leading[k]).map(([, i]) => inp.tokenCounts?.[i]),
      ),
      candidates: nonEmpty.filter((_, k) => leading[k]).map(([, i]) => i),
    });
  }
  const trailingWs = nonEmpty.filter(([c]) => isPythonWhitespace(lastChar(c))).map(([, i]) => i);
  if (trailingWs.length > 0) {
    out.push({
      code: 'candidate_trailing_whitespace',
      message: 'A candidate ends with whitespace; the model is charged for predicting it, which penalises that candidate for formatting, not content.',
      candidates: trailingWs,
    });
  }
  const trailingPunct = nonEmpty.filter(([c]) => TRAILING_PUNCT.test(c)).map(([, i]) => i);
  if (trailingPunct.length > 0 && trailingPunct.length < nonEmpty.length) {
    out.push({
      code: 'candidate_trailing_punctuation',
      message: 'Only some candidates end with punctuation; the punctuation token adds cost (or, when it is likely, lowers the per-byte average) for reasons unrelated to the answer.',
      candidates: trailingPunct,
    });
  }
  // Normalisation is a no-op only when every candidate has the same number of characters and of
  // bytes (' A' and 'B', or ' A' and ' é', are letter keys that per-char or per-byte tell apart).
  const sameLength = (len: (s: string) => number) => nonEmpty.every(([c]) => len(c) === len(nonEmpty[0][0]));
  if (nonEmpty.length > 1 && nonEmpty.every(([c]) => codePointLength(c.trim()) === 1) && sameLength(codePointLength) && sameLength(utf8Length)) {
    out.push({
      code: 'single_character_candidates',
      message: 'Every candidate is a single character (letter keys); per-char and per-byte normalisation divide by the same number, so they cannot change the winner.',
      candidates: [],
    });
  }
  if (inp.merged.length > 0) {
    out.push({
      code: 'boundary_merge',
      message: 'The context\'s last token merges with the start of a candidate; its tokens are not a continuation of the context\'s tokens, so the score depends on the boundary policy.',
      candidates: [...inp.merged],
    });
  }
  for (const t of inp.tooLong) {
    out.push({
      code: 'candidate_too_long',
      message: tooLongMessage(t),
      candidates: [t.index],
    });
  }
  if (inp.empty.length > 0) {
    out.push({
      code: 'empty_candidate',
      message: 'An empty candidate has no tokens to score; it is left out of every comparison.',
      candidates: [...inp.empty],
    });
  }
  if (inp.noChatTemplate) {
    out.push({
      code: 'no_chat_template',
      message: 'The model has no chat template, so the context was scored raw, not as a user turn.',
      candidates: [],
    });
  }
  if (inp.contextCut) {
    const c = inp.contextCut;
    const dropped = c.charsCut > 0 ? ` The first ${c.charsCut.toLocaleString('en-US')} characters were not tokenised, as they cannot reach the model.` : '';
    out.push({
      code: 'context_truncated',
      message:
        `The context is longer than the model's window of ${c.window} tokens: only its last ${c.tokensKept} tokens were used ` +
        `(cut from the left, as lm-eval-harness does), so the start of the context does not affect any score.${dropped}`,
      candidates: [],
    });
  }
  if (inp.unscored && inp.unscored.length > 0) {
    out.push({
      code: 'unscored_candidate',
      message: 'A candidate has no token to score after the split (its text is covered by the context\'s tokens); it is left out of every comparison.',
      candidates: [...inp.unscored],
    });
  }
  if (inp.noPmi && inp.noPmi.length > 0) {
    out.push({
      code: 'pmi_unavailable',
      message: 'A candidate has no token to score after the unconditional context, so its PMI is undefined; it cannot win under PMI.',
      candidates: [...inp.noPmi],
    });
  }
  if (inp.nonFinite.length > 0) {
    out.push({
      code: 'non_finite_logprob',
      message: 'The model returned a non-finite log-probability (NaN or infinity) for a candidate; its scores cannot be compared and the numeric output of this model may be broken.',
      candidates: [...inp.nonFinite],
    });
  }
  return out;
}
