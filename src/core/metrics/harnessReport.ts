// `lengthlens harness`: recompute lm-eval-harness accuracies from a log_samples file, check them
// against the per-document values it logged, and add the length diagnostics.
import { isMultipleChoice, itemCorrectness, nonFiniteCount, nonFiniteMessage } from './accuracy';
import { taskMetrics } from './taskMetrics';
import type { AccuracyRule, ScoredItem, TaskMetrics, TaskMetricsOptions } from './types';
import { logSampleToItem, type LogSample } from '../formats/logSamples';
import { DECIDING_RULES } from '../scoring/rules';

/** How the recomputed per-document values compare with those in the log. */
export interface LoggedAgreement {
  /** Documents that logged this metric. */
  n: number;
  /** Documents where the recomputed value differs from the logged one. */
  mismatches: number;
  /** Mean of the logged values. */
  logged_mean: number;
  /** Up to 10 doc ids of mismatches. */
  examples: string[];
}

/** Perplexity tasks (loglikelihood_rolling): corpus-level ratios, as lm-eval weighted_mean. */
export interface RollingReport {
  n_docs: number;
  /** exp(−Σ ll / Σ words); NaN without logged word counts. */
  word_perplexity: number;
  /** exp(−Σ ll / Σ bytes). */
  byte_perplexity: number;
  /** −Σ ll / (ln 2 · Σ bytes). */
  bits_per_byte: number;
}

/** lm-eval weighted_mean: sum(a) / sum(b) with a left-to-right sum (CPython ≤ 3.11). */
export function rollingReport(samples: readonly LogSample[]): RollingReport {
  const docs = samples.filter((s) => s.rolling).map((s) => s.rolling!);
  let ll = 0;
  let words = 0;
  let bytes = 0;
  for (const d of docs) {
    ll += d.ll;
    words += d.words ?? NaN;
    bytes += d.bytes ?? NaN;
  }
  const perWord = ll / words;
  const perByte = ll / bytes;
  return {
    n_docs: docs.length,
    word_perplexity: Math.exp(-perWord),
    byte_perplexity: Math.exp(-perByte),
    bits_per_byte: -perByte / Math.LN2,
  };
}

export interface HarnessReport {
  n_docs: number;
  /** Present when the log holds loglikelihood_rolling (perplexity) documents. */
  rolling?: RollingReport;
  output_types: Record<string, number>;
  metrics: TaskMetrics;
  logged_agreement: Partial<Record<AccuracyRule, LoggedAgreement>>;
  warnings: string[];
}


/** Adds one document's recomputed correctness against the values its log holds (`logged_mean` a sum until finishLoggedAgreement). */
export function addLoggedAgreement(agreement: Partial<Record<AccuracyRule, LoggedAgreement>>, s: LogSample, item: ScoredItem): void {
  if (s.outputType !== 'multiple_choice') return;
  const mine = itemCorrectness(item);
  // Each deciding rule that lm-eval-harness logs, under its log key (rule table).
  for (const r of DECIDING_RULES) {
    if (r.harness === undefined) continue;
    const rule = r.id as AccuracyRule;
    const logged = s.logged[r.harness];
    const value = mine[rule];
    if (logged === undefined || value === undefined) continue;
    const a = (agreement[rule] ??= { n: 0, mismatches: 0, logged_mean: 0, examples: [] });
    a.n += 1;
    a.logged_mean += logged;
    if (logged !== value) {
      a.mismatches += 1;
      if (a.examples.length < 10) a.examples.push(s.docId);
    }
  }
}

export function finishLoggedAgreement(agreement: Partial<Record<AccuracyRule, LoggedAgreement>>): void {
  for (const a of Object.values(agreement)) a.logged_mean /= a.n;
}

export function harnessReport(
  samples: readonly LogSample[],
  options: Partial<TaskMetricsOptions> & { targetDelimiter?: string } = {},
): HarnessReport {
  const { targetDelimiter: _delimiter, ...metricsOptions } = options;
  const scoredSamples = samples.filter((s) => s.outputType !== 'loglikelihood_rolling');
  const items = scoredSamples.map(logSampleToItem);
  const outputTypes: Record<string, number> = {};
  for (const s of samples) outputTypes[s.outputType] = (outputTypes[s.outputType] ?? 0) + 1;
  const agreement: HarnessReport['logged_agreement'] = {};
  scoredSamples.forEach((s, i) => addLoggedAgreement(agreement, s, items[i]));
  finishLoggedAgreement(agreement);
  const warnings: string[] = [];
  const mismatched = scoredSamples.filter((s) => s.delimiterMismatch.length > 0);
  const allMismatched = mismatched.length > 0 && scoredSamples.every((s) => s.delimiterMismatch.length === s.choices.length);
  if (allMismatched && options.targetDelimiter !== '')
    warnings.push(
      `no continuation starts with the target delimiter ${JSON.stringify(options.targetDelimiter ?? ' ')}: a run with a chat template ` +
        '(--apply_chat_template) uses the delimiter "", so pass --delimiter ""; the choices were used as logged',
    );
  else if (mismatched.length > 0)
    warnings.push(
      `${mismatched.length} document(s) have a continuation that does not start with the target delimiter; ` +
        `those choices were used as logged (first: line ${mismatched[0].line})`,
    );
  const invalidGold = scoredSamples.filter((s) => (Array.isArray(s.gold) ? s.gold.includes(-100) : s.gold === -100));
  if (invalidGold.length > 0)
    warnings.push(`${invalidGold.length} document(s) have a target that is not among the choices (scored 0, as lm-eval does)`);
  const multipleInput = scoredSamples.filter((s) => s.contexts);
  if (multipleInput.length > 0)
    warnings.push(
      `${multipleInput.length} document(s) vary the context and share one continuation (lm-eval multiple_input, e.g. winogrande; ` +
        `first: line ${multipleInput[0].line}): --model rescores each request on its own context; the gold index is not in the ` +
        "log's target, so it was taken from a numeric target or the logged acc, and acc_norm/acc_bytes divide by the shared " +
        "continuation, not by lm-eval's choice strings (which the log does not hold)",
    );
  const oldMi = scoredSamples.filter((s) => s.mutualInfoLayout === 'pre-0.4.9');
  if (oldMi.length > 0)
    warnings.push(
      `${oldMi.length} document(s) carry acc_mutual_info's unconditional requests without the target delimiter, the layout of ` +
        'lm-eval-harness before 0.4.9: they were read as unconditional terms, not as choices; that version computed the logged ' +
        'acc, acc_norm and acc_mutual_info from interleaved halves (fixed in 0.4.9, PR #3035), so those logged values may disagree ' +
        'with the recomputation, which uses the right halves',
    );
  const nonFinite = nonFiniteCount(items.filter(isMultipleChoice));
  if (nonFinite) warnings.push(nonFiniteMessage(nonFinite, 'doc').replace(/doc\(s\)/, 'document(s)'));
  const rolling = samples.length > scoredSamples.length ? rollingReport(samples) : undefined;
  return {
    n_docs: samples.length,
    ...(rolling ? { rolling } : {}),
    output_types: outputTypes,
    metrics: taskMetrics(items, metricsOptions),
    logged_agreement: agreement,
    warnings,
  };
}
