// Every container and field of a --bits file, and the reason given for each bad one.
import { describe, expect, it } from 'vitest';
import { bitsFileCases, parseBitsFile, parseBitsItem } from '../../../src/core/formats/bitsFile';

const bad = (raw: unknown) => {
  try {
    parseBitsItem(raw, 'x');
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
};

describe('--bits items', () => {
  it('a multiple-choice item: the gold choice carries the tokens, the others their fields', () => {
    const item = parseBitsItem(
      {
        id: 7,
        subject: 'math',
        tokens: [[1, 2], [3, 1]],
        leading_space: true,
        choices: [
          { text: 'a', continuation: ' a', logprob: -1.5, n_tokens: 2, unconditional_logprob: -4 },
          { text: 'b', logprob: -2.5, tokens: [[2, 2]] },
        ],
        label: 1,
      },
      'x',
    );
    expect(item.id).toBe('7');
    expect(item.subject).toBe('math');
    expect(item.gold).toBe(1);
    expect(item.choices[0]).toEqual({ text: 'a', continuation: ' a', logprob: -1.5, nTokens: 2, unconditionalLogprob: -4, tokens: undefined });
    expect(item.choices[1]).toEqual({ text: 'b', continuation: undefined, logprob: -2.5, nTokens: undefined, unconditionalLogprob: undefined, tokens: [[1, 2], [3, 1]], leadingSpace: true });
  });

  it('a cloze item: its tokens are the one choice, log-prob −bits·ln 2, leading space from the continuation', () => {
    const item = parseBitsItem({ tokens: [[1, 2], [3, 1]], continuation: ' ab', text: 'ab' }, 'fallback');
    expect(item.id).toBe('fallback');
    expect(item.gold).toBe(0);
    expect(item.choices).toHaveLength(1);
    expect(item.choices[0].logprob).toBeCloseTo(-4 * Math.LN2, 15);
    expect(item.choices[0]).toMatchObject({ nTokens: 2, leadingSpace: true, text: 'ab', continuation: ' ab' });
    expect(parseBitsItem([[2, 1]], 'n').choices[0]).toMatchObject({ leadingSpace: false, nTokens: 1 });
    expect(parseBitsItem({ tokens: [[2, 1]], id: null }, 'n').id).toBe('n');
  });

  it('names every bad field', () => {
    expect(bad(5)).toBe('an item must be a list of [bits, bytes] tokens or an object with "tokens"');
    expect(bad({ tokens: 3 })).toBe('tokens must be a list of [bits, bytes] pairs');
    expect(bad({ tokens: [[1, 2], [1]] })).toBe('token 2 is not a [bits, bytes] pair');
    expect(bad({ tokens: [[1, 2], [-1, 2]] })).toBe('token 2: bits must be a finite number ≥ 0');
    expect(bad({ tokens: [['1', 2]] })).toBe('token 1: bits must be a finite number ≥ 0');
    expect(bad({ tokens: [[1, 2.5]] })).toBe('token 1: bytes must be an integer ≥ 0');
    expect(bad({ tokens: [[1, -1]] })).toBe('token 1: bytes must be an integer ≥ 0');
    expect(bad({ tokens: [[1, 2]], leading_space: 'yes' })).toBe('"leading_space" must be true or false');
    expect(bad({ tokens: [[1, 2]], subject: 3 })).toBe('"subject" must be a string');
    const mc = (extra: object) => bad({ tokens: [[1, 2]], choices: [{ logprob: -1 }, { logprob: -2 }], gold: 0, ...extra });
    expect(mc({})).toBe('accepted');
    expect(mc({ choices: [{ logprob: -1 }] })).toBe('"choices" must list two or more choices');
    expect(mc({ choices: 'ab' })).toBe('"choices" must list two or more choices');
    expect(mc({ choices: [{ logprob: -1 }, 'b'] })).toBe('choice 2 must be an object with "logprob"');
    expect(mc({ choices: [{ logprob: -1 }, { text: 'b' }] })).toBe('choice 2 has no "logprob"');
    expect(mc({ choices: [{ logprob: '-1' }, { logprob: -2 }] })).toBe('"logprob" must be a number');
    expect(mc({ choices: [{ logprob: -1, n_tokens: '2' }, { logprob: -2 }] })).toBe('"n_tokens" must be a number');
    expect(mc({ choices: [{ logprob: -1, text: 1 }, { logprob: -2 }] })).toBe('"text" must be a string');
    for (const gold of [2, -1, 0.5, '0'])
      expect(mc({ gold })).toBe('"gold" must be a choice index from 0 to 1');
    expect(mc({ gold: undefined })).toBe('"gold" must be a choice index from 0 to 1');
  });
});

describe('--bits containers', () => {
  const item = { tokens: [[1, 2]] };
  it('reads a list, {"items"}, a single object, a case of a reference file, and JSONL', () => {
    expect(parseBitsFile(JSON.stringify([item, item])).records).toHaveLength(2);
    expect(parseBitsFile(JSON.stringify({ items: [item] }))).toMatchObject({ unit: 'item', errors: [] });
    expect(parseBitsFile(JSON.stringify(item)).records).toHaveLength(1);
    expect(parseBitsFile(JSON.stringify([[1, 2], [3, 4]])).records).toHaveLength(1);
    const cases = JSON.stringify({ cases: [{ name: 'a', items: [item] }, { name: 'b', items: [item, item] }, 5] });
    expect(bitsFileCases(cases)).toEqual(['a', 'b', '']);
    expect(parseBitsFile(cases).records).toHaveLength(1);
    expect(parseBitsFile(cases, 'b').records).toHaveLength(2);
    expect(() => parseBitsFile(cases, 'c')).toThrow('no case "c" in the file (cases: a, b, )');
    expect(bitsFileCases('{"items": []}')).toEqual([]);
    expect(bitsFileCases('not json')).toEqual([]);
    const jsonl = parseBitsFile(`${JSON.stringify(item)}\n[[1, 2]]\n{"tokens": 1}\n`);
    expect(jsonl.unit).toBe('line');
    expect(jsonl.records).toHaveLength(2);
    expect(jsonl.errors).toEqual([{ line: 3, message: 'tokens must be a list of [bits, bytes] pairs' }]);
  });

  it('refuses a document of another shape', () => {
    expect(() => parseBitsFile('{"name": 1}')).toThrow('expected a list of items, {"items": [...]}, {"cases": [...]} or JSONL');
    expect(() => parseBitsFile('3')).toThrow('expected a list of items');
  });
});
