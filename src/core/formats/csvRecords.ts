// CSV records with the 1-based line each one starts on (quoted fields may span lines), for
// line-numbered errors in every CSV reader.
import Papa from 'papaparse';
import type { LineError } from './lineError';

export interface CsvRecord {
  fields: string[];
  /** 1-based line of the file on which the record starts. */
  line: number;
  /** papaparse's first complaint about this record (an unclosed quote, ...), if any. */
  error?: string;
}

/**
 * Hands each non-blank record of a CSV text to `onRecord`, in order; a leading BOM is dropped.
 * `delimiter` (e.g. a tab) is papaparse's guess when not given.
 */
export function forEachCsvRecord(text: string, onRecord: (record: CsvRecord) => void, delimiter?: string): void {
  const source = text.replace(/^\uFEFF/, '');
  // Newlines are counted up to where each record starts; cursors only move forward.
  let scanned = 0;
  let linesBefore = 1;
  const lineAt = (offset: number) => {
    for (; scanned < offset && scanned < source.length; scanned++) if (source.charCodeAt(scanned) === 10) linesBefore++;
    return linesBefore;
  };
  let recordStart = 0;
  Papa.parse<string[]>(source, {
    header: false,
    skipEmptyLines: false,
    ...(delimiter !== undefined ? { delimiter } : {}),
    step: (result) => {
      // Blank lines are records of their own (skipEmptyLines: false), so the previous record's
      // cursor is where this one starts.
      const line = lineAt(recordStart);
      recordStart = result.meta.cursor;
      const fields = result.data;
      if (fields.length === 1 && fields[0].trim() === '') return;
      onRecord({ fields, line, ...(result.errors.length > 0 ? { error: result.errors[0].message } : {}) });
    },
  });
}

/**
 * The first header name given twice (names trimmed), with both 1-based columns: a reader would
 * silently keep one of the two columns, and readers differed in which.
 */
export function duplicatedHeader(fields: readonly string[]): string | undefined {
  const key = (f: string) => f.trim();
  const first = new Map<string, number>();
  for (let i = 0; i < fields.length; i++) {
    const k = key(fields[i]);
    if (k === '') continue;
    const j = first.get(k);
    if (j !== undefined) {
      return `the header names "${k}" twice (columns ${j + 1} and ${i + 1}): each column needs its own name`;
    }
    first.set(k, i);
  }
  return undefined;
}

/**
 * A CSV file with a header line. A header that names a column twice is an error and nothing is
 * read (duplicatedHeader). The header's fields go to `readHeader`, which returns false when
 * the file cannot be read further (it records why). Every later record with a parser complaint or
 * a field count unlike the header's becomes a line-numbered error in `errors`; the others go to
 * `readRow`. An empty file is an error too.
 */
export function forEachCsvRow(
  text: string,
  errors: LineError[],
  readHeader: (fields: string[], line: number) => boolean,
  readRow: (fields: string[], line: number) => void,
): void {
  let columns: number | undefined;
  let stopped = false;
  forEachCsvRecord(text, ({ fields, line, error }) => {
    if (stopped) return;
    if (columns === undefined) {
      columns = fields.length;
      const twice = duplicatedHeader(fields);
      if (twice !== undefined) errors.push({ line, message: twice });
      stopped = twice !== undefined || !readHeader(fields, line);
      return;
    }
    if (error !== undefined) errors.push({ line, message: error });
    else if (fields.length !== columns) errors.push({ line, message: `expected ${columns} fields, found ${fields.length}` });
    else readRow(fields, line);
  });
  if (columns === undefined) errors.push({ line: 1, message: 'the file is empty' });
}
