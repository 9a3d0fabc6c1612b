// `lengthlens task`: the SPEC §4 task metrics from precomputed per-token bits (--bits), from a
// built-in sample or items file scored by a model (--model), as JSON, CSV or a summary.
import type { Command } from '../main';
import { UsageError } from '../errors';
import { printJson, readTextFile } from '../io';
import { bitsFileCases, parseBitsFile } from '../../core/formats/bitsFile';
import type { LineError } from '../../core/formats/lineError';
import { metricsToCsv } from '../../core/formats/metricsExport';
import { taskMetrics } from '../../core/metrics/taskMetrics';
import type { ScoredItem, TaskMetrics, TaskMetricsOptions } from '../../core/metrics/types';
import { parseMu, parseOptions, parseSpace, requireSomeRecords, summaryText } from './taskOutput';

const USAGE = `lengthlens task: task-level metrics (accuracies, BPB family, alpha/beta, R(k), PriorBPB, quintiles)

  lengthlens task --bits FILE [--case NAME] [options]
  lengthlens task --model M (--items FILE | --sample NAME) [--dtype D] [options]

  --bits FILE    per-item token scores: a JSON list (or JSONL) of items, each [[bits, bytes], ...]
                 or {"tokens": [[bits, bytes], ...], "leading_space": true, "id", "subject", "text",
                 "choices": [{"text", "logprob"}], "gold"}; also {"items": [...]} and the
                 reference-vector file {"cases": [...]} (pick one with --case NAME)
  --mu N         mean of the geometric length prior, bytes (default 111)
  --space MODE   leading space in PriorBPB: eval-framework (default) or keep
  --json         print every metric as JSON (default: a summary table)
  --csv          print the metrics as CSV (scope, metric, value, stderr)`;

export interface TaskOutput extends TaskMetrics {
  source: string;
  input_errors: LineError[];
}

/** The CLI's JSON: every TaskMetrics key at the top level, plus where the items came from. */
export function taskOutput(source: string, items: ScoredItem[], errors: LineError[], opts: Partial<TaskMetricsOptions>): TaskOutput {
  return { source, ...taskMetrics(items, opts), input_errors: errors };
}

async function fromBits(file: string, caseName: string | undefined) {
  const text = await readTextFile(file);
  if (caseName !== undefined && !bitsFileCases(text).includes(caseName))
    throw new UsageError(`${file}: no case "${caseName}" (cases: ${bitsFileCases(text).join(', ') || 'none'})`);
  try {
    return parseBitsFile(text, caseName);
  } catch (err) {
    throw new UsageError(`${file}: ${(err as Error).message}`);
  }
}

export const command: Command = {
  summary: 'task metrics: accuracies, BPB, alpha/beta, R(k), PriorBPB, length quintiles',
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parseOptions(argv, {
      bits: { type: 'string' },
      case: { type: 'string' },
      model: { type: 'string' },
      items: { type: 'string' },
      sample: { type: 'string' },
      dtype: { type: 'string' },
      mu: { type: 'string' },
      space: { type: 'string' },
      json: { type: 'boolean' },
      csv: { type: 'boolean' },
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}" (see --help)`);
    const opts = { mu: parseMu(values.mu), space: parseSpace(values.space) };
    let out: TaskOutput;
    if (values.bits !== undefined) {
      if (values.model !== undefined || values.items !== undefined) throw new UsageError('--bits cannot be combined with --model or --items');
      const { records, errors } = await fromBits(values.bits, values.case);
      requireSomeRecords(values.bits, records.length, errors, 'item');
      out = taskOutput(values.bits, records, errors, opts);
    } else if (values.model !== undefined) {
      throw new UsageError('scoring with --model is not available in this build yet; use --bits with precomputed token scores');
    } else {
      throw new UsageError('give --bits FILE, or --model M with --items FILE (see --help)');
    }
    if (values.csv) process.stdout.write(metricsToCsv(out));
    else if (values.json) printJson(out);
    else process.stdout.write(summaryText(`Task metrics: ${out.source} (mu ${opts.mu}, space ${opts.space})`, out, out.input_errors, 'item'));
    return 0;
  },
};
