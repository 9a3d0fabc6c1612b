// `lengthlens harness FILE`: recompute an lm-eval-harness --log_samples file's accuracies (and the
// answer-level length diagnostics) from its logged log-likelihoods.
import type { Command } from '../command';
import { InputError, UsageError } from '../errors';
import { inputText, printJson, reportSkipped, warn } from '../io';
import { readFileRecords } from '../fileRecords';
import { readNumbered, type LineError } from '../../core/formats/lineError';
import { logSampleToItem, logSamplesToTaskSet, parseLogSample, type LogSample } from '../../core/formats/logSamples';
import { logGaps, type LogGap } from '../../core/formats/logViews';
import { taskMetrics } from '../../core/metrics/taskMetrics';
import type { ScoredItem } from '../../core/metrics/types';
import { metricsToCsv } from '../../core/formats/metricsExport';
import { harnessReport, type HarnessReport } from '../../core/metrics/harnessReport';
import type { TaskMetrics } from '../../core/metrics/types';
import { commandFlags, oneDtype, single, usageText } from '../flags';
import { parseSpace, requireSomeRecords, summaryText } from './taskOutput';
import { scoreTaskSet } from './taskScoring';

const FLAGS = commandFlags({
  shared: ['delimiter', 'model', 'dtype', 'mu', 'space', 'json', 'csv', 'strict'],
  // The prior and the leading-space mode act on per-token scores, which only a rescore gives.
  needs: { mu: ['model'], space: ['model'] },
});

const USAGE = usageText(
  FLAGS,
  `lengthlens harness FILE: recompute lm-eval-harness accuracies from a --log_samples file
  (JSONL as the harness writes it, or gzip of it)

${FLAGS.lines(
  [
    ['delimiter', 'the task\'s target_delimiter (default " "; "" for chat-templated runs)'],
    ['model', 'rescore the logged documents with this model (per-token scores: R(k), PriorBPB,\nacc_per_token) and compare its log-likelihoods with the logged ones'],
    'dtype',
    ['mu', 'mean of the length prior (with --model)'],
    'space',
    ['json', 'print everything as JSON (default: a summary table)'],
    'csv',
    'strict',
  ],
  { column: 17, values: true },
)}

NaN or +inf log-likelihoods are counted and decided as lm-eval-harness decides them (np.argmax:
the first NaN choice is the prediction). Per-token log-probs are not in the log, so R(k), PriorBPB and acc_per_token need a rescore.`,
);

/** Keys that need per-token scores, dropped from the output when the log has none. */
const PER_TOKEN_KEYS = [
  'n_items_prior',
  'K',
  'R',
  'R_counts',
  'coverage',
  'mu',
  'space',
  'prior_bpb',
  'prior_bpb_by_space',
  'prior_mass_within_K',
  'self_prior_bpb',
  'content_corpus_bpb',
  'prefix_bpb',
] as const;

/**
 * Past this, a rescore does not reproduce the log (nats, largest |rescored − logged| ll): the same
 * model at fp32 agrees to ~1e-4, while another dtype, model or BOS setting moves lls by far more.
 */
const RESCORE_AGREEMENT_NATS = 0.05;

/** A rescore of the logged documents with a model, and how far its log-likelihoods are from the log's. */
export interface Rescore {
  model: string;
  dtype: string;
  metrics: TaskMetrics;
  /** max |rescored ll − logged ll| over every choice (nats). */
  max_abs_ll_diff: number;
  /** mean |rescored ll − logged ll| (nats). */
  mean_abs_ll_diff: number;
}

export type HarnessOutput = Omit<HarnessReport, 'metrics'> &
  Partial<TaskMetrics> & { source: string; not_in_log: LogGap[]; input_errors: LineError[]; rescore?: Rescore };

export function llDiffs(samples: readonly LogSample[], items: readonly ScoredItem[]): { max: number; mean: number } {
  let max = 0;
  let sum = 0;
  let n = 0;
  samples.forEach((s, i) =>
    s.lls.forEach((ll, j) => {
      const d = Math.abs(items[i].choices[j].logprob - ll);
      if (!Number.isFinite(d)) return;
      max = Math.max(max, d);
      sum += d;
      n += 1;
    }),
  );
  return { max: n ? max : NaN, mean: n ? sum / n : NaN };
}

export function harnessOutput(source: string, report: HarnessReport, errors: LineError[], gaps: LogGap[] = []): HarnessOutput {
  const { metrics, ...rest } = report;
  const flat: Partial<TaskMetrics> = { ...metrics };
  if (metrics.n_items_prior === 0) for (const k of PER_TOKEN_KEYS) delete flat[k];
  return { source, ...rest, ...flat, not_in_log: gaps, input_errors: errors };
}

/** A results_*.json (one pretty-printed object with "results") is not a samples file: say which to pass. */
function rejectResultsFile(file: string, text: string): void {
  if (!text.trimStart().startsWith('{') || !/\n\s*"/.test(text)) return;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return;
  }
  if (typeof value === 'object' && value !== null && 'results' in value)
    throw new InputError(
      `${file} is an lm-eval-harness results file (results_*.json), not a log_samples file: pass the samples_<task>_<date>.jsonl ` +
        'written beside it when the run used --log_samples',
    );
}

export const command: Command = {
  summary: 'recompute accuracies and length diagnostics from an lm-eval-harness log_samples file',
  usage: USAGE,
  flags: FLAGS.specs,
  async run(argv) {
    const { values: v, positionals } = FLAGS.parse(argv, Infinity);
    const values = { ...v, model: single(v.model, 'model') };
    if (positionals.length !== 1) throw new UsageError('give exactly one log_samples file (see --help)');
    const file = positionals[0];
    // A wrong command line is said before the file is read.
    const dtype = oneDtype(values.dtype, 'one rescore');
    const opts = { mu: values.mu, space: parseSpace(values.space) };
    const delimiter = values.delimiter ?? ' ';
    // Any format of the registry; a results_*.json is named before its records are read.
    const read = await readFileRecords(file, (f) => {
      if (f.format === 'json' && !f.gzip) rejectResultsFile(file, inputText(file, f.bytes));
    });
    const { errors, unit } = read;
    const records = readNumbered(read.records, (value, n) => parseLogSample(value, n, { targetDelimiter: delimiter }), errors);
    errors.sort((a, b) => a.line - b.line);
    requireSomeRecords(file, records.length, errors, unit);
    reportSkipped(file, errors, unit, values.strict ?? false);
    const report = harnessReport(records, { ...opts, targetDelimiter: values.delimiter ?? ' ' });
    // What this log cannot give, one sentence each (docs/scale-out.md's table).
    const gaps = logGaps(records.filter((r) => r.outputType !== 'loglikelihood_rolling').map(logSampleToItem));
    const nonFinite = report.warnings.find((w) => w.includes('NaN or +inf'));
    if (nonFinite) warn(nonFinite);
    let rescore: Rescore | undefined;
    if (values.model !== undefined) {
      const scorable = records.filter((r) => r.outputType !== 'loglikelihood_rolling');
      if (scorable.length === 0) throw new InputError(`${file}: only perplexity (loglikelihood_rolling) documents, nothing to rescore`);
      const items = await scoreTaskSet(logSamplesToTaskSet(scorable, file, delimiter), values.model, dtype, opts.mu);
      const d = llDiffs(scorable, items);
      rescore = { model: values.model, dtype, metrics: taskMetrics(items, opts), max_abs_ll_diff: d.max, mean_abs_ll_diff: d.mean };
      if (d.max > RESCORE_AGREEMENT_NATS)
        warn(
          `the rescored log-likelihoods differ from the logged ones by up to ${d.max.toPrecision(4)} nats (mean ${d.mean.toPrecision(4)}): ` +
            `the log was not written by ${values.model} at ${dtype} with these settings, so the rescore's accuracies are its own, not a check of the log's`,
        );
    }
    if (values.csv) process.stdout.write(metricsToCsv(rescore?.metrics ?? report.metrics));
    else if (values.json) printJson({ ...harnessOutput(file, report, errors, gaps), ...(rescore ? { rescore } : {}) });
    else {
      const lines = [summaryText(`lm-eval-harness log: ${file} (${report.n_docs} docs)`, report.metrics, errors, unit)];
      for (const [rule, a] of Object.entries(report.logged_agreement))
        lines.push(`logged ${rule}: ${a.n - a.mismatches}/${a.n} documents agree with the recomputation\n`);
      if (report.rolling) {
        const r = report.rolling;
        lines.push(`perplexity documents: ${r.n_docs}; word_perplexity ${r.word_perplexity}, byte_perplexity ${r.byte_perplexity}, bits_per_byte ${r.bits_per_byte}\n`);
      }
      for (const w of report.warnings) lines.push(`warning: ${w}\n`);
      for (const g of gaps) lines.push(`not in this log: ${g.sentence}\n`);
      if (rescore) {
        lines.push('\n' + summaryText(`Rescored with ${rescore.model} (${rescore.dtype})`, rescore.metrics, [], 'line'));
        lines.push(`log-likelihood vs the log: max |diff| ${rescore.max_abs_ll_diff.toPrecision(4)}, mean ${rescore.mean_abs_ll_diff.toPrecision(4)} nats\n`);
      }
      process.stdout.write(lines.join(''));
    }
    return 0;
  },
};
