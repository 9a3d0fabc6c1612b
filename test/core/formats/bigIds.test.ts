// Issue 25 item 4: ids written as JSON numbers past 2^53 keep their digits, in every JSON reader
// that takes an id (task items, judge verdicts as JSONL and as a JSON array): as JavaScript
// numbers two distinct ids would become one, dropping an item or merging two prompts.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseItems } from '../../../src/core/formats/items';
import { parseVerdicts } from '../../../src/core/judge/verdicts';
import { parseTolerantJson } from '../../../src/core/formats/tolerantJson';

/** Two distinct integers that are one JavaScript number (ulp at 2^53 and above is 2 or more). */
const bigPair = fc.bigInt({ min: 2n ** 53n, max: 10n ** 25n }).map((b) => [(b - (b % 2n)).toString(), (b - (b % 2n) + 1n).toString()] as const);

describe('ids past 2^53', () => {
  it('task items: two ids one apart are two items, ids as written', () => {
    fc.assert(
      fc.property(bigPair, ([a, b]) => {
        const text = [a, b].map((id) => `{"id": ${id}, "context": "Q", "choices": ["x", "y"], "label": 0}`).join('\n');
        const { records, errors } = parseItems(text, 'jsonl');
        expect(errors).toEqual([]);
        expect(records.map((r) => r.id)).toEqual([a, b]);
      }),
      { numRuns: 40 },
    );
  });
  it('judge verdicts (JSONL and a JSON array): two prompt ids stay two prompts', () => {
    fc.assert(
      fc.property(bigPair, fc.boolean(), ([a, b], asArray) => {
        const rows = [a, b].flatMap((id) => [true, false].map((first) => `{"prompt_id": ${id}, "a_first": ${first}, "verdict": "A", "len_a": 10, "len_b": 20}`));
        const parsed = parseVerdicts(asArray ? `[${rows.join(',\n')}]` : rows.join('\n'));
        expect(parsed.errors).toEqual([]);
        expect([...new Set(parsed.rows.map((r) => r.promptId))]).toEqual([a, b]);
      }),
      { numRuns: 40 },
    );
  });
  it('numbers that JavaScript holds exactly stay numbers; fractions, exponents and strings are untouched', () => {
    expect(parseTolerantJson('{"a": 9007199254740991, "b": -9007199254740991, "c": 1234567890123456.5, "d": 12345678901234567e3, "e": "12345678901234567890"}')).toEqual({
      a: 9007199254740991,
      b: -9007199254740991,
      c: 1234567890123456.5,
      d: 12345678901234567e3,
      e: '12345678901234567890',
    });
    expect(parseTolerantJson('[-18446744073709551617, NaN]')).toEqual(['-18446744073709551617', NaN]);
  });
});
