// Pieces to bytes, and tokenizer traits, from hand-built tokenizer.json fragments and the real
// files in the shared models folder (read as JSON: no tokenizer is loaded, so these run in
// milliseconds). Byte values are derived by hand from GPT-2's published byte-to-unicode table
// (printable Latin-1 maps to itself; bytes 0x00–0x20 map to U+0100–U+0120, 0x7F to U+0121,
// 0x80–0xA0 to U+0122–U+0142, 0xAD to U+0143).
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { BYTE_TO_CHAR, CHAR_TO_BYTE, byteLevelPieceBytes } from '../../../src/core/tokens/byteLevel';
import { pieceBytes, pieceText, tokenizerTraits } from '../../../src/core/tokens/pieces';
import { MODELS_DIR } from '../../paths';

const bytes = (u: Uint8Array | null) => (u === null ? null : Array.from(u));
const jsonCache = new Map<string, unknown>();
function readJson(rel: string): unknown {
  if (!jsonCache.has(rel)) jsonCache.set(rel, JSON.parse(fs.readFileSync(path.join(MODELS_DIR, rel), 'utf8')));
  return jsonCache.get(rel);
}

describe('GPT-2 byte-level table', () => {
  it('maps the landmark bytes as GPT-2 spells them', () => {
    expect(BYTE_TO_CHAR[0x20]).toBe('Ġ'); // U+0120
    expect(BYTE_TO_CHAR[0x0a]).toBe('Ċ'); // U+010A
    expect(BYTE_TO_CHAR[0x09]).toBe('ĉ'); // U+0109
    expect(BYTE_TO_CHAR[0x00]).toBe('\u0100');
    expect(BYTE_TO_CHAR[0x7f]).toBe('\u0121');
    expect(BYTE_TO_CHAR[0x80]).toBe('\u0122');
    expect(BYTE_TO_CHAR[0xa0]).toBe('\u0142');
    expect(BYTE_TO_CHAR[0xad]).toBe('\u0143');
    for (const b of [0x21, 0x41, 0x7e, 0xa1, 0xac, 0xae, 0xff]) expect(BYTE_TO_CHAR[b]).toBe(String.fromCharCode(b));
  });

  it('is the alphabet of GPT-2’s vocabulary: ids 0–255 are the 256 byte characters', () => {
    const vocab = (readJson('tokenizers/gpt2/tokenizer.json') as { model: { vocab: Record<string, number> } }).model.vocab;
    const first256 = Object.entries(vocab)
      .filter(([, id]) => id < 256)
      .map(([piece]) => piece);
    expect(first256.length).toBe(256);
    expect(new Set(first256)).toEqual(new Set(BYTE_TO_CHAR));
    expect(CHAR_TO_BYTE.size).toBe(256);
  });

  it('reads a piece back to its bytes, or null when a character is outside the table', () => {
    expect(bytes(byteLevelPieceBytes('ĠHello'))).toEqual([0x20, 0x48, 0x65, 0x6c, 0x6c, 0x6f]);
    expect(bytes(byteLevelPieceBytes('ðŁĺĢ'))).toEqual([0xf0, 0x9f, 0x98, 0x80]); // 😀
    expect(bytes(byteLevelPieceBytes(''))).toEqual([]);
    expect(byteLevelPieceBytes('日')).toBeNull();
    expect(byteLevelPieceBytes('Ġ日')).toBeNull();
    expect(byteLevelPieceBytes('日Ġ')).toBeNull();
  });
});

describe('tokenizerTraits', () => {
  it('reads the real files: stories260K is SentencePiece with a dummy prefix, GPT-2 byte-level without', () => {
    expect(tokenizerTraits(readJson('stories260K/tokenizer.json'))).toEqual({ kind: 'sentencepiece', dummyPrefix: true });
    expect(tokenizerTraits(readJson('tokenizers/gpt2/tokenizer.json'))).toEqual({ kind: 'byte-level', dummyPrefix: false });
  });

  it('takes a byte-level prefix space from the pre-tokenizer only, not from the decoder', () => {
    const bl = (add: boolean) => ({ type: 'ByteLevel', add_prefix_space: add });
    expect(tokenizerTraits({ pre_tokenizer: bl(true) })).toEqual({ kind: 'byte-level', dummyPrefix: true });
    expect(tokenizerTraits({ pre_tokenizer: bl(false), decoder: bl(true) })).toEqual({ kind: 'byte-level', dummyPrefix: false });
    expect(tokenizerTraits({ decoder: bl(true) })).toEqual({ kind: 'byte-level', dummyPrefix: false });
    expect(tokenizerTraits({ pre_tokenizer: { type: 'ByteLevel' } })).toEqual({ kind: 'byte-level', dummyPrefix: false });
    // Nested in sequences, as Qwen and Llama 3 ship it.
    expect(
      tokenizerTraits({
        pre_tokenizer: { type: 'Sequence', pretokenizers: [{ type: 'Split' }, { type: 'Sequence', pretokenizers: [bl(true)] }] },
      }),
    ).toEqual({ kind: 'byte-level', dummyPrefix: true });
    expect(tokenizerTraits({ decoder: { type: 'Sequence', decoders: [{ type: 'Fuse' }, { type: 'ByteLevel' }] } }).kind).toBe('byte-level');
  });

  it('finds the SentencePiece dummy prefix in a Prepend normaliser or a Metaspace pre-tokenizer', () => {
    const sp = (dummyPrefix: boolean) => ({ kind: 'sentencepiece', dummyPrefix });
    expect(tokenizerTraits(null)).toEqual(sp(false));
    expect(tokenizerTraits(undefined)).toEqual(sp(false));
    expect(tokenizerTraits({})).toEqual(sp(false));
    expect(tokenizerTraits({ normalizer: { type: 'Prepend', prepend: '▁' } })).toEqual(sp(true));
    expect(tokenizerTraits({ normalizer: { type: 'Prepend', prepend: '_' } })).toEqual(sp(false));
    expect(tokenizerTraits({ normalizer: { type: 'Replace', prepend: '▁' } })).toEqual(sp(false));
    expect(tokenizerTraits({ normalizer: { type: 'Sequence', normalizers: [{ type: 'NFKC' }, { type: 'Prepend', prepend: '▁' }] } })).toEqual(sp(true));
    const meta = (m: object) => tokenizerTraits({ pre_tokenizer: { type: 'Metaspace', replacement: '▁', ...m } });
    expect(meta({ prepend_scheme: 'always' })).toEqual(sp(true));
    expect(meta({ prepend_scheme: 'first' })).toEqual(sp(true));
    expect(meta({ prepend_scheme: 'never' })).toEqual(sp(false));
    expect(meta({ prepend_scheme: 'never', add_prefix_space: true })).toEqual(sp(false));
    expect(meta({ add_prefix_space: true })).toEqual(sp(true)); // the older spelling
    expect(meta({ add_prefix_space: false })).toEqual(sp(false));
    expect(meta({})).toEqual(sp(false));
    expect(tokenizerTraits({ pre_tokenizer: { type: 'Sequence', pretokenizers: [{ type: 'Metaspace', prepend_scheme: 'first' }] } })).toEqual(sp(true));
    expect(tokenizerTraits({ pre_tokenizer: { type: 'Whitespace', prepend_scheme: 'always' } })).toEqual(sp(false));
  });
});

describe('pieceBytes and pieceText', () => {
  it('reads SentencePiece byte-fallback pieces as one byte, in either hex case', () => {
    expect(bytes(pieceBytes('<0x0A>', 'sentencepiece'))).toEqual([0x0a]);
    expect(bytes(pieceBytes('<0xff>', 'sentencepiece'))).toEqual([0xff]);
    expect(bytes(pieceBytes('<0xE6>', 'sentencepiece'))).toEqual([0xe6]);
    // Anything else that merely looks like one is text.
    expect(bytes(pieceBytes('<0x0A>x', 'sentencepiece'))).toEqual([0x3c, 0x30, 0x78, 0x30, 0x41, 0x3e, 0x78]);
    expect(bytes(pieceBytes('x<0x0A>', 'sentencepiece'))).toEqual([0x78, 0x3c, 0x30, 0x78, 0x30, 0x41, 0x3e]);
    expect(pieceBytes('<0xABC>', 'sentencepiece').length).toBe(7);
    expect(pieceBytes('<0xG1>', 'sentencepiece').length).toBe(6);
  });

  it('turns every ▁ into a space and spells the rest as UTF-8', () => {
    expect(bytes(pieceBytes('▁▁a▁', 'sentencepiece'))).toEqual([0x20, 0x20, 0x61, 0x20]);
    expect(bytes(pieceBytes('▁é', 'sentencepiece'))).toEqual([0x20, 0xc3, 0xa9]);
    expect(bytes(pieceBytes('<s>', 'sentencepiece'))).toEqual([0x3c, 0x73, 0x3e]);
  });

  it('reads byte-level pieces through the table, falling back to UTF-8 for a piece outside it', () => {
    expect(bytes(pieceBytes('Ġworld', 'byte-level'))).toEqual([0x20, 0x77, 0x6f, 0x72, 0x6c, 0x64]);
    expect(bytes(pieceBytes('Ċ', 'byte-level'))).toEqual([0x0a]);
    // Byte-level pieces are never byte-fallback pieces: '<0x0A>' is six table characters.
    expect(bytes(pieceBytes('<0x0A>', 'byte-level'))).toEqual([0x3c, 0x30, 0x78, 0x30, 0x41, 0x3e]);
    // '▁' (U+2581) is outside the table: the whole piece is read as UTF-8, not as a space.
    expect(bytes(pieceBytes('▁a', 'byte-level'))).toEqual([0xe2, 0x96, 0x81, 0x61]);
    expect(bytes(pieceBytes('Ġ日', 'byte-level'))).toEqual([0xc4, 0xa0, 0xe6, 0x97, 0xa5]);
  });

  it('shows a piece as its decoded text, or as <XX> bytes when they are not whole characters', () => {
    expect(pieceText('ðŁĺĢ', 'byte-level')).toBe('😀');
    expect(pieceText('ĠHi', 'byte-level')).toBe(' Hi');
    expect(pieceText('ðŁ', 'byte-level')).toBe('<F0><9F>');
    // 0xC3 ('Ã') then 0x05 ('ą'): invalid together; each byte is two upper-case hex digits.
    expect(pieceText('Ãą', 'byte-level')).toBe('<C3><05>');
    expect(pieceText('<0xE6>', 'sentencepiece')).toBe('<E6>');
    expect(pieceText('<0x0A>', 'sentencepiece')).toBe('\n');
    expect(pieceText('▁Once', 'sentencepiece')).toBe(' Once');
  });
});
