import { describe, expect, it } from 'vitest';
import { detectItemsFormat, parseItems } from '../../../src/core/formats/items';

describe('items JSONL', () => {
  it('loads cloze and multiple-choice lines and reports bad lines by number', () => {
    const text = [
      '{"id": "a", "context": "Once upon a time", "gold": " there"}',
      '{"context": "Q?", "choices": ["red", "blue"], "label": 1, "subject": "colors"}',
      '',
      '{"context": "x", "gold": ',
      '{"context": "x"}',
      '{"context": "Q?", "choices": ["a", "b"], "label": 2}',
      '{"context": "Q?", "choices": ["a", "b", "c"], "label": "C"}',
      '{"context": "Q?", "choices": ["a", "b"], "label": "b"}',
      '[1, 2]',
      '{"id": "a", "context": "dup", "gold": " x"}',
    ].join('\n');
    const { records, errors } = parseItems(text, 'jsonl');
    expect(records.map((r) => [r.id, r.choices, r.gold, r.subject])).toEqual([
      ['a', [' there'], 0, undefined],
      ['2', ['red', 'blue'], 1, 'colors'],
      ['7', ['a', 'b', 'c'], 2, undefined],
      ['8', ['a', 'b'], 1, undefined],
    ]);
    expect(errors.map((e) => e.line)).toEqual([4, 5, 6, 9, 10]);
    expect(errors[0].message).toMatch(/not valid JSON/);
    expect(errors[1].message).toMatch(/needs "gold"/);
    expect(errors[2].message).toMatch(/label 2 is not a choice index/);
    expect(errors[3].message).toMatch(/not a JSON object/);
    expect(errors[4].message).toMatch(/duplicate id "a"/);
  });
});

describe('items as one JSON array', () => {
  it('reports bad items by their number', () => {
    const { records, errors } = parseItems('[{"context": "a", "gold": " b"}, {"context": 1}, "x"]');
    expect(records.map((r) => r.id)).toEqual(['1']);
    expect(errors).toEqual([
      { line: 2, message: '"context" is missing or not a string' },
      { line: 3, message: 'not a JSON object' },
    ]);
  });
});

describe('items CSV', () => {
  it('keeps leading spaces, handles quoted multi-line fields and numbers lines correctly', () => {
    const csv = 'id,context,gold\n1,Once upon a time, there\n2,"multi\nline",x\n\n3,,\n4,ok\n5,"the end", yes\n';
    const { records, errors } = parseItems(csv, 'csv');
    expect(records.map((r) => [r.id, r.context, r.choices[0]])).toEqual([
      ['1', 'Once upon a time', ' there'],
      ['2', 'multi\nline', 'x'],
      ['5', 'the end', ' yes'],
    ]);
    expect(errors).toEqual([
      { line: 6, message: '"gold" is empty' },
      { line: 7, message: 'expected 3 fields, found 2' },
    ]);
  });
  it('reads choices as a JSON list or as numbered / lettered columns', () => {
    const a = parseItems('context,choices,label\nQ?,"[""red"", ""blue""]",0\nQ2?,red,0\n', 'csv');
    expect(a.records[0].choices).toEqual(['red', 'blue']);
    expect(a.errors).toEqual([{ line: 3, message: '"choices" must be a JSON list such as ["red", "blue"]' }]);
    const b = parseItems('context,choice_1,choice_2,label\nQ?,red,blue,1\n', 'csv');
    expect(b.records[0]).toMatchObject({ choices: ['red', 'blue'], gold: 1 });
    const c = parseItems('context,A,B,C,label\nQ?,red,blue,green,C\n', 'csv');
    expect(c.records[0]).toMatchObject({ choices: ['red', 'blue', 'green'], gold: 2 });
  });
  it('needs a context column', () => {
    expect(parseItems('question,gold\nx,y\n', 'csv').errors[0]).toEqual({ line: 1, message: 'the header has no "context" column' });
  });
  it('detects the format', () => {
    expect(detectItemsFormat('{"context": 1}')).toBe('jsonl');
    expect(detectItemsFormat('context,gold')).toBe('csv');
    expect(detectItemsFormat('{}', 'x.csv')).toBe('csv');
  });
});
