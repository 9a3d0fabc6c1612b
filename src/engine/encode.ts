// Tokenising with the pieces kept (the byte-span code needs them), and a small per-model cache
// for texts that are encoded again and again (an item's context, once per candidate).
import { tokenSpans, type EncodedToken } from '../core/tokens/spans';
import type { TokenizerTraits } from '../core/tokens/pieces';
import { utf8Length } from '../core/text/unicode';
import type { LoadedModel } from './model';
import { bosToken, rawTokenizer, vocabularyPieces, type RawTokenizer } from './transformersAdapter';

/** What encoding needs: the tokenizer and which ids are special. */
export type TokenizerHandle = Pick<LoadedModel, 'tokenizer' | 'specialIds'>;

function raw(m: TokenizerHandle): RawTokenizer {
  return rawTokenizer(m.tokenizer);
}

/** Tokens the post-processor adds to every text (BOS, EOS): as many as it gives the empty string. */
const insertedCounts = new WeakMap<object, number>();
function insertedCount(m: TokenizerHandle): number {
  let n = insertedCounts.get(m.tokenizer);
  if (n === undefined) insertedCounts.set(m.tokenizer, (n = raw(m).encode('', { add_special_tokens: true }).ids.length));
  return n;
}

/**
 * How many of the inserted tokens come before the text (BOS) rather than after it (EOS): where a
 * plain text's tokens sit in its encoding with special tokens. Needed to tell an inserted BOS from
 * a "<s>" typed at the start of the text, which encode to the same id.
 */
const insertedBefore = new WeakMap<object, number>();
function insertedPrefixCount(m: TokenizerHandle): number {
  let n = insertedBefore.get(m.tokenizer);
  if (n === undefined) {
    const probe = 'a';
    const plain = raw(m).encode(probe, { add_special_tokens: false }).ids;
    const full = raw(m).encode(probe, { add_special_tokens: true }).ids;
    n = Math.max(0, offsetOf(full, plain));
    insertedBefore.set(m.tokenizer, n);
  }
  return n;
}

function runAt(ids: readonly number[], part: readonly number[], at: number): boolean {
  return at + part.length <= ids.length && part.every((id, k) => ids[at + k] === id);
}

/** Where `part` sits in `ids` as a contiguous run, or -1. */
function offsetOf(ids: readonly number[], part: readonly number[]): number {
  for (let at = 0; at + part.length <= ids.length; at++) if (part.every((id, k) => ids[at + k] === id)) return at;
  return -1;
}

export function encodeWithPieces(m: TokenizerHandle, text: string, addSpecialTokens: boolean): EncodedToken[] {
  const tok = raw(m);
  const enc = tok.encode(text, { add_special_tokens: addSpecialTokens });
  // Only what the post-processor inserted covers no byte of the text: a special token written in
  // the text ("</s>", "<|endoftext|>") is part of it and is scored. Usually the special ids are
  // exactly the inserted ones; when there are more, align with the encoding without them.
  let inserted = enc.ids.map((id) => m.specialIds.has(id));
  const nSpecial = inserted.filter(Boolean).length;
  if (nSpecial > (addSpecialTokens ? insertedCount(m) : 0)) {
    const plain = addSpecialTokens ? tok.encode(text, { add_special_tokens: false }).ids : enc.ids;
    // The post-processor puts its tokens at a fixed place around the text; only when that does not
    // fit, search (the first match could be an inserted BOS standing where a typed "<s>" is).
    const before = insertedPrefixCount(m);
    const at = runAt(enc.ids, plain, before) ? before : offsetOf(enc.ids, plain);
    if (at >= 0) inserted = enc.ids.map((_, i) => i < at || i >= at + plain.length);
  }
  return enc.ids.map((id, i) => ({ id, piece: enc.tokens[i], special: inserted[i], ...(!inserted[i] && m.specialIds.has(id) ? { added: true } : {}) }));
}

/** Characters of the longest piece in the vocabulary (a bound on the text one token covers). */
const longestPieces = new WeakMap<object, number>();
export function longestPieceChars(m: TokenizerHandle): number {
  let n = longestPieces.get(m.tokenizer);
  if (n === undefined) {
    const pieces = vocabularyPieces(m.tokenizer);
    n = 0;
    for (const p of pieces) if (typeof p === 'string') n = Math.max(n, p.length);
    // Unknown vocabulary: a bound no real tokenizer's piece reaches.
    if (n === 0) n = 1024;
    longestPieces.set(m.tokenizer, n);
  }
  return n;
}

/** What a text encoded on its own is anchored after, so that no dummy-prefix space lands on it. */
const ANCHOR = '\n';

/**
 * A text's tokens as they would continue other text: without the dummy-prefix space a
 * SentencePiece tokenizer puts in front of a text encoded on its own ("py." → p y ., not ▁p y .).
 * The text is encoded after an anchor ("\n"), and the tokens that start exactly where the anchor
 * ends are kept. Undefined when no token boundary falls there (the anchor merged with the text).
 */
export function encodeAlone(m: TokenizerHandle & { traits: TokenizerTraits }, text: string): EncodedToken[] | undefined {
  if (!m.traits.dummyPrefix) return encodeWithPieces(m, text, false);
  const whole = encodeWithPieces(m, ANCHOR + text, false);
  const s = tokenSpans(whole, ANCHOR + text, m.traits);
  if (!s.exact) return undefined;
  const anchorBytes = utf8Length(ANCHOR);
  const k = s.spans.findIndex(([a, b]) => a >= anchorBytes && b > a);
  if (k < 0 || s.spans.slice(0, k).some(([, b]) => b > anchorBytes)) return undefined;
  return whole.slice(k);
}

/** A least-recently-used map with a fixed number of entries. */
export class LruCache<K, V> {
  private map = new Map<K, V>();
  constructor(readonly capacity: number) {}
  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as K);
  }
  get size(): number {
    return this.map.size;
  }
}

/** Contexts kept per model: enough for a chunk of task items, small enough not to grow. */
export const ENCODE_CACHE_ENTRIES = 64;
const caches = new WeakMap<LoadedModel, LruCache<string, readonly EncodedToken[]>>();

/** encodeWithPieces, cached per model (the result is shared: do not mutate it). */
export function encodeCached(m: LoadedModel, text: string, addSpecialTokens: boolean): readonly EncodedToken[] {
  let cache = caches.get(m);
  if (!cache) caches.set(m, (cache = new LruCache(ENCODE_CACHE_ENTRIES)));
  const key = (addSpecialTokens ? '1' : '0') + text;
  const hit = cache.get(key);
  if (hit) return hit;
  const enc = encodeWithPieces(m, text, addSpecialTokens);
  cache.set(key, enc);
  return enc;
}

/**
 * Whether encoding `text` should add the tokenizer's special tokens: not when the text already
 * starts with the BOS string (a chat template that writes it), as lm-eval-harness decides, so
 * the model never sees BOS twice.
 */
export function addSpecialTokensFor(m: TokenizerHandle, text: string): boolean {
  const bos = bosToken(m.tokenizer);
  return !(bos && text.startsWith(bos));
}

export function pieceOf(m: TokenizerHandle, id: number): string {
  return raw(m).id_to_token(id) ?? `<${id}>`;
}

/** The piece of every id below `size` (undefined where the tokenizer has none). */
export function piecesById(m: TokenizerHandle, size: number): (string | undefined)[] {
  const tok = raw(m);
  const out: (string | undefined)[] = new Array(size);
  for (let id = 0; id < size; id++) out[id] = tok.id_to_token(id) ?? undefined;
  return out;
}
