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
    let len = b.length;
    if (skip > 0 && len > 0) {
      const drop = Math.min(skip, len);
      len -= drop;
      skip -= drop;
    }
    spans.push([pos, pos + len]);
    pos += len;
  }
  return { spans, dummyPrefixDropped: exact && all.length === target.length + 1, exact, note };
}
