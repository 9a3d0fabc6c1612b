// Inputs and outputs of the task-level metrics (SPEC §4). The scoring engine (one CandidateScore per
// choice), `lengthlens task --bits` and lm-eval-harness logs all reduce to ScoredItem.
import type { LeadingSpaceMode, TokenBits } from '../bpb/perByteCost';
import type { AccuracyRule, ItemScoreName, RuleInputs } from '../scoring/rules';
import { DEFAULT_MU } from '../scoring/types';

/**
 * What is known about one choice (or the single gold of a cloze item) after scoring: the rule
 * inputs (the core shape, src/core/scoring/rules.ts) and what the task metrics read besides.
 */
export interface ChoiceScores extends RuleInputs {
  /** Per-token [bits, bytes] of the scored continuation (R(k), PriorBPB, prefix BPB). */
  tokens?: readonly TokenBits[];
  /** Overrides "continuation starts with one ASCII space" (needed when continuation is unknown). */
  leadingSpace?: boolean;
  /** Whether every token was the model's argmax (lm-eval `loglikelihood` acc). */
  isGreedy?: boolean;
}

/** One scored item: a cloze item is one choice with gold 0. */
export interface ScoredItem {
  id: string;
  subject?: string;
  choices: ChoiceScores[];
  /** Index of the gold choice, or several (multi-target: the first one is the BPB answer). */
  gold: number | readonly number[];
  /**
   * A multiple-choice document, whatever its number of choices (lm-eval-harness counts a
   * one-choice document: argmax of one value is 0). Absent: two or more choices make it one.
   */
  multipleChoice?: boolean;
}

/** The rules under which a multiple-choice item can be decided (lm-eval-harness names), from the rule table. */
export type { AccuracyRule, ItemScoreName } from '../scoring/rules';
/** In the rule table's order (src/core/scoring/rules.ts); a registered rule appears here. */
export { ACCURACY_RULES } from '../scoring/rules';

export interface MeanWithStderr {
  value: number;
  /** Sample std (n − 1) / √n, as lm-eval-harness mean_stderr. */
  stderr: number;
  n: number;
}

/**
 * Accuracy rescaled against random guessing: (acc − chance)/(1 − chance), chance = mean 1/k.
 * NOT lm-eval-harness acc_norm (which is length-normalised accuracy).
 */
export interface ChanceNormalisedAccuracy {
  value: number;
  chance: number;
}

export interface AccuracyReport {
  /** Items with two or more choices and a valid gold. */
  n_items: number;
  rules: Partial<Record<AccuracyRule, MeanWithStderr>>;
  chance_normalised: Partial<Record<AccuracyRule, ChanceNormalisedAccuracy>>;
  /** Share of items where acc and acc_norm pick different choices. */
  acc_acc_norm_disagreement: number;
  /** Share of items where acc picks the shortest choice (in bytes). */
  acc_picks_shortest: number;
  /**
   * lm-eval brier_score: mean over items of Σ_c (softmax(lls)_c − onehot(gold)_c)²; only when every
   * item has the same number of choices and one valid gold.
   */
  brier_score?: number;
  /** Share of gold answers that were the greedy continuation: lm-eval `loglikelihood` acc, or multiple-choice exact_match. */
  greedy?: MeanWithStderr;
  /**
   * Items with a NaN or +inf log-likelihood (impossible for a probability: a broken model or log).
   * They are decided as np.argmax decides them (the first NaN is the prediction, +inf is the
   * maximum), so the accuracies are lm-eval-harness's; present only when there are some.
   */
  non_finite?: NonFiniteCount;
}

export interface NonFiniteCount {
  /** Items with at least one such choice. */
  items: number;
  /** Choices (conditional or unconditional log-likelihoods) that are NaN, and that are +inf. */
  nan: number;
  pos_inf: number;
  /** Up to 10 ids of such items. */
  examples: string[];
}

/** One gold-length quintile. */
export interface QuintileBin {
  /** Lower edge (inclusive) and upper edge (exclusive, inclusive for the last bin), bytes. */
  lo: number;
  hi: number;
  n: number;
  mean_bytes: number;
  corpus_bpb: number;
  mean_of_ratios_bpb: number;
  /** Accuracy under each rule within the bin (multiple-choice items only). */
  accuracy: Partial<Record<AccuracyRule, number>>;
}

export interface QuintileReport {
  /** np.quantile edges at 0, .2, .4, .6, .8, 1 of the gold lengths. */
  edges: number[];
  bins: QuintileBin[];
  /** corpus BPB of the top non-empty bin / that of the bottom non-empty bin. */
  top_bottom_ratio: number;
}

export interface TaskMetricsOptions {
  /** Mean of the geometric length prior (default 111). */
  mu: number;
  /** Leading-space mode of the headline PriorBPB (both are reported). */
  space: LeadingSpaceMode;
  /** Byte budgets for prefix BPB (default [1, 4, 32]). */
  prefixBudgets: number[];
}

export const DEFAULT_TASK_METRICS_OPTIONS: TaskMetricsOptions = {
  mu: DEFAULT_MU,
  space: 'eval-framework',
  prefixBudgets: [1, 4, 32],
};

/** The BPB family over the gold answers of one slice (the whole task or one subject). */
export interface BpbReport {
  /** Gold answers with bits and at least one byte. */
  n_items_answer: number;
  corpus_bpb: number;
  mean_of_ratios_bpb: number;
  space_stripped_corpus_bpb: number;
  bits_per_answer: number;
  mean_bytes: number;
  /** OLS of answer bits on answer bytes: B_i ≈ alpha + beta·n_i. */
  alpha: number;
  beta: number;
  r2: number;
  /** alpha/mean(n) + beta, which equals corpus_bpb. */
  corpus_bpb_from_fit: number;
  /** Gold answers with per-token scores and at least one content byte (R(k), PriorBPB). */
  n_items_prior: number;
  K: number;
  R: number[];
  R_counts: number[];
  coverage: number[];
  mu: number;
  space: LeadingSpaceMode;
  /** PriorBPB(mu) in the chosen leading-space mode. */
  prior_bpb: number;
  /** PriorBPB(mu) in both modes. */
  prior_bpb_by_space: Record<LeadingSpaceMode, number>;
  /** Untruncated prior mass within K: 1 − (1 − 1/mu)^K. */
  prior_mass_within_K: number;
  /** PriorBPB with the task's own content lengths as the prior (chosen mode). */
  self_prior_bpb: number;
  /** Σ_i Σ_k r_i(k) / Σ_i c_i (chosen mode). */
  content_corpus_bpb: number;
  /** Prefix BPB at each byte budget (NaN where no answer is that long). */
  prefix_bpb: Record<string, number>;
}

export interface SliceMetrics extends BpbReport {
  n_items: number;
  accuracies: AccuracyReport;
  quintiles: QuintileReport;
  /** Spearman ρ between each per-item gold score and gold length (bytes). */
  spearman: Partial<Record<ItemScoreName, number>>;
  /** Plain-language caveats about these numbers (short answers vs the prior, letter keys, ...). */
  notes: string[];
}

export interface TaskMetrics extends SliceMetrics {
  /** The same metrics for each subject (present when any item has a subject). */
  by_subject: Record<string, SliceMetrics>;
  /** Items left out of the answer-level metrics (BPB family, R(k), quintiles, Spearman), with the reason; they still count in the accuracies. */
  skipped: { id: string; reason: string }[];
}
