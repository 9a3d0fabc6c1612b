import { describe, expect, it } from 'vitest';
import { parseVerdicts } from '../../../src/core/judge/verdicts';

describe('verdict files', () => {
  it('reads CSV with line numbers that survive blank lines and quoted newlines', () => {
    const csv = [
      'prompt_id,a_first,verdict,len_a,len_b,category',
      'p1,1,A,100,80,code',
      '',
      'p1,0,B,100,80,code',
      '"p\n2",true,0.7,50,60,x',
      'p3,maybe,A,1,2,',
      'p4,1,A,-1,2,',
      'p5,1,C,3,4,',
      'p6,1,tie,3,4',
      'p7,no,Tie,3,4,',
    ].join('\n');
    const r = parseVerdicts(csv);
    expect(r.format).toBe('csv');
    expect(r.rows.map((x) => [x.line, x.promptId, x.aFirst, x.pA])).toEqual([
      [2, 'p1', true, 1],
      [4, 'p1', false, 0],
      [5, 'p\n2', true, 0.7],
      [11, 'p7', false, 0.5],
    ]);
    expect(r.rows[3].hard).toBe('tie');
    expect(r.rows[2].hard).toBeNull();
    expect(r.errors).toEqual([
      { line: 7, message: 'a_first must be true/false (or 1/0), got "maybe"' },
      { line: 8, message: 'len_a must be a number ≥ 0 (0 for an empty answer), got "-1"' },
      { line: 9, message: 'verdict must be A, B, tie or a probability in [0, 1], got "C"' },
      { line: 10, message: 'expected 6 fields, found 5' },
    ]);
  });

  it('names missing columns', () => {
    const r = parseVerdicts('prompt,verdict\na,b\n');
    expect(r.rows).toEqual([]);
    expect(r.errors).toEqual([{ line: 1, message: 'missing columns: a_first, len_a, len_b' }]);
  });

  it('accepts a `first` column (A/B) and header aliases', () => {
    const r = parseVerdicts('ID,First,Winner,Length A,Length B,Subject,Human\nx,B,b,10,20,math,A\n');
    expect(r.errors).toEqual([]);
    expect(r.rows[0]).toMatchObject({ promptId: 'x', aFirst: false, pA: 0, lenA: 10, lenB: 20, category: 'math', human: 'A' });
  });

  it('reads JSONL and reports bad lines by number', () => {
    const text = [
      '{"prompt_id":1,"a_first":true,"verdict":"A","len_a":3,"len_b":4}',
      '{bad',
      '',
      '[1]',
      '{"prompt_id":"x","first":"B","verdict":0.2,"len_a":3,"len_b":-4}',
      '{"prompt_id":"y","a_first":false,"verdict":0.25,"len_a":3,"len_b":4,"category":"c"}',
      '{"prompt_id":"z","a_first":false,"verdict":1.5,"len_a":3,"len_b":4}',
    ].join('\n');
    const r = parseVerdicts(text);
    expect(r.format).toBe('jsonl');
    expect(r.rows.map((x) => [x.line, x.promptId, x.pA, x.category])).toEqual([
      [1, '1', 1, null],
      [6, 'y', 0.25, 'c'],
    ]);
    expect(r.errors.map((e) => e.line)).toEqual([2, 4, 5, 7]);
    expect(r.errors[0].message).toMatch(/^not valid JSON \(.+\)$/);
    expect(r.errors[1].message).toBe('expected a JSON object');
    expect(r.errors[2].message).toMatch(/len_b must be a number ≥ 0 .*got "-4"/);
  });

  it('reads JSONL and CSV that start with a byte-order mark', () => {
    const jsonl = parseVerdicts('\uFEFF{"prompt_id":1,"a_first":true,"verdict":"A","len_a":3,"len_b":4}\n{"prompt_id":1,"a_first":false,"verdict":"B","len_a":3,"len_b":4}\n');
    expect(jsonl.format).toBe('jsonl');
    expect(jsonl.errors).toEqual([]);
    expect(jsonl.rows.map((x) => [x.line, x.promptId, x.aFirst, x.pA])).toEqual([
      [1, '1', true, 1],
      [2, '1', false, 0],
    ]);
    const csv = parseVerdicts('\uFEFFprompt_id,a_first,verdict,len_a,len_b\np,1,A,3,4\n\np,0,x,3,4\n');
    expect(csv.format).toBe('csv');
    expect(csv.rows.map((x) => [x.line, x.promptId])).toEqual([[2, 'p']]);
    expect(csv.errors).toEqual([{ line: 4, message: 'verdict must be A, B, tie or a probability in [0, 1], got "x"' }]);
  });

  it('lists at most 200 bad lines and counts the rest', () => {
    const bad = Array.from({ length: 205 }, (_, i) => `{"prompt_id":${i},"a_first":true,"verdict":"C","len_a":3,"len_b":4}`);
    const r = parseVerdicts(bad.join('\n'));
    expect(r.errors.length).toBe(201);
    expect(r.errors[199].line).toBe(200);
    expect(r.errors[200]).toEqual({ line: 0, message: '5 more bad lines not listed' });
    expect(r.badLines).toBe(205);
  });

  it('reports an empty file', () => {
    expect(parseVerdicts('').errors).toEqual([{ line: 1, message: 'the file is empty' }]);
  });
});
