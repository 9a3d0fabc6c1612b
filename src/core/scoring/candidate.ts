// Per-candidate quantities from per-token scores (SPEC §3): one per row of the rule table.
import { contentByteCosts } from '../bpb/perByteCost';
import { codePointLength, utf8Length } from '../text/unicode';
import { INPUT_FIELDS, SCORE_COLUMNS, candidateScoreFields, ruleScore, type FieldInput, type InputField, type RuleInputs, type RuleOptions, type ScoreField } from './rules';
import type { BoundaryInfo, BoundaryStatus, CandidateScore, TokenScore } from './types';

export interface CandidateInputs {
  text: string;
  continuation: string;
  tokens: TokenScore[];
  /** Weight of each token's log-prob in the sum (1, except a straddling token's share). */
  weights?: number[];
  unconditionalLogprob: number;
  /**
   * The unconditional term scores exactly the tokens, after exactly the prefix, that the
   * conditional one does (an empty context): PMI is then 0 by definition, not a float difference
   * of two sums computed on different paths.
   */
  unconditionalIsConditional?: boolean;
  /** Tokens the unconditional term scored (absent: not scored). */
  unconditionalNTokens?: number;
  /** log mass of word-starting tokens after the last token (NaN or absent: not computed). */
  wordFinalLogprob?: number;
  boundary: BoundaryStatus;
  boundaryInfo?: BoundaryInfo;
  /** The rules' options (μ for PriorBPB; any a rule declares); absent ones take their defaults. */
  opts?: Partial<RuleOptions>;
  byteNote?: string;
}

export function candidateScore(inp: CandidateInputs): CandidateScore {
  const { tokens } = inp;
  const w = inp.weights ?? tokens.map(() => 1);
  // No tokens (an empty or unscorable candidate): every score is undefined, not zero.
  const sum = tokens.length === 0 ? NaN : tokens.reduce((s, t, i) => s + w[i] * t.logprob, 0);
  const nBytes = utf8Length(inp.text);
  const nChars = codePointLength(inp.text);
  const bits = -sum / Math.LN2;
  const wordFinal = tokens.length === 0 ? NaN : (inp.wordFinalLogprob ?? NaN);
  const unconditional = inp.unconditionalIsConditional ? sum : inp.unconditionalLogprob;
  // PriorBPB of this one answer: its per-byte costs over the continuation's bytes, with a leading
  // space dropped as eval-framework does.
  const costs = contentByteCosts(
    tokens.map((t, i) => [w[i] * t.bits, t.bytes[1] - t.bytes[0]] as const),
    inp.continuation.startsWith(' '),
  );
  // One value per row of the rule table, in its column order, each rule's input fields beside the
  // first rule that needs them. Bits per byte comes from the token bits above.
  const ruleInputs: RuleInputs = {
    logprob: sum,
    text: inp.text,
    nTokens: tokens.length,
    unconditionalLogprob: unconditional,
    unconditionalIsConditional: inp.unconditionalIsConditional,
    unconditionalNTokens: inp.unconditionalIsConditional ? tokens.length : inp.unconditionalNTokens,
    wordFinalLogprob: wordFinal,
    byteCosts: costs,
  };
  const measures: Record<string, number> = { bits_per_byte: bits / nBytes };
  const inputOf = new Map<string, number | undefined>((Object.entries(INPUT_FIELDS) as [FieldInput, InputField][]).map(([input, field]) => [field, ruleInputs[input]]));
  const scores: Record<string, number> = {};
  for (const field of candidateScoreFields()) {
    const r = SCORE_COLUMNS.find((x) => x.names.candidate === field);
    scores[field] = r?.score ? (ruleScore(r, ruleInputs, inp.opts) ?? NaN) : inputOf.has(field) ? (inputOf.get(field) ?? NaN) : measures[field];
  }
  return {
    text: inp.text,
    continuation: inp.continuation,
    boundary: inp.boundary,
    ...(inp.boundaryInfo ? { boundary_info: inp.boundaryInfo } : {}),
    tokens,
    n_tokens: tokens.length,
    n_bytes: nBytes,
    n_chars: nChars,
    ...(scores as Record<ScoreField | InputField, number>),
    first_token_bits: tokens.length > 0 ? tokens[0].bits : NaN,
    is_greedy: tokens.length > 0 && tokens.every((t) => t.greedy),
    ...(inp.byteNote ? { byte_note: inp.byteNote } : {}),
  };
}
