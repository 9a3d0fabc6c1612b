// The `lengthlens score --items` file: one JSON object per line, {"context": ..., "candidates": [...]}.
// Read whole (parseScoreItems) or lazily from byte chunks (readScoreItems), so that a file of any
// size streams through the scorer with memory bounded by its longest line.
import { firstInvalidUtf8 } from './utf8';

/** A lone UTF-16 surrogate: JSON can spell one ("\ud800"), UTF-8 cannot carry it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface ScoreItemInput {
  context: string;
  candidates: string[];
}

export interface LineError {
  line: number;
  reason: string;
}

/** The longest line an items file may have (32 MiB): a line is held whole while it is parsed. */
export const MAX_ITEM_LINE_BYTES = 32 * 1024 * 1024;

function checkText(s: unknown, where: string): string | undefined {
  if (typeof s !== 'string') return `${where}: expected a string`;
  if (LONE_SURROGATE.test(s)) return `${where}: contains a lone surrogate (\\ud800–\\udfff), which is not text`;
  return undefined;
}

/**
 * One line's item, or the reason it is not one. Checked by hand rather than with the schema
 * (same rules, same messages): this runs once per line of files with millions of lines.
 */
export function parseScoreItemLine(raw: string): { item: ScoreItemInput } | { reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (e) {
    return { reason: `not valid JSON (${(e as Error).message})` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { reason: 'item: expected an object with "context" and "candidates"' };
  const { context, candidates } = value as Record<string, unknown>;
  const reasons: string[] = [];
  const c = checkText(context, 'context');
  if (c) reasons.push(c);
  if (!Array.isArray(candidates)) reasons.push('candidates: expected a list of strings');
  else if (candidates.length === 0) reasons.push('candidates: needs at least one candidate');
  else
    candidates.forEach((x, k) => {
      const r = checkText(x, `candidates.${k}`);
      if (r) reasons.push(r);
    });
  if (reasons.length > 0) return { reason: reasons.join('; ') };
  return { item: { context: context as string, candidates: candidates as string[] } };
}

/** Parse every non-blank line; bad lines are reported with their 1-based number, good ones kept. */
export function parseScoreItems(text: string): { items: ScoreItemInput[]; errors: LineError[] } {
  const items: ScoreItemInput[] = [];
  const errors: LineError[] = [];
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((raw, i) => {
      if (raw.trim() === '') return;
      const r = parseScoreItemLine(raw);
      if ('item' in r) items.push(r.item);
      else errors.push({ line: i + 1, reason: r.reason });
    });
  return { items, errors };
}

/** A line of a byte stream: its decoded text, or why it could not be decoded. */
export type TextLine = { line: number; text: string } | { line: number; reason: string };

/**
 * Split a stream of UTF-8 byte chunks into lines (LF or CRLF; a leading BOM is skipped), each
 * decoded strictly: invalid UTF-8 is a line-numbered reason, never U+FFFD. Blank lines are
 * dropped. A line longer than `maxLineBytes` is reported, and its bytes are skipped, not held.
 */
export async function* utf8Lines(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, maxLineBytes = MAX_ITEM_LINE_BYTES): AsyncGenerator<TextLine> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let parts: Uint8Array[] = [];
  let held = 0;
  let tooLong = false;
  let line = 1;
  let first = true;
  const finish = (): TextLine | null => {
    const n = line++;
    if (tooLong) {
      tooLong = false;
      return { line: n, reason: `longer than the limit of ${maxLineBytes} bytes per line` };
    }
    let bytes = parts.length === 1 ? parts[0] : concat(parts, held);
    parts = [];
    held = 0;
    if (first) {
      first = false;
      if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    }
    if (bytes.length > 0 && bytes[bytes.length - 1] === 0x0d) bytes = bytes.subarray(0, bytes.length - 1);
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      return { line: n, reason: `not valid UTF-8 (at byte ${firstInvalidUtf8(bytes) + 1} of the line)` };
    }
    return text.trim() === '' ? null : { line: n, text };
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      const end = nl < 0 ? chunk.length : nl;
      if (!tooLong && end > start) {
        if (held + (end - start) > maxLineBytes) {
          tooLong = true;
          parts = [];
          held = 0;
        } else {
          // Copy: the caller may reuse its chunk buffers.
          parts.push(chunk.slice(start, end));
          held += end - start;
        }
      }
      if (nl < 0) break;
      const out = finish();
      if (out) yield out;
      start = nl + 1;
    }
  }
  if (held > 0 || tooLong) {
    const out = finish();
    if (out) yield out;
  }
}

function concat(parts: readonly Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** An items file's line: the item, or its line-numbered reason. */
export type ItemLine = { line: number; item: ScoreItemInput } | { line: number; reason: string };

/** The items of a byte stream, one per non-blank line, read lazily (see utf8Lines). */
export async function* readScoreItems(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, maxLineBytes = MAX_ITEM_LINE_BYTES): AsyncGenerator<ItemLine> {
  for await (const l of utf8Lines(chunks, maxLineBytes)) {
    if ('reason' in l) {
      yield l;
      continue;
    }
    const r = parseScoreItemLine(l.text);
    yield 'item' in r ? { line: l.line, item: r.item } : { line: l.line, reason: r.reason };
  }
}
