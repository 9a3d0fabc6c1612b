// The user's field mapping as typed (the CLI's flags, the Task lab's form): texts become the
// FieldMapping readMapped applies, each field's problem names the record and the path, and a
// first guess comes from the records' field names. Property: a mapping printed as texts and read
// back reads every record as the mapping does.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mappingSchema, readMapped, SCHEMAS } from '../../../src/core/formats/schemas';
import { guessMapping, mappingFromTexts, mappingProblems, textsOfMapping } from '../../../src/core/formats/userMapping';
import { itemsOfRecords, mappingRequest, readPublished, MappingNeeded } from '../../../src/core/formats/published';

const enc = (s: string) => new TextEncoder().encode(s);
const NOVEL = [
  { uid: 'a1', prompt_text: 'Pick one:', opts: ['yes', ' a much longer answer'], right: 1, area: 'x' },
  { uid: 'a2', prompt_text: 'Again:', opts: ['short', 'no'], right: 0, area: 'y' },
];

describe('mapping texts', () => {
  it('reads comma-separated paths and drops empty fields', () => {
    expect(mappingFromTexts({ context: ' goal ', choices: 'sol1, sol2,', gold: 'label', id: '', subset: ' ' })).toEqual({ context: ['goal'], choices: ['sol1', 'sol2'], gold: 'label' });
  });
  it('throws the malformed path\u2019s message', () => {
    expect(() => mappingFromTexts({ choices: 'opts[x]' })).toThrow('field path "opts[x]": "[x]" is neither [*] nor a list index such as [0]');
    expect(() => mappingFromTexts({ context: 'q', choices: '' })).toThrow('--choices needs at least one field path');
  });
  it('prints every schema\u2019s own paths so that they read back to the same mapping', () => {
    for (const s of SCHEMAS.filter((x) => x.mapping)) {
      const m = s.mapping!;
      const back = mappingFromTexts(textsOfMapping(m));
      expect(back).toEqual({ context: m.context, choices: m.choices, ...(m.gold ? { gold: m.gold } : {}), ...(m.id ? { id: m.id } : {}), ...(m.subset ? { subset: m.subset } : {}) });
    }
  });
  it('property: texts of a mapping read any record as the mapping does', () => {
    const key = fc.constantFrom('a', 'b', 'c', 'd');
    const rec = fc.record({ a: fc.string(), b: fc.string(), c: fc.string(), d: fc.nat(1) });
    fc.assert(
      fc.property(rec, fc.array(key, { minLength: 0, maxLength: 2 }), fc.array(key, { minLength: 2, maxLength: 3 }), (r, context, choices) => {
        const m = { context, choices, gold: 'd' };
        const run = (f: () => unknown) => {
          try {
            return f();
          } catch (e) {
            return (e as Error).message;
          }
        };
        expect(run(() => readMapped(r, mappingFromTexts(textsOfMapping(m)), 1))).toEqual(run(() => readMapped(r, m, 1)));
      }),
    );
  });
});

describe('mapping problems', () => {
  const records = NOVEL.map((value, i) => ({ n: i + 1, value }));
  const ok = { context: 'prompt_text', choices: 'opts', gold: 'right', id: 'uid', subset: 'area' };
  it('none for a mapping that reaches every field', () => {
    expect(mappingProblems(ok, records, 'line')).toEqual({});
  });
  it('names the path and the record a path misses, blocking when it misses every record', () => {
    expect(mappingProblems({ ...ok, context: 'prompt' }, records, 'line')).toEqual({ context: { message: '"prompt" reaches nothing in line 1, nor in any of the first 2 records.', blocking: true } });
    const some = [...records, { n: 7, value: { uid: 'a3', opts: ['p', 'q'], right: 0 } }];
    expect(mappingProblems(ok, some, 'row').context).toEqual({ message: '"prompt_text" reaches nothing in row 7 (1 of the first 3 records).', blocking: false });
  });
  it('a malformed path, no choices, or a list where one path goes', () => {
    const p = mappingProblems({ ...ok, choices: '', gold: 'right]', id: 'uid, area' }, records, 'line');
    expect(p.choices?.message).toBe('The choices need at least one field path.');
    expect(p.gold?.message).toBe('Field path "right]": "]" at character 6 has no "[".');
    expect(p.id?.message).toBe('The id takes one field path, not a list ("uid, area").');
  });
  it('property: a path built from a record\u2019s own key never reaches nothing', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }).filter((k) => !/[.[\],]/.test(k) && k.trim() === k && k !== '__proto__'), fc.string(), { minKeys: 1 }), (rec) => {
        const k = Object.keys(rec)[0];
        const p = mappingProblems({ context: k, choices: k, gold: k, id: k, subset: k }, [{ n: 1, value: rec }], 'line');
        expect(p).toEqual({});
      }),
    );
  });
});

describe('a first guess from field names', () => {
  it('finds the usual names, numbered choices, nested lists and headerless rows', () => {
    expect(guessMapping([{ q_id: 1, question: 'Q?', option1: 'a', option2: 'b', answer: '2', category: 'c' }])).toEqual({ context: 'question', choices: 'option1, option2', gold: 'answer', id: '', subset: 'category' });
    expect(guessMapping([{ id: 'x', q: { stem: 'S', choices: [{ text: 'a', label: 'A' }, { text: 'b', label: 'B' }] }, answerKey: 'A' }])).toEqual({ context: 'q.stem', choices: 'q.choices[*].text', gold: 'answerKey', id: 'id', subset: '' });
    expect(guessMapping([['Q?', 'a', 'b', 'c', 'B']])).toEqual({ context: '[0]', choices: '[1], [2], [3]', gold: '[4]', id: '', subset: '' });
    expect(guessMapping([{ zzz: 1 }])).toEqual({ context: '', choices: '', gold: '', id: '', subset: '' });
  });
});

describe('reading a file with a mapping', () => {
  const file = enc(NOVEL.map((x) => JSON.stringify(x)).join('\n') + '\n');
  it('an unrecognised file is read as lengthlens items and said so; its request carries the first records', async () => {
    const pub = await readPublished(file, 'novel.jsonl');
    expect(pub.unrecognised).toBe(true);
    expect(pub.items).toEqual([]);
    const req = await mappingRequest(file, 'novel.jsonl');
    expect(req).toMatchObject({ reason: 'unrecognised', candidates: [], unit: 'line', format: 'jsonl', gzip: false });
    expect(req.records.map((r) => r.n)).toEqual([1, 2]);
  });
  it('the mapping reads the items the CLI\u2019s mapping reads', async () => {
    const mapping = mappingFromTexts({ context: 'prompt_text', choices: 'opts', gold: 'right', id: 'uid', subset: 'area' });
    const pub = await readPublished(file, 'novel.jsonl', { mapping });
    expect(pub.schema).toMatchObject({ id: 'mapping', how: 'the paths given in the mapping form', fields: { context: 'prompt_text', choices: 'opts', gold: 'right', id: 'uid', subset: 'area' } });
    expect(pub.items).toEqual([
      { id: 'a1', subject: 'x', context: 'Pick one:', choices: ['yes', ' a much longer answer'], gold: 1 },
      { id: 'a2', subject: 'y', context: 'Again:', choices: ['short', 'no'], gold: 0 },
    ]);
    expect(itemsOfRecords(mappingSchema(mapping), pub.records.slice(0, 1)).items).toEqual(pub.items.slice(0, 1));
  });
  it('a file two schemas fit equally needs a mapping, naming both', async () => {
    const both = enc(JSON.stringify({ goal: 'g', sol1: 'a', sol2: 'b', premise: 'p', choice1: 'c', choice2: 'd', label: 0 }) + '\n');
    const err = await readPublished(both, 'both.jsonl').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MappingNeeded);
    expect((err as MappingNeeded).request).toMatchObject({ reason: 'ambiguous', candidates: ['piqa', 'copa'] });
    const chosen = await readPublished(both, 'both.jsonl', { schema: 'copa' });
    expect(chosen.items).toEqual([{ id: '1', context: 'p', choices: ['c', 'd'], gold: 0 }]);
  });
});
