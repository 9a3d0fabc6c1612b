// score --items lines where chunk boundaries fall awkwardly: a CRLF split across chunks, a line
// built from many chunks, an over-long line whose excess arrives later, a BOM that is not on the
// first line, and invalid bytes counted from the line's start.
import { describe, expect, it } from 'vitest';
import { parseScoreItems, readScoreItems, utf8Lines, type ItemLine, type TextLine } from '../../../src/core/formats/scoreItems';

const enc = (s: string) => new TextEncoder().encode(s);
async function lines(chunks: Uint8Array[], max?: number): Promise<TextLine[]> {
  const out: TextLine[] = [];
  for await (const l of utf8Lines(chunks, max)) out.push(l);
  return out;
}

describe('utf8Lines across chunks', () => {
  it('a CR at the end of one chunk and the LF at the start of the next end one line', async () => {
    expect(await lines([enc('ab\r'), enc('\ncd\r'), enc('\n')])).toEqual([
      { line: 1, text: 'ab' },
      { line: 2, text: 'cd' },
    ]);
  });

  it('joins a line from many chunks, and a chunk holding many lines', async () => {
    expect(await lines([enc('he'), enc('l'), enc('lo\nwo'), enc('rld\n\nx\ny')])).toEqual([
      { line: 1, text: 'hello' },
      { line: 2, text: 'world' },
      { line: 4, text: 'x' },
      { line: 5, text: 'y' },
    ]);
  });

  it('a line whose excess arrives in a later chunk is refused, and the next line starts clean', async () => {
    expect(await lines([enc('abc'), enc('de\nf'), enc('g\n')], 4)).toEqual([
      { line: 1, reason: 'longer than the limit of 4 bytes per line' },
      { line: 2, text: 'fg' },
    ]);
    expect(await lines([enc('abcdefgh'), enc('ij'), enc('\nok')], 4)).toEqual([
      { line: 1, reason: 'longer than the limit of 4 bytes per line' },
      { line: 2, text: 'ok' },
    ]);
    // Exactly the limit, split over chunks, still loads.
    expect(await lines([enc('ab'), enc('cd'), enc('\n')], 4)).toEqual([{ line: 1, text: 'abcd' }]);
  });

  it('the BOM is skipped only at the start of the file, even when line 1 is blank', async () => {
    expect(await lines([enc('\n\uFEFFx\n')])).toEqual([{ line: 2, text: '\uFEFFx' }]);
    expect(await lines([Uint8Array.of(0xef, 0xbb), Uint8Array.of(0xbf, 0x61)])).toEqual([{ line: 1, text: 'a' }]);
    expect(await lines([enc('\uFEFF\uFEFFa')])).toEqual([{ line: 1, text: '\uFEFFa' }]);
  });

  it('a first line that starts like a BOM but is not one keeps every byte', async () => {
    // ỿ = E1 BB BF, ﺿ = EF BA BF, ﻾ = EF BB BE, ¿ = C2 BF, » = C2 BB: each shares bytes with EF BB BF.
    for (const first of ['ỿ', 'ﺿ', '﻾', 'a¿x', '»x', 'ab']) expect(await lines([enc(`${first}\nz`)]), first).toEqual([
      { line: 1, text: first },
      { line: 2, text: 'z' },
    ]);
  });

  it('counts the byte of invalid UTF-8 from the start of its line, across chunks', async () => {
    expect(await lines([enc('ok\nab'), Uint8Array.of(0xff), enc('c\n')])).toEqual([
      { line: 1, text: 'ok' },
      { line: 2, reason: 'not valid UTF-8 (at byte 3 of the line)' },
    ]);
    // A character cut by the end of the file is invalid too.
    expect(await lines([enc('a\n'), Uint8Array.of(0x62, 0xe6, 0x97)])).toEqual([
      { line: 1, text: 'a' },
      { line: 2, reason: 'not valid UTF-8 (at byte 2 of the line)' },
    ]);
  });

  it('a whitespace-only line is blank; a last line without a newline still counts', async () => {
    expect(await lines([enc(' \t\r\n\u3000\nend')])).toEqual([{ line: 3, text: 'end' }]);
    expect(await lines([])).toEqual([]);
    expect(await lines([enc('\n\n')])).toEqual([]);
  });
});

describe('parseScoreItems', () => {
  it('numbers lines across CRLF and blank lines, a BOM dropped', () => {
    const text = '\uFEFF{"context": "a", "candidates": [" b"]}\r\n\r\n  \r\n{"context": "c"}\r\n{"context": "d", "candidates": ["e"]}';
    expect(parseScoreItems(text)).toEqual({
      items: [
        { context: 'a', candidates: [' b'] },
        { context: 'd', candidates: ['e'] },
      ],
      errors: [{ line: 4, reason: 'candidates: expected a list of strings' }],
    });
    expect(parseScoreItems('')).toEqual({ items: [], errors: [] });
  });
});

describe('readScoreItems', () => {
  it('passes on a line that is not UTF-8 as that, not as bad JSON', async () => {
    const out: ItemLine[] = [];
    const bytes = Uint8Array.from([...enc('{"context": "a", "candidates": ["b"]}\n{"context": "caf'), 0xe9, ...enc('", "candidates": ["x"]}\n')]);
    for await (const l of readScoreItems([bytes])) out.push(l);
    expect(out).toEqual([
      { line: 1, item: { context: 'a', candidates: ['b'] } },
      { line: 2, reason: 'not valid UTF-8 (at byte 17 of the line)' },
    ]);
  });
});
