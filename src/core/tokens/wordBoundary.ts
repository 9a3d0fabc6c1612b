// Which tokens begin a new word (Pimentel & Meister 2024, "How to compute the probability of a
// word"): with a tokenizer that marks word starts on the token (SentencePiece's "▁", byte-level
// BPE's "Ġ"), a word is over exactly when the next token begins a new one. Summing the next-token
// distribution over these tokens gives the probability that the string just scored ends a word
// there, so " par" is not credited with the mass of " park".
import { utf8Bytes } from '../text/unicode';
import { byteLevelPieceBytes } from './byteLevel';
import type { TokenizerKind } from './pieces';

/** A whitespace (Unicode White_Space) or punctuation (General_Category P*) character. */
const WORD_START = /^[\p{White_Space}\p{P}]/u;

const BYTE_FALLBACK = /^<0x([0-9A-Fa-f]{2})>$/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Whether a character that starts with these bytes begins a new word. A single byte of an ASCII
 * character decides by that character; a complete multi-byte character by its code point; an
 * incomplete one (a byte-level piece that holds only the start of a character) does not count,
 * since which character it starts is not known from the piece.
 */
function bytesStartWord(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  const b = bytes[0];
  if (b < 0x80) return WORD_START.test(String.fromCharCode(b));
  const len = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 0;
  if (len === 0 || bytes.length < len) return false;
  let ch: string;
  try {
    ch = strictUtf8.decode(bytes.subarray(0, len));
  } catch {
    return false;
  }
  return WORD_START.test(ch);
}

/**
 * Whether a vocabulary piece begins a new word: its text starts with whitespace or punctuation
 * (SentencePiece "▁" is a space; a "<0xNN>" byte-fallback piece counts when NN is such an ASCII
 * character), or, byte-level, the bytes its characters stand for do.
 */
export function pieceStartsWord(piece: string, kind: TokenizerKind): boolean {
  if (kind === 'byte-level') return bytesStartWord(byteLevelPieceBytes(piece) ?? utf8Bytes(piece));
  const m = BYTE_FALLBACK.exec(piece);
  if (m) return bytesStartWord(Uint8Array.of(parseInt(m[1], 16)));
  return bytesStartWord(utf8Bytes(piece.replaceAll('▁', ' ')));
}

export interface BoundaryVocabulary {
  /** Piece of each id (undefined where the id has none). */
  pieces: readonly (string | undefined)[];
  kind: TokenizerKind;
  /** Special tokens (BOS, padding, chat markers): never a word start, except the end-of-sequence ones. */
  specialIds: ReadonlySet<number>;
  /** End-of-sequence ids: the text ends, so the word does too. */
  eosIds: readonly number[];
}

/** The ids that begin a new word, ascending: the word-final correction's boundary set. */
export function wordBoundaryIds(v: BoundaryVocabulary): Int32Array {
  const eos = new Set(v.eosIds);
  const out: number[] = [];
  v.pieces.forEach((p, id) => {
    if (eos.has(id)) out.push(id);
    else if (p !== undefined && !v.specialIds.has(id) && pieceStartsWord(p, v.kind)) out.push(id);
  });
  for (const id of eos) if (id >= v.pieces.length) out.push(id);
  return Int32Array.from(out.sort((a, b) => a - b));
}
