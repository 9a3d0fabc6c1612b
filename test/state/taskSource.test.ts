// The Task lab's inputs (items files, log_samples, samples) and its batch loop's pause/cancel.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { itemCorrectness } from '../../src/core/metrics/accuracy';
import type { ScoredItem } from '../../src/core/metrics/types';
import type { TaskItem } from '../../src/core/tasks/types';
import { BatchControl, oneByOne, runBatch } from '../../src/state/taskRunner';
import { contentKey, resolveDelimiter, taskFromBytes, taskFromFile, taskFromSample } from '../../src/state/taskSource';
import { runKeyOf } from '../../src/state/taskTypes';

const fixture = (name: string) => fs.readFileSync(path.resolve(__dirname, '../fixtures', name), 'utf8');

describe('items files', () => {
  it('loads the good lines of a file with two malformed ones and reports both with their numbers', () => {
    const task = taskFromFile(fixture('task-items-malformed.jsonl'), 'task-items-malformed.jsonl');
    expect(task.kind).toBe('items');
    expect(task.set.name).toBe('task-items-malformed');
    expect(task.set.items.map((it) => it.id)).toEqual(['a1', 'a2', 'a3', 'a5', 'a7', 'a8']);
    expect(task.errors.map((e) => e.line)).toEqual([4, 6]);
    expect(task.errors[0].message).toMatch(/not valid JSON/);
    expect(task.errors[1].message).toMatch(/label 7 is not a choice index/);
    // Strings are scored as written by default, as `lengthlens task --items` does.
    expect(task.set.targetDelimiter).toBe('');
    expect(task.warnings).toEqual([]);
    expect(task.errorUnit).toBe('line');
  });

  it('numbers the problems of a JSON array by item, not by line', () => {
    const text = JSON.stringify([{ context: 'a', gold: ' b' }, { context: 'c' }, { context: 'd', gold: ' e' }], null, 2);
    const task = taskFromFile(text, 'items.json');
    expect(task.set.items.map((it) => it.context)).toEqual(['a', 'd']);
    expect(task.errorUnit).toBe('item');
    expect(task.errors.map((e) => e.line)).toEqual([2]);
  });

  it('puts a space between context and answer only when asked (or when auto finds none)', () => {
    const text = fixture('task-items-malformed.jsonl');
    expect(taskFromFile(text, 'x.jsonl', 'space').set.targetDelimiter).toBe(' ');
    expect(taskFromFile(text, 'x.jsonl', 'auto').set.targetDelimiter).toBe('');
    const bare: TaskItem[] = [{ id: '1', context: 'Answer:', choices: ['Paris', 'Rome'], gold: 0 }];
    expect(resolveDelimiter(bare, 'auto')).toBe(' ');
    expect(resolveDelimiter(bare, 'none')).toBe('');
    const csv = 'id,context,choices,label\n1,Answer:,"[""Paris"", ""Rome""]",0\n';
    const task = taskFromFile(csv, 'q.csv');
    expect(task.set.items).toHaveLength(1);
    expect(task.warnings[0]).toMatch(/no space between/);
  });

  it('keys a task by its content: the same items share runs, a different delimiter does not', () => {
    const text = fixture('task-items-malformed.jsonl');
    const a = taskFromFile(text, 'a.jsonl');
    const b = taskFromFile(text, 'renamed.jsonl');
    const c = taskFromFile(text, 'a.jsonl', 'space');
    expect(a.key).not.toBe(c.key);
    expect(a.key).toBe(taskFromFile(text, 'a.jsonl').key);
    expect(b.key).toBe(a.key); // a renamed copy of the same items continues the same runs
    expect(contentKey('abc')).toMatch(/^[0-9a-f]{16}$/);
    expect(contentKey('abc')).not.toBe(contentKey('abd'));
    expect(runKeyOf(a.key, 'stories260K', 'q8')).not.toBe(runKeyOf(a.key, 'stories260K', 'q4'));
  });

  it('loads the built-in samples', () => {
    const cloze = taskFromSample('stories-cloze');
    expect(cloze.set.items).toHaveLength(200);
    expect(cloze.key).toBe(taskFromSample('stories-cloze').key);
    expect(() => taskFromSample('nope')).toThrow(/no built-in task/);
  });
});

describe('lm-eval-harness log_samples', () => {
  it('is recognised, keeps its logged scores as a run and its documents for rescoring', async () => {
    const text = fixture('task-log-samples.jsonl');
    const bytes = (t: string) => new TextEncoder().encode(t);
    expect((await taskFromBytes(bytes(fixture('task-items-malformed.jsonl')), 'task-items-malformed.jsonl')).kind).toBe('items');
    const task = await taskFromBytes(bytes(text), 'samples_arc_easy.jsonl');
    expect(task.kind).toBe('log_samples');
    expect(task.errors.map((e) => e.line)).toEqual([3]);
    expect(task.logged).toHaveLength(4);
    expect(task.set.items).toHaveLength(4);
    expect(task.set.items[0].context).toMatch(/^Question: Which statement best explains/);
    expect(task.set.targetDelimiter).toBe(' ');
    // Doc 0 logged acc 0: the third choice has the highest log-likelihood (-33.91).
    expect(itemCorrectness(task.logged![0]).acc).toBe(0);
  });
});

describe('batch loop', () => {
  const items: TaskItem[] = Array.from({ length: 6 }, (_, i) => ({ id: `i${i}`, context: 'c', choices: ['x'], gold: 0 }));
  const scoredOf = (it: TaskItem): ScoredItem => ({ id: it.id, choices: [{ logprob: -1 }], gold: 0 });

  it('pauses between items, resumes, and reports every item once', async () => {
    const control = new BatchControl();
    const seen: string[] = [];
    const progress: number[] = [];
    let release: () => void = () => undefined;
    const paused = new Promise<void>((r) => (release = r));
    const run = runBatch(
      oneByOne(async (it) => {
        if (it.id === 'i2') {
          control.pause();
          release();
        }
        return scoredOf(it);
      }),
      items,
      10,
      control,
      {
        onScored: (s) => void seen.push(...s.map((x) => x.id)),
        onProgress: (p) => progress.push(p.done),
        onFailure: () => undefined,
      },
      0,
      1,
    );
    await paused;
    await new Promise((r) => setTimeout(r, 20));
    expect(control.isPaused).toBe(true);
    expect(progress).toEqual([11, 12, 13]);
    control.resume();
    await run;
    expect(seen).toEqual(items.map((it) => it.id));
    expect(progress).toEqual([11, 12, 13, 14, 15, 16]);
  });

  it('stops on cancel, keeps what was scored and reports failures without stopping', async () => {
    const control = new BatchControl();
    const seen: string[] = [];
    const failures: string[] = [];
    await runBatch(
      oneByOne(async (it) => {
        if (it.id === 'i1') throw new Error('too long');
        if (it.id === 'i3') control.cancel();
        return scoredOf(it);
      }),
      items,
      0,
      control,
      { onScored: (s) => void seen.push(...s.map((x) => x.id)), onProgress: () => undefined, onFailure: (id, m) => failures.push(`${id}: ${m}`) },
      0,
      1,
    );
    expect(seen).toEqual(['i0', 'i2', 'i3']);
    expect(failures).toEqual(['i1: too long']);
  });

  it('scores in chunks, reports progress per chunk, and turns a failed chunk into per-item failures', async () => {
    const control = new BatchControl();
    const calls: string[][] = [];
    const progress: number[] = [];
    const failures: string[] = [];
    await runBatch(
      async (chunk) => {
        calls.push(chunk.map((it) => it.id));
        if (chunk.some((it) => it.id === 'i4')) throw new Error('worker crashed');
        return chunk.map(scoredOf);
      },
      items,
      0,
      control,
      { onScored: () => undefined, onProgress: (p) => progress.push(p.done), onFailure: (id) => failures.push(id) },
      0,
      4,
    );
    expect(calls).toEqual([['i0', 'i1', 'i2', 'i3'], ['i4', 'i5']]);
    expect(progress).toEqual([4, 6]);
    expect(failures).toEqual(['i4', 'i5']);
  });

  it('a chunk that fails once the batch is cancelled (the model was replaced) reports no failures', async () => {
    const control = new BatchControl();
    const failures: string[] = [];
    const seen: string[] = [];
    await runBatch(
      async (chunk) => {
        if (chunk[0].id === 'i2') {
          control.cancel();
          throw new Error('the engine was restarted');
        }
        return chunk.map(scoredOf);
      },
      items,
      0,
      control,
      { onScored: (s) => void seen.push(...s.map((x) => x.id)), onProgress: () => undefined, onFailure: (id) => failures.push(id) },
      0,
      2,
    );
    expect(seen).toEqual(['i0', 'i1']);
    expect(failures).toEqual([]);
  });
});
