// Issue 25 item 13: one rule for every CSV reader — a header that names a column twice is refused,
// naming it, instead of one reader keeping the last column and another the first.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseItems } from '../../../src/core/formats/items';
import { parseVerdicts } from '../../../src/core/judge/verdicts';
import { duplicatedHeader } from '../../../src/core/formats/csvRecords';

const name = fc.stringMatching(/^[a-z_]{1,8}$/);

describe('duplicated CSV headers', () => {
  it('duplicatedHeader names the first repeated name and both columns', () => {
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 6 }), fc.nat(), fc.nat(), (names, a, b) => {
        const i = a % names.length;
        const at = b % (names.length + 1);
        const fields = [...names.slice(0, at), ` ${names[i]} `, ...names.slice(at)];
        const first = fields.findIndex((f) => f.trim() === names[i]);
        const second = fields.findIndex((f, k) => k > first && f.trim() === names[i]);
        expect(duplicatedHeader(fields)).toBe(`the header names "${names[i]}" twice (columns ${first + 1} and ${second + 1}): each column needs its own name`);
        expect(duplicatedHeader(names)).toBeUndefined();
      }),
    );
  });
  it('an items CSV with context,gold,gold loads nothing and says why', () => {
    const { records, errors } = parseItems('context,gold,gold\nQ,first,second\n', 'csv');
    expect(records).toEqual([]);
    expect(errors).toEqual([{ line: 1, message: 'the header names "gold" twice (columns 2 and 3): each column needs its own name' }]);
  });
  it('a verdicts CSV with a repeated column loads nothing and says why (two aliases of one field keep the first, as documented)', () => {
    const body = '\np1,true,A,10,20\np1,false,B,10,20\n';
    const twice = parseVerdicts('prompt_id,a_first,verdict,len_a,len_a' + body);
    expect(twice.rows).toEqual([]);
    expect(twice.errors[0]).toEqual({ line: 1, message: 'the header names "len_a" twice (columns 4 and 5): each column needs its own name' });
    const alias = parseVerdicts('prompt,id,a_first,verdict,len_a,len_b\np1,p2,true,A,10,20\n');
    expect(alias.rows.map((r) => r.promptId)).toEqual(['p1']);
  });
});
