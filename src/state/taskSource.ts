// Turning a built-in sample, an items file or an lm-eval-harness log_samples file into the task the
// lab holds. Bad lines are kept as line-numbered errors; the good lines load.
import { detectItemsFormat, parseItems } from '../core/formats/items';
import { logSampleToItem, logSamplesToTaskSet, parseLogSamples } from '../core/formats/logSamples';
import { sampleTask } from '../core/tasks/samples';
import { MappingNeeded, mappingRequest, readPublished, type ReadWith } from '../core/formats/published';
import type { FormatId } from '../core/formats/registry';
import { parseTolerantJson } from '../core/formats/tolerantJson';
import { decodeUtf8 } from '../core/formats/utf8';
import type { TaskItem, TaskSet } from '../core/tasks/types';
import type { PersistedTask } from './taskTypes';

/**
 * What goes between context and answer for items from a file: `none` scores the strings as
 * written (the default, as `lengthlens task --items`), `space` is lm-eval's target_delimiter " ".
 */
export type DelimiterChoice = 'none' | 'space' | 'auto';

/** Two FNV-1a passes with different seeds: a 64-bit content key, ample for telling tasks apart. */
export function contentKey(text: string): string {
  const pass = (seed: number) => {
    let h = seed >>> 0;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(16).padStart(8, '0');
  };
  return pass(0x811c9dc5) + pass(0x01234567);
}

export function taskKeyOf(set: TaskSet): string {
  return contentKey(JSON.stringify([set.targetDelimiter, set.items]));
}

/**
 * lm-eval puts target_delimiter " " between context and choice. When every item already has the
 * space (answers start with whitespace, or contexts end with it) a second one would be wrong, so
 * `auto` uses "" there and " " otherwise.
 */
export function resolveDelimiter(items: readonly TaskItem[], choice: DelimiterChoice): string {
  if (choice === 'space') return ' ';
  if (choice === 'none') return '';
  if (items.length === 0) return ' ';
  const spaced = items.every((it) => /\s$/.test(it.context) || it.choices.every((c) => /^\s/.test(c)));
  return spaced ? '' : ' ';
}


function baseName(fileName: string): string {
  return fileName.replace(/^.*[\\/]/, '').replace(/\.gz$/i, '').replace(/\.(jsonl|ndjson|json|csv|tsv|parquet)$/i, '') || 'task';
}

export function taskFromSample(name: string): PersistedTask {
  const set = sampleTask(name);
  if (!set) throw new Error(`no built-in task named "${name}"`);
  return { key: taskKeyOf(set), kind: 'sample', set, errors: [], warnings: [], savedAt: Date.now() };
}

/**
 * Reads a lengthlens items file's text (JSONL, one JSON array, or CSV). Whether a file is items or a
 * log is decided before, from its records (taskFromBytes). Throws only when nothing at all loads.
 */
export function taskFromFile(text: string, fileName: string, delimiter: DelimiterChoice = 'none'): PersistedTask {
  const parsed = parseItems(text, detectItemsFormat(text, fileName));
  const targetDelimiter = resolveDelimiter(parsed.records, delimiter);
  const set: TaskSet = { name: baseName(fileName), targetDelimiter, items: parsed.records };
  const warnings: string[] = [];
  const bare = parsed.records.filter((it) => !/\s$/.test(it.context) && it.choices.some((c) => !/^\s/.test(c))).length;
  if (targetDelimiter === '' && bare > 0)
    warnings.push(
      `In ${bare} item(s) the answer follows the context with no space between them; choose "a space" to score them as lm-eval-harness does (target_delimiter " ").`,
    );
  return { key: taskKeyOf(set), kind: 'items', fileName, set, errors: parsed.errors, errorUnit: parsed.unit, warnings, savedAt: Date.now() };
}

/** A log_samples file: the logged scores become a run of their own; the items are kept for export. */
export function taskFromLogSamples(text: string, fileName: string): PersistedTask {
  const parsed = parseLogSamples(text);
  const samples = parsed.records.filter((s) => s.outputType !== 'loglikelihood_rolling');
  const set = logSamplesToTaskSet(samples, baseName(fileName));
  const warnings: string[] = [];
  const rolling = parsed.records.length - samples.length;
  if (rolling > 0) warnings.push(`${rolling} perplexity (loglikelihood_rolling) document(s) are left out: they have no answer to score.`);
  const mismatch = samples.filter((s) => s.delimiterMismatch.length > 0).length;
  if (mismatch > 0) warnings.push(`${mismatch} document(s) have a continuation that does not start with " "; the logged scores are used as they are.`);
  if (samples.length > 0)
    warnings.push('The logged scores carry no per-token bits: R(k) and PriorBPB appear once the documents are scored with a model here.');
  return {
    key: 'log:' + contentKey(text),
    kind: 'log_samples',
    fileName,
    set,
    errors: parsed.errors,
    warnings,
    logged: samples.map(logSampleToItem),
    savedAt: Date.now(),
  };
}

/** The formats whose lengthlens items parseItems reads from the text (its CSV header errors and choice columns); any other format's records are read by the schema row. */
const TEXT_ITEMS_FORMATS: readonly FormatId[] = ['jsonl', 'json', 'csv', 'tsv'];

/**
 * Reads a file's bytes in any format of the registry (JSONL, JSON, CSV/TSV, Parquet, gzip of one)
 * and any recognised benchmark schema; the task says which schema and how each field was mapped.
 * lengthlens's own items and lm-eval logs keep their readers; `given` (the mapping form's) is used
 * over detection. Throws MappingNeeded when two schemas fit equally, or when none fits and no
 * item could be read (the lab then opens its mapping form); throws when the file cannot be read.
 */
export async function taskFromBytes(bytes: Uint8Array, fileName: string, delimiter: DelimiterChoice = 'none', given: ReadWith = {}): Promise<PersistedTask> {
  const pub = await readPublished(bytes, fileName, given);
  const text = () => (pub.schema.gzip ? pub.records.map((r) => JSON.stringify(r.value)).join('\n') : decodeUtf8(bytes));
  const unmapped = async () => new MappingNeeded(await mappingRequest(bytes, fileName));
  if (pub.kind === 'log_samples') return { ...taskFromLogSamples(text(), fileName), schema: pub.schema };
  if (pub.schema.id === 'lengthlens' && !pub.schema.gzip && TEXT_ITEMS_FORMATS.includes(pub.schema.format)) {
    const own = { ...taskFromFile(text(), fileName, delimiter), schema: pub.schema };
    if (pub.unrecognised && own.set.items.length === 0) throw await unmapped();
    return own;
  }
  if (pub.unrecognised && pub.items.length === 0) throw await unmapped();
  // An item without a gold label cannot be scored here: it is left out, and said so.
  const items = pub.items.filter((it) => !(Array.isArray(it.gold) && it.gold.length === 0));
  const noGold = pub.items.length - items.length;
  const targetDelimiter = resolveDelimiter(items, delimiter);
  const set: TaskSet = { name: baseName(fileName), targetDelimiter, items };
  const warnings: string[] = [];
  if (pub.kind === 'pairs') warnings.push('Preference pairs: each pair is a two-choice item, the chosen answer first (gold); lengthlens check reports the pairs\u2019 own figures.');
  const errors = [...pub.errors];
  if (noGold > 0) {
    const why = `${noGold} item(s) have no gold label (a test split, or labels in a separate file: lengthlens check --labels FILE reads those) and were left out`;
    warnings.push(why + '.');
    if (items.length === 0) errors.push({ line: pub.records[0]?.n ?? 1, message: why });
  }
  return { key: taskKeyOf(set), kind: 'items', fileName, set, errors, errorUnit: pub.unit, warnings, schema: pub.schema, savedAt: Date.now() };
}
