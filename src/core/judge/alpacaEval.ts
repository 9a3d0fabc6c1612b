// AlpacaEval's annotations.json read as judge verdicts. The file is a JSON array of objects with
// `instruction`, `output_1` (the baseline's answer), `generator_1`, `output_2` (the evaluated
// model's answer), `generator_2`, `dataset`, `annotator` and `preference` on a 1–2 scale (2: the
// model won, 1: the baseline won; a legacy 0 is a draw; null is dropped, as AlpacaEval drops it).
// A = the evaluated model, so P(A wins) = preference − 1; lengths are the answers' lengths in
// Unicode code points (what AlpacaEval's pandas `.str.len()` counts), empty answers included.
//
// The order the judge saw is not stored. AlpacaEval draws it per instruction, deterministically:
// the answers were switched (the model shown first) iff Python's
// `random.Random("is_switched_outputs" + instruction + "0").choices([False, True])[0]` is True.
// We rebuild it with that rule and, where a row keeps the judge's raw log-probabilities (which are
// in the shown order), check it; any disagreement marks the order as unknown.
import { isRecord, type LineError } from '../formats/lineError';
import { parseTolerantJson } from '../formats/tolerantJson';
import { pythonFirstCoinFlip } from './pythonRandom';
import type { HardVerdict, VerdictRow } from './verdicts';

/** The seed AlpacaEval's annotators use unless configured otherwise. */
export const ALPACA_EVAL_ORDER_SEED = 0;

/** True when AlpacaEval showed the model's answer (output_2) first for this instruction. */
export function alpacaEvalSwitched(instruction: string, seed = ALPACA_EVAL_ORDER_SEED): boolean {
  return pythonFirstCoinFlip(`is_switched_outputs${instruction}${seed}`);
}

export interface OrderCheck {
  /** Rows whose raw judge output confirms the rebuilt order. */
  agree: number;
  disagree: number;
  /** Rows without raw log-probabilities, or exact draws, which cannot tell. */
  unverifiable: number;
}

export interface AlpacaEvalAnnotations {
  rows: VerdictRow[];
  /** Items that could not be read (1-based item numbers); the others still load. */
  errors: LineError[];
  /** generator_2 (A), generator_1 (B) and the annotator, when one value runs through the file. */
  model: string | null;
  baseline: string | null;
  annotator: string | null;
  /** False when the order could not be rebuilt (no instruction) or the raw outputs contradict it. */
  orderKnown: boolean;
  orderCheck: OrderCheck;
  /** Rows with a null/NaN preference, dropped as AlpacaEval drops them. */
  nullPreferences: number;
  /** Legacy 0 preferences, read as draws (1.5). */
  legacyDraws: number;
  /** Rows where either answer is the empty string (kept: AlpacaEval counts them). */
  emptyAnswers: number;
  /** How the file was read, in sentences for the report. */
  notes: string[];
}

/** Does this look like one AlpacaEval annotation (rather than one verdict row)? */
export function isAlpacaEvalRecord(value: unknown): boolean {
  return isRecord(value) && 'output_1' in value && 'output_2' in value && 'preference' in value;
}

/** Length in Unicode code points, as Python's len() counts a str. */
export function codePointLength(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** The preference the judge gave in the order it saw them, from its top log-probabilities of "m" and "M". */
function shownOrderPreference(raw: unknown): number | null {
  if (!isRecord(raw) || !isRecord(raw.logprobs) || !Array.isArray(raw.logprobs.content)) return null;
  const first: unknown = raw.logprobs.content[0];
  if (!isRecord(first) || !Array.isArray(first.top_logprobs)) return null;
  const lp: Record<string, number> = {};
  for (const t of first.top_logprobs) {
    if (isRecord(t) && (t.token === 'm' || t.token === 'M') && typeof t.logprob === 'number' && !(t.token in lp)) lp[t.token] = t.logprob;
  }
  if (!('m' in lp) && !('M' in lp)) return null;
  const m = lp.m ?? -Infinity;
  const M = lp.M ?? -Infinity;
  const top = Math.max(m, M);
  const pm = Math.exp(m - top) / (Math.exp(m - top) + Math.exp(M - top));
  return 2 - pm;
}

// JSON.stringify writes NaN and ±Infinity as null: numbers are written as they are.
const describe = (v: unknown) => (v === undefined ? 'nothing' : `"${String(typeof v === 'string' || typeof v === 'number' ? v : JSON.stringify(v)).slice(0, 40)}"`);

function single(values: Set<string>): string | null {
  return values.size === 1 ? [...values][0] : null;
}

/** Reads already-decoded annotations (a JSON array's elements). */
export function readAlpacaEvalValues(values: readonly unknown[]): AlpacaEvalAnnotations {
  const rows: VerdictRow[] = [];
  const errors: LineError[] = [];
  const models = new Set<string>();
  const baselines = new Set<string>();
  const annotators = new Set<string>();
  const orderCheck: OrderCheck = { agree: 0, disagree: 0, unverifiable: 0 };
  let nullPreferences = 0;
  let legacyDraws = 0;
  let emptyAnswers = 0;
  let missingInstruction = 0;
  values.forEach((value, k) => {
    const item = k + 1;
    if (!isRecord(value)) {
      errors.push({ line: item, message: 'expected an object with instruction, output_1, output_2 and preference' });
      return;
    }
    // An element with none of an annotation's fields (a verdict row among annotations, say) is
    // not a row AlpacaEval would drop for its preference: it is named, not counted as one.
    if (!('output_1' in value) && !('output_2' in value) && !('preference' in value)) {
      errors.push({ line: item, message: 'not an AlpacaEval annotation (no output_1, output_2 or preference), in an array read as AlpacaEval annotations' });
      return;
    }
    const pref = value.preference;
    if (pref === null || pref === undefined || (typeof pref === 'number' && Number.isNaN(pref))) {
      nullPreferences++;
      return;
    }
    if (typeof pref !== 'number' || !Number.isFinite(pref) || (pref !== 0 && (pref < 1 || pref > 2))) {
      errors.push({ line: item, message: `preference must be a number from 1 (baseline won) to 2 (model won), or 0 for a draw, got ${describe(pref)}` });
      return;
    }
    if (typeof value.output_1 !== 'string' || typeof value.output_2 !== 'string') {
      errors.push({ line: item, message: 'output_1 and output_2 must be the two answers as text' });
      return;
    }
    const instruction = typeof value.instruction === 'string' ? value.instruction : null;
    if (instruction === null) missingInstruction++;
    const p = pref === 0 ? 1.5 : pref;
    if (pref === 0) legacyDraws++;
    const switched = instruction === null ? false : alpacaEvalSwitched(instruction);
    if (instruction !== null) {
      const shown = shownOrderPreference(value.raw_completion);
      if (shown === null || Math.abs(p - 1.5) < 1e-6) orderCheck.unverifiable++;
      else if (Math.abs(p - (switched ? 3 - shown : shown)) < 1e-6) orderCheck.agree++;
      else orderCheck.disagree++;
    }
    const lenA = codePointLength(value.output_2);
    const lenB = codePointLength(value.output_1);
    if (lenA === 0 || lenB === 0) emptyAnswers++;
    const hard: HardVerdict | null = p === 2 ? 'A' : p === 1 ? 'B' : p === 1.5 ? 'tie' : null;
    if (typeof value.generator_2 === 'string') models.add(value.generator_2);
    if (typeof value.generator_1 === 'string') baselines.add(value.generator_1);
    if (typeof value.annotator === 'string') annotators.add(value.annotator);
    rows.push({
      line: item,
      promptId: instruction ?? `item ${item}`,
      aFirst: switched,
      pA: p - 1,
      hard,
      lenA,
      lenB,
      category: typeof value.dataset === 'string' && value.dataset.trim() ? value.dataset.trim() : null,
      human: null,
    });
  });
  const orderKnown = rows.length > 0 && missingInstruction === 0 && orderCheck.disagree === 0;
  const notes = [
    'AlpacaEval annotations: A = output_2 (the evaluated model), B = output_1 (the baseline); P(A wins) = preference − 1; lengths in characters (Unicode code points).',
  ];
  if (orderKnown) {
    const checked = orderCheck.agree
      ? `confirmed by the judge's raw output on ${orderCheck.agree} row${orderCheck.agree === 1 ? '' : 's'}`
      : 'the file keeps no raw judge output to confirm it';
    notes.push(`The order shown to the judge is not stored; it was rebuilt with AlpacaEval's rule (seed 0): ${checked}.`);
  } else if (missingInstruction > 0) {
    notes.push(`The order shown to the judge is unknown: ${missingInstruction} row(s) have no instruction to rebuild it from.`);
  } else if (orderCheck.disagree > 0) {
    notes.push(
      `The order shown to the judge is unknown: AlpacaEval's rule (seed 0) disagrees with the judge's raw output on ${orderCheck.disagree} row(s) (agrees on ${orderCheck.agree}), so the file was made with another seed or order.`,
    );
  }
  if (nullPreferences) notes.push(`${nullPreferences} row(s) with a null preference dropped, as AlpacaEval drops them.`);
  if (legacyDraws) notes.push(`${legacyDraws} legacy preference(s) of 0 read as draws (½), as AlpacaEval does.`);
  if (emptyAnswers) notes.push(`${emptyAnswers} row(s) with an empty answer kept (length 0), as AlpacaEval counts them.`);
  return {
    rows,
    errors,
    model: single(models),
    baseline: single(baselines),
    annotator: single(annotators),
    orderKnown,
    orderCheck,
    nullPreferences,
    legacyDraws,
    emptyAnswers,
    notes,
  };
}

/**
 * JSON.parse, falling back to the slower reader that accepts Python's bare NaN (AlpacaEval writes
 * them); that reader is used at once for text with a 16-digit run, which may be an id past 2^53.
 */
export function parseJsonWithNaN(text: string): unknown {
  if (/\d{16}/.test(text)) return parseTolerantJson(text);
  try {
    return JSON.parse(text);
  } catch {
    return parseTolerantJson(text);
  }
}

/**
 * Does a JSON parse error say the text ends in the middle of a value? V8 says "end of input" only
 * for some cuts; one after a number, a key or a comma is an error at the position past the end.
 */
export function endsMidValue(err: unknown, text: string): boolean {
  const message = err instanceof Error ? err.message : String(err);
  if (/end of (json )?input|unterminated|unexpected end/i.test(message)) return true;
  const at = /at position (\d+)/.exec(message);
  return at !== null && Number(at[1]) >= text.trimEnd().length;
}

/** Parses an AlpacaEval annotations.json file; throws a one-line reason when it is not one. */
export function parseAlpacaEvalAnnotations(text: string): AlpacaEvalAnnotations {
  let value: unknown;
  const body = text.replace(/^\uFEFF/, '');
  try {
    value = parseJsonWithNaN(body);
  } catch (err) {
    const truncated = endsMidValue(err, body);
    throw new Error(
      truncated
        ? `not valid JSON: the file ends in the middle of a value (is it cut short?)`
        : `not valid JSON (${(err as Error).message})`,
    );
  }
  if (!Array.isArray(value)) throw new Error('expected a JSON array of AlpacaEval annotations');
  if (value.length && !value.some(isAlpacaEvalRecord))
    throw new Error('not AlpacaEval annotations: no item has output_1, output_2 and preference');
  return readAlpacaEvalValues(value);
}
