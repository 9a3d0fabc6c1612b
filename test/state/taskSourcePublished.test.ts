// The Task lab's file reading: one detector with `check` (a log whose first line is not a record
// is still a log), and a published benchmark file read from its bytes with its schema named.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { taskFromBytes } from '../../src/state/taskSource';
import { MappingNeeded } from '../../src/core/formats/published';
import { mappingFromTexts } from '../../src/core/formats/userMapping';

const record = (doc: number) =>
  JSON.stringify({ doc_id: doc, doc: {}, target: '0', arguments: { gen_args_0: { arg_0: 'Q:', arg_1: ' a' }, gen_args_1: { arg_0: 'Q:', arg_1: ' bb' } }, resps: [[['-1', 'False']], [['-2', 'False']]], filtered_resps: [['-1', 'False'], ['-2', 'False']] });

describe('Task lab file reading', () => {
  it('a log whose first line is an INFO line, or a record cut short, is a log', async () => {
    const info = `INFO 2024-05-01 evaluator.py:300 writing samples\n${record(0)}\n${record(1)}\n`;
    const cut = `${record(0).slice(0, 30)}\n${record(0)}\n${record(1)}\n`;
    expect((await taskFromBytes(new TextEncoder().encode(cut), 'samples_arc.jsonl')).kind).toBe('log_samples');
    const task = await taskFromBytes(new TextEncoder().encode(info), 'samples_arc.jsonl');
    expect(task.kind).toBe('log_samples');
    expect(task.set.items).toHaveLength(2);
    expect((await taskFromBytes(new TextEncoder().encode('{"context": "c", "choices": ["a", "b"], "label": 0}\n'), 'items.jsonl')).kind).toBe('items');
  });

  it('reads a published file (gzip AI2 jsonl) from its bytes and names its schema', async () => {
    const line = JSON.stringify({ id: 'q1', question: { stem: 'Which?', choices: [{ text: 'yes', label: 'A' }, { text: 'no', label: 'B' }] }, answerKey: 'B' });
    const task = await taskFromBytes(new Uint8Array(gzipSync(line + '\n')), 'ARC-Easy-Test.jsonl.gz');
    expect(task.schema).toMatchObject({ id: 'ai2_nested', format: 'jsonl', gzip: true });
    expect(task.set).toMatchObject({ name: 'ARC-Easy-Test', items: [{ id: 'q1', context: 'Which?', choices: ['yes', 'no'], gold: 1 }] });
  });

  it('leaves out items without a gold label, and says so', async () => {
    const text = JSON.stringify({ goal: 'g', sol1: 'a', sol2: 'b' }) + '\n' + JSON.stringify({ goal: 'h', sol1: 'c', sol2: 'd', label: 1 }) + '\n';
    const task = await taskFromBytes(new TextEncoder().encode(text), 'valid.jsonl');
    expect(task.set.items).toHaveLength(1);
    expect(task.warnings.join(' ')).toMatch(/1 item\(s\) have no gold label/);
  });

  it('a file no schema fits, with no item read, needs a mapping; read with one, it loads', async () => {
    const csv = new TextEncoder().encode('prompt,first,second,right\nQ1?,yes,a longer no,1\nQ2?,aa,b,0\n');
    const err = await taskFromBytes(csv, 'novel.csv').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MappingNeeded);
    expect((err as MappingNeeded).request).toMatchObject({ reason: 'unrecognised', format: 'csv', unit: 'line', candidates: [] });
    expect((err as MappingNeeded).request.records.map((r) => r.n)).toEqual([2, 3]);
    const task = await taskFromBytes(csv, 'novel.csv', 'none', { mapping: mappingFromTexts({ context: 'prompt', choices: 'first, second', gold: 'right' }) });
    expect(task.schema).toMatchObject({ id: 'mapping', name: 'your field mapping', how: 'the paths given in the mapping form', format: 'csv' });
    expect(task.set.items).toEqual([
      { id: '2', context: 'Q1?', choices: ['yes', 'a longer no'], gold: 1 },
      { id: '3', context: 'Q2?', choices: ['aa', 'b'], gold: 0 },
    ]);
  });
});
