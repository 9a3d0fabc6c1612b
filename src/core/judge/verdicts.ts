// Reading a judge's verdicts from CSV or JSONL. One row per judgment:
//   prompt_id  the prompt (both orders of a prompt share it)
//   a_first    true/false, 1/0, yes/no — was answer A shown first? (or `first` = A/B)
//   verdict    A, B or tie — or P(A wins), a number in [0, 1]
//              (or `preference` on AlpacaEval's scale: 2 = A won, 1 = B won, 0 = draw; P(A) = p − 1)
//   len_a      length of answer A (characters, tokens or words — any unit, the same for both;
//              0 for an empty answer)
//   len_b      length of answer B
//   category   optional
//   human      optional human verdict (A, B or tie) for a labelled subset
// A JSON array of such rows loads too, and so does AlpacaEval's annotations.json (alpacaEval.ts).
// Bad rows are reported with their line number and reason; good rows still load.
import { forEachCsvRow } from '../formats/csvRecords';
import { isRecord, parseJsonLines, readEach, type LineError, type Parsed } from '../formats/lineError';
import { endsMidValue, isAlpacaEvalRecord, parseJsonWithNaN, readAlpacaEvalValues, type AlpacaEvalAnnotations } from './alpacaEval';

export type HardVerdict = 'A' | 'B' | 'tie';

export interface VerdictRow {
  line: number;
  promptId: string;
  aFirst: boolean;
  /** P(A wins): 1 for A, 0 for B, ½ for a tie, or the judge's probability. */
  pA: number;
  /** The verdict as written, when it was A/B/tie. */
  hard: HardVerdict | null;
  lenA: number;
  lenB: number;
  category: string | null;
  human: HardVerdict | null;
}

export interface ParsedVerdicts {
  format: 'csv' | 'jsonl' | 'json' | 'alpacaeval';
  /** How the file was read, when that is worth saying (a scale, a rebuilt order, dropped rows). */
  notes: string[];
  /** False when the file does not say which answer was shown first (AlpacaEval with an unknown order). */
  orderKnown: boolean;
  /** The AlpacaEval metadata, for an annotations file. */
  alpacaEval?: Omit<AlpacaEvalAnnotations, 'rows' | 'errors' | 'notes'>;
  rows: VerdictRow[];
  /** The first MAX_ERRORS bad lines, then one entry (line 0) counting the rest. */
  errors: LineError[];
  /** How many lines were bad in all. */
  badLines: number;
}

/** The most bad-line messages kept; the count of the rest is still reported. */
const MAX_ERRORS = 200;

const ALIASES: Record<string, string> = {
  prompt_id: 'prompt_id', prompt: 'prompt_id', id: 'prompt_id', promptid: 'prompt_id', instruction_id: 'prompt_id',
  a_first: 'a_first', afirst: 'a_first', a_is_first: 'a_first',
  first: 'first',
  verdict: 'verdict', winner: 'verdict', p_a: 'verdict', pa: 'verdict',
  // AlpacaEval's 1–2 scale, never P(A): read by its own rule.
  preference: 'preference',
  len_a: 'len_a', length_a: 'len_a', lena: 'len_a',
  len_b: 'len_b', length_b: 'len_b', lenb: 'len_b',
  category: 'category', subject: 'category',
  human: 'human', human_verdict: 'human',
};

function canonicalKey(raw: string): string | undefined {
  return ALIASES[raw.trim().toLowerCase().replace(/[\s-]+/g, '_')];
}

function parseHard(value: unknown): HardVerdict | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toLowerCase();
  if (v === 'a') return 'A';
  if (v === 'b') return 'B';
  if (v === 'tie' || v === 'draw' || v === '=') return 'tie';
  return null;
}

function parseBool(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : null;
  if (typeof value !== 'string') return null;
  const v = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'y', 't'].includes(v)) return true;
  if (['false', '0', 'no', 'n', 'f'].includes(v)) return false;
  return null;
}

function parseNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : null;
}

function describe(value: unknown): string {
  // JSON.stringify writes NaN and ±Infinity as null: say what was there.
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
  return text === undefined ? 'nothing' : `"${String(text).slice(0, 40)}"`;
}

/** The note for files that carry AlpacaEval's `preference` column. */
const PREFERENCE_NOTE =
  "The `preference` column was read on AlpacaEval's scale: P(A wins) = preference − 1 (2: A won, 1: B won, 0: a draw); A must be AlpacaEval's output_2 (the evaluated model).";

/** Validate one record (keys already canonical); returns the row or the reason it is bad. */
function toRow(record: Record<string, unknown>, line: number): VerdictRow | string {
  const present = (k: string) => record[k] !== undefined && record[k] !== null && record[k] !== '';
  const idRaw = record.prompt_id;
  if (!present('prompt_id')) return 'missing prompt_id';
  if (typeof idRaw !== 'string' && typeof idRaw !== 'number') return `prompt_id must be text or a number, got ${describe(idRaw)}`;
  const promptId = String(idRaw).trim();
  let aFirst: boolean | null;
  if (present('a_first')) {
    aFirst = parseBool(record.a_first);
    if (aFirst === null) return `a_first must be true/false (or 1/0), got ${describe(record.a_first)}`;
  } else if (present('first')) {
    const f = parseHard(record.first);
    if (f !== 'A' && f !== 'B') return `first must be A or B, got ${describe(record.first)}`;
    aFirst = f === 'A';
  } else return 'missing a_first (was A shown first?)';
  let hard: HardVerdict | null = null;
  let pA: number;
  if (present('verdict')) {
    hard = parseHard(record.verdict);
    if (hard) pA = hard === 'A' ? 1 : hard === 'B' ? 0 : 0.5;
    else {
      const n = parseNumber(record.verdict);
      if (n === null || n < 0 || n > 1) return `verdict must be A, B, tie or a probability in [0, 1], got ${describe(record.verdict)}`;
      pA = n;
    }
  } else if (present('preference')) {
    const n = parseNumber(record.preference);
    if (n === null || (n !== 0 && (n < 1 || n > 2)))
      return `preference is AlpacaEval's 1–2 scale (2: A won, 1: B won, 0: draw), got ${describe(record.preference)}`;
    pA = n === 0 ? 0.5 : n - 1;
    hard = n === 2 ? 'A' : n === 1 ? 'B' : n === 0 || n === 1.5 ? 'tie' : null;
  } else if ('preference' in record) return "preference is empty (a null preference: AlpacaEval drops such rows too)";
  else return 'missing verdict';
  const lengths: number[] = [];
  for (const key of ['len_a', 'len_b']) {
    if (!present(key)) return `missing ${key}`;
    const n = parseNumber(record[key]);
    if (n === null || n < 0) return `${key} must be a number ≥ 0 (0 for an empty answer), got ${describe(record[key])}`;
    lengths.push(n);
  }
  let human: HardVerdict | null = null;
  if (present('human')) {
    human = parseHard(record.human);
    if (!human) return `human must be A, B or tie, got ${describe(record.human)}`;
  }
  const category = present('category') ? String(record.category).trim() : null;
  return { line, promptId, aFirst, pA, hard, lenA: lengths[0], lenB: lengths[1], category: category || null, human };
}

function canonicalRecord(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const key = canonicalKey(k);
    if (key && !(key in out)) out[key] = v;
  }
  return out;
}

/** Keeps the first MAX_ERRORS messages and says how many more there were. */
function finish(format: ParsedVerdicts['format'], { records, errors }: Parsed<VerdictRow>, notes: string[] = []): ParsedVerdicts {
  const badLines = errors.length;
  const base = { format, rows: records, badLines, notes, orderKnown: true };
  if (badLines <= MAX_ERRORS) return { ...base, errors };
  const listed = errors.slice(0, MAX_ERRORS);
  listed.push({ line: 0, message: `${badLines - MAX_ERRORS} more bad lines not listed` });
  return { ...base, errors: listed };
}

function readRecord(value: unknown, line: number, seenPreference: { yes: boolean }): VerdictRow {
  if (!isRecord(value)) throw new Error('expected a JSON object');
  const record = canonicalRecord(value);
  if (record.preference !== undefined && record.verdict === undefined) seenPreference.yes = true;
  const row = toRow(record, line);
  if (typeof row === 'string') throw new Error(row);
  return row;
}

function parseJsonl(text: string): ParsedVerdicts {
  const seen = { yes: false };
  const parsed = parseJsonLines(text, (value, line) => readRecord(value, line, seen));
  return finish('jsonl', parsed, seen.yes ? [PREFERENCE_NOTE] : []);
}

/** A JSON array: AlpacaEval annotations, or verdict rows (numbered by item). */
function parseJsonArray(text: string): ParsedVerdicts {
  let value: unknown;
  const body = text.replace(/^\uFEFF/, '');
  try {
    value = parseJsonWithNaN(body);
  } catch (err) {
    const cut = endsMidValue(err, body);
    const message = cut
      ? 'the file starts a JSON array but is not valid JSON: it ends in the middle of a value (cut short?)'
      : `the file starts a JSON array but is not valid JSON (${(err as Error).message})`;
    return finish('json', { records: [], errors: [{ line: 1, message }] });
  }
  // The text starts with `[` (see parseVerdicts), so whatever parsed is an array.
  const items = value as unknown[];
  if (items.some(isAlpacaEvalRecord)) {
    const { rows, errors, notes, ...meta } = readAlpacaEvalValues(items);
    return { ...finish('alpacaeval', { records: rows, errors }, notes), orderKnown: meta.orderKnown, alpacaEval: meta };
  }
  const seen = { yes: false };
  const parsed = readEach(items, (item, n) => readRecord(item, n, seen));
  return finish('json', parsed, ['A JSON array: bad items are numbered by their place in the array.', ...(seen.yes ? [PREFERENCE_NOTE] : [])]);
}

function parseCsv(text: string): ParsedVerdicts {
  const rows: VerdictRow[] = [];
  const errors: LineError[] = [];
  let header: (string | undefined)[] = [];
  let preferenceColumn = false;
  forEachCsvRow(
    text,
    errors,
    (fields, line) => {
      header = fields.map((f) => canonicalKey(f));
      const has = (k: string) => header.includes(k);
      preferenceColumn = has('preference') && !has('verdict');
      const missing = ['prompt_id', 'a_first', 'verdict', 'len_a', 'len_b'].filter(
        (k) => !has(k) && !(k === 'a_first' && has('first')) && !(k === 'verdict' && has('preference')),
      );
      if (missing.length) errors.push({ line, message: `missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}` });
      return missing.length === 0;
    },
    (fields, line) => {
      const record: Record<string, unknown> = {};
      header.forEach((key, k) => {
        if (key && !(key in record)) record[key] = fields[k];
      });
      const row = toRow(record, line);
      if (typeof row === 'string') errors.push({ line, message: row });
      else rows.push(row);
    },
  );
  return finish('csv', { records: rows, errors }, preferenceColumn ? [PREFERENCE_NOTE] : []);
}

/** A JSON array (verdicts or AlpacaEval annotations) on `[`, JSONL on `{`, CSV otherwise. */
export function parseVerdicts(text: string): ParsedVerdicts {
  const first = text.replace(/^\uFEFF/, '').trimStart()[0];
  return first === '[' ? parseJsonArray(text) : first === '{' ? parseJsonl(text) : parseCsv(text);
}
