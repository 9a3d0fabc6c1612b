// The shared line and JSON readers under every input parser: Python's bare NaN/Infinity (as
// json.dumps writes them with allow_nan), Python number reprs, blank lines and BOMs, and the
// line-numbered errors that let the good lines of a file still load (SPEC §6, §10).
import { describe, expect, it } from 'vitest';
import { parseTolerantJson, pythonNumber } from '../../../src/core/formats/tolerantJson';
import { isRecord, nonBlankLines, parseJsonLines, readEach } from '../../../src/core/formats/lineError';

describe('parseTolerantJson', () => {
  it('reads plain JSON as JSON.parse does', () => {
    expect(parseTolerantJson('{"a": [1, -2.5e3, "x", null, true]}')).toEqual({ a: [1, -2500, 'x', null, true] });
    expect(() => parseTolerantJson('{"a": 1')).toThrow(SyntaxError);
  });

  it('reads bare NaN, Infinity and -Infinity as numbers', () => {
    const v = parseTolerantJson('[NaN, Infinity, -Infinity, 1]') as number[];
    expect(v[0]).toBeNaN();
    expect(v[1]).toBe(Infinity);
    expect(v[2]).toBe(-Infinity);
    expect(v[3]).toBe(1);
    expect(parseTolerantJson('NaN')).toBeNaN();
    expect(parseTolerantJson('-Infinity')).toBe(-Infinity);
    expect(parseTolerantJson('{"Infinity": Infinity, "k": -Infinity}')).toEqual({ Infinity: Infinity, k: -Infinity });
  });

  it('leaves the words alone inside strings, escaped quotes and backslashes included', () => {
    expect(parseTolerantJson('{"a": "NaN", "b": NaN}')).toEqual({ a: 'NaN', b: NaN });
    expect(parseTolerantJson('["say \\"NaN\\" and -Infinity", Infinity]')).toEqual(['say "NaN" and -Infinity', Infinity]);
    expect(parseTolerantJson('["a\\\\", NaN, "Infinity\\\\"]')).toEqual(['a\\', NaN, 'Infinity\\']);
    expect(parseTolerantJson('["\\u0041NaN", -Infinity]')).toEqual(['ANaN', -Infinity]);
  });

  it('an empty string stays an empty string beside the words', () => {
    expect(parseTolerantJson('["", NaN]')).toEqual(['', NaN]);
    expect(parseTolerantJson('["", Infinity]')).toEqual(['', Infinity]);
    expect(parseTolerantJson('["", -Infinity]')).toEqual(['', -Infinity]);
    expect(parseTolerantJson('{"": -Infinity, "k": ""}')).toEqual({ '': -Infinity, k: '' });
  });

  it('still rejects what is not JSON around the words', () => {
    expect(() => parseTolerantJson('[NaNa]')).toThrow(SyntaxError);
    expect(() => parseTolerantJson('[Infinity')).toThrow(SyntaxError);
    expect(() => parseTolerantJson('["NaN')).toThrow(SyntaxError);
    expect(() => parseTolerantJson('["NaN\\')).toThrow(SyntaxError);
    expect(() => parseTolerantJson('nan')).toThrow(SyntaxError);
  });
});

describe('pythonNumber', () => {
  it('passes numbers through and reads Python reprs of floats', () => {
    expect(pythonNumber(-41.9)).toBe(-41.9);
    expect(pythonNumber(NaN)).toBeNaN();
    expect(pythonNumber('-41.9')).toBe(-41.9);
    expect(pythonNumber(' 2 ')).toBe(2);
    expect(pythonNumber('+3')).toBe(3);
    expect(pythonNumber('.5')).toBe(0.5);
    expect(pythonNumber('5.')).toBe(5);
    expect(pythonNumber('1e-3')).toBe(0.001);
    expect(pythonNumber('1.5E+2')).toBe(150);
    expect(pythonNumber('-0.0')).toBe(-0);
  });

  it('reads the non-finite spellings of Python and of JSON', () => {
    expect(pythonNumber('nan')).toBeNaN();
    expect(pythonNumber('NaN')).toBeNaN();
    expect(pythonNumber('inf')).toBe(Infinity);
    expect(pythonNumber('Infinity')).toBe(Infinity);
    expect(pythonNumber(' -inf')).toBe(-Infinity);
    expect(pythonNumber('-Infinity')).toBe(-Infinity);
  });

  it('gives NaN for anything else, including what Number() would accept', () => {
    for (const s of ['', ' ', '0x10', '1_000', '1e', 'abc1', '1abc', '+inf', '1.2.3', '--1', 'True'])
      expect(pythonNumber(s), JSON.stringify(s)).toBeNaN();
    for (const v of [null, undefined, true, false, {}, [], [1]]) expect(pythonNumber(v), JSON.stringify(v)).toBeNaN();
  });
});

describe('nonBlankLines and isRecord', () => {
  it('numbers lines as an editor does, dropping blank ones and one leading BOM', () => {
    expect(nonBlankLines('\uFEFFa\r\n\n  \t\nb\n')).toEqual([
      { line: 1, text: 'a' },
      { line: 4, text: 'b' },
    ]);
    // A BOM later on is text; a bare CR does not end a line.
    expect(nonBlankLines('a\n\uFEFFb\nc\rd')).toEqual([
      { line: 1, text: 'a' },
      { line: 2, text: '\uFEFFb' },
      { line: 3, text: 'c\rd' },
    ]);
    expect(nonBlankLines('')).toEqual([]);
    expect(nonBlankLines(' x ')).toEqual([{ line: 1, text: ' x ' }]);
  });

  it('isRecord is a plain object, not an array or null', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord({ a: 1 })).toBe(true);
    for (const v of [null, undefined, [], [1], 'x', 3, true]) expect(isRecord(v)).toBe(false);
  });
});

describe('readEach and parseJsonLines', () => {
  const read = (v: unknown, n: number) => {
    if (typeof v !== 'string') throw new Error(`want a string, got ${JSON.stringify(v)}`);
    return `${n}:${v}`;
  };

  it('readEach numbers items from 1 and keeps the good ones', () => {
    expect(readEach(['a', 2, 'b', 'c\ud800'], read)).toEqual({
      records: ['1:a', '3:b'],
      errors: [
        { line: 2, message: 'want a string, got 2' },
        // A bare string has no field to name (this message once read "(a lone surrogate)").
        { line: 4, message: 'the value holds a lone surrogate (\\ud800), which is not text; fix the escape in the file' },
      ],
    });
    expect(readEach([], read)).toEqual({ records: [], errors: [] });
  });

  it('parseJsonLines gives each line its number, and says which lines are not JSON', () => {
    const text = '\uFEFF"a"\n\n{"x": NaN}\nnot json\r\n"b"\n"\\ud800"\n';
    const parsed = parseJsonLines(text, read);
    expect(parsed.records).toEqual(['1:a', '5:b']);
    expect(parsed.errors.map((e) => e.line)).toEqual([3, 4, 6]);
    expect(parsed.errors[0].message).toBe('want a string, got {"x":null}');
    expect(parsed.errors[1].message).toMatch(/^not valid JSON \(.+\)$/);
    expect(parsed.errors[2].message).toMatch(/holds a lone surrogate \(\\ud800\)/);
  });

  it('parseJsonLines hands the decoded value, NaN included, to the reader', () => {
    const seen: unknown[] = [];
    parseJsonLines('[NaN, -Infinity]\n', (v) => seen.push(v));
    expect(seen).toEqual([[NaN, -Infinity]]);
  });
});
