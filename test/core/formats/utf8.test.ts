// Issue 12 (defect 4): text that is not valid UTF-8, or JSON strings holding a lone surrogate,
// are errors with a line number (and the field), never U+FFFD scored in their place.
import { describe, expect, it } from 'vitest';
import { decodeUtf8, loneSurrogatePath } from '../../../src/core/formats/utf8';
import { parseItems } from '../../../src/core/formats/items';
import { parseLogSamples } from '../../../src/core/formats/logSamples';
import { readEach } from '../../../src/core/formats/lineError';

const enc = (s: string) => new TextEncoder().encode(s);
const cat = (...parts: (Uint8Array | number[])[]) => Uint8Array.from(parts.flatMap((p) => [...p]));

describe('decodeUtf8', () => {
  it('decodes valid UTF-8 and drops one leading BOM', () => {
    expect(decodeUtf8(cat([0xef, 0xbb, 0xbf], enc('a\nbé😀')))).toBe('a\nbé😀');
    expect(decodeUtf8(enc('x\uFEFFy'))).toBe('x\uFEFFy');
  });
  it('names the line, column and byte of the first invalid sequence', () => {
    // Latin-1 "café" on line 3.
    expect(() => decodeUtf8(cat(enc('{"a": 1}\r\n{"b": 2}\n{"c": "caf'), [0xe9], enc('"}\n')))).toThrow(
      /^line 3, byte 11: not valid UTF-8 \(0xE9\)/,
    );
    for (const bad of [[0xc0, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0x80], [0xf0, 0x9f, 0x98]])
      expect(() => decodeUtf8(cat(enc('ok\n'), bad))).toThrow(/^line 2, byte 1: not valid UTF-8/);
  });
});

describe('lone surrogates in JSON strings', () => {
  it('are found with the path of the field that holds them', () => {
    expect(loneSurrogatePath({ context: 'ok', choices: ['a', 'b\ud800'] })).toBe('choices[1]');
    expect(loneSurrogatePath({ a: { b: '\udc00x' } })).toBe('a.b');
    expect(loneSurrogatePath({ a: '😀', b: ['\ud83d\ude00'] })).toBeUndefined();
    expect(loneSurrogatePath('\ud800')).toBe('(the value)');
    expect(loneSurrogatePath('ok')).toBeUndefined();
    // Numbers, booleans and nulls hold no text; the search goes on past them.
    expect(loneSurrogatePath({ a: null, b: 1, c: true, d: [null, 'x\udfff'] })).toBe('d[1]');
    expect(loneSurrogatePath(['a', '\udbff'], 'choices')).toBe('choices[1]');
  });
  it('are named even when the key itself holds "." or "[" (this used to crash with a TypeError)', () => {
    const r = readEach([{ 'a.b': 'x\ud800' }, { 'c[0]': ['\udc01'] }], (v) => v);
    expect(r.errors).toEqual([
      { line: 1, message: '"a.b" holds a lone surrogate (\\ud800), which is not text; fix the escape in the file' },
      { line: 2, message: '"c[0][0]" holds a lone surrogate (\\udc01), which is not text; fix the escape in the file' },
    ]);
  });
  it('make a JSONL line an error naming the field, in items and log_samples', () => {
    const items = parseItems('{"context": "Q", "gold": " a"}\n{"context": "Q\\ud800", "gold": " b"}\n', 'jsonl');
    expect(items.records).toHaveLength(1);
    expect(items.errors).toEqual([{ line: 2, message: '"context" holds a lone surrogate (\\ud800), which is not text; fix the escape in the file' }]);
    const logs = parseLogSamples('{"doc_id": 0, "arguments": {"gen_args_0": {"arg_0": "Q", "arg_1": " \\udfff"}}, "filtered_resps": [["-1.0", "False"]], "target": "0"}');
    expect(logs.errors).toEqual([{ line: 1, message: '"arguments.gen_args_0.arg_1" holds a lone surrogate (\\udfff), which is not text; fix the escape in the file' }]);
  });
  it('in a JSON array file, the item is numbered', () => {
    const items = parseItems('[{"context": "Q", "gold": " a"}, {"context": "Q", "gold": "\\ud800"}]', 'jsonl');
    expect(items.errors).toEqual([{ line: 2, message: '"gold" holds a lone surrogate (\\ud800), which is not text; fix the escape in the file' }]);
  });
});
