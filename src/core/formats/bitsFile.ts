// Precomputed per-item token scores (`lengthlens task --bits FILE`): each item is a list of
// [bits, bytes] tokens, or {"tokens": [...], "leading_space": true, ...} as in the reference
// vectors. Accepted containers: a JSON array of items, {"items": [...]}, the reference-vector file
// {"cases": [{"name", "items"}]} (pick a case by name), or JSONL with one item per line.
//
// An item object may also carry: id, subject, text (raw answer), continuation (the scored string),
// and for multiple choice `choices: [{text, logprob, n_tokens?, unconditional_logprob?, unconditional_n_tokens?, word_final_logprob?}]` with
// `gold` (index); the item's tokens are then the gold choice's tokens.
import { MAX_TOKEN_BYTES, type TokenBits } from '../bpb/perByteCost';
import type { ChoiceScores, ScoredItem } from '../metrics/types';
import { INPUT_FIELDS } from '../scoring/rules';
import { isRecord, parseJsonLines, readEach, type Parsed } from './lineError';
import { parseTolerantJson } from './tolerantJson';

function parseTokens(raw: unknown): TokenBits[] {
  if (!Array.isArray(raw)) throw new Error('tokens must be a list of [bits, bytes] pairs');
  return raw.map((t, j) => {
    if (!Array.isArray(t) || t.length !== 2) throw new Error(`token ${j + 1} is not a [bits, bytes] pair`);
    const [bits, bytes] = t as unknown[];
    if (typeof bits !== 'number' || !Number.isFinite(bits) || bits < 0)
      throw new Error(`token ${j + 1}: bits must be a finite number ≥ 0`);
    if (typeof bytes !== 'number' || !Number.isInteger(bytes) || bytes < 0)
      throw new Error(`token ${j + 1}: bytes must be an integer ≥ 0`);
    if (bytes > MAX_TOKEN_BYTES)
      throw new Error(`token ${j + 1}: bytes ${bytes} is more than any token covers (the limit is ${MAX_TOKEN_BYTES})`);
    return [bits, bytes] as const;
  });
}

function optionalString(obj: Record<string, unknown>, key: string): string | undefined {
  const v = obj[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new Error(`"${key}" must be a string`);
  return v;
}

function optionalNumber(obj: Record<string, unknown>, key: string): number | undefined {
  const v = obj[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number') throw new Error(`"${key}" must be a number`);
  return v;
}

function parseChoice(raw: unknown, j: number): ChoiceScores {
  if (!isRecord(raw)) throw new Error(`choice ${j + 1} must be an object with "logprob"`);
  const logprob = optionalNumber(raw, 'logprob');
  if (logprob === undefined) throw new Error(`choice ${j + 1} has no "logprob"`);
  const wordFinal = optionalNumber(raw, 'word_final_logprob');
  if (wordFinal !== undefined && wordFinal > 0) throw new Error(`choice ${j + 1}: word_final_logprob must be ≤ 0 (the log of a probability)`);
  return {
    text: optionalString(raw, 'text'),
    continuation: optionalString(raw, 'continuation'),
    logprob,
    nTokens: optionalNumber(raw, 'n_tokens'),
    // Every number input a rule may read, under its candidate field's name (rules.ts INPUT_FIELDS).
    ...Object.fromEntries(Object.entries(INPUT_FIELDS).map(([input, field]) => [input, optionalNumber(raw, field)])),
    wordFinalLogprob: wordFinal,
    tokens: raw.tokens === undefined ? undefined : parseTokens(raw.tokens),
  };
}

/** One item of a --bits file as a ScoredItem (a cloze item: one choice, gold 0). */
export function parseBitsItem(raw: unknown, fallbackId: string): ScoredItem {
  if (Array.isArray(raw)) {
    const tokens = parseTokens(raw);
    return { id: fallbackId, choices: [goldFromTokens(tokens, {})], gold: 0 };
  }
  if (!isRecord(raw)) throw new Error('an item must be a list of [bits, bytes] tokens or an object with "tokens"');
  const tokens = parseTokens(raw.tokens);
  const leading = raw.leading_space;
  if (leading !== undefined && typeof leading !== 'boolean') throw new Error('"leading_space" must be true or false');
  const idRaw = raw.id;
  const id = typeof idRaw === 'string' || typeof idRaw === 'number' ? String(idRaw) : fallbackId;
  const subject = optionalString(raw, 'subject');
  const gold = goldFromTokens(tokens, {
    leadingSpace: leading as boolean | undefined,
    text: optionalString(raw, 'text'),
    continuation: optionalString(raw, 'continuation'),
  });
  if (raw.choices === undefined) return { id, subject, choices: [gold], gold: 0 };
  if (!Array.isArray(raw.choices) || raw.choices.length < 2) throw new Error('"choices" must list two or more choices');
  const choices = raw.choices.map(parseChoice);
  const g = raw.gold ?? raw.label;
  if (typeof g !== 'number' || !Number.isInteger(g) || g < 0 || g >= choices.length)
    throw new Error(`"gold" must be a choice index from 0 to ${choices.length - 1}`);
  choices[g] = { ...choices[g], tokens, leadingSpace: gold.leadingSpace };
  return { id, subject, choices, gold: g };
}

function goldFromTokens(
  tokens: TokenBits[],
  extra: { leadingSpace?: boolean; text?: string; continuation?: string },
): ChoiceScores {
  const bits = tokens.reduce((s, [b]) => s + b, 0);
  return {
    logprob: -bits * Math.LN2,
    nTokens: tokens.length,
    tokens,
    leadingSpace: extra.leadingSpace ?? (extra.continuation ?? '').startsWith(' '),
    text: extra.text,
    continuation: extra.continuation,
  };
}

function parseList(list: readonly unknown[]): Parsed<ScoredItem> {
  return readEach(list, (raw, n) => parseBitsItem(raw, String(n)));
}

/** The case names of a reference-vector file, or [] for any other container. */
export function bitsFileCases(text: string): string[] {
  try {
    const doc = parseTolerantJson(text);
    if (isRecord(doc) && Array.isArray(doc.cases))
      return doc.cases.map((c) => (isRecord(c) && typeof c.name === 'string' ? c.name : ''));
  } catch {
    // not a single JSON document
  }
  return [];
}

/** What the numbers of a --bits file's errors count: items of a JSON container, or JSONL lines. */
export type BitsErrorUnit = 'item' | 'line';

/**
 * The most answer bytes a --bits file may claim per character of its own text. Per-byte curves
 * (R(k), PriorBPB) cost one entry per byte, so this bounds the work and memory by the file's size;
 * a real file claims well under 1 byte per character ("[1.234567, 3], " is 15 characters for 3
 * bytes), a run-of-spaces token about 10.
 */
export const MAX_BYTES_PER_FILE_CHAR = 16;

/**
 * Parses a --bits file. A JSON container reports bad items by 1-based item number; JSONL by line
 * number (`unit` says which). Throws only when the file as a whole cannot be read (wrong shape,
 * unknown case, byte counts the file's size cannot account for).
 */
export function parseBitsFile(text: string, caseName?: string): Parsed<ScoredItem> & { unit: BitsErrorUnit } {
  const parsed = parseBitsContainer(text, caseName) ?? { ...parseJsonLines(text, (raw, line) => parseBitsItem(raw, String(line))), unit: 'line' as const };
  checkByteBudget(parsed.records, text.length);
  return parsed;
}

function checkByteBudget(items: readonly ScoredItem[], textLength: number): void {
  const budget = MAX_BYTES_PER_FILE_CHAR * Math.max(textLength, 256);
  let total = 0;
  for (const item of items)
    for (const choice of item.choices) for (const [, bytes] of choice.tokens ?? []) total += bytes;
  if (total > budget)
    throw new Error(
      `the items claim ${total} answer bytes in all, more than ${MAX_BYTES_PER_FILE_CHAR} per character of the file (${budget}): the byte counts cannot be real`,
    );
}

/** A --bits file that is one JSON document, or undefined when it is not (JSONL). */
function parseBitsContainer(text: string, caseName?: string): (Parsed<ScoredItem> & { unit: 'item' }) | undefined {
  let doc: unknown;
  try {
    doc = parseTolerantJson(text);
  } catch {
    return undefined;
  }
  const items = (list: readonly unknown[]) => ({ ...parseList(list), unit: 'item' as const });
  if (Array.isArray(doc)) {
    // One JSONL line holding a single item looks like an array of pairs too: a list of pairs is one item.
    const looksLikeOneItem = doc.length > 0 && doc.every((t) => Array.isArray(t) && t.length === 2 && typeof t[0] === 'number');
    return looksLikeOneItem ? items([doc]) : items(doc);
  }
  if (isRecord(doc) && Array.isArray(doc.items)) return items(doc.items);
  if (isRecord(doc) && Array.isArray(doc.cases)) {
    const names = bitsFileCases(text);
    const wanted = caseName ?? names[0];
    const found = doc.cases.find((c) => isRecord(c) && c.name === wanted);
    if (!isRecord(found) || !Array.isArray(found.items))
      throw new Error(`no case "${wanted}" in the file (cases: ${names.join(', ')})`);
    return items(found.items);
  }
  if (isRecord(doc) && doc.tokens !== undefined) return items([doc]);
  throw new Error('expected a list of items, {"items": [...]}, {"cases": [...]} or JSONL');
}
