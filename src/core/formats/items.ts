// Task items from JSONL (or one JSON array) or CSV (SPEC §6): `context` + `gold`, or `context` + `choices` + `label`;
// optional `id`, `subject`. A bad line is reported with its number and reason; the rest load.
import type { TaskItem } from '../tasks/types';
import { forEachCsvRow } from './csvRecords';
import { isRecord, parseJsonLines, readEach, type LineError, type Parsed } from './lineError';
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

interface Located {
  item: TaskItem;
  line: number;
}

function locatedItem(rec: unknown, line: number): Located {
  if (!isRecord(rec)) throw new Error('not a JSON object');
  return { item: itemFromRecord(rec, String(line)), line };
}

/** What an error's number counts: a line of JSONL or CSV, or an element of one JSON array. */
export type ItemsErrorUnit = 'line' | 'item';

/** One JSON array of items (a .json file: bad items reported by their 1-based number), else JSONL. */
function parseJsonl(text: string): Parsed<Located> & { unit: ItemsErrorUnit } {
  if (text.trimStart().startsWith('[')) {
    try {
      const list = parseTolerantJson(text);
      if (Array.isArray(list)) return { ...readEach(list, locatedItem), unit: 'item' };
    } catch {
      // not one JSON array: read it line by line
    }
  }
  return { ...parseJsonLines(text, locatedItem), unit: 'line' };
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

function parseCsv(text: string): Parsed<Located> {
  const records: Located[] = [];
  const errors: LineError[] = [];
  let header: string[] = [];
  forEachCsvRow(
    text,
    errors,
    (fields, line) => {
      header = fields.map((h) => h.trim());
      if (!header.includes('context')) errors.push({ line, message: 'the header has no "context" column' });
      return true;
    },
    (fields, line) => {
      const rec: Record<string, string> = {};
      header.forEach((h, i) => (rec[h] = fields[i]));
      try {
        records.push({ item: itemFromCsvRow(rec, String(line)), line });
      } catch (err) {
        errors.push({ line, message: (err as Error).message });
      }
    },
  );
  return { records, errors };
}

/**
 * Parses items; ids default to the line number. Duplicate ids are reported and the later line
 * dropped. `unit` says what the errors' numbers count (a JSON array's elements are items, not lines).
 */
export function parseItems(text: string, format: ItemsFormat = detectItemsFormat(text)): Parsed<TaskItem> & { unit: ItemsErrorUnit } {
  const parsed = format === 'csv' ? { ...parseCsv(text), unit: 'line' as const } : parseJsonl(text);
  const seen = new Set<string>();
  const records: TaskItem[] = [];
  for (const { item, line } of parsed.records) {
    if (seen.has(item.id)) {
      parsed.errors.push({ line, message: `duplicate id "${item.id}" (the first one is kept)` });
      continue;
    }
    seen.add(item.id);
    records.push(item);
  }
  parsed.errors.sort((a, b) => a.line - b.line);
  return { records, errors: parsed.errors, unit: parsed.unit };
}
