// `lengthlens task`: the SPEC §4 task metrics from precomputed per-token bits (--bits), from a
// built-in sample or items file scored by a model (--model), as JSON, CSV or a summary.
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from '../command';
import { InputError, UsageError } from '../errors';
import { inputText, printJson, readInputBytes, reportSkipped, warn } from '../io';
import { firstValues } from '../fileRecords';
import { nonFiniteMessage } from '../../core/metrics/accuracy';
import { bitsFileCases, parseBitsFile } from '../../core/formats/bitsFile';
import type { LineError } from '../../core/formats/lineError';
import { exportLmEvalTask } from '../../core/formats/lmEvalExport';
import { isLogSamples, SCHEMA_SAMPLE } from '../../core/formats/published';
import { comparisonToCsv, metricsToCsv } from '../../core/formats/metricsExport';
import { compareRuns, type RunComparison } from '../../core/metrics/compare';
import { taskMetrics } from '../../core/metrics/taskMetrics';
import { DEFAULT_MU } from '../../core/scoring/types';
import type { ScoredItem, TaskMetrics, TaskMetricsOptions } from '../../core/metrics/types';
import { parseSpace, requireSomeRecords, summaryText } from './taskOutput';
import { commandFlags, dtypeList, usageText } from '../flags';
import { loadTaskSet, scoreTaskSet } from './taskScoring';

const FLAGS = commandFlags({
  shared: ['model', 'dtype', 'items', 'delimiter', 'mu', 'space', 'json', 'csv', 'strict'],
  own: {
    bits: {
      type: 'string',
      value: 'FILE',
      multiple: true,
      help: 'per-item token scores: a JSON list (or JSONL) of items, each [[bits, bytes], ...]\nor {"tokens": [[bits, bytes], ...], "leading_space": true, "id", "subject", "text",\n"choices": [{"text", "logprob"}], "gold"}; also {"items": [...]} and the\nreference-vector file {"cases": [...]} (pick one with --case NAME)',
    },
    case: { type: 'string', value: 'NAME', help: 'the case of a reference-vector --bits file', needs: ['bits'] },
    sample: { type: 'string', value: 'NAME', help: 'a built-in task: stories-cloze, stories-choice, stories-choice-letters' },
    limit: { type: 'number', value: 'N', range: { integer: true, min: 1 }, help: 'score only the first N items', needs: ['model'] },
    'export-lm-eval': { type: 'string', value: 'DIR', help: 'write the items as an lm-eval-harness task (DIR/<name>.yaml + DIR/<name>.jsonl)' },
  },
  // Where the choices are already scored (--bits) there is nothing to put between context and choice.
  needs: { delimiter: ['items', 'sample'] },
});

const USAGE = usageText(
  FLAGS,
  `lengthlens task: task-level metrics (accuracies, BPB family, alpha/beta, R(k), PriorBPB, quintiles)

  lengthlens task --bits FILE [--case NAME] [options]
  lengthlens task --model M (--items FILE | --sample NAME) [--dtype D] [--delimiter S] [--limit N] [options]

  lengthlens task (--items FILE | --sample NAME) --export-lm-eval DIR
                 write the items as an lm-eval-harness task (DIR/<name>.yaml + DIR/<name>.jsonl)

  Compare runs: repeat --bits, or --model and/or --dtype (every model under every dtype); the
  output is then {runs: [...], comparison: {metrics, alpha_beta, acc_vs_acc_norm}}.

${FLAGS.lines(
  [
    'bits',
    ['model', 'a model folder or hub id; scores every choice of every item (CPU)'],
    ['items', 'items: context + gold, or context + choices + label, as JSONL, JSON, CSV, TSV,\nParquet or gzip of any; a published benchmark\'s own file is read by its schema'],
    'sample',
    ['delimiter', 'put between context and each choice (default: "" for files, the sample\'s own)'],
    'limit',
    ['dtype', 'fp32 (default), fp16, q8, q4, q4f16'],
    'mu',
    'space',
    ['json', 'print every metric as JSON (default: a summary table)'],
    'csv',
    ['strict', 'a bad line (or item) is an error (default: skipped, counted on stderr, listed in\ninput_errors)'],
  ],
  { column: 17, values: true },
)}

  NaN or +inf log-likelihoods are counted and decided as lm-eval-harness decides them (np.argmax:
  the first NaN choice is the prediction); a warning on stderr says how many.`,
);

export interface TaskOutput extends TaskMetrics {
  source: string;
  model?: string;
  dtype?: string;
  input_errors: LineError[];
}

export type RunOutput = TaskOutput & { label: string };

/** The comparison as a terminal table: one column per run, then the changes and the readings. */
function comparisonText(c: RunComparison): string {
  const width = Math.max(...c.metrics.map((m) => m.metric.length));
  const cell = (v: number) => (Number.isNaN(v) ? 'n/a' : Number.isInteger(v) ? String(v) : v.toPrecision(5)).padStart(12);
  const lines = [`${''.padEnd(width)}  ${c.labels.map((l) => l.slice(-12).padStart(12)).join('')}`];
  for (const m of c.metrics) lines.push(`${m.metric.padEnd(width)}  ${m.values.map(cell).join('')}`);
  lines.push('');
  for (const ab of c.alpha_beta) lines.push(`${ab.label}: alpha ${cell(ab.alpha).trim()} bits per answer, beta ${cell(ab.beta).trim()} bits per byte`);
  for (const r of c.acc_vs_acc_norm) lines.push(`${r.label} vs ${c.labels[0]}: ${r.reading}`);
  return lines.join('\n') + '\n';
}

/** The CLI's JSON: every TaskMetrics key at the top level, plus where the items came from. */
export function taskOutput(source: string, items: ScoredItem[], errors: LineError[], opts: Partial<TaskMetricsOptions>): TaskOutput {
  return { source, ...taskMetrics(items, opts), input_errors: errors };
}

async function fromBits(file: string, caseName: string | undefined) {
  const bytes = await readInputBytes(file);
  const text = inputText(file, bytes);
  if (isLogSamples(await firstValues(bytes, path.basename(file), SCHEMA_SAMPLE)))
    throw new InputError(
      `${file} is an lm-eval-harness --log_samples file, which holds one summed log-likelihood per choice and no per-token bits: ` +
        `read it with lengthlens harness ${file} (add --model M to rescore the documents for R(k) and PriorBPB)`,
    );
  if (caseName !== undefined && !bitsFileCases(text).includes(caseName))
    throw new UsageError(`${file}: no case "${caseName}" (cases: ${bitsFileCases(text).join(', ') || 'none'})`);
  try {
    return parseBitsFile(text, caseName);
  } catch (err) {
    throw new InputError(`${file}: ${(err as Error).message}`);
  }
}

export const command: Command = {
  summary: 'task metrics: accuracies, BPB, alpha/beta, R(k), PriorBPB, length quintiles',
  usage: USAGE,
  flags: FLAGS.specs,
  async run(argv) {
    const { values } = FLAGS.parse(argv);
    const strict = values.strict ?? false;
    const opts = { mu: values.mu, space: parseSpace(values.space) };
    if (values['export-lm-eval'] !== undefined) {
      if (values.bits !== undefined || values.model !== undefined) throw new UsageError('--export-lm-eval takes --items or --sample, not --bits or --model');
      const { set, errors, unit } = await loadTaskSet(values.items, values.sample, values.delimiter);
      reportSkipped(values.items ?? set.name, errors, unit, strict);
      const dir = values['export-lm-eval'];
      const files = exportLmEvalTask(set.name === values.items ? { ...set, name: path.basename(values.items!).replace(/\.gz$/i, '').replace(/\.[^.]*$/, '') } : set);
      try {
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, files.yamlName), files.yaml);
        fs.writeFileSync(path.join(dir, files.jsonlName), files.jsonl);
      } catch (err) {
        throw new InputError(`cannot write to ${dir}: ${(err as Error).message}`);
      }
      printJson({ yaml: path.join(dir, files.yamlName), jsonl: path.join(dir, files.jsonlName), items: set.items.length, input_errors: errors });
      return 0;
    }
    const runs: RunOutput[] = [];
    // What input_errors' numbers count: JSONL and CSV lines, or the elements of a JSON array (--bits or --items).
    let errorUnit = 'line';
    if (values.bits !== undefined) {
      if (values.model !== undefined || values.items !== undefined || values.sample !== undefined)
        throw new UsageError('--bits cannot be combined with --model, --items or --sample');
      for (const file of values.bits) {
        const { records, errors, unit } = await fromBits(file, values.case);
        requireSomeRecords(file, records.length, errors, unit);
        reportSkipped(file, errors, unit, strict);
        errorUnit = unit;
        runs.push({ label: file, ...taskOutput(file, records, errors, opts) });
      }
    } else if (values.model !== undefined) {
      const dtypes = dtypeList(values.dtype);
      const loaded = await loadTaskSet(values.items, values.sample, values.delimiter);
      const errors = loaded.errors;
      reportSkipped(values.items ?? loaded.set.name, errors, loaded.unit, strict);
      errorUnit = loaded.unit;
      // A copy: the built-in samples are shared objects, and --limit must not shorten them.
      const limit = values.limit ?? Infinity;
      const set = { ...loaded.set, items: loaded.set.items.slice(0, limit) };
      for (const model of values.model) {
        for (const dtype of dtypes) {
          const progress = process.stderr.isTTY
            ? (done: number, total: number) =>
                process.stderr.write(`\r${model} ${dtype}: scored ${done}/${total}${done === total ? '\n' : ''}`)
            : undefined;
          const items = await scoreTaskSet(set, model, dtype, opts.mu, progress);
          const label = values.model.length > 1 ? (dtypes.length > 1 ? `${model} ${dtype}` : model) : dtype;
          runs.push({ label, ...taskOutput(values.sample ?? set.name, items, errors, opts), model, dtype });
        }
      }
    } else {
      throw new UsageError('give --bits FILE, or --model M with --items FILE or --sample NAME (see --help)');
    }
    for (const r of runs) {
      const n = r.accuracies.non_finite;
      if (n) warn(`${runs.length > 1 ? `${r.label}: ` : ''}${nonFiniteMessage(n, 'item')}`);
    }
    if (runs.length === 1) {
      const { label: _label, ...out } = runs[0];
      if (values.csv) process.stdout.write(metricsToCsv(out));
      else if (values.json) printJson(out);
      else process.stdout.write(summaryText(`Task metrics: ${out.source} (mu ${opts.mu}, space ${opts.space})`, out, out.input_errors, errorUnit));
      return 0;
    }
    const comparison = compareRuns(runs.map((r) => ({ label: r.label, metrics: r })));
    if (values.csv) process.stdout.write(comparisonToCsv(comparison));
    else if (values.json) printJson({ runs, comparison });
    else process.stdout.write(comparisonText(comparison));
    return 0;
  },
};
