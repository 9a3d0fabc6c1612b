// From a vocabulary piece to the exact bytes it stands for, for the two tokenizer families.
import { utf8Bytes } from '../text/unicode';
import { byteLevelPieceBytes } from './byteLevel';

export type TokenizerKind = 'sentencepiece' | 'byte-level';

/** What the byte-span code needs to know about a tokenizer, read from its tokenizer.json. */
export interface TokenizerTraits {
  kind: TokenizerKind;
  /** The tokenizer adds a space ('▁' or 'Ġ') in front of the text that is not in the text. */
  dummyPrefix: boolean;
}

interface JsonNode {
  type?: string;
  prepend?: string;
  add_prefix_space?: boolean;
  prepend_scheme?: string;
  normalizers?: JsonNode[];
  pretokenizers?: JsonNode[];
  decoders?: JsonNode[];
}

function flatten(node: JsonNode | null | undefined, key: 'normalizers' | 'pretokenizers' | 'decoders'): JsonNode[] {
  if (!node) return [];
  const children = node[key];
  return children ? children.flatMap((c) => flatten(c, key)) : [node];
}

export function tokenizerTraits(tokenizerJson: unknown): TokenizerTraits {
  const json = (tokenizerJson ?? {}) as { normalizer?: JsonNode; pre_tokenizer?: JsonNode; decoder?: JsonNode };
  const normalizers = flatten(json.normalizer, 'normalizers');
  const preTokenizers = flatten(json.pre_tokenizer, 'pretokenizers');
  const decoders = flatten(json.decoder, 'decoders');
  const byteLevel = [...preTokenizers, ...decoders].some((n) => n.type === 'ByteLevel');
  if (byteLevel) {
    const bl = preTokenizers.find((n) => n.type === 'ByteLevel');
    return { kind: 'byte-level', dummyPrefix: bl?.add_prefix_space === true };
  }
  const prependNormalizer = normalizers.some((n) => n.type === 'Prepend' && n.prepend === '▁');
  const metaspace = preTokenizers.find((n) => n.type === 'Metaspace');
  const metaspacePrefix =
    metaspace !== undefined &&
    (metaspace.prepend_scheme === 'always' || metaspace.prepend_scheme === 'first' || (metaspace.prepend_scheme === undefined && metaspace.add_prefix_space === true));
  return { kind: 'sentencepiece', dummyPrefix: prependNormalizer || metaspacePrefix };
}

const BYTE_FALLBACK = /^<0x([0-9A-Fa-f]{2})>$/;

/** The bytes a piece stands for. Byte-level pieces that fall outside the table fall back to UTF-8. */
export function pieceBytes(piece: string, kind: TokenizerKind): Uint8Array {
  if (kind === 'byte-level') return byteLevelPieceBytes(piece) ?? utf8Bytes(piece);
  const m = BYTE_FALLBACK.exec(piece);
  if (m) return Uint8Array.of(parseInt(m[1], 16));
  return utf8Bytes(piece.replaceAll('▁', ' '));
}

/** Display text of a piece: its bytes decoded (a lone byte of a multi-byte character shows as <xx>). */
export function pieceText(piece: string, kind: TokenizerKind): string {
  // Every scored token asks for its text: the answers are kept per piece (a vocabulary's worth at
  // most), and one decoder serves every call (a fatal decoder keeps no state between calls).
  const cache = pieceTexts[kind];
  const hit = cache.get(piece);
  if (hit !== undefined) return hit;
  const bytes = pieceBytes(piece, kind);
  let text: string;
  try {
    text = FATAL_UTF8.decode(bytes);
  } catch {
    text = Array.from(bytes, (b) => `<${b.toString(16).padStart(2, '0').toUpperCase()}>`).join('');
  }
  if (cache.size >= PIECE_TEXT_ENTRIES) cache.clear();
  cache.set(piece, text);
  return text;
}
const FATAL_UTF8 = new TextDecoder('utf-8', { fatal: true });
/** Pieces whose text is kept per tokenizer family: more than any vocabulary lengthlens loads. */
const PIECE_TEXT_ENTRIES = 1 << 18;
const pieceTexts: Record<TokenizerKind, Map<string, string>> = { sentencepiece: new Map(), 'byte-level': new Map() };

/**
 * The tokenizer family that produced scored tokens, read back from their pieces and display texts
 * (each token's `text` is `pieceText(piece, kind)`): the family whose decoding reproduces every
 * token. Where both do (no token tells them apart), sentencepiece, the stories/Llama family.
 */
export function tokenizerKindOf(tokens: Iterable<{ piece: string; text: string }>): TokenizerKind {
  for (const t of tokens) {
    const sp = pieceText(t.piece, 'sentencepiece') === t.text;
    const bl = pieceText(t.piece, 'byte-level') === t.text;
    if (sp !== bl) return bl ? 'byte-level' : 'sentencepiece';
  }
  return 'sentencepiece';
}
