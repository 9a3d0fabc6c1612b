// --bits files on their edges: the exact log-probability and byte counts an item carries, the
// leading-space rule, which field wins, the byte budget at its boundary, and which containers are
// one item and which are many.
import { describe, expect, it } from 'vitest';
import { MAX_BYTES_PER_FILE_CHAR, bitsFileCases, parseBitsFile, parseBitsItem } from '../../../src/core/formats/bitsFile';

const err = (raw: unknown) => {
  try {
    parseBitsItem(raw, 'x');
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
};

describe('an item’s numbers', () => {
  it('a list of tokens: log-prob is −(sum of bits)·ln 2, one choice, gold 0, no leading space', () => {
    expect(parseBitsItem([[1, 2], [0.5, 1], [0, 0]], 'n7')).toEqual({
      id: 'n7',
      choices: [{ logprob: -1.5 * Math.LN2, nTokens: 3, tokens: [[1, 2], [0.5, 1], [0, 0]], leadingSpace: false, text: undefined, continuation: undefined }],
      gold: 0,
    });
    expect(parseBitsItem([], 'e').choices[0]).toMatchObject({ logprob: -0, nTokens: 0 });
  });

  it('leading space: the explicit flag wins, else the continuation’s first character', () => {
    const lead = (extra: object) => parseBitsItem({ tokens: [[1, 1]], ...extra }, 'x').choices[0].leadingSpace;
    expect(lead({})).toBe(false);
    expect(lead({ continuation: ' ab' })).toBe(true);
    expect(lead({ continuation: 'ab' })).toBe(false);
    expect(lead({ text: ' ab' })).toBe(false);
    expect(lead({ continuation: ' ab', leading_space: false })).toBe(false);
    expect(lead({ continuation: 'ab', leading_space: true })).toBe(true);
    expect(err({ tokens: [[1, 1]], leading_space: null })).toBe('"leading_space" must be true or false');
  });

  it('ids: a string or a number, else the fallback', () => {
    const id = (v: unknown) => parseBitsItem({ tokens: [[1, 1]], id: v }, 'fb').id;
    expect(id('q1')).toBe('q1');
    expect(id(0)).toBe('0');
    expect(id('')).toBe('');
    for (const v of [undefined, null, true, ['a'], { a: 1 }]) expect(id(v)).toBe('fb');
  });

  it('a multiple-choice item: "gold" wins over "label"; the gold choice takes the item’s tokens and leading space', () => {
    const raw = { tokens: [[2, 3]], continuation: ' yes', choices: [{ logprob: -1 }, { logprob: -2, tokens: [[9, 9]] }], gold: 0, label: 1 };
    const item = parseBitsItem(raw, 'x');
    expect(item.gold).toBe(0);
    expect(item.choices[0]).toEqual({ text: undefined, continuation: undefined, logprob: -1, nTokens: undefined, unconditionalLogprob: undefined, tokens: [[2, 3]], leadingSpace: true });
    expect(item.choices[1].tokens).toEqual([[9, 9]]);
    expect(item.choices[1].leadingSpace).toBeUndefined();
    // Null fields are absent fields.
    const nulls = parseBitsItem({ tokens: [[1, 1]], subject: null, choices: [{ logprob: -1, text: null, n_tokens: null }, { logprob: -2 }], label: 1 }, 'x');
    expect(nulls.subject).toBeUndefined();
    expect(nulls.choices[0]).toMatchObject({ text: undefined, nTokens: undefined });
  });
});

describe('every bad token and choice', () => {
  it('tokens', () => {
    expect(err([[1, 2, 3]])).toBe('token 1 is not a [bits, bytes] pair');
    expect(err([[1, 2], 5])).toBe('token 2 is not a [bits, bytes] pair');
    expect(err([[Infinity, 2]])).toBe('token 1: bits must be a finite number ≥ 0');
    expect(err([[NaN, 2]])).toBe('token 1: bits must be a finite number ≥ 0');
    expect(err([[-1e-300, 2]])).toBe('token 1: bits must be a finite number ≥ 0');
    expect(err([[0, 0]])).toBe('accepted');
    expect(err([[1, '2']])).toBe('token 1: bytes must be an integer ≥ 0');
    expect(err([[1, NaN]])).toBe('token 1: bytes must be an integer ≥ 0');
    expect(err({ tokens: undefined })).toBe('tokens must be a list of [bits, bytes] pairs');
    expect(err(null)).toBe('an item must be a list of [bits, bytes] tokens or an object with "tokens"');
  });

  it('choices', () => {
    const mc = (choices: unknown, extra: object = {}) => err({ tokens: [[1, 2]], choices, gold: 0, ...extra });
    expect(mc([{ logprob: -1 }, { logprob: -2, tokens: [[1, -2]] }])).toBe('token 1: bytes must be an integer ≥ 0');
    expect(mc([{ logprob: -1 }, { logprob: -2, unconditional_logprob: 'x' }])).toBe('"unconditional_logprob" must be a number');
    expect(mc([{ logprob: -1 }, { logprob: -2, continuation: 3 }])).toBe('"continuation" must be a string');
    expect(mc([{ logprob: -1 }, { logprob: null }])).toBe('choice 2 has no "logprob"');
    expect(mc([{ logprob: -1 }, null])).toBe('choice 2 must be an object with "logprob"');
    expect(mc([{ logprob: -1 }, [1]])).toBe('choice 2 must be an object with "logprob"');
    expect(mc([{ logprob: -1 }, { logprob: -2 }], { gold: 1 })).toBe('accepted');
    expect(mc([{ logprob: -1 }, { logprob: -2 }, { logprob: -3 }], { gold: 3 })).toBe('"gold" must be a choice index from 0 to 2');
    expect(mc([{ logprob: -1 }, { logprob: -2 }], { gold: null, label: 1 })).toBe('accepted');
  });
});

describe('containers', () => {
  it('a non-empty list whose elements are all number pairs is one item; anything else is a list of items', () => {
    expect(parseBitsFile('[]')).toEqual({ records: [], errors: [], unit: 'item' });
    expect(parseBitsFile('[[1, 2], [3, 4]]').records).toHaveLength(1);
    const mixed = parseBitsFile('[[1, 2], ["a", 4]]');
    expect(mixed.records).toEqual([]);
    expect(mixed.errors).toEqual([
      { line: 1, message: 'token 1 is not a [bits, bytes] pair' },
      { line: 2, message: 'token 1 is not a [bits, bytes] pair' },
    ]);
    expect(parseBitsFile('[[1, 2, 3]]').errors).toEqual([{ line: 1, message: 'token 1 is not a [bits, bytes] pair' }]);
    // One triple among pairs: a list of two (bad) items, not one item with a bad second token.
    expect(parseBitsFile('[[1, 2], [1, 2, 3]]').errors).toEqual([
      { line: 1, message: 'token 1 is not a [bits, bytes] pair' },
      { line: 2, message: 'token 1 is not a [bits, bytes] pair' },
    ]);
    // An object that merely has a length of 2 is not a pair.
    expect(parseBitsFile('[[1, 2], {"0": 1, "length": 2}]').errors).toEqual([
      { line: 1, message: 'token 1 is not a [bits, bytes] pair' },
      { line: 2, message: 'tokens must be a list of [bits, bytes] pairs' },
    ]);
    // Items of a list get their 1-based number as id.
    expect(parseBitsFile('[[[1, 2]], [[3, 4]]]').records.map((r) => r.id)).toEqual(['1', '2']);
  });

  it('JSONL lines get their line number as id; a bad line is numbered, and bare NaN is read (then refused)', () => {
    const r = parseBitsFile('[[1, 2]]\n\n[[NaN, 2]]\n{"tokens": [[3, 4]]}\n');
    expect(r.unit).toBe('line');
    expect(r.records.map((x) => x.id)).toEqual(['1', '4']);
    expect(r.errors).toEqual([{ line: 3, message: 'token 1: bits must be a finite number ≥ 0' }]);
  });

  it('reference-vector files: the first case by default, a case without items is an error', () => {
    const text = JSON.stringify({ cases: [{ name: 'a', items: [[[1, 1]]] }, { name: 'b' }, { items: [] }] });
    expect(bitsFileCases(text)).toEqual(['a', 'b', '']);
    expect(parseBitsFile(text).records).toHaveLength(1);
    expect(() => parseBitsFile(text, 'b')).toThrow('no case "b" in the file (cases: a, b, )');
    expect(bitsFileCases(JSON.stringify({ cases: 'x' }))).toEqual([]);
    expect(bitsFileCases('[1]')).toEqual([]);
    expect(parseBitsFile(JSON.stringify({ items: [[[1, 1]]], cases: [] })).records).toHaveLength(1);
  });

  it('an object without items, cases or tokens is refused', () => {
    expect(() => parseBitsFile('{"items": 3}')).toThrow('expected a list of items, {"items": [...]}, {"cases": [...]} or JSONL');
    expect(() => parseBitsFile('null')).toThrow('expected a list of items');
    expect(parseBitsFile('{"tokens": [[1, 1]], "id": "solo"}').records.map((r) => r.id)).toEqual(['solo']);
  });
});

describe('the byte budget at its boundary', () => {
  it('a small file may claim up to 16 × 256 bytes; one more is refused', () => {
    expect(MAX_BYTES_PER_FILE_CHAR).toBe(16);
    expect(parseBitsFile('[[[1, 4096]]]').errors).toEqual([]);
    expect(parseBitsFile('[[[1, 4000]], [[1, 96]]]').errors).toEqual([]);
    expect(() => parseBitsFile('[[[1, 4000]], [[1, 97]]]')).toThrow(
      'the items claim 4097 answer bytes in all, more than 16 per character of the file (4096): the byte counts cannot be real',
    );
  });

  it('counts the tokens of every choice, not only the gold one', () => {
    const item = (gold: number[][], other: number[][]) => ({ tokens: gold, choices: [{ logprob: -1 }, { logprob: -2, tokens: other }], gold: 0 });
    expect(parseBitsFile(JSON.stringify([item([[1, 2048]], [[1, 2048]])])).records).toHaveLength(1);
    expect(() => parseBitsFile(JSON.stringify([item([[1, 2048]], [[1, 2049]])]))).toThrow('the items claim 4097 answer bytes in all');
  });

  it('a choice without tokens adds nothing and does not stop the count', () => {
    // The first choice carries no tokens; the gold (second) choice carries the item's 4,097 bytes.
    const text = JSON.stringify([{ tokens: [[1, 4000], [1, 97]], choices: [{ logprob: -1 }, { logprob: -2 }], gold: 1 }]);
    expect(text.length).toBeLessThan(256);
    expect(() => parseBitsFile(text)).toThrow('the items claim 4097 answer bytes in all');
  });

  it('a large file’s budget grows with its length', () => {
    // 300 tokens of 15 bytes in a file of about 3,000 characters: 4,500 bytes, more than 4,096 but within 16 per character.
    const text = JSON.stringify([Array.from({ length: 300 }, () => [1, 15])]);
    expect(text.length).toBeGreaterThan(256);
    expect(parseBitsFile(text).errors).toEqual([]);
  });
});
