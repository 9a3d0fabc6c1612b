// `lengthlens harness FILE`: recompute an lm-eval-harness --log_samples file's accuracies (and the
// answer-level length diagnostics) from its logged log-likelihoods.
import type { Command } from '../main';
import { UsageError } from '../errors';
import { printJson, readTextFile } from '../io';
import type { LineError } from '../../core/formats/lineError';
import { parseLogSamples } from '../../core/formats/logSamples';
import { metricsToCsv } from '../../core/formats/metricsExport';
import { harnessReport, type HarnessReport } from '../../core/metrics/harnessReport';
import type { TaskMetrics } from '../../core/metrics/types';
import { parseMu, parseOptions, requireSomeRecords, summaryText } from './taskOutput';

const USAGE = `lengthlens harness FILE: recompute lm-eval-harness accuracies from a --log_samples JSONL

  --delimiter S  the task's target_delimiter (default " "; "" for chat-templated runs)
  --mu N         mean of the length prior (only used when per-token scores exist)
  --json         print everything as JSON (default: a summary table)
  --csv          print the metrics as CSV (scope, metric, value, stderr)

Per-token log-probs are not in the log, so R(k), PriorBPB and acc_per_token need a rescore.`;

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

export type HarnessOutput = Omit<HarnessReport, 'metrics'> &
  Partial<TaskMetrics> & { source: string; input_errors: LineError[] };

export function harnessOutput(source: string, report: HarnessReport, errors: LineError[]): HarnessOutput {
  const { metrics, ...rest } = report;
  const flat: Partial<TaskMetrics> = { ...metrics };
  if (metrics.n_items_prior === 0) for (const k of PER_TOKEN_KEYS) delete flat[k];
  return { source, ...rest, ...flat, input_errors: errors };
}

export const command: Command = {
  summary: 'recompute accuracies and length diagnostics from an lm-eval-harness log_samples file',
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parseOptions(argv, {
      delimiter: { type: 'string' },
      mu: { type: 'string' },
      json: { type: 'boolean' },
      csv: { type: 'boolean' },
    });
    if (positionals.length !== 1) throw new UsageError('give exactly one log_samples file (see --help)');
    const file = positionals[0];
    const text = await readTextFile(file);
    const { records, errors } = parseLogSamples(text, { targetDelimiter: values.delimiter ?? ' ' });
    requireSomeRecords(file, records.length, errors, 'line');
    const report = harnessReport(records, { mu: parseMu(values.mu) });
    if (values.csv) process.stdout.write(metricsToCsv(report.metrics));
    else if (values.json) printJson(harnessOutput(file, report, errors));
    else {
      const lines = [summaryText(`lm-eval-harness log: ${file} (${report.n_docs} docs)`, report.metrics, errors, 'line')];
      for (const [rule, a] of Object.entries(report.logged_agreement))
        lines.push(`logged ${rule}: ${a.n - a.mismatches}/${a.n} documents agree with the recomputation\n`);
      for (const w of report.warnings) lines.push(`warning: ${w}\n`);
      process.stdout.write(lines.join(''));
    }
    return 0;
  },
};
