// Turning a built-in sample, an items file or an lm-eval-harness log_samples file into the task the
// lab holds. Bad lines are kept as line-numbered errors; the good lines load.
import { detectItemsFormat, parseItems } from '../core/formats/items';
import { logSampleToItem, parseLogSamples } from '../core/formats/logSamples';
import { sampleTask } from '../core/tasks/samples';
import type { TaskItem, TaskSet } from '../core/tasks/types';
import type { PersistedTask } from './taskTypes';

/** How the string scored after the context is formed for items from a file. */
export type DelimiterChoice = 'auto' | 'space' | 'none';

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

/** A file whose first record looks like an lm-eval-harness log_samples line. */
export function looksLikeLogSamples(text: string): boolean {
  const first = text.replace(/^\uFEFF/, '').split(/\r?\n/).find((l) => l.trim() !== '');
  if (!first || !first.trimStart().startsWith('{')) return false;
  return /"doc_id"\s*:/.test(first) && /"arguments"\s*:/.test(first);
}

function baseName(fileName: string): string {
  return fileName.replace(/^.*[\\/]/, '').replace(/\.(jsonl|ndjson|json|csv)$/i, '') || 'task';
}

export function taskFromSample(name: string): PersistedTask {
  const set = sampleTask(name);
  if (!set) throw new Error(`no built-in task named "${name}"`);
  return { key: taskKeyOf(set), kind: 'sample', set, errors: [], warnings: [], savedAt: Date.now() };
}

/** Reads an items file (JSONL or CSV) or a log_samples file. Throws only when nothing at all loads. */
export function taskFromFile(text: string, fileName: string, delimiter: DelimiterChoice = 'auto'): PersistedTask {
  if (looksLikeLogSamples(text)) return taskFromLogSamples(text, fileName);
  const parsed = parseItems(text, detectItemsFormat(text, fileName));
  const targetDelimiter = resolveDelimiter(parsed.records, delimiter);
  const set: TaskSet = { name: baseName(fileName), targetDelimiter, items: parsed.records };
  const warnings: string[] = [];
  if (parsed.records.length > 0 && delimiter === 'auto')
    warnings.push(
      targetDelimiter === ''
        ? 'The answers already carry their leading space (or the contexts end with one), so nothing is put between context and answer.'
        : 'A space is put between each context and its answer (lm-eval-harness target_delimiter " ").',
    );
  return { key: taskKeyOf(set), kind: 'items', fileName, set, errors: parsed.errors, warnings, savedAt: Date.now() };
}

/** A log_samples file: the logged scores become a run of their own; the items are kept for export. */
export function taskFromLogSamples(text: string, fileName: string): PersistedTask {
  const parsed = parseLogSamples(text);
  const items: TaskItem[] = parsed.records.map((s) => ({
    id: s.docId,
    subject: s.subject,
    context: '',
    choices: s.choices,
    gold: s.gold,
  }));
  const set: TaskSet = { name: baseName(fileName), targetDelimiter: ' ', items };
  const warnings: string[] = [];
  const mismatch = parsed.records.filter((s) => s.delimiterMismatch.length > 0).length;
  if (mismatch > 0) warnings.push(`${mismatch} document(s) have a continuation that does not start with " "; those were used as logged.`);
  if (parsed.records.length > 0)
    warnings.push('Logged scores carry no per-token bits: accuracies, the BPB family and length quintiles are shown; R(k) and PriorBPB need a rescore.');
  return {
    key: 'log:' + contentKey(text),
    kind: 'log_samples',
    fileName,
    set,
    errors: parsed.errors,
    warnings,
    logged: parsed.records.map(logSampleToItem),
    savedAt: Date.now(),
  };
}
