// Task items from JSONL (or one JSON array) or CSV (SPEC §6): `context` + `gold`, or `context` + `choices` + `label`;
// optional `id`, `subject`. A bad line is reported with its number and reason; the rest load.
import type { TaskItem } from '../tasks/types';
import { forEachCsvRow } from './csvRecords';
import { isRecord, parseJsonLines, readEach, readNumbered, type LineError, type Parsed } from './lineError';
import { parseTolerantJson } from './tolerantJson';

export type ItemsFormat = 'jsonl' | 'csv';

/** Guesses the format from a file name, else from the first non-blank character. */
export function detectItemsFormat(text: string, fileName?: string): ItemsFormat {
  if (fileName && /\.csv$/i.test(fileName)) return 'csv';
  if (fileName && /\.(jsonl|ndjson|json)$/i.test(fileName)) return 'jsonl';
  return /^[{[]/.test(text.trimStart()) ? 'jsonl' : 'csv';
}

function label(raw: unknown, choices: string[]): number | number[] {
  if (Array.isArray(raw)) return raw.map((r) => label(r, choices) as number);
  if (typeof raw === 'number') {
    if (Number.isInteger(raw) && raw >= 0 && raw < choices.length) return raw;
    throw new Error(`label ${raw} is not a choice index (0 to ${choices.length - 1})`);
  }
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) throw new Error('"label" is missing');
  if (typeof raw !== 'string') throw new Error(`"label" is ${JSON.stringify(raw)}: give a choice index, a letter or one of the choices`);
  const s = raw.trim();
  if (/^\d+$/.test(s)) return label(Number(s), choices);
  if (/^\[.*\]$/.test(s)) {
    try {
      return label(JSON.parse(s) as unknown, choices);
    } catch {
      // not a JSON list; try it as a choice text
    }
  }
  const exact = choices.indexOf(raw);
  if (exact >= 0) return exact;
  if (/^[A-Z]$/.test(s) && s.charCodeAt(0) - 65 < choices.length) return s.charCodeAt(0) - 65;
  // Letters go up to Z: a 27th choice has no letter.
  throw new Error(`label "${raw}" is neither a choice index, a letter A-${String.fromCharCode(64 + Math.min(choices.length, 26))}, nor one of the choices`);
}

/** Validates one record (a JSON object or a CSV row) as a TaskItem. */
export function itemFromRecord(rec: Record<string, unknown>, fallbackId: string): TaskItem {
  const context = rec.context;
  if (typeof context !== 'string') throw new Error('"context" is missing or not a string');
  const idRaw = rec.id;
  const id = typeof idRaw === 'string' && idRaw !== '' ? idRaw : typeof idRaw === 'number' ? String(idRaw) : fallbackId;
  const subjectRaw = rec.subject;
  if (subjectRaw !== undefined && subjectRaw !== null && typeof subjectRaw !== 'string')
    throw new Error('"subject" must be a string');
  const subject = typeof subjectRaw === 'string' && subjectRaw !== '' ? subjectRaw : undefined;
  const hasChoices = rec.choices !== undefined && rec.choices !== null && rec.choices !== '';
  if (hasChoices) {
    const choices = rec.choices;
    if (!Array.isArray(choices) || choices.length < 2 || choices.some((c) => typeof c !== 'string'))
      throw new Error('"choices" must be a list of two or more strings');
    const raw = rec.label ?? rec.gold;
    return { id, subject, context, choices: choices as string[], gold: label(raw, choices as string[]) };
  }
  if (rec.gold !== undefined && rec.gold !== null) {
    if (typeof rec.gold !== 'string') throw new Error('"gold" must be a string (the answer text)');
    if (rec.gold === '') throw new Error('"gold" is empty');
    return { id, subject, context, choices: [rec.gold], gold: 0 };
  }
  throw new Error('needs "gold" (cloze) or "choices" and "label" (multiple choice)');
}

/** What an error's number counts: a line of JSONL or CSV, or an element of one JSON array. */
export type ItemsErrorUnit = 'line' | 'item';

/** A record with the number an error about it names (a line, an element, a row), as the format registry reads them. */
export interface NumberedRecord {
  n: number;
  value: unknown;
}

/** One JSON array of items (a .json file: bad items reported by their 1-based number), else JSONL. */
function jsonRecords(text: string): Parsed<NumberedRecord> & { unit: ItemsErrorUnit } {
  const numbered = (value: unknown, n: number) => ({ n, value });
  if (text.trimStart().startsWith('[')) {
    try {
      const list = parseTolerantJson(text);
      if (Array.isArray(list)) return { ...readEach(list, numbered), unit: 'item' };
    } catch {
      // not one JSON array: read it line by line
    }
  }
  return { ...parseJsonLines(text, numbered), unit: 'line' };
}

/** CSV choices: a JSON list in `choices`, or columns choice_0.. / choice1.. / A, B, C, D. */
function csvChoices(row: Record<string, string>): string[] | undefined {
  const cell = row.choices;
  if (cell !== undefined && cell.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(cell);
    } catch {
      throw new Error('"choices" must be a JSON list such as ["red", "blue"]');
    }
    if (!Array.isArray(parsed)) throw new Error('"choices" must be a JSON list such as ["red", "blue"]');
    return parsed as string[];
  }
  const numbered = Object.keys(row)
    .map((k) => ({ k, m: /^choices?[_ ]?(\d+)$/i.exec(k) }))
    .filter((x) => x.m && row[x.k] !== '')
    .sort((a, b) => Number(a.m![1]) - Number(b.m![1]));
  if (numbered.length >= 2) return numbered.map((x) => row[x.k]);
  // Letter columns A, B, C, … as far as they run (MMLU-Pro has ten: A-J).
  const letters: string[] = [];
  for (let c = 65; c <= 90 && row[String.fromCharCode(c)] !== undefined; c++) letters.push(String.fromCharCode(c));
  const filled = letters.filter((l) => row[l] !== '');
  if (filled.length >= 2 && row.A !== undefined) return filled.map((l) => row[l]);
  return undefined;
}

/** One CSV row (header names as keys) as a TaskItem: its choices gathered as csvChoices reads them. */
export function itemFromCsvRow(rec: Record<string, string>, fallbackId: string): TaskItem {
  const choices = csvChoices(rec);
  const { choices: _c, ...rest } = rec;
  return itemFromRecord(choices ? { ...rest, choices } : rest, fallbackId);
}

/** The error for a CSV header that names no "context" column (every row would lack it), if it has none. */
export function contextColumnError(names: readonly string[], line: number): LineError | undefined {
  return names.includes('context') ? undefined : { line, message: 'the header has no "context" column' };
}

function csvRecords(text: string): Parsed<NumberedRecord> {
  const records: NumberedRecord[] = [];
  const errors: LineError[] = [];
  let header: string[] = [];
  forEachCsvRow(
    text,
    errors,
    (fields, line) => {
      header = fields.map((h) => h.trim());
      const missing = contextColumnError(header, line);
      if (missing) errors.push(missing);
      return true;
    },
    (fields, line) => {
      const rec: Record<string, string> = {};
      header.forEach((h, i) => (rec[h] = fields[i]));
      records.push({ n: line, value: rec });
    },
  );
  return { records, errors };
}

function itemOfRecord(value: unknown, n: number, row: boolean): TaskItem {
  if (!isRecord(value))
    throw new Error(row ? 'a row of a file read without a header (its first row ends in a single capital letter, as MMLU\'s CSV does): items need a header that names "context"' : 'not a JSON object');
  return row ? itemFromCsvRow(value as Record<string, string>, String(n)) : itemFromRecord(value, String(n));
}

/** Remembers an item's id; an id seen before is an error for the later item (the first one is kept), in every reader of items. */
export function firstOfId(seen: Set<string>, id: string): void {
  if (seen.has(id)) throw new Error(`duplicate id "${id}" (the first one is kept)`);
  seen.add(id);
}

/**
 * Items from a file's numbered records (ids default to the number): JSON values, or (`rows`)
 * CSV/TSV rows keyed by their header, whose choices are gathered from their columns. A record that
 * is not an item becomes an error in `errors`, and so does a repeated id (the first one is kept);
 * the errors end sorted by their numbers.
 */
export function itemsFromRecords(records: Iterable<NumberedRecord>, rows: boolean, errors: LineError[]): TaskItem[] {
  const seen = new Set<string>();
  const items = readNumbered(
    records,
    (value, n) => {
      const item = itemOfRecord(value, n, rows);
      firstOfId(seen, item.id);
      return item;
    },
    errors,
  );
  errors.sort((a, b) => a.line - b.line);
  return items;
}

/**
 * Parses items from text; ids default to the line number. Duplicate ids are reported and the later
 * line dropped. `unit` says what the errors' numbers count (a JSON array's elements are items, not
 * lines). Files on disk are read through the format registry instead (`itemsFromRecords`).
 */
export function parseItems(text: string, format: ItemsFormat = detectItemsFormat(text)): Parsed<TaskItem> & { unit: ItemsErrorUnit } {
  const source = format === 'csv' ? { ...csvRecords(text), unit: 'line' as const } : jsonRecords(text);
  const records = itemsFromRecords(source.records, format === 'csv', source.errors);
  return { records, errors: source.errors, unit: source.unit };
}
