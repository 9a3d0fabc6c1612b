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

export function formatLineError(e: LineError, unit = 'line'): string {
  return `${unit} ${e.line}: ${e.message}`;
}

/** Splits text into lines, remembering 1-based line numbers; blank lines are dropped. */
export function nonBlankLines(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) if (lines[i].trim() !== '') out.push({ line: i + 1, text: lines[i] });
  return out;
}
