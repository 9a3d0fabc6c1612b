import { parseTolerantJson } from './tolerantJson';
import { rejectLoneSurrogates } from './utf8';

/** A problem with one line (or record) of an input file; the other lines still load. */
export interface LineError {
  /** 1-based line number in the file (for a JSON array: the 1-based item number). */
  line: number;
  message: string;
}

/** The good records of a file plus a line-numbered reason for each bad one. */
export interface Parsed<T> {
  records: T[];
  errors: LineError[];
}

/** Splits text into lines, remembering 1-based line numbers; blank lines are dropped. */
export function nonBlankLines(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) if (lines[i].trim() !== '') out.push({ line: i + 1, text: lines[i] });
  return out;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Reads each element with `read` (given its 1-based number); an element that `read` rejects by
 * throwing becomes an error numbered like it, and the rest still load.
 */
export function readEach<T>(values: readonly unknown[], read: (value: unknown, n: number) => T): Parsed<T> {
  const errors: LineError[] = [];
  const numbered = values.map((value, i) => ({ n: i + 1, value }));
  const records = readNumbered(numbered, (value, n) => {
    rejectLoneSurrogates(value);
    return read(value, n);
  }, errors);
  return { records, errors };
}

/**
 * Reads each numbered record (a line, an element, a row) with `read`; a record that `read`
 * rejects by throwing becomes an error in `errors` with its number, and the rest still load.
 */
export function readNumbered<T>(records: Iterable<{ n: number; value: unknown }>, read: (value: unknown, n: number) => T, errors: LineError[]): T[] {
  const out: T[] = [];
  for (const { n, value } of records) {
    try {
      out.push(read(value, n));
    } catch (err) {
      errors.push({ line: n, message: (err as Error).message });
    }
  }
  return out;
}

/**
 * JSONL: each non-blank line is decoded as JSON (bare NaN/Infinity allowed; a leading BOM is
 * ignored) and handed to `read` with its line number. A line that is not JSON, or that `read`
 * rejects by throwing, becomes a line-numbered error; the other lines still load.
 */
export function parseJsonLines<T>(text: string, read: (value: unknown, line: number) => T): Parsed<T> {
  const records: T[] = [];
  const errors: LineError[] = [];
  for (const { line, text: lineText } of nonBlankLines(text)) {
    let value: unknown;
    try {
      value = parseTolerantJson(lineText);
    } catch (err) {
      errors.push({ line, message: `not valid JSON (${(err as Error).message})` });
      continue;
    }
    try {
      rejectLoneSurrogates(value);
      records.push(read(value, line));
    } catch (err) {
      errors.push({ line, message: (err as Error).message });
    }
  }
  return { records, errors };
}
