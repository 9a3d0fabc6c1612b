// The files `lengthlens check` reads, as one stream of items: any format of the registry
// (JSONL, JSON, CSV/TSV, Parquet, gzip of one; core/formats/registry.ts), in any schema of the
// table (core/formats/schemas.ts) or through the user's field mapping. The file's kind (an
// lm-eval --log_samples log, items, preference pairs) is decided from its first records, not its
// first line. JSONL streams (flat memory). Bad records are collected as everywhere else (SPEC §6);
// the good ones still load.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { InputError, UsageError } from '../errors';
import { readTextFile } from '../io';
import { readFailed } from '../fileRecords';
import { firstOfId, parseItems, type ItemsErrorUnit } from '../../core/formats/items';
import type { LineError } from '../../core/formats/lineError';
import { logSampleToItem, parseLogSample, type LogSample } from '../../core/formats/logSamples';
import { openRecords, type FormatId, type RawRecord } from '../../core/formats/registry';
import { detectSchema, mappingSchema, parseLabels, SCHEMAS, schemaById, type FieldMapping, type FieldsText, type PreferencePair, type SchemaSpec } from '../../core/formats/schemas';
import { mappingFromTexts } from '../../core/formats/userMapping';
import type { SchemaInfo } from '../../core/formats/published';
import { getPath, parsePath } from '../../core/formats/fieldPath';
import type { TaskItem } from '../../core/tasks/types';
import type { ScoredItem } from '../../core/metrics/types';
import { checkItemFromLog, checkItemFromTask } from '../../core/check/adapters';
import type { CheckItem } from '../../core/check/answerStrings';
import { taskSchema } from '../../core/formats/lmEvalTask';
import { loadTaskYaml, pythonText, taskYamlReport, type TaskYamlReport } from './checkTask';

export type CheckFileKind = 'items' | 'log_samples' | 'pairs';

/** One item of the file: as checked, as the engine would score it, and (logs) as logged. */
export interface SourceItem {
  check: CheckItem;
  /** Context and choices (raw: the acc_norm denominators) and gold, for rescoring with a model. */
  task: TaskItem;
  /** The string scored after the context for each choice. */
  candidates: string[];
  logged?: ScoredItem;
  /** A preference pair (a pairs file): checked as a pair, not as a multiple-choice item. */
  pair?: PreferencePair;
  /** The log's document (its own per-document metric values, compared with the recomputation). */
  sample?: LogSample;
}

/** Which schema a file was read with and how each field was mapped (printed in the report), and the labels file. */
export interface SchemaReport extends SchemaInfo {
  labels?: { file: string; base: 0 | 1; how: string; count: number };
  /** --task: the lm-eval-harness task YAML, its templates and settings, and whether they were applied. */
  task?: TaskYamlReport;
}

export interface CheckSource {
  kind: CheckFileKind;
  unit: ItemsErrorUnit;
  /** Filled while `items` is read. */
  errors: LineError[];
  /** loglikelihood_rolling (perplexity) documents, which have no answers to check. */
  rolling: { count: number };
  items: AsyncGenerator<SourceItem>;
  schema: SchemaReport;
  /** Filled while `items` is read: what the report should say about the reading. */
  notes: string[];
}

/** What the command line says about reading the file (every field optional). */
export interface SourceOptions {
  delimiter?: string;
  /** A schema id from the table (skips detection). */
  schema?: string;
  /** --context/--choices/--gold/--id/--subset: a mapping of the user's own. */
  mapping?: Partial<Record<'context' | 'choices' | 'gold' | 'id' | 'subset', string>>;
  /** --by FIELD: the subset of each item (a field path), over the schema's own. */
  by?: string;
  labels?: string;
  labelsBase?: 0 | 1;
  /** --task FILE.yaml: an lm-eval-harness task YAML applied to each record. */
  task?: string;
  /** Names the subset of every item (a task's name in a run folder), unless --by names another. */
  subset?: string;
}

/** How many records decide the schema. */
const SAMPLE = 50;

function fromTask(item: TaskItem, delimiter: string): SourceItem {
  return { check: checkItemFromTask(item, delimiter), task: item, candidates: item.choices.map((c) => delimiter + c) };
}

function fromLog(s: LogSample, subset?: string): SourceItem {
  const task: TaskItem = { id: s.docId, subject: subset ?? s.subject, context: s.context, choices: [...s.choices], gold: s.gold, ...(s.contexts ? { choiceContexts: [...s.contexts] } : {}) };
  return { check: checkItemFromLog(s), task, candidates: [...s.continuations], logged: logSampleToItem(s), sample: s };
}

/** The user's mapping from the flags: --context and --choices are comma-separated lists of paths. */
export function mappingFromFlags(m: NonNullable<SourceOptions['mapping']>): FieldMapping {
  if (m.choices === undefined) throw new UsageError('a field mapping needs --choices (and usually --context and --gold)');
  try {
    return mappingFromTexts(m);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

async function* fileChunks(file: string): AsyncGenerator<Uint8Array> {
  for await (const c of createReadStream(file) as AsyncIterable<Buffer>) yield c;
}

/** Opens FILE; `opts.delimiter` is put before each choice of an items file ("" by default) and is a log's target_delimiter (" " by default). */
export async function openCheckSource(file: string, opts: SourceOptions = {}): Promise<CheckSource> {
  try {
    const st = await stat(file);
    if (st.isDirectory()) throw new InputError(`expected a file, got a folder: ${file}`);
  } catch (err) {
    if (err instanceof InputError) throw err;
    await readTextFile(file); // words every other failure (not found, unreadable) the one way
  }
  let opened;
  try {
    opened = await openRecords(fileChunks(file), path.basename(file));
  } catch (err) {
    throw new InputError(`${file}: ${(err as Error).message}`);
  }
  const { format, records, gzip } = opened;
  const errors = opened.errors;
  const failed = (err: unknown): Promise<never> => readFailed(file, gzip, err);
  // The first records decide the schema; they are read again from `head`.
  const head: RawRecord[] = [];
  try {
    for (let r = await records.next(); !r.done; r = await records.next()) {
      head.push(r.value);
      if (head.length >= SAMPLE) break;
    }
  } catch (err) {
    await failed(err);
  }
  if (head.length === 0 && errors.length === 0) throw new InputError(`${file}: no items`);

  let schema: SchemaSpec;
  let how = '';
  let taskSpec: SchemaSpec | undefined;
  const notes: string[] = [];
  // --task: the harness's templates, unless they need Python; then the file is read as without it, and the report says so.
  const task = opts.task !== undefined ? await loadTaskYaml(opts.task) : undefined;
  const taskReport = task ? taskYamlReport(task) : undefined;
  const goldNotAChoice = { count: 0, first: '' };
  if (task && taskReport?.applied) {
    taskSpec = taskSchema(task, path.basename(opts.task!), (n, value) => {
      if (goldNotAChoice.count++ === 0) goldNotAChoice.first = `record ${n}: ${JSON.stringify(value)}`;
    });
    how = `read through the task YAML (its templates applied to each record as lm-eval-harness applies them, zero-shot${taskReport.includes.length ? `; settings from ${taskReport.includes.map((f) => path.basename(f)).join(', ')} included` : ''})`;
    if (opts.delimiter !== undefined) taskSpec.fields.choices = taskSpec.fields.choices.replace(/^"[^"]*" \(target_delimiter\)/, `${JSON.stringify(opts.delimiter)} (--delimiter, over the task's target_delimiter ${JSON.stringify(task.targetDelimiter)})`);
    if (task.info.gen_prefix !== undefined) notes.push(`the task YAML sets gen_prefix ${JSON.stringify(task.info.gen_prefix)}, which the check does not put after the context: where the context meets each choice may differ from what the harness scores`);
    const shots = Number(task.info.num_fewshot ?? 0);
    if (shots > 0)
      notes.push(`the task YAML sets num_fewshot ${shots}: the check builds each context zero-shot (description + doc_to_text); the few-shot examples the harness puts before it change neither the choices nor how the context ends (a --model run scores the zero-shot context)`);
  } else if (task) {
    const fallback = `the raw records, as without --task (the schema detected from them)`;
    taskReport!.fallback = fallback;
    const line = `the task YAML needs Python (${pythonText(task)}), which lengthlens cannot run: its templates are not applied; the check reads ${fallback}, so the strings may differ from those the harness scores`;
    notes.push(line);
  }
  const mapping = opts.mapping && Object.values(opts.mapping).some((v) => v !== undefined) ? mappingFromFlags(opts.mapping) : undefined;
  if (taskSpec) schema = taskSpec;
  else if (mapping) {
    schema = mappingSchema(mapping);
    how = 'your mapping (--context, --choices, --gold, --id, --subset)';
  } else if (opts.schema !== undefined) {
    const s = schemaById(opts.schema);
    if (!s) throw new UsageError(`--schema ${opts.schema}: unknown; one of ${SCHEMAS.map((x) => x.id).join(', ')}`);
    schema = s;
    how = 'given (--schema)';
  } else {
    const guess = detectSchema(head.map((r) => r.value));
    if ('ambiguous' in guess)
      throw new InputError(
        `${file}: ambiguous: its first records fit ${guess.ambiguous.map((s) => `${s.id} (${s.name})`).join(' and ')} equally (${guess.matched} of ${guess.of}); give --schema ID, or map the fields with --context, --choices and --gold`,
      );
    if ('none' in guess) {
      // Nothing recognised: read as lengthlens items, so each record says what it lacks.
      schema = schemaById('lengthlens')!;
      how = `no recognised schema fits any of the first ${guess.of} records: read as lengthlens items`;
    } else {
      schema = guess.schema;
      how = `detected (${guess.matched} of the first ${guess.of} records fit)`;
    }
  }
  if (task && !taskReport!.applied) how = `${how}; not through the task YAML: ${pythonText(task)} is Python`;
  const report: SchemaReport = { id: schema.id, name: schema.name, format: format.id, gzip, how, fields: { ...schema.fields }, ...(taskReport ? { task: taskReport } : {}) };
  const byPath = opts.by !== undefined ? parsePath(opts.by) : undefined;
  if (opts.by !== undefined) report.fields.subset = `${opts.by} (--by)`;
  else if (opts.subset !== undefined) report.fields.subset = `the task (${opts.subset})`;
  const rolling = { count: 0 };

  // lengthlens's own CSV keeps its reader (its header errors and choice columns).
  if (schema.id === 'lengthlens' && (format.id === 'csv' || format.id === 'tsv') && !gzip) {
    await records.return(undefined);
    const text = await readTextFile(file);
    const parsed = parseItems(text, 'csv');
    const d = opts.delimiter ?? '';
    return {
      kind: 'items',
      unit: parsed.unit,
      errors: parsed.errors,
      rolling,
      schema: report,
      notes,
      items: (async function* () {
        for (const item of parsed.records) yield fromTask(withSubset(item, undefined, byPath, opts.subset), d);
      })(),
    };
  }

  let labels: number[] | undefined;
  if (opts.labels !== undefined) {
    const text = await readTextFile(opts.labels);
    const first = head.find((r) => {
      try {
        return schema.read(r.value, r.n, 0).items !== undefined;
      } catch {
        return false;
      }
    });
    const k = first ? schema.read(first.value, first.n, 0).items![0].choices.length : 0;
    if (!k) throw new InputError(`${file}: --labels needs items with choices; none of the first records has them`);
    try {
      const parsed = parseLabels(text, k, opts.labelsBase);
      labels = parsed.labels;
      report.labels = { file: opts.labels, base: parsed.base, how: parsed.how, count: labels.length };
      report.fields.gold = `line i of ${path.basename(opts.labels)} for record i, ${parsed.how}`;
    } catch (err) {
      throw new InputError(`${opts.labels}: ${(err as Error).message}`);
    }
  } else if (schema.labelsFile) notes.push(`${schema.name} ships its labels in a separate file: give --labels FILE, or the items without a gold label are left out of the gold checks`);

  const kind: CheckFileKind = schema.kind;
  const logDelimiter = opts.delimiter ?? ' ';
  const itemDelimiter = opts.delimiter ?? (task && taskReport?.applied ? task.targetDelimiter : '');
  const seen = new Set<string>();
  async function* all(): AsyncGenerator<RawRecord> {
    yield* head;
    try {
      yield* records;
    } catch (err) {
      await failed(err);
    }
  }
  let ownErrors = 0;
  let ordinal = 0;
  async function* items(): AsyncGenerator<SourceItem> {
    for await (const r of all()) {
      // The record's place in the file, bad records included: its line in a labels file.
      ordinal = ordinal + 1;
      const position = ordinal + (errors.length - ownErrors) - 1;
      try {
        if (kind === 'log_samples') {
          const s = parseLogSample(r.value, r.n, { targetDelimiter: logDelimiter });
          if (s.outputType === 'loglikelihood_rolling') {
            rolling.count++;
            continue;
          }
          yield fromLog(s, byPath ? subsetAt(r.value, byPath) : opts.subset);
          continue;
        }
        const gold = labels ? labels[position] : undefined;
        if (labels && gold === undefined) throw new Error(`no label for this record: the labels file has ${labels.length} lines`);
        const out = schema.read(r.value, r.n, gold);
        for (const p of out.pairs ?? []) {
          const sub = byPath ? subsetAt(r.value, byPath) : (opts.subset ?? p.subset);
          const pair = sub !== undefined ? { ...p, subset: sub } : p;
          const task: TaskItem = { id: p.id, ...(sub !== undefined ? { subject: sub } : {}), context: p.prompt, choices: [p.chosen, p.rejected], gold: 0 };
          yield { ...fromTask(task, itemDelimiter), pair };
        }
        for (const raw of out.items ?? []) {
          const item = withSubset(raw, r.value, byPath, opts.subset);
          firstOfId(seen, item.id);
          yield fromTask(item, itemDelimiter);
        }
      } catch (err) {
        ownErrors++;
        errors.push({ line: r.n, message: (err as Error).message });
      }
    }
    if (labels && labels.length !== ordinal + (errors.length - ownErrors))
      notes.push(`the labels file has ${labels.length} labels for ${ordinal + (errors.length - ownErrors)} records: check that it belongs to this file`);
    if (goldNotAChoice.count)
      notes.push(
        `doc_to_target gives a value that is not one of the choices for ${goldNotAChoice.count} record(s) (first: ${goldNotAChoice.first}): the harness scores such a document with gold -100 (every accuracy 0); the check counts it in n_no_gold`,
      );
    errors.sort((a, b) => a.line - b.line);
  }
  const unit: ItemsErrorUnit = format.unit === 'line' ? 'line' : 'item';
  return { kind, unit, errors, rolling, items: items(), schema: report, notes };
}

function subsetAt(record: unknown, by: ReturnType<typeof parsePath>): string | undefined {
  const v = getPath(record, by)[0];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
}

function withSubset(item: TaskItem, record: unknown, by: ReturnType<typeof parsePath> | undefined, subset: string | undefined): TaskItem {
  if (by) {
    const s = record === undefined ? undefined : subsetAt(record, by);
    const { subject: _s, ...rest } = item;
    return s !== undefined ? { ...rest, subject: s } : rest;
  }
  if (subset !== undefined) return { ...item, subject: subset };
  return item;
}
