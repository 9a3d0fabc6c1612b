// The Task lab store: a slow read of the saved task (or an older install) must not land over a
// task the user picked since. IndexedDB is replaced by promises the test resolves by hand.
import { describe, expect, it, vi } from 'vitest';
import type { PersistedRun, PersistedTask } from '../../src/state/taskTypes';
import type { ScoredItem } from '../../src/core/metrics/types';

type Pending<T> = { promise: Promise<T>; resolve(v: T): void };
const pending = <T,>(): Pending<T> => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

const db = vi.hoisted(() => ({
  current: null as null | { promise: Promise<unknown>; resolve(v: unknown): void },
  runs: [] as { promise: Promise<unknown>; resolve(v: unknown): void }[],
}));

vi.mock('../../src/state/taskDb', () => ({
  hasIndexedDb: () => true,
  saveTask: async () => undefined,
  loadCurrentTask: () => db.current!.promise,
  loadRuns: () => {
    const p = pending<{ run: PersistedRun; items: ScoredItem[] }[]>();
    db.runs.push(p as never);
    return p.promise;
  },
  saveRun: async () => undefined,
  saveScores: async () => undefined,
  deleteRun: async () => undefined,
}));

const { useTaskLab } = await import('../../src/state/taskStore');
const { taskFromSample } = await import('../../src/state/taskSource');
const { SAMPLE_TASKS } = await import('../../src/core/tasks/samples');

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('Task lab store', () => {
  it('keeps the task the user picked while the saved one was still being read', async () => {
    const [saved, picked] = [SAMPLE_TASKS[0].name, SAMPLE_TASKS[1].name];
    db.current = pending<unknown>();
    const restoring = useTaskLab.getState().restoreSaved();
    db.current.resolve(taskFromSample(saved) as PersistedTask);
    await flush();
    // The saved task is found; its runs are still being read when the user picks a sample.
    const savedRuns = db.runs.shift()!;
    const loading = useTaskLab.getState().loadSample(picked);
    await flush();
    db.runs.shift()!.resolve([]);
    await loading;
    expect(useTaskLab.getState().task?.set.name).toBe(picked);
    savedRuns.resolve([]);
    await restoring;
    expect(useTaskLab.getState().task?.set.name).toBe(picked);
    expect(useTaskLab.getState().restore).toBe('done');
  });

  it('keeps the newer of two quick picks when the older one finishes last', async () => {
    const [first, second] = [SAMPLE_TASKS[0].name, SAMPLE_TASKS[2].name];
    const a = useTaskLab.getState().loadSample(first);
    const b = useTaskLab.getState().loadSample(second);
    await flush();
    const [runsA, runsB] = [db.runs.shift()!, db.runs.shift()!];
    runsB.resolve([]);
    await b;
    runsA.resolve([]);
    await a;
    expect(useTaskLab.getState().task?.set.name).toBe(second);
  });
});
