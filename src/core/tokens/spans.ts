// Exact UTF-8 byte spans of every token of an encoded text, from the token pieces alone
// (tokenizers in transformers.js report no offsets, and decoding tokens one at a time miscounts
// tokens that split a multi-byte character).
import { utf8Bytes } from '../text/unicode';
import { pieceBytes, type TokenizerTraits } from './pieces';

export interface EncodedToken {
  id: number;
  piece: string;
  /** Inserted by the tokenizer (BOS/EOS from the post-processor): covers no byte of the text. */
  special: boolean;
  /**
   * A special token written in the text ("<s>" typed by the user): it covers its bytes, and the
   * text after it is a new segment, which some tokenizers give its own dummy-prefix space.
   */
  added?: boolean;
}

export interface TokenSpans {
  /** [start, end) byte offsets into the text, one per token (specials are empty spans). */
  spans: [number, number][];
  /** The first content token carried a dummy-prefix space that is not in the text. */
  dummyPrefixDropped: boolean;
  /** The pieces' bytes reproduce the text's bytes exactly. */
  exact: boolean;
  /** Why not, when they don't. */
  note?: string;
}

function equalBytes(a: Uint8Array, aOffset: number, b: Uint8Array): boolean {
  if (a.length - aOffset !== b.length) return false;
  for (let i = 0; i < b.length; i++) if (a[i + aOffset] !== b[i]) return false;
  return true;
}

/**
 * Spans when the tokenizer put a dummy-prefix space in front of every text segment: the start of
 * the text and the text after each special token written in it ("<s>Once" → <s> ▁Once). Undefined
 * when dropping those spaces does not reproduce the text's bytes exactly.
 */
function segmentPrefixSpans(tokens: readonly EncodedToken[], perToken: readonly Uint8Array[], target: Uint8Array): [number, number][] | undefined {
  if (!tokens.some((t) => t.added)) return undefined;
  const spans: [number, number][] = [];
  let pos = 0;
  let segmentStart = true;
  for (let k = 0; k < tokens.length; k++) {
    let b = perToken[k];
    if (tokens[k].added) segmentStart = true;
    else if (b.length > 0 && segmentStart) {
      segmentStart = false;
      if (b[0] === 0x20) b = b.subarray(1);
    }
    for (let i = 0; i < b.length; i++) if (target[pos + i] !== b[i]) return undefined;
    spans.push([pos, pos + b.length]);
    pos += b.length;
  }
  return pos === target.length ? spans : undefined;
}

export function tokenSpans(tokens: readonly EncodedToken[], text: string, traits: TokenizerTraits): TokenSpans {
  const perToken = tokens.map((t) => (t.special ? new Uint8Array(0) : pieceBytes(t.piece, traits.kind)));
  const total = perToken.reduce((n, b) => n + b.length, 0);
  const all = new Uint8Array(total);
  let o = 0;
  for (const b of perToken) {
    all.set(b, o);
    o += b.length;
  }
  const target = utf8Bytes(text);
  let skip = 0;
  let exact = equalBytes(all, 0, target);
  let note: string | undefined;
  if (!exact && traits.dummyPrefix && all[0] === 0x20 && equalBytes(all, 1, target)) {
    skip = 1;
    exact = true;
  }
  if (!exact && traits.dummyPrefix) {
    const segmented = segmentPrefixSpans(tokens, perToken, target);
    if (segmented) return { spans: segmented, dummyPrefixDropped: true, exact: true };
  }
  if (!exact) {
    const nfc = utf8Bytes(text.normalize('NFC'));
    if (equalBytes(all, 0, nfc) || (traits.dummyPrefix && all[0] === 0x20 && equalBytes(all, 1, nfc))) {
      note = 'the tokenizer normalised the text to Unicode NFC; byte spans refer to the normalised text';
      skip = all.length - nfc.length;
    } else {
      note = `token pieces cover ${all.length} bytes but the text has ${target.length}`;
    }
  }
  const spans: [number, number][] = [];
  let pos = 0;
  for (const b of perToken) {
    const drop = Math.min(skip, b.length);
    const len = b.length - drop;
    skip -= drop;
    spans.push([pos, pos + len]);
    pos += len;
  }
  return { spans, dummyPrefixDropped: exact && all.length === target.length + 1, exact, note };
}
