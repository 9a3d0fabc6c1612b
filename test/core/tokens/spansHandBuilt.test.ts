// Byte spans from hand-built token lists, each expected span counted by hand from the UTF-8 bytes
// of the text (no tokenizer loaded: fast enough to run against every mutant).
import { describe, expect, it } from 'vitest';
import { tokenSpans, type EncodedToken } from '../../../src/core/tokens/spans';
import type { TokenizerTraits } from '../../../src/core/tokens/pieces';

const SP: TokenizerTraits = { kind: 'sentencepiece', dummyPrefix: true };
const SP_NO_PREFIX: TokenizerTraits = { kind: 'sentencepiece', dummyPrefix: false };
const BL: TokenizerTraits = { kind: 'byte-level', dummyPrefix: false };

let nextId = 1;
const tok = (piece: string, extra: Partial<EncodedToken> = {}): EncodedToken => ({ id: nextId++, piece, special: false, ...extra });
const BOS = (): EncodedToken => tok('<s>', { special: true });
const typed = (piece: string): EncodedToken => tok(piece, { added: true });

describe('tokenSpans: the text reproduced exactly', () => {
  it('drops the dummy-prefix space from the first content token; an inserted BOS covers nothing', () => {
    expect(tokenSpans([BOS(), tok('▁Once'), tok('▁upon')], 'Once upon', SP)).toEqual({
      spans: [
        [0, 0],
        [0, 4],
        [4, 9],
      ],
      dummyPrefixDropped: true,
      exact: true,
      note: undefined,
    });
  });

  it('keeps a leading space that is in the text', () => {
    expect(tokenSpans([BOS(), tok('▁Once'), tok('▁upon')], ' Once upon', SP_NO_PREFIX)).toEqual({
      spans: [
        [0, 0],
        [0, 5],
        [5, 10],
      ],
      dummyPrefixDropped: false,
      exact: true,
      note: undefined,
    });
    // With a dummy prefix and a text that itself starts with a space, only the first ▁ is dropped.
    const s = tokenSpans([tok('▁'), tok('▁Once')], ' Once', SP);
    expect(s.spans).toEqual([
      [0, 0],
      [0, 5],
    ]);
    expect(s.dummyPrefixDropped).toBe(true);
    expect(s.exact).toBe(true);
  });

  it('does not drop a space when the tokenizer adds none (no dummy prefix, exact bytes)', () => {
    const s = tokenSpans([tok('Hi'), tok('Ġthere')], 'Hi there', BL);
    expect(s).toEqual({ spans: [[0, 2], [2, 8]], dummyPrefixDropped: false, exact: true, note: undefined });
  });

  it('counts byte-fallback and multi-byte pieces by their bytes', () => {
    // "a 😀": ▁a, ▁, then the four bytes F0 9F 98 80 as fallback pieces.
    const s = tokenSpans([BOS(), tok('▁a'), tok('▁'), tok('<0xF0>'), tok('<0x9F>'), tok('<0x98>'), tok('<0x80>')], 'a 😀', SP);
    expect(s.spans).toEqual([
      [0, 0],
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 5],
      [5, 6],
    ]);
    expect(s.exact).toBe(true);
    // "é!" in byte-level pieces: é is C3 A9 ('Ã', '©'), split across two tokens.
    expect(tokenSpans([tok('Ã'), tok('©!')], 'é!', BL).spans).toEqual([
      [0, 1],
      [1, 3],
    ]);
  });

  it('an empty text with only inserted tokens has empty spans', () => {
    expect(tokenSpans([BOS()], '', SP)).toEqual({ spans: [[0, 0]], dummyPrefixDropped: false, exact: true, note: undefined });
    expect(tokenSpans([], '', SP)).toEqual({ spans: [], dummyPrefixDropped: false, exact: true, note: undefined });
  });
});

describe('tokenSpans: special-token text typed in the text (issue 5)', () => {
  it('a typed <s> covers its 3 bytes and the next segment’s dummy-prefix space is dropped', () => {
    const s = tokenSpans([BOS(), typed('<s>'), tok('▁Once')], '<s>Once', SP);
    expect(s).toEqual({
      spans: [
        [0, 0],
        [0, 3],
        [3, 7],
      ],
      dummyPrefixDropped: true,
      exact: true,
    });
  });

  it('drops the prefix space at the start of the text and after each typed special token', () => {
    const s = tokenSpans([BOS(), tok('▁Hi'), typed('</s>'), tok('▁there'), tok('.')], 'Hi</s>there.', SP);
    expect(s.spans).toEqual([
      [0, 0],
      [0, 2],
      [2, 6],
      [6, 11],
      [11, 12],
    ]);
    expect(s.exact).toBe(true);
    expect(s.dummyPrefixDropped).toBe(true);
  });

  it('keeps a segment’s first byte when it is not a space', () => {
    const s = tokenSpans([tok('▁Hi'), typed('</s>'), tok('there')], 'Hi</s>there', SP);
    expect(s.spans).toEqual([
      [0, 2],
      [2, 6],
      [6, 11],
    ]);
    expect(s.exact).toBe(true);
  });

  it('keeps the first byte of a later segment when it is not a space', () => {
    // The text starts with a typed <s>, so no single leading space explains the extra byte.
    const s = tokenSpans([typed('<s>'), tok('Once'), typed('</s>'), tok('▁there')], '<s>Once</s>there', SP);
    expect(s).toEqual({
      spans: [
        [0, 3],
        [3, 7],
        [7, 11],
        [11, 16],
      ],
      dummyPrefixDropped: true,
      exact: true,
    });
  });

  it('typed special tokens whose pieces already match the text drop nothing', () => {
    expect(tokenSpans([BOS(), typed('<s>'), tok('Once')], '<s>Once', SP)).toEqual({
      spans: [
        [0, 0],
        [0, 3],
        [3, 7],
      ],
      dummyPrefixDropped: false,
      exact: true,
      note: undefined,
    });
  });

  it('drops only the first space of a segment, not later ones', () => {
    // "Hi</s>a b": after </s> the tokenizer writes ▁a ▁b; the space before b is in the text.
    const s = tokenSpans([tok('▁Hi'), typed('</s>'), tok('▁a'), tok('▁b')], 'Hi</s>a b', SP);
    expect(s.spans).toEqual([
      [0, 2],
      [2, 6],
      [6, 7],
      [7, 9],
    ]);
  });

  it('without a dummy prefix, typed special tokens need no segment handling', () => {
    const s = tokenSpans([tok('▁Hi'), typed('</s>'), tok('▁there')], ' Hi</s> there', SP_NO_PREFIX);
    expect(s).toEqual({ spans: [[0, 3], [3, 7], [7, 13]], dummyPrefixDropped: false, exact: true, note: undefined });
  });

  it('says how many bytes differ when even the segment rule does not reproduce the text', () => {
    // A different letter: the per-segment comparison fails on content.
    const wrong = tokenSpans([tok('▁Hi'), typed('</s>'), tok('▁there')], 'Hi</s>thure', SP);
    expect(wrong.exact).toBe(false);
    expect(wrong.note).toBe('token pieces cover 13 bytes but the text has 11');
    expect(wrong.spans).toEqual([
      [0, 3],
      [3, 7],
      [7, 13],
    ]);
    // One byte too many in the text: every piece matches but the text goes on.
    const longer = tokenSpans([tok('▁Hi'), typed('</s>'), tok('▁there')], 'Hi</s>there!', SP);
    expect(longer.exact).toBe(false);
    expect(longer.note).toBe('token pieces cover 13 bytes but the text has 12');
  });
});

describe('tokenSpans: pieces that do not reproduce the text', () => {
  it('reports a mismatch with both byte counts and does not shift spans', () => {
    const s = tokenSpans([tok('▁Hi')], 'Ho', SP);
    expect(s).toEqual({ spans: [[0, 3]], dummyPrefixDropped: false, exact: false, note: 'token pieces cover 3 bytes but the text has 2' });
  });

  it('a text that is only a prefix of the pieces is not a match', () => {
    const s = tokenSpans([tok('Hi'), tok('!')], 'Hi', BL);
    expect(s.exact).toBe(false);
    expect(s.note).toBe('token pieces cover 3 bytes but the text has 2');
    const t = tokenSpans([tok('▁Hi'), tok('!')], 'Hi', SP);
    expect(t.exact).toBe(false);
    expect(t.note).toBe('token pieces cover 4 bytes but the text has 2');
    expect(t.dummyPrefixDropped).toBe(false);
  });

  it('the same length with different bytes is not a match, even after dropping a space', () => {
    const s = tokenSpans([tok('▁Hi!')], 'Hi?', SP);
    expect(s.exact).toBe(false);
    expect(s.note).toBe('token pieces cover 4 bytes but the text has 3');
    // Without a dummy prefix a leading space is never dropped.
    const t = tokenSpans([tok('▁Hi')], 'Hi', SP_NO_PREFIX);
    expect(t.exact).toBe(false);
    expect(t.spans).toEqual([[0, 3]]);
    // With one, only a leading space is dropped, never another first byte.
    const u = tokenSpans([tok('xHi')], 'Hi', SP);
    expect(u.exact).toBe(false);
    expect(u.spans).toEqual([[0, 3]]);
  });

  it('reports NFC normalisation and gives spans into the normalised text (byte-level)', () => {
    // "Cafe\u0301" is 6 bytes; the tokenizer saw "Café" (5 bytes: é = C3 A9 = 'Ã' '©').
    const s = tokenSpans([tok('Caf'), tok('Ã©')], 'Cafe\u0301', BL);
    expect(s).toEqual({
      spans: [
        [0, 3],
        [3, 5],
      ],
      dummyPrefixDropped: false,
      exact: false,
      note: 'the tokenizer normalised the text to Unicode NFC; byte spans refer to the normalised text',
    });
  });

  it('reports NFC normalisation after a dummy prefix, dropping the space from the spans', () => {
    const s = tokenSpans([BOS(), tok('▁Caf'), tok('é')], 'Cafe\u0301', SP);
    expect(s.exact).toBe(false);
    expect(s.note).toMatch(/^the tokenizer normalised the text to Unicode NFC/);
    expect(s.spans).toEqual([
      [0, 0],
      [0, 3],
      [3, 5],
    ]);
    // The dropped space may be a token of its own.
    const t = tokenSpans([tok('▁'), tok('Caf'), tok('é')], 'Cafe\u0301', SP);
    expect(t.spans).toEqual([
      [0, 0],
      [0, 3],
      [3, 5],
    ]);
  });

  it('without a dummy prefix, a leading space never counts as the NFC match', () => {
    const s = tokenSpans([tok('▁Caf'), tok('é')], 'Cafe\u0301', SP_NO_PREFIX);
    expect(s.note).toBe('token pieces cover 6 bytes but the text has 6');
    expect(s.spans).toEqual([
      [0, 4],
      [4, 6],
    ]);
  });
});
