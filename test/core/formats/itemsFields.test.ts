// Task items (SPEC §6) field by field: every way a label may be written and the error for each way
// it can be wrong, ids and subjects, cloze against multiple choice, CSV choice columns, and the
// line numbers of CSV records and rows.
import { describe, expect, it } from 'vitest';
import { detectItemsFormat, itemFromRecord, parseItems } from '../../../src/core/formats/items';
import { forEachCsvRecord, forEachCsvRow, type CsvRecord } from '../../../src/core/formats/csvRecords';
import type { LineError } from '../../../src/core/formats/lineError';

const RGB = ['red', 'green', 'blue'];
const mc = (lab: unknown, choices: unknown = RGB) => itemFromRecord({ context: 'Q?', choices, label: lab }, 'f').gold;
const err = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
};

describe('labels', () => {
  it('an index, as a number or a string of digits', () => {
    expect(mc(0)).toBe(0);
    expect(mc(2)).toBe(2);
    expect(mc('1')).toBe(1);
    expect(mc(' 2 ')).toBe(2);
    expect(mc('01')).toBe(1);
  });

  it('a list of indices, as JSON or as a JSON string', () => {
    expect(mc([0, 2])).toEqual([0, 2]);
    expect(mc('[0, 2]')).toEqual([0, 2]);
    expect(mc(['1', 'blue'])).toEqual([1, 2]);
  });

  it('a choice text (exactly), else a capital letter', () => {
    expect(mc('green')).toBe(1);
    expect(mc('C')).toBe(2);
    expect(mc('A')).toBe(0);
    // The text wins over the letter when a choice is itself a letter.
    expect(mc('A', ['B', 'A'])).toBe(1);
    expect(mc('B', ['B', 'A'])).toBe(0);
  });

  it('says why a label is not one', () => {
    expect(err(() => mc(3))).toBe('label 3 is not a choice index (0 to 2)');
    expect(err(() => mc(-1))).toBe('label -1 is not a choice index (0 to 2)');
    expect(err(() => mc(1.5))).toBe('label 1.5 is not a choice index (0 to 2)');
    expect(err(() => mc('3'))).toBe('label 3 is not a choice index (0 to 2)');
    expect(err(() => mc([0, 3]))).toBe('label 3 is not a choice index (0 to 2)');
    for (const missing of [undefined, null, '', '   '])
      expect(err(() => mc(missing)), String(missing)).toBe('"label" is missing');
    // Issue 41: a label that is there but is not a label is named as what it is.
    expect(err(() => mc(true))).toBe('"label" is true: give a choice index, a letter or one of the choices');
    expect(err(() => mc('D'))).toBe('label "D" is neither a choice index, a letter A-C, nor one of the choices');
    expect(err(() => mc('c'))).toBe('label "c" is neither a choice index, a letter A-C, nor one of the choices');
    expect(err(() => mc(' green'))).toBe('label " green" is neither a choice index, a letter A-C, nor one of the choices');
    expect(err(() => mc('AB'))).toBe('label "AB" is neither a choice index, a letter A-C, nor one of the choices');
    expect(err(() => mc('[5]'))).toBe('label "[5]" is neither a choice index, a letter A-C, nor one of the choices');
    // A quoted text is not read as JSON: only a [list] is.
    expect(err(() => mc('"green"'))).toBe('label ""green"" is neither a choice index, a letter A-C, nor one of the choices');
    expect(err(() => mc('[x]'))).toBe('label "[x]" is neither a choice index, a letter A-C, nor one of the choices');
    expect(err(() => mc('C', ['a', 'b']))).toBe('label "C" is neither a choice index, a letter A-B, nor one of the choices');
  });
});

describe('itemFromRecord', () => {
  const rec = (extra: Record<string, unknown>) => itemFromRecord({ context: 'Q?', gold: ' a', ...extra }, 'fallback');

  it('ids: a non-empty string or a number, else the fallback', () => {
    expect(rec({ id: 'x' }).id).toBe('x');
    expect(rec({ id: 5 }).id).toBe('5');
    expect(rec({ id: 0 }).id).toBe('0');
    for (const id of ['', null, undefined, true, {}]) expect(rec({ id }).id).toBe('fallback');
  });

  it('subjects: a string, empty or absent meaning none', () => {
    expect(rec({ subject: 'math' }).subject).toBe('math');
    for (const subject of ['', null, undefined]) expect(rec({ subject }).subject).toBeUndefined();
    for (const subject of [3, ['a'], false]) expect(err(() => rec({ subject }))).toBe('"subject" must be a string');
  });

  it('a cloze item has its gold as the only choice', () => {
    expect(rec({})).toEqual({ id: 'fallback', subject: undefined, context: 'Q?', choices: [' a'], gold: 0 });
    // Empty or null choices (a CSV cell left blank) mean cloze.
    expect(rec({ choices: '' }).choices).toEqual([' a']);
    expect(rec({ choices: null }).choices).toEqual([' a']);
    expect(err(() => rec({ gold: 5 }))).toBe('"gold" must be a string (the answer text)');
    expect(err(() => rec({ gold: '' }))).toBe('"gold" is empty');
    for (const gold of [undefined, null]) expect(err(() => rec({ gold }))).toBe('needs "gold" (cloze) or "choices" and "label" (multiple choice)');
  });

  it('a multiple-choice item takes "label", else "gold", as its label', () => {
    expect(rec({ choices: ['x', 'y'], label: 0, gold: 1 }).gold).toBe(0);
    expect(rec({ choices: ['x', 'y'], gold: 1 })).toEqual({ id: 'fallback', subject: undefined, context: 'Q?', choices: ['x', 'y'], gold: 1 });
    // A blank gold cell beside the choices is no label.
    expect(err(() => rec({ choices: ['x', 'y'], gold: '' }))).toBe('"label" is missing');
    for (const choices of [['x'], 'xy', ['x', 2], [], 7])
      expect(err(() => rec({ choices, label: 0 })), JSON.stringify(choices)).toBe('"choices" must be a list of two or more strings');
  });

  it('needs a string context', () => {
    for (const context of [undefined, 5, null, ['a']]) expect(err(() => itemFromRecord({ context, gold: 'a' }, 'f'))).toBe('"context" is missing or not a string');
    expect(itemFromRecord({ context: '', gold: 'a' }, 'f').context).toBe('');
  });
});

describe('detectItemsFormat', () => {
  it('trusts the file name, then the first non-blank character', () => {
    expect(detectItemsFormat('{"a": 1}', 'x.CSV')).toBe('csv');
    expect(detectItemsFormat('context,gold', 'x.jsonl')).toBe('jsonl');
    expect(detectItemsFormat('context,gold', 'x.NDJSON')).toBe('jsonl');
    expect(detectItemsFormat('context,gold', 'x.json')).toBe('jsonl');
    expect(detectItemsFormat('context,gold', 'x.csv.txt')).toBe('csv');
    expect(detectItemsFormat('{"a": 1}', 'x.csv.txt')).toBe('jsonl');
    expect(detectItemsFormat('{"a": 1}', 'notes.jsonlx')).toBe('jsonl');
    expect(detectItemsFormat('\n  [{"a": 1}]')).toBe('jsonl');
    expect(detectItemsFormat('')).toBe('csv');
  });
});

describe('parseItems', () => {
  it('a JSON array after leading blank space is one document; arrays on separate lines are JSONL', () => {
    expect(parseItems('\n  [{"context": "a", "gold": " b"}]', 'jsonl').records).toHaveLength(1);
    const lines = parseItems('[1]\n[{"context": "a", "gold": " b"}]\n', 'jsonl');
    expect(lines.records).toEqual([]);
    expect(lines.errors).toEqual([
      { line: 1, message: 'not a JSON object' },
      { line: 2, message: 'not a JSON object' },
    ]);
    // A broken array is read line by line, each line numbered: the second line is a good item.
    const broken = parseItems('[{"context": "a", "gold": " b"},\n{"context": "c", "gold": " d"}\n', 'jsonl');
    expect(broken.errors.map((e) => e.line)).toEqual([1]);
    expect(broken.records.map((x) => [x.id, x.context])).toEqual([['2', 'c']]);
  });

  it('reports duplicates by line, in line order with the other errors, keeping the first', () => {
    const text = ['{"id": "a", "context": "1", "gold": " x"}', '{"id": "a", "context": "2", "gold": " y"}', '{"id": "b", "context": 3}', '{"id": "b", "context": "4", "gold": " z"}'].join('\n');
    const r = parseItems(text, 'jsonl');
    expect(r.records.map((x) => [x.id, x.context])).toEqual([
      ['a', '1'],
      ['b', '4'],
    ]);
    expect(r.errors).toEqual([
      { line: 2, message: 'duplicate id "a" (the first one is kept)' },
      { line: 3, message: '"context" is missing or not a string' },
    ]);
  });

  it('detects the format from the text when none is given', () => {
    expect(parseItems('context,gold\nQ, a\n').records[0].choices).toEqual([' a']);
    expect(parseItems('{"context": "Q", "gold": " a"}').records[0].choices).toEqual([' a']);
  });
});

describe('CSV choices', () => {
  const csv = (text: string) => parseItems(text, 'csv');

  it('numbered columns are ordered by number, with or without an s, a _ or a space, any case', () => {
    expect(csv('context,choice_10,choice_2,choice_1,label\nQ,ten,two,one,0\n').records[0].choices).toEqual(['one', 'two', 'ten']);
    expect(csv('context,Choices 1,CHOICE2,label\nQ,one,two,1\n').records[0]).toMatchObject({ choices: ['one', 'two'], gold: 1 });
    expect(csv('context,choices0,choices1,label\nQ,zero,one,1\n').records[0].choices).toEqual(['zero', 'one']);
    // Blank cells are no choice.
    expect(csv('context,choice_1,choice_2,choice_3,label\nQ,one,two,,1\n').records[0].choices).toEqual(['one', 'two']);
  });

  it('one numbered column is not a choice list', () => {
    expect(csv('context,choice_1,gold\nQ,one, g\n').records[0].choices).toEqual([' g']);
  });

  it('lettered columns need A and at least two filled', () => {
    expect(csv('context,A,B,C,label\nQ,red,blue,,B\n').records[0]).toMatchObject({ choices: ['red', 'blue'], gold: 1 });
    expect(csv('context,A,B,gold\nQ,red,, g\n').records[0].choices).toEqual([' g']);
    expect(csv('context,B,C,label\nQ,red,blue,0\n').errors).toEqual([{ line: 2, message: 'needs "gold" (cloze) or "choices" and "label" (multiple choice)' }]);
    // A blank A with B and C filled: B and C are the choices.
    expect(csv('context,A,B,C,label\nQ,,x,y,0\n').records[0].choices).toEqual(['x', 'y']);
  });

  it('lettered columns as far as they run (MMLU-Pro has A to J): none is dropped', () => {
    const r = csv('context,A,B,C,D,E,F,G,H,I,label\nQ,a,b,c,d,e,f,g,h,i,H\n').records[0];
    expect(r.choices).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']);
    expect(r.gold).toBe(7);
    const ten = csv('context,A,B,C,D,E,F,G,H,I,J,label\nQ,a,b,c,d,e,f,g,h,i,j,J\n').records[0];
    expect(ten.choices).toHaveLength(10);
    expect(ten.gold).toBe(9);
    // A gap ends the run: K after a missing J is not a choice column.
    expect(csv('context,A,B,K,label\nQ,a,b,k,B\n').records[0].choices).toEqual(['a', 'b']);
  });

  it('a choices cell must be a JSON list; a blank one falls back to the columns', () => {
    expect(csv('context,choices,label\nQ,"{""a"": 1}",0\n').errors).toEqual([{ line: 2, message: '"choices" must be a JSON list such as ["red", "blue"]' }]);
    expect(csv('context,choices,choice_1,choice_2,label\nQ,  ,one,two,1\n').records[0]).toMatchObject({ choices: ['one', 'two'], gold: 1 });
  });

  it('header names are trimmed', () => {
    expect(csv(' id , context ,gold\nx,Q, a\n').records[0]).toMatchObject({ id: 'x', context: 'Q', choices: [' a'] });
  });
});

describe('CSV records and rows', () => {
  const records = (text: string) => {
    const out: CsvRecord[] = [];
    forEachCsvRecord(text, (r) => out.push(r));
    return out;
  };

  it('drops a record that is one blank field, keeps one of empty fields', () => {
    expect(records('a,b\n  \n,\n').map((r) => [r.line, r.fields])).toEqual([
      [1, ['a', 'b']],
      [3, ['', '']],
    ]);
    expect(records('')).toEqual([]);
  });

  it('numbers records after runs of blank lines', () => {
    expect(records('\r\n\r\nx\r\n\r\n\r\ny\r\n').map((r) => [r.line, r.fields])).toEqual([
      [3, ['x']],
      [6, ['y']],
    ]);
  });

  it('rows: header first, then field-count and parser errors by line, and an empty file', () => {
    const errors: LineError[] = [];
    const rows: [string[], number][] = [];
    const headers: [string[], number][] = [];
    forEachCsvRow(
      '\na,b\n1,2\n3\n4,5,6\n"7,8\n',
      errors,
      (f, line) => (headers.push([f, line]), true),
      (f, line) => rows.push([f, line]),
    );
    expect(headers).toEqual([[['a', 'b'], 2]]);
    expect(rows).toEqual([[['1', '2'], 3]]);
    expect(errors.map((e) => e.line)).toEqual([4, 5, 6]);
    expect(errors[0].message).toBe('expected 2 fields, found 1');
    expect(errors[1].message).toBe('expected 2 fields, found 3');
    expect(errors[2].message).toMatch(/quote/i);

    const empty: LineError[] = [];
    forEachCsvRow(' \n\n', empty, () => true, () => undefined);
    expect(empty).toEqual([{ line: 1, message: 'the file is empty' }]);
  });

  it('a header the reader refuses stops the file', () => {
    const errors: LineError[] = [];
    let rows = 0;
    forEachCsvRow('a,b\n1,2\n3,4\n', errors, () => false, () => void rows++);
    expect(rows).toBe(0);
    expect(errors).toEqual([]);
  });
});
