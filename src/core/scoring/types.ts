// The result of scoring one (context, candidates) item: the JSON shape of `lengthlens score`
// (SPEC §8) and of everything the browser shows.
import type { RuleName, ScoreField } from './rules';

/** One alternative the model preferred (or considered) at a scored position. */
export interface TopAlternative {
  id: number;
  piece: string;
  prob: number;
}

export interface TokenScore {
  id: number;
  /** The token's piece as the vocabulary spells it (e.g. `▁the`, `Ġthe`, `<0xE2>`). */
  piece: string;
  /** Human-readable text of the piece (▁/Ġ shown as a space; byte tokens as the bytes they stand for). */
  text: string;
  /** [start, end) UTF-8 byte offsets within the continuation string. */
  bytes: [number, number];
  /** Natural-log probability of this token given everything before it. */
  logprob: number;
  /** Surprisal in bits: -logprob / ln 2. */
  bits: number;
  /** 1-based rank of the actual token in the predictive distribution (1 = argmax). */
  rank: number;
  /** Entropy of the predictive distribution, in nats. */
  entropy: number;
  top: TopAlternative[];
  greedy: boolean;
  /** Share of this token's log-prob counted for the candidate (a boundary-straddling token's bytes in the continuation); absent when 1. */
  weight?: number;
}

export type BoundaryStatus = 'ok' | 'merged';
/** How a candidate's first token meets the context (SPEC §3.1). */
export const BOUNDARY_POLICIES = ['whole', 'separate'] as const;
export type BoundaryPolicy = (typeof BOUNDARY_POLICIES)[number];

export interface BoundaryInfo {
  /** Which policy produced the scored tokens (only meaningful when status is `merged`). */
  policy: BoundaryPolicy;
  /** For a merge: the straddling token's piece and the byte range of the context it covers. */
  straddlingPiece?: string;
  /** Bytes at the end of the context that the straddling token also covers. */
  contextBytes?: number;
  /** Bytes of the continuation that the straddling token covers: [0, n). */
  continuationBytes?: number;
}

/**
 * One scored candidate: its tokens and sizes, and one number per row of the rule table
 * (src/core/scoring/rules.ts; `sum_logprob`, `per_token`, `per_char`, `per_byte`, `bits_per_byte`,
 * `pmi`, `prior_bpb`, `word_logprob`), with PMI's unconditional term and the word-final term beside them.
 */
export interface CandidateScore extends Record<ScoreField, number> {
  text: string;
  /** The continuation actually scored (the candidate with the context's trailing whitespace moved in front). */
  continuation: string;
  boundary: BoundaryStatus;
  boundary_info?: BoundaryInfo;
  tokens: TokenScore[];
  n_tokens: number;
  /** UTF-8 bytes of the candidate string as given (lm-eval-harness acc_bytes denominator). */
  n_bytes: number;
  /** Unicode code points of the candidate string as given (lm-eval-harness acc_norm denominator). */
  n_chars: number;
  /** The candidate's log-prob under the unconditional context (PMI's term). */
  unconditional_logprob: number;
  /**
   * log of the next-token mass, right after the last token, of the tokens that begin a new word
   * (acc_word's addend; core/tokens/wordBoundary.ts). NaN where it was not computed.
   */
  word_final_logprob: number;
  /** Tokens the unconditional term scored (normalised contextual calibration's denominator). NaN where PMI's term was not scored. */
  unconditional_n_tokens: number;
  first_token_bits: number;
  is_greedy: boolean;
  /** Why the token byte spans do not add up to the candidate's byte length, when they don't. */
  byte_note?: string;
}

/** A deciding rule's key in the Scorer's winners (from the rule table). */
export type { RuleName } from './rules';

/** Every warning the engine can give, one list for the type and the snapshot schema. */
export const WARNING_CODES = [
  'context_trailing_whitespace',
  'inconsistent_leading_space',
  'candidate_trailing_whitespace',
  'candidate_trailing_punctuation',
  'single_character_candidates',
  'boundary_merge',
  'candidate_too_long',
  'empty_candidate',
  'non_finite_logprob',
  'context_truncated',
  'unscored_candidate',
  'pmi_unavailable',
  'no_chat_template',
] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

export interface ScoreWarning {
  code: WarningCode;
  message: string;
  /** Candidate indices the warning is about (empty for item-level warnings). */
  candidates: number[];
}

export interface ItemScore {
  context: string;
  candidates: CandidateScore[];
  winners: Record<RuleName, number>;
  warnings: ScoreWarning[];
}

export interface ScoreOptions {
  boundaryPolicy: BoundaryPolicy;
  /** Context for PMI's unconditional term; '' means BOS only (lm-eval-harness acc_mutual_info). */
  unconditionalContext: string;
  /** Number of alternatives kept per token. */
  topK: number;
  /** Mean of the geometric length prior for per-candidate PriorBPB. */
  mu: number;
  /** Wrap the context as a user turn in the model's chat template (instruct models only). */
  chatTemplate: boolean;
}

/** PriorBPB's default mean length in bytes, eval-framework's μ (every default of μ reads this one). */
export const DEFAULT_MU = 111;

export const DEFAULT_SCORE_OPTIONS: ScoreOptions = {
  boundaryPolicy: 'whole',
  unconditionalContext: '',
  topK: 5,
  mu: DEFAULT_MU,
  chatTemplate: false,
};
