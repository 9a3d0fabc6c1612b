import { describe, expect, it } from 'vitest';
import { parseVerdicts } from '../../../src/core/judge/verdicts';

/** One JSONL record with the given fields over a valid default. */
const jsonl = (fields: Record<string, unknown>, base: Record<string, unknown> = { prompt_id: 'p', a_first: true, verdict: 'A', len_a: 3, len_b: 4 }) =>
  parseVerdicts(JSON.stringify(Object.fromEntries(Object.entries({ ...base, ...fields }).filter(([, v]) => v !== undefined))));

const errorOf = (fields: Record<string, unknown>, base?: Record<string, unknown>) => {
  const r = jsonl(fields, base);
  expect(r.rows, JSON.stringify(fields)).toEqual([]);
  return r.errors[0].message;
};

describe('one verdict field at a time', () => {
  it('names each bad or missing field and what was there', () => {
    expect(errorOf({ prompt_id: undefined })).toBe('missing prompt_id');
    expect(errorOf({ prompt_id: '' })).toBe('missing prompt_id');
    expect(errorOf({ prompt_id: null })).toBe('missing prompt_id');
    expect(errorOf({ prompt_id: true })).toBe('prompt_id must be text or a number, got "true"');
    expect(errorOf({ prompt_id: { a: 1 } })).toBe('prompt_id must be text or a number, got "{"a":1}"');
    expect(errorOf({ a_first: 'maybe' })).toBe('a_first must be true/false (or 1/0), got "maybe"');
    expect(errorOf({ a_first: 2 })).toBe('a_first must be true/false (or 1/0), got "2"');
    expect(errorOf({ a_first: [] })).toBe('a_first must be true/false (or 1/0), got "[]"');
    expect(errorOf({ a_first: undefined })).toBe('missing a_first (was A shown first?)');
    expect(errorOf({ a_first: undefined, first: 'tie' })).toBe('first must be A or B, got "tie"');
    expect(errorOf({ verdict: undefined })).toBe('missing verdict');
    expect(errorOf({ verdict: 'C' })).toBe('verdict must be A, B, tie or a probability in [0, 1], got "C"');
    expect(errorOf({ verdict: 1.01 })).toBe('verdict must be A, B, tie or a probability in [0, 1], got "1.01"');
    expect(errorOf({ verdict: -0.01 })).toBe('verdict must be A, B, tie or a probability in [0, 1], got "-0.01"');
    expect(errorOf({ verdict: '  ' })).toBe('verdict must be A, B, tie or a probability in [0, 1], got "  "');
    expect(errorOf({ verdict: 'Infinity' })).toBe('verdict must be A, B, tie or a probability in [0, 1], got "Infinity"');
    expect(errorOf({ len_a: undefined })).toBe('missing len_a');
    expect(errorOf({ len_b: undefined })).toBe('missing len_b');
    expect(errorOf({ len_a: -1 })).toBe('len_a must be a number ≥ 0 (0 for an empty answer), got "-1"');
    expect(errorOf({ len_b: 'ten' })).toBe('len_b must be a number ≥ 0 (0 for an empty answer), got "ten"');
    expect(errorOf({ human: 'maybe' })).toBe('human must be A, B or tie, got "maybe"');
    expect(errorOf({ human: 1 })).toBe('human must be A, B or tie, got "1"');
    // A long value is cut to 40 characters.
    expect(errorOf({ verdict: 'x'.repeat(60) })).toBe(`verdict must be A, B, tie or a probability in [0, 1], got "${'x'.repeat(40)}"`);
  });

  it('reads the spellings of true/false, A/B/tie and numbers', () => {
    for (const t of [true, 1, 'true', '1', 'yes', 'y', 't', ' TRUE ', 'Yes']) expect(jsonl({ a_first: t }).rows[0].aFirst, String(t)).toBe(true);
    for (const f of [false, 0, 'false', '0', 'no', 'n', 'f', ' No ']) expect(jsonl({ a_first: f }).rows[0].aFirst, String(f)).toBe(false);
    expect(jsonl({ a_first: undefined, first: ' a ' }).rows[0].aFirst).toBe(true);
    expect(jsonl({ a_first: undefined, first: 'B' }).rows[0].aFirst).toBe(false);
    const v = (verdict: unknown) => {
      const row = jsonl({ verdict }).rows[0];
      return [row.pA, row.hard];
    };
    expect(v('a')).toEqual([1, 'A']);
    expect(v(' B ')).toEqual([0, 'B']);
    expect(v('TIE')).toEqual([0.5, 'tie']);
    expect(v('draw')).toEqual([0.5, 'tie']);
    expect(v('=')).toEqual([0.5, 'tie']);
    expect(v(0)).toEqual([0, null]);
    expect(v(1)).toEqual([1, null]);
    expect(v(' 0.25 ')).toEqual([0.25, null]);
    const row = jsonl({ prompt_id: '  q1 ', len_a: '0', len_b: ' 12.5 ', category: ' math ', human: 'tie' }).rows[0];
    expect(row).toEqual({ line: 1, promptId: 'q1', aFirst: true, pA: 1, hard: 'A', lenA: 0, lenB: 12.5, category: 'math', human: 'tie' });
    // A category of only spaces is no category.
    expect(jsonl({ category: '   ' }).rows[0].category).toBeNull();
    expect(jsonl({ category: 7 }).rows[0].category).toBe('7');
    expect(jsonl({ prompt_id: 42 }).rows[0].promptId).toBe('42');
  });

  it("reads AlpacaEval's preference scale, with a note", () => {
    const base = { prompt_id: 'p', a_first: true, len_a: 3, len_b: 4 };
    const pref = (preference: unknown) => jsonl({ preference }, base);
    expect(pref(2).rows[0]).toMatchObject({ pA: 1, hard: 'A' });
    expect(pref(1).rows[0]).toMatchObject({ pA: 0, hard: 'B' });
    expect(pref(0).rows[0]).toMatchObject({ pA: 0.5, hard: 'tie' });
    expect(pref(1.5).rows[0]).toMatchObject({ pA: 0.5, hard: 'tie' });
    expect(pref(1.25).rows[0]).toMatchObject({ pA: 0.25, hard: null });
    expect(pref(2).notes).toEqual([expect.stringMatching(/^The `preference` column was read on AlpacaEval's scale: P\(A wins\) = preference − 1/)]);
    for (const bad of [0.5, 2.5, -1, 'x'])
      expect(pref(bad).errors[0].message).toBe(`preference is AlpacaEval's 1–2 scale (2: A won, 1: B won, 0: draw), got "${bad}"`);
    expect(pref(null).errors[0].message).toBe('preference is empty (a null preference: AlpacaEval drops such rows too)');
    // A verdict column wins over preference, and then no note.
    const both = jsonl({ verdict: 'B', preference: 2 });
    expect(both.rows[0].pA).toBe(0);
    expect(both.notes).toEqual([]);
  });

  it('takes the first of two aliases of one column', () => {
    const r = parseVerdicts('{"winner":"B","verdict":"A","id":"x","prompt":"y","a_first":1,"len_a":1,"len_b":2}');
    expect(r.rows[0]).toMatchObject({ pA: 0, promptId: 'x' });
    const csv = parseVerdicts('prompt_id,a_first,verdict,p_a,len_a,len_b\nq,1,B,A,1,2\n');
    expect(csv.rows[0].pA).toBe(0);
  });

  it('knows every header alias', () => {
    const header = 'Instruction ID,A-is-first,P_A,LENGTH_A,lenb,category,Human Verdict';
    const r = parseVerdicts(`${header}\nq,yes,0.9,5,6,c,B\n`);
    expect(r.errors).toEqual([]);
    expect(r.rows[0]).toMatchObject({ promptId: 'q', aFirst: true, pA: 0.9, lenA: 5, lenB: 6, category: 'c', human: 'B' });
    for (const [id, first, verdict, la, lb] of [['promptid', 'afirst', 'pa', 'lena', 'length_b'], ['prompt', 'a_first', 'winner', 'len_a', 'len_b']]) {
      const rr = parseVerdicts(`${id},${first},${verdict},${la},${lb},subject\nq,0,A,1,2,s\n`);
      expect(rr.errors, id).toEqual([]);
      expect(rr.rows[0]).toMatchObject({ promptId: 'q', aFirst: false, pA: 1, lenA: 1, lenB: 2, category: 's' });
    }
  });

  it('names one missing column, and accepts first / preference in place of a_first / verdict', () => {
    expect(parseVerdicts('prompt_id,a_first,verdict,len_a\nq,1,A,1\n').errors).toEqual([{ line: 1, message: 'missing column: len_b' }]);
    const r = parseVerdicts('prompt_id,first,preference,len_a,len_b\nq,A,2,1,2\n');
    expect(r.errors).toEqual([]);
    expect(r.rows[0]).toMatchObject({ aFirst: true, pA: 1 });
    expect(r.notes).toHaveLength(1);
    expect(parseVerdicts('prompt_id,a_first,verdict,preference,len_a,len_b\nq,1,A,2,1,2\n').notes).toEqual([]);
  });
});

describe('JSON arrays of verdicts', () => {
  it('reads an array holding any AlpacaEval annotation as AlpacaEval annotations', () => {
    // One annotation and one verdict row: the array is AlpacaEval's, and the verdict row, having
    // none of an annotation's fields, is named as an error (not dropped as a null preference).
    const annotation = { instruction: 'Say hi', output_1: 'hi', output_2: 'hello', preference: 2 };
    const verdictRow = { prompt_id: 'p', a_first: true, verdict: 'A', len_a: 1, len_b: 2 };
    for (const items of [[annotation, verdictRow], [verdictRow, annotation]]) {
      const r = parseVerdicts(JSON.stringify(items));
      expect(r.format).toBe('alpacaeval');
      expect(r.rows.map((x) => [x.promptId, x.pA, x.lenA, x.lenB])).toEqual([['Say hi', 1, 5, 2]]);
      expect(r.errors).toEqual([
        { line: items.indexOf(verdictRow) + 1, message: 'not an AlpacaEval annotation (no output_1, output_2 or preference), in an array read as AlpacaEval annotations' },
      ]);
      expect(r.notes.some((n) => n.includes('null preference'))).toBe(false);
    }
  });

  it('numbers bad items by their place and says what a JSON array is', () => {
    const r = parseVerdicts(JSON.stringify([{ prompt_id: 'a', a_first: 1, verdict: 'A', len_a: 1, len_b: 2 }, { prompt_id: 'b' }, 'x']));
    expect(r.format).toBe('json');
    expect(r.rows.map((x) => x.promptId)).toEqual(['a']);
    expect(r.errors).toEqual([
      { line: 2, message: 'missing a_first (was A shown first?)' },
      { line: 3, message: 'expected a JSON object' },
    ]);
    expect(r.notes).toEqual(['A JSON array: bad items are numbered by their place in the array.']);
    const pref = parseVerdicts(JSON.stringify([{ prompt_id: 'a', a_first: 1, preference: 2, len_a: 1, len_b: 2 }]));
    expect(pref.notes).toHaveLength(2);
    expect(pref.notes[1]).toMatch(/preference/);
  });

  it('says when the array is cut short or not JSON at all', () => {
    // Cut inside a string, after a comma, after a number, after a key: V8 words each differently.
    for (const cut of ['[{"prompt_id": "a', '[1,', '[{"prompt_id": 1', '[{"prompt_id": "a", ', '[{"prompt_id"  \n'])
      expect(parseVerdicts(cut).errors, cut).toEqual([
        { line: 1, message: 'the file starts a JSON array but is not valid JSON: it ends in the middle of a value (cut short?)' },
      ]);
    expect(parseVerdicts('[{"a":1}]x').errors[0].message).toMatch(/^the file starts a JSON array but is not valid JSON \(.*position 9\)$/);
    const broken = parseVerdicts('[{"prompt_id": x}]');
    expect(broken.format).toBe('json');
    expect(broken.rows).toEqual([]);
    expect(broken.errors[0].line).toBe(1);
    expect(broken.errors[0].message).toMatch(/^the file starts a JSON array but is not valid JSON \(.+\)$/);
    expect(parseVerdicts('\uFEFF  [{"prompt_id":"a","a_first":1,"verdict":"A","len_a":1,"len_b":2}]').rows).toHaveLength(1);
  });
});

describe('verdict files: the remaining edges', () => {
  it('trims header names and reads non-text values by type', () => {
    const r = parseVerdicts(' Prompt_ID , a_first,verdict ,len_a,len_b\nq,1,A,1,2\n');
    expect(r.errors).toEqual([]);
    expect(r.rows[0].promptId).toBe('q');
    expect(errorOf({ len_a: true })).toBe('len_a must be a number ≥ 0 (0 for an empty answer), got "true"');
    expect(errorOf({ verdict: {} })).toBe('verdict must be A, B, tie or a probability in [0, 1], got "{}"');
    expect(errorOf({ verdict: [0.5] })).toBe('verdict must be A, B, tie or a probability in [0, 1], got "[0.5]"');
  });

  it('names NaN and infinite numbers (which JSON would write as null)', () => {
    const r = parseVerdicts('[{"prompt_id":"a","a_first":1,"verdict":NaN,"len_a":1,"len_b":2},{"prompt_id":"b","a_first":1,"verdict":"A","len_a":Infinity,"len_b":2}]');
    expect(r.errors).toEqual([
      { line: 1, message: 'verdict must be A, B, tie or a probability in [0, 1], got "NaN"' },
      { line: 2, message: 'len_a must be a number ≥ 0 (0 for an empty answer), got "Infinity"' },
    ]);
  });

  it('reports a missing column beside `first` or `preference`', () => {
    expect(parseVerdicts('prompt_id,first,verdict,len_a\nq,A,A,1\n').errors).toEqual([{ line: 1, message: 'missing column: len_b' }]);
    expect(parseVerdicts('prompt_id,a_first,preference,len_b\nq,1,2,1\n').errors).toEqual([{ line: 1, message: 'missing column: len_a' }]);
  });

  it('keeps exactly 200 messages without a count line, and adds no notes of its own', () => {
    const bad = Array.from({ length: 200 }, (_, i) => `{"prompt_id":${i},"a_first":true,"verdict":"C","len_a":3,"len_b":4}`);
    const r = parseVerdicts(bad.join('\n'));
    expect(r.errors).toHaveLength(200);
    expect(r.errors.every((e) => e.line > 0)).toBe(true);
    expect(r.badLines).toBe(200);
    for (const text of ['', 'prompt_id,a_first,verdict,len_a,len_b\n', '[{"prompt_id": x}]', bad[0]]) {
      const p = parseVerdicts(text);
      expect(p.notes, text).toEqual([]);
      expect(p.orderKnown, text).toBe(true);
    }
  });
});
