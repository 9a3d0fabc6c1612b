// The files `lengthlens check` reads, as one stream of items: an lm-eval --log_samples JSONL or an
// items JSONL is read line by line (flat memory); an items CSV or one JSON array is parsed whole.
// Bad lines are collected as everywhere else (SPEC §6); the good ones still load.
import { InputError } from '../errors';
import { readTextFile } from '../io';
import { readLines, type FileLine } from '../lines';
import { detectItemsFormat, itemFromRecord, parseItems, type ItemsErrorUnit } from '../../core/formats/items';
import { isRecord, type LineError } from '../../core/formats/lineError';
import { logSampleToItem, parseLogSample, type LogSample } from '../../core/formats/logSamples';
import { parseTolerantJson } from '../../core/formats/tolerantJson';
import { rejectLoneSurrogates } from '../../core/formats/utf8';
import type { TaskItem } from '../../core/tasks/types';
import type { ScoredItem } from '../../core/metrics/types';
import { checkItemFromLog, checkItemFromTask } from '../../core/check/adapters';
import type { CheckItem } from '../../core/check/answerStrings';

export type CheckFileKind = 'items' | 'log_samples';

/** One item of the file: as checked, as the engine would score it, and (logs) as logged. */
export interface SourceItem {
  check: CheckItem;
  /** Context and choices (raw: the acc_norm denominators) and gold, for rescoring with a model. */
  task: TaskItem;
  /** The string scored after the context for each choice. */
  candidates: string[];
  logged?: ScoredItem;
  /** The log's document (its own per-document metric values, compared with the recomputation). */
  sample?: LogSample;
}

export interface CheckSource {
  kind: CheckFileKind;
  unit: ItemsErrorUnit;
  /** Filled while `items` is read. */
  errors: LineError[];
  /** loglikelihood_rolling (perplexity) documents, which have no answers to check. */
  rolling: { count: number };
  items: AsyncGenerator<SourceItem>;
}

/** One JSONL line as parseJsonLines reads it (bare NaN/Infinity allowed, lone surrogates rejected). */
function parseLine(l: FileLine, errors: LineError[]): unknown {
  let value: unknown;
  try {
    value = parseTolerantJson(l.text);
  } catch (err) {
    errors.push({ line: l.line, message: `not valid JSON (${(err as Error).message})` });
    return undefined;
  }
  try {
    rejectLoneSurrogates(value);
    return value;
  } catch (err) {
    errors.push({ line: l.line, message: (err as Error).message });
    return undefined;
  }
}

/** A log_samples record carries the requests it scored (`arguments`); an items record does not. */
function looksLikeLog(text: string): boolean {
  try {
    const v = parseTolerantJson(text);
    return isRecord(v) && 'arguments' in v;
  } catch {
    return /"arguments"\s*:/.test(text);
  }
}

function fromTask(item: TaskItem, delimiter: string): SourceItem {
  return { check: checkItemFromTask(item, delimiter), task: item, candidates: item.choices.map((c) => delimiter + c) };
}

function fromLog(s: LogSample): SourceItem {
  return {
    check: checkItemFromLog(s),
    task: { id: s.docId, subject: s.subject, context: s.context, choices: [...s.choices], gold: s.gold },
    candidates: [...s.continuations],
    logged: logSampleToItem(s),
    sample: s,
  };
}

/** Opens FILE; `delimiter` is put before each choice of an items file ("" by default) and is a log's target_delimiter (" " by default). */
export async function openCheckSource(file: string, delimiter: string | undefined): Promise<CheckSource> {
  const lines = readLines(file);
  const head: FileLine[] = [];
  let first: FileLine | undefined;
  // next() by hand: a for-await loop's break would close the generator.
  for (let r = await lines.next(); !r.done; r = await lines.next()) {
    head.push(r.value);
    if (r.value.text.trim() !== '') {
      first = r.value;
      break;
    }
  }
  if (!first) throw new InputError(`${file}: no items`);
  const errors: LineError[] = [];
  const rolling = { count: 0 };
  const lead = first.text.trimStart();
  // A CSV file, or one JSON array (a .json file), is parsed whole, as the Task lab parses it.
  if (/\.csv$/i.test(file) || !lead.startsWith('{')) {
    await lines.return(undefined);
    const text = await readTextFile(file);
    const parsed = parseItems(text, detectItemsFormat(text, file));
    errors.push(...parsed.errors);
    const d = delimiter ?? '';
    return {
      kind: 'items',
      unit: parsed.unit,
      errors,
      rolling,
      items: (async function* () {
        for (const item of parsed.records) yield fromTask(item, d);
      })(),
    };
  }
  const kind: CheckFileKind = looksLikeLog(first.text) ? 'log_samples' : 'items';
  const logDelimiter = delimiter ?? ' ';
  const itemDelimiter = delimiter ?? '';
  const seen = new Set<string>();
  async function* all(): AsyncGenerator<FileLine> {
    yield* head;
    yield* lines;
  }
  async function* items(): AsyncGenerator<SourceItem> {
    for await (const l of all()) {
      if (l.text.trim() === '') continue;
      const value = parseLine(l, errors);
      if (value === undefined) continue;
      try {
        if (kind === 'log_samples') {
          const s = parseLogSample(value, l.line, { targetDelimiter: logDelimiter });
          if (s.outputType === 'loglikelihood_rolling') {
            rolling.count++;
            continue;
          }
          yield fromLog(s);
        } else {
          if (!isRecord(value)) throw new Error('not a JSON object');
          const item = itemFromRecord(value, String(l.line));
          if (seen.has(item.id)) throw new Error(`duplicate id "${item.id}" (the first one is kept)`);
          seen.add(item.id);
          yield fromTask(item, itemDelimiter);
        }
      } catch (err) {
        errors.push({ line: l.line, message: (err as Error).message });
      }
    }
  }
  return { kind, unit: 'line', errors, rolling, items: items() };
}
