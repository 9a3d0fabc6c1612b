// IndexedDB persistence of the Task lab: the loaded task, each run's metadata and one record per
// scored item, so results survive a reload and a re-run skips what is already scored. Scores are
// stored one item per record (keyed [runKey, itemId]) so that saving progress never rewrites a run.
import type { ScoredItem } from '../core/metrics/types';
import type { PersistedRun, PersistedTask } from './taskTypes';

const DB_NAME = 'lengthlens-task-lab';
const DB_VERSION = 1;
const TASKS = 'tasks';
const RUNS = 'runs';
const SCORES = 'scores';
const META = 'meta';

interface ScoreRecord {
  runKey: string;
  itemId: string;
  item: ScoredItem;
}

let dbPromise: Promise<IDBDatabase> | null = null;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Whether this browser offers IndexedDB at all (private modes and some embeds do not). */
export function hasIndexedDb(): boolean {
  return typeof indexedDB !== 'undefined';
}

function open(): Promise<IDBDatabase> {
  if (!dbPromise) {
    dbPromise = new Promise((resolve, reject) => {
      const req = indexedDB.open(DB_NAME, DB_VERSION);
      req.onupgradeneeded = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains(TASKS)) db.createObjectStore(TASKS, { keyPath: 'key' });
        if (!db.objectStoreNames.contains(RUNS)) db.createObjectStore(RUNS, { keyPath: 'key' }).createIndex('taskKey', 'taskKey');
        if (!db.objectStoreNames.contains(SCORES)) db.createObjectStore(SCORES, { keyPath: ['runKey', 'itemId'] });
        if (!db.objectStoreNames.contains(META)) db.createObjectStore(META);
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('cannot open IndexedDB'));
      req.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
    });
    dbPromise.catch(() => (dbPromise = null));
  }
  return dbPromise;
}

export async function saveTask(task: PersistedTask): Promise<void> {
  const db = await open();
  const tx = db.transaction([TASKS, META], 'readwrite');
  tx.objectStore(TASKS).put(task);
  tx.objectStore(META).put(task.key, 'currentTask');
  await done(tx);
}

/** Forgets which task is current, so a later visit starts empty (the task's runs stay stored). */
export async function forgetCurrentTask(): Promise<void> {
  const db = await open();
  const tx = db.transaction(META, 'readwrite');
  tx.objectStore(META).delete('currentTask');
  await done(tx);
}

export async function loadCurrentTask(): Promise<PersistedTask | undefined> {
  const db = await open();
  const tx = db.transaction([TASKS, META], 'readonly');
  const key = (await request(tx.objectStore(META).get('currentTask'))) as string | undefined;
  if (key === undefined) return undefined;
  return (await request(tx.objectStore(TASKS).get(key))) as PersistedTask | undefined;
}

export async function saveRun(run: PersistedRun): Promise<void> {
  const db = await open();
  const tx = db.transaction(RUNS, 'readwrite');
  tx.objectStore(RUNS).put(run);
  await done(tx);
}

export async function saveScores(runKey: string, items: readonly ScoredItem[]): Promise<void> {
  if (items.length === 0) return;
  const db = await open();
  const tx = db.transaction(SCORES, 'readwrite');
  const store = tx.objectStore(SCORES);
  for (const item of items) store.put({ runKey, itemId: item.id, item } satisfies ScoreRecord);
  await done(tx);
}

/** Every run of a task, with its scored items. */
export async function loadRuns(taskKey: string): Promise<{ run: PersistedRun; items: ScoredItem[] }[]> {
  const db = await open();
  const tx = db.transaction([RUNS, SCORES], 'readonly');
  const runs = (await request(tx.objectStore(RUNS).index('taskKey').getAll(taskKey))) as PersistedRun[];
  const out: { run: PersistedRun; items: ScoredItem[] }[] = [];
  for (const run of runs) {
    const range = IDBKeyRange.bound([run.key, ''], [run.key, '\uffff']);
    const records = (await request(tx.objectStore(SCORES).getAll(range))) as ScoreRecord[];
    out.push({ run, items: records.map((r) => r.item) });
  }
  return out;
}

export async function deleteRun(runKey: string): Promise<void> {
  const db = await open();
  const tx = db.transaction([RUNS, SCORES], 'readwrite');
  tx.objectStore(RUNS).delete(runKey);
  tx.objectStore(SCORES).delete(IDBKeyRange.bound([runKey, ''], [runKey, '\uffff']));
  await done(tx);
}
