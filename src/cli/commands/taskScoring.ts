// `lengthlens task --model`: score every item of a task with the engine (Node, CPU) and reduce
// the per-candidate scores to the task metrics' input.
import { openModelEngine } from '../modelEngine';
import { InputError, UsageError } from '../errors';
import { warn } from '../io';
import { readFileRecords } from '../fileRecords';
import { contextColumnError, itemsFromRecords, type ItemsErrorUnit } from '../../core/formats/items';
import type { LineError } from '../../core/formats/lineError';
import { isLogSamples, itemsOfRecords, SCHEMA_SAMPLE } from '../../core/formats/published';
import type { RawRecord } from '../../core/formats/registry';
import { detectSchema, type SchemaSpec } from '../../core/formats/schemas';
import { scoredItemFromCandidates } from '../../core/metrics/fromCandidates';
import type { ScoredItem } from '../../core/metrics/types';
import { DEFAULT_SCORE_OPTIONS, type CandidateScore } from '../../core/scoring/types';
import { SAMPLE_TASKS, sampleTask } from '../../core/tasks/samples';
import { continuationOf, type TaskItem, type TaskSet } from '../../core/tasks/types';
import { streamScores, type Dtype } from '../../engine/nodeFace';

/**
 * A task from an items file in any format of the registry (strings scored as written unless a
 * delimiter is given) or a sample.
 */
export async function loadTaskSet(
  itemsFile: string | undefined,
  sample: string | undefined,
  delimiter: string | undefined,
): Promise<{ set: TaskSet; errors: LineError[]; unit: ItemsErrorUnit }> {
  if (itemsFile !== undefined && sample !== undefined) throw new UsageError('use either --items or --sample, not both');
  if (sample !== undefined) {
    const set = sampleTask(sample);
    if (!set) throw new UsageError(`no sample task "${sample}" (samples: ${SAMPLE_TASKS.map((t) => t.name).join(', ')})`);
    return { set: delimiter === undefined ? set : { ...set, targetDelimiter: delimiter }, errors: [], unit: 'line' };
  }
  if (itemsFile === undefined) throw new UsageError('--model needs --items FILE or --sample NAME');
  const file = await readFileRecords(itemsFile);
  if (isLogSamples(file.records.slice(0, SCHEMA_SAMPLE).map((r) => r.value)))
    throw new InputError(
      `${itemsFile} is an lm-eval-harness --log_samples file, not an items file: read its logged scores with lengthlens harness ${itemsFile} ` +
        '(add --model M to rescore its documents with a model)',
    );
  const { errors, unit } = file;
  const spec = publishedSchema(itemsFile, file.records);
  let records: TaskItem[];
  if (spec) {
    // A published benchmark's own layout (ARC, HellaSwag, …), read by its row of the schema table as check reads it.
    const read = itemsOfRecords(spec, file.records);
    errors.push(...read.errors);
    errors.sort((a, b) => a.line - b.line);
    records = read.items.filter((it) => !(Array.isArray(it.gold) && it.gold.length === 0));
    const noGold = read.items.length - records.length;
    if (noGold > 0) {
      const why = `${noGold} item(s) of ${itemsFile} (${spec.name}) have no gold label (a test split, or labels in a separate file: lengthlens check --labels FILE reads those)`;
      if (records.length === 0) throw new InputError(why);
      warn(`${why} and were left out`);
    }
  } else {
    // CSV and TSV rows gather their choices from their columns, under a header that names "context".
    const rows = file.format === 'csv' || file.format === 'tsv';
    const header = rows ? file.meta.header : undefined;
    const noContext = header && contextColumnError(header.names, header.line);
    if (noContext) errors.push(noContext);
    records = itemsFromRecords(file.records, rows, errors);
  }
  if (records.length === 0) {
    const e = errors[0];
    throw new InputError(e ? `${itemsFile}: ${unit} ${e.line}: ${e.message}` : `${itemsFile}: no items`);
  }
  return { set: { name: itemsFile, targetDelimiter: delimiter ?? '', items: records }, errors, unit };
}

/**
 * The schema of a published benchmark's file (items or preference pairs) when one row of the
 * table fits its first records outright; undefined for lengthlens items (also when they tie with
 * another row, read as before the table). A tie of other rows is an error naming them.
 */
function publishedSchema(file: string, records: readonly RawRecord[]): SchemaSpec | undefined {
  const guess = detectSchema(records.slice(0, SCHEMA_SAMPLE).map((r) => r.value));
  if ('ambiguous' in guess && !guess.ambiguous.some((s) => s.id === 'lengthlens'))
    throw new InputError(
      `${file}: ambiguous: its first records fit ${guess.ambiguous.map((s) => `${s.id} (${s.name})`).join(' and ')} equally; ` +
        'lengthlens check FILE --schema ID reads it with the one you name',
    );
  return 'schema' in guess && guess.schema.id !== 'lengthlens' && guess.schema.kind !== 'log_samples' ? guess.schema : undefined;
}

/** Scores each item's choices (targetDelimiter + choice) and returns the task metrics' input. */
export async function scoreTaskSet(
  set: TaskSet,
  model: string,
  dtype: Dtype,
  mu: number,
  onProgress?: (done: number, total: number) => void,
): Promise<ScoredItem[]> {
  const engine = await openModelEngine(model, dtype);
  try {
    const out: ScoredItem[] = [];
    const cut: string[] = [];
    const options = { ...DEFAULT_SCORE_OPTIONS, mu, topK: 0 };
    // An item whose choices carry their own contexts is one request per choice, joined again below.
    const requests = set.items.flatMap((item) =>
      item.choiceContexts
        ? item.choices.map((_, i) => ({ item, context: item.choiceContexts![i], candidates: [continuationOf(set, item, i)] }))
        : [{ item, context: item.context, candidates: item.choices.map((_, i) => continuationOf(set, item, i)) }],
    );
    // One request per engine call, as `score --items`: requests scored together share padded
    // passes, which moves fp32 log-probs slightly, and a number must not depend on what else was scored.
    let pending: CandidateScore[] = [];
    for await (const { item, result } of streamScores(engine, requests, { options, chunkSize: 1, stats: 'logprob' })) {
      if (result.warnings.some((w) => w.code === 'context_truncated') && cut.at(-1) !== item.item.id) cut.push(item.item.id);
      pending.push(...result.candidates);
      if (pending.length < item.item.choices.length) continue;
      out.push(scoredItemFromCandidates(item.item, pending));
      pending = [];
      onProgress?.(out.length, set.items.length);
    }
    if (cut.length > 0)
      warn(
        `${cut.length} item(s) have a context longer than the model's window of ${engine.current()?.info.maxLength ?? '?'} tokens (first: ${cut[0]}); ` +
          'only its last tokens were used (cut from the left, as lm-eval-harness does)',
      );
    return out;
  } finally {
    await engine.unload();
  }
}
