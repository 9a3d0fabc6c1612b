// What an lm-eval-harness --log_samples file can give and what it cannot: the table of views in
// docs/scale-out.md (test/core/formats/logViews.test.ts walks it against this list and against
// the CLI's output), and the one sentence the CLI and the Task lab write for each view a log lacks.
import { isMultipleChoice } from '../metrics/accuracy';
import type { ScoredItem } from '../metrics/types';
import { DECIDING_RULES, type RuleInput } from '../scoring/rules';

/**
 * What a view needs: `log` the log alone; `log-mi` the log of a task whose metric_list has
 * acc_mutual_info; `bits` per-token bits (a `task --bits` file) or a live model; `live` a live
 * model; `log+live` the log and a live model beside it.
 */
export type ViewNeed = 'log' | 'log-mi' | 'bits' | 'live' | 'log+live';

/** The words docs/scale-out.md's table uses for each need. */
export const NEED_LABELS: Record<ViewNeed, string> = {
  log: 'the log',
  'log-mi': 'the log of an acc_mutual_info task',
  bits: 'a --bits file or a live model',
  live: 'a live model',
  'log+live': 'the log and a live model',
};

export interface LogView {
  /** The view as docs/scale-out.md names it (the table's first column, without backticks). */
  name: string;
  need: ViewNeed;
  /** Where its value sits in `lengthlens harness --json` (dot path), when that output has it. */
  harnessPath?: string;
  /** Where its value sits in `lengthlens check --json`, when that output has it. */
  checkPath?: string;
  /** The `view` of the LogGap that says so when a log lacks it (logGaps). */
  gap?: string;
}

/** The LogGap view of the per-token measures. */
export const PER_TOKEN_VIEW = 'R(k), PriorBPB';

/** Every view, in the doc's order. */
export const LOG_VIEWS: readonly LogView[] = [
  { name: 'acc, acc_norm, acc_bytes with stderr', need: 'log', harnessPath: 'accuracies.rules.acc_bytes.stderr' },
  { name: 'logged values against the recomputation', need: 'log', harnessPath: 'logged_agreement.acc.mismatches' },
  { name: 'acc_mutual_info (PMI)', need: 'log-mi', harnessPath: 'accuracies.rules.acc_mutual_info.value', gap: 'acc_mutual_info' },
  { name: 'acc_per_token', need: 'bits', harnessPath: 'accuracies.rules.acc_per_token.value', gap: 'acc_per_token' },
  { name: 'acc_ncc (normalised contextual calibration)', need: 'bits', harnessPath: 'accuracies.rules.acc_ncc.value', gap: 'acc_ncc' },
  { name: 'acc_word (whole-word)', need: 'live', harnessPath: 'accuracies.rules.acc_word.value', gap: 'acc_word' },
  { name: 'Brier score, greedy match', need: 'log', harnessPath: 'accuracies.brier_score' },
  { name: 'corpus BPB, mean-of-ratios, alpha/beta, length quintiles, Spearman', need: 'log', harnessPath: 'alpha' },
  { name: 'R(k), PriorBPB, prefix BPB', need: 'bits', harnessPath: 'prior_bpb', gap: PER_TOKEN_VIEW },
  { name: 'perplexity tasks (word and byte perplexity, bits per byte)', need: 'log' },
  { name: 'check: length, duplicates, format tells, letter keys, invisible characters', need: 'log', checkPath: 'length.gold_longest.share' },
  { name: 'check: logged probes (accuracy per rule, shortest pick, disagreement)', need: 'log', checkPath: 'logged.acc_norm_disagreement.share' },
  { name: 'check: choices-only baseline, tokenizer boundaries', need: 'live', checkPath: 'model' },
  { name: 'Scorer: per-token surprisal traces, top-k, variants', need: 'live' },
  { name: 'Scorer: an item opened from the log', need: 'log+live' },
];

/** How the reader of an output gets what a log lacks: score the documents with a model, and whether a --bits file is an option. */
export interface GapRemedy {
  rescore: string;
  /** The CLI's `task --bits` reads per-token bits and token counts; the app does not. */
  bits: boolean;
}

/** The CLI: `harness --model` rescores, `task --bits` reads precomputed bits. */
export const CLI_REMEDY: GapRemedy = { rescore: 'rescore the documents with lengthlens harness FILE --model M', bits: true };

/** The Task lab: step 2 scores the documents with a model. */
export const APP_REMEDY: GapRemedy = { rescore: 'score the documents with a model in step 2 above', bits: false };

const orBits = (field: string, r: GapRemedy) => (r.bits ? `give ${field} in a lengthlens task --bits file, or ${r.rescore}` : r.rescore);

/** Which log field a rule's input would come from and what would give it, after "<rule> needs". */
const INPUT_SENTENCES: Record<Exclude<RuleInput, 'text'>, (r: GapRemedy) => string> = {
  nTokens: (r) =>
    "each choice's token count, which lm-eval-harness does not log (resps hold one summed log-likelihood per choice): " +
    orBits('n_tokens', r),
  unconditionalLogprob: (r) =>
    "each choice's log-likelihood after an empty context, which the harness logs (as a second set of requests with arg_0 \"\") " +
    `only for a task whose metric_list includes acc_mutual_info: rerun with that metric, or ${r.rescore}`,
  unconditionalNTokens: (r) =>
    "the number of tokens of each choice after an empty context, which lm-eval-harness does not log: " + orBits('unconditional_n_tokens', r),
  wordFinalLogprob: (r) =>
    `the model's next-token probability that a new word follows each choice, which no lm-eval-harness option logs: ${r.rescore}`,
  byteCosts: (r) => `each token's bits and bytes, which no lm-eval-harness option logs: ${orBits('tokens', r)}`,
};

/** R(k) and PriorBPB need each token's bits and bytes; the log holds only each choice's sum. */
export function perTokenGap(r: GapRemedy): string {
  return (
    "R(k), PriorBPB and prefix BPB need each token's bits and bytes, which no lm-eval-harness option logs (resps hold one summed " +
    `log-likelihood per choice): ${orBits('tokens', r)}.`
  );
}

export interface LogGap {
  /** The view (a rule id, or "R(k), PriorBPB"). */
  view: string;
  /** One sentence: what is missing, which field, and what would give it. */
  sentence: string;
}

/**
 * The views these logged items cannot give, each with its sentence: every deciding rule with an
 * input some multiple-choice item lacks, and the per-token views when no item has token bits.
 */
export function logGaps(items: readonly ScoredItem[], remedy: GapRemedy = CLI_REMEDY): LogGap[] {
  const gaps: LogGap[] = [];
  // As accuracyReport: a rule is reported only when every multiple-choice item has its inputs.
  const mc = items.filter(isMultipleChoice);
  for (const rule of DECIDING_RULES) {
    const lacks = (n: Exclude<RuleInput, 'text'>) => mc.some((it) => it.choices.some((c) => c[n] === undefined));
    const missing = rule.needs.find((n): n is Exclude<RuleInput, 'text'> => n !== 'text' && lacks(n));
    if (missing) gaps.push({ view: rule.id, sentence: `${rule.id} needs ${INPUT_SENTENCES[missing](remedy)}.` });
  }
  if (items.length > 0 && items.every((it) => it.choices.every((c) => c.tokens === undefined)))
    gaps.push({ view: PER_TOKEN_VIEW, sentence: perTokenGap(remedy) });
  return gaps;
}
