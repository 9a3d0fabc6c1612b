// The score --items reader: lines split from byte chunks wherever the chunks break, decoded
// strictly, numbered as an editor numbers them.
import { describe, expect, it } from 'vitest';
import { parseScoreItems, readScoreItems, utf8Lines, type ItemLine, type TextLine } from '../../../src/core/formats/scoreItems';
import { firstInvalidUtf8 } from '../../../src/core/formats/utf8';

const enc = (s: string) => new TextEncoder().encode(s);

async function collect<T>(gen: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of gen) out.push(x);
  return out;
}

/** The bytes cut into pieces of `size` (1 splits every multi-byte character). */
function pieces(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.slice(i, i + size));
  return out;
}

describe('utf8Lines', () => {
  const text = '\uFEFF{"a": "é"}\r\n\n  \n{"b": "日本語 🙂"}\nlast';
  const expected: TextLine[] = [
    { line: 1, text: '{"a": "é"}' },
    { line: 4, text: '{"b": "日本語 🙂"}' },
    { line: 5, text: 'last' },
  ];
  for (const size of [1, 2, 3, 5, 64]) {
    it(`gives the same lines for chunks of ${size} bytes (BOM skipped, CRLF, blank lines counted)`, async () => {
      expect(await collect(utf8Lines(pieces(enc(text), size)))).toEqual(expected);
    });
  }

  it('reports invalid UTF-8 by line and byte instead of replacing it with U+FFFD', async () => {
    const bytes = new Uint8Array([...enc('ok\n'), 0x61, 0x62, 0xff, 0x63, 0x0a, ...enc('fine')]);
    expect(await collect(utf8Lines([bytes]))).toEqual([
      { line: 1, text: 'ok' },
      { line: 2, reason: 'not valid UTF-8 (at byte 3 of the line)' },
      { line: 3, text: 'fine' },
    ]);
  });

  it('reports a line over the limit and skips its bytes, the next lines still load', async () => {
    const long = 'x'.repeat(100);
    expect(await collect(utf8Lines(pieces(enc(`a\n${long}\nb`), 7), 50))).toEqual([
      { line: 1, text: 'a' },
      { line: 2, reason: 'longer than the limit of 50 bytes per line' },
      { line: 3, text: 'b' },
    ]);
    expect(await collect(utf8Lines([enc(long)], 50))).toEqual([{ line: 1, reason: 'longer than the limit of 50 bytes per line' }]);
  });
});

describe('firstInvalidUtf8', () => {
  it('finds stray continuation bytes, overlong forms, surrogates, truncation and code points past U+10FFFF', () => {
    expect(firstInvalidUtf8(enc('héllo 🙂'))).toBe(-1);
    expect(firstInvalidUtf8(new Uint8Array([0x61, 0x80]))).toBe(1);
    expect(firstInvalidUtf8(new Uint8Array([0xc0, 0xaf]))).toBe(0); // overlong '/'
    expect(firstInvalidUtf8(new Uint8Array([0xe0, 0x80, 0xaf]))).toBe(0); // overlong
    expect(firstInvalidUtf8(new Uint8Array([0x61, 0xed, 0xa0, 0x80]))).toBe(1); // U+D800
    expect(firstInvalidUtf8(new Uint8Array([0xf4, 0x90, 0x80, 0x80]))).toBe(0); // U+110000
    expect(firstInvalidUtf8(new Uint8Array([0x61, 0x62, 0xe6, 0x97]))).toBe(2); // cut short
    expect(firstInvalidUtf8(new Uint8Array([0xf0, 0x9f, 0x99, 0x82]))).toBe(-1);
  });
});

describe('readScoreItems', () => {
  it('yields good items and line-numbered reasons, lazily', async () => {
    const file = [
      '{"context": "a", "candidates": [" b"]}',
      '{"context": "a", "candidates": [" b"',
      '{"context": "a", "candidates": []}',
      '{"context": "\\ud800", "candidates": [" b"]}',
      '{"context": "c", "candidates": [" d", " e"]}',
    ].join('\r\n');
    const got: ItemLine[] = await collect(readScoreItems([enc(file)]));
    expect(got.map((l) => l.line)).toEqual([1, 2, 3, 4, 5]);
    expect(got[0]).toEqual({ line: 1, item: { context: 'a', candidates: [' b'] } });
    expect(got[1]).toMatchObject({ line: 2, reason: expect.stringMatching(/^not valid JSON/) });
    expect(got[2]).toEqual({ line: 3, reason: 'candidates: needs at least one candidate' });
    expect(got[3]).toEqual({ line: 4, reason: 'context: contains a lone surrogate (\\ud800–\\udfff), which is not text' });
    expect(got[4]).toEqual({ line: 5, item: { context: 'c', candidates: [' d', ' e'] } });
  });

  it('reads no further than the consumer asks', async () => {
    let pulled = 0;
    function* source() {
      for (let i = 0; i < 1000; i++) {
        pulled++;
        yield enc(`{"context": "${i}", "candidates": [" x"]}\n`);
      }
    }
    for await (const l of readScoreItems(source())) if (l.line === 3) break;
    expect(pulled).toBe(3);
  });

  it('agrees with the whole-text parser, a UTF-8 BOM included', async () => {
    const text = '\uFEFF{"context": "a", "candidates": [" b"]}\n{"context": 1}\n';
    const whole = parseScoreItems(text);
    expect(whole.items).toEqual([{ context: 'a', candidates: [' b'] }]);
    expect(whole.errors.map((e) => e.line)).toEqual([2]);
    const lazy = await collect(readScoreItems([enc(text)]));
    expect(lazy.map((l) => ('item' in l ? l.item : l.line))).toEqual([{ context: 'a', candidates: [' b'] }, 2]);
  });
});

describe('score --items line rules', () => {
  it('names a non-object item, a missing context and every bad candidate', async () => {
    const { parseScoreItemLine } = await import('../../../src/core/formats/scoreItems');
    expect(parseScoreItemLine('[1, 2]')).toEqual({ reason: 'item: expected an object with "context" and "candidates"' });
    expect(parseScoreItemLine('null')).toEqual({ reason: 'item: expected an object with "context" and "candidates"' });
    expect(parseScoreItemLine('"text"')).toEqual({ reason: 'item: expected an object with "context" and "candidates"' });
    expect(parseScoreItemLine('{"candidates": ["a"]}')).toEqual({ reason: 'context: expected a string' });
    expect(parseScoreItemLine('{"context": "c", "candidates": "a"}')).toEqual({ reason: 'candidates: expected a list of strings' });
    expect(parseScoreItemLine('{"context": 1, "candidates": ["a", 2, "\\udc00x"]}')).toEqual({
      reason: 'context: expected a string; candidates.1: expected a string; candidates.2: contains a lone surrogate (\\ud800–\\udfff), which is not text',
    });
    expect(parseScoreItemLine('{"context": "", "candidates": [""], "extra": 1}')).toEqual({ item: { context: '', candidates: [''] } });
  });

  it('a BOM counts only at the start of the file; a lone CR inside a line stays', async () => {
    const got = await collect(utf8Lines([enc('a\n\uFEFFb\nc\rd\r\n')]));
    expect(got).toEqual([
      { line: 1, text: 'a' },
      { line: 2, text: '\uFEFFb' },
      { line: 3, text: 'c\rd' },
    ]);
    expect(await collect(utf8Lines([enc('\uFEFF')]))).toEqual([]);
    expect(await collect(utf8Lines([new Uint8Array([0xef, 0xbb])]))).toEqual([{ line: 1, reason: 'not valid UTF-8 (at byte 1 of the line)' }]);
  });

  it('a line of exactly the limit loads; one byte more does not', async () => {
    expect(await collect(utf8Lines([enc('abcd\nabcde\n')], 4))).toEqual([
      { line: 1, text: 'abcd' },
      { line: 2, reason: 'longer than the limit of 4 bytes per line' },
    ]);
  });
});

describe('firstInvalidUtf8 boundaries', () => {
  it('accepts the edges of every range and refuses just past them', () => {
    const ok = [[0xc2, 0x80], [0xdf, 0xbf], [0xe0, 0xa0, 0x80], [0xef, 0xbf, 0xbf], [0xed, 0x9f, 0xbf], [0xf0, 0x90, 0x80, 0x80], [0xf4, 0x8f, 0xbf, 0xbf], [0x7f]];
    for (const b of ok) expect(firstInvalidUtf8(new Uint8Array(b)), b.map((x) => x.toString(16)).join(' ')).toBe(-1);
    const bad: [number[], number][] = [
      [[0xc1, 0xbf], 0],
      [[0x41, 0xe0, 0x9f, 0x80], 1],
      [[0xed, 0xa0, 0x80], 0],
      [[0xf0, 0x8f, 0xbf, 0xbf], 0],
      [[0xf4, 0x90, 0x80, 0x80], 0],
      [[0xf5, 0x80, 0x80, 0x80], 0],
      [[0xe2, 0x82], 0],
      [[0xe2, 0x28, 0xa1], 0],
      [[0xc2], 0],
    ];
    for (const [b, at] of bad) expect(firstInvalidUtf8(new Uint8Array(b)), b.map((x) => x.toString(16)).join(' ')).toBe(at);
  });
});
