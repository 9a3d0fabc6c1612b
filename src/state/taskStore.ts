// The Task lab's state: the loaded task, every run of it (one per model and dtype) with its scored
// items, the batch in progress, the chosen model and the metric options. The model is the app's
// one session (engineSession.ts): the choice here follows whatever any room loads, and a batch
// stops when another room loads a different model. Tasks, runs and scores
// are mirrored to IndexedDB so a reload loses nothing and a re-run only scores what is missing.
import { create } from 'zustand';
import type { LeadingSpaceMode } from '../core/bpb/perByteCost';
import type { ScoredItem } from '../core/metrics/types';
import { DEFAULT_MU } from '../core/scoring/types';
import { DEFAULT_SERVED_MODEL } from '../engine';
import * as db from './taskDb';
import { choiceOf, modelLabel, selectionOf, stillLoaded, useEngine, type ModelSelection } from './engineSession';
import { BatchControl, chunkScorer, runBatch } from './taskRunner';
import { MappingNeeded, type ReadWith } from '../core/formats/published';
import { taskFromBytes, taskFromSample, type DelimiterChoice } from './taskSource';
import { runKeyOf, type BatchProgress, type PersistedRun, type PersistedTask } from './taskTypes';

/** A run as the page holds it: scored items by id; `version` changes whenever items are added. */
export interface RunView extends PersistedRun {
  kind: 'scored' | 'logged';
  items: Map<string, ScoredItem>;
  version: number;
}

export interface MetricOptions {
  mu: number;
  space: LeadingSpaceMode;
  /** '' for the whole task, else one subject. */
  subject: string;
}

export interface TaskLabState {
  task?: PersistedTask;
  runs: Record<string, RunView>;
  activeRunKey?: string;
  compareKeys: string[];
  model: ModelSelection;
  options: MetricOptions;
  batch: BatchProgress;
  restore: 'pending' | 'done' | 'unavailable';
  /** A problem outside any one file or item (storage full, model failed to load, ...). */
  notice?: string;
  restoreSaved(): Promise<void>;
  loadSample(name: string): Promise<void>;
  /**
   * A file's bytes in any format and recognised benchmark schema (core/formats/published.ts);
   * `given`: a schema or mapping chosen in the mapping form, over detection. Throws MappingNeeded
   * when the file needs one.
   */
  loadBytes(bytes: Uint8Array, fileName: string, delimiter?: DelimiterChoice, given?: ReadWith): Promise<void>;
  setModel(patch: Partial<ModelSelection>): void;
  setOptions(patch: Partial<MetricOptions>): void;
  startRun(): Promise<void>;
  pause(): void;
  resume(): void;
  cancel(): void;
  selectRun(key: string): void;
  toggleCompare(key: string): void;
  removeRun(key: string): Promise<void>;
  /**
   * The lab could not show the current task (a view threw while rendering it): drop it and stop
   * restoring it, so that no later visit opens on a page that cannot be shown.
   */
  dropUnshowableTask(reason: string): Promise<void>;
}

const IDLE: BatchProgress = { status: 'idle', done: 0, total: 0, skipped: 0, itemsPerSec: NaN, etaSec: NaN, failures: [] };

export const DEFAULT_MODEL: ModelSelection = { model: { kind: 'served', name: DEFAULT_SERVED_MODEL }, dtype: 'fp32', device: 'auto' };

let control: BatchControl | null = null;
/** Bumped by every task install: a slower, older install (or restore) must not land over a newer one. */
let installSeq = 0;

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The scored items of a run in the task's item order. */
export function runItems(task: PersistedTask | undefined, run: RunView | undefined): ScoredItem[] {
  if (!task || !run) return [];
  const out: ScoredItem[] = [];
  for (const it of task.set.items) {
    const s = run.items.get(it.id);
    if (s) out.push(s);
  }
  return out;
}

function loggedRun(task: PersistedTask): RunView | undefined {
  if (!task.logged) return undefined;
  const key = runKeyOf(task.key, task.fileName ?? task.set.name, 'logged');
  return {
    key,
    taskKey: task.key,
    model: 'as logged',
    dtype: 'logged',
    label: `logged scores (${task.fileName ?? task.set.name})`,
    updatedAt: task.savedAt,
    kind: 'logged',
    items: new Map(task.logged.map((s) => [s.id, s])),
    version: 1,
  };
}

function newestKey(runs: Record<string, RunView>): string | undefined {
  return Object.values(runs).sort((a, b) => b.updatedAt - a.updatedAt)[0]?.key;
}

export const useTaskLab = create<TaskLabState>()((set, get) => {
  /** Installs a task and the runs stored for it. */
  const install = async (task: PersistedTask, persist: boolean) => {
    const seq = ++installSeq;
    if (control) {
      // The old batch stops after its current chunk of items; their scores are still saved.
      control.cancel();
      control = null;
    }
    const runs: Record<string, RunView> = {};
    const logged = loggedRun(task);
    if (logged) runs[logged.key] = logged;
    let notice: string | undefined;
    if (db.hasIndexedDb()) {
      try {
        if (persist) await db.saveTask(task);
        for (const { run, items } of await db.loadRuns(task.key)) {
          runs[run.key] = { ...run, kind: 'scored', items: new Map(items.map((s) => [s.id, s])), version: 1 };
        }
      } catch (err) {
        notice = `Results cannot be saved in this browser (${errorText(err)}); they last until the page is closed.`;
      }
    }
    if (seq !== installSeq) return;
    const subjects = new Set(task.set.items.map((it) => it.subject).filter(Boolean));
    set((s) => ({
      task,
      runs,
      activeRunKey: newestKey(runs),
      compareKeys: [],
      batch: IDLE,
      notice,
      options: { ...s.options, subject: subjects.has(s.options.subject) ? s.options.subject : '' },
    }));
  };

  const addScored = async (runKey: string, items: ScoredItem[]) => {
    const run = get().runs[runKey];
    if (run) {
      for (const s of items) run.items.set(s.id, s);
      const updated: RunView = { ...run, version: run.version + 1, updatedAt: Date.now() };
      set((s) => ({ runs: { ...s.runs, [runKey]: updated } }));
    }
    // Saved even when the page has moved on to another task: the work is not lost.
    if (!db.hasIndexedDb()) return;
    try {
      await db.saveScores(runKey, items);
    } catch (err) {
      set({ notice: `Could not save scores (${errorText(err)}); they stay on this page.` });
    }
  };

  return {
    runs: {},
    compareKeys: [],
    model: DEFAULT_MODEL,
    options: { mu: DEFAULT_MU, space: 'eval-framework', subject: '' },
    batch: IDLE,
    restore: 'pending',

    async restoreSaved() {
      if (get().task) return set({ restore: 'done' });
      if (!db.hasIndexedDb()) return set({ restore: 'unavailable' });
      const before = installSeq;
      try {
        const task = await db.loadCurrentTask();
        // The user may have picked a task while the saved one was being read: theirs wins.
        if (task && installSeq === before && !get().task) await install(task, false);
        set({ restore: 'done' });
      } catch (err) {
        set({ restore: 'unavailable', notice: `Saved results could not be read (${errorText(err)}).` });
      }
    },

    async loadSample(name) {
      await install(taskFromSample(name), true);
    },

    async loadBytes(bytes, fileName, delimiter = 'none', given = {}) {
      let task;
      try {
        task = await taskFromBytes(bytes, fileName, delimiter, given);
      } catch (err) {
        // The lab opens its mapping form for this one.
        if (err instanceof MappingNeeded) throw err;
        throw new Error(`${fileName}: ${(err as Error).message}`);
      }
      if (task.set.items.length === 0) {
        set({ notice: undefined });
        throw Object.assign(new Error(`No item in ${fileName} could be read.`), { lineErrors: task.errors, errorUnit: task.errorUnit });
      }
      await install(task, true);
    },

    setModel(patch) {
      set((s) => ({ model: { ...s.model, ...patch } }));
    },

    setOptions(patch) {
      set((s) => ({ options: { ...s.options, ...patch } }));
    },

    async startRun() {
      const { task, model, batch } = get();
      if (!task) return;
      if (batch.status === 'running' || batch.status === 'loading' || batch.status === 'paused') return;
      const name = modelLabel(model.model);
      const runKey = runKeyOf(task.key, name, model.dtype);
      const existing = get().runs[runKey];
      const run: RunView = existing ?? {
        key: runKey,
        taskKey: task.key,
        model: name,
        dtype: model.dtype,
        label: `${name} ${model.dtype}`,
        updatedAt: Date.now(),
        kind: 'scored',
        items: new Map(),
        version: 0,
      };
      const total = task.set.items.length;
      const todo = task.set.items.filter((it) => !run.items.has(it.id));
      const skipped = total - todo.length;
      set((s) => ({
        runs: { ...s.runs, [runKey]: run },
        activeRunKey: runKey,
        notice: undefined,
        batch: { ...IDLE, status: 'loading', runKey, done: skipped, total, skipped },
      }));
      if (todo.length === 0) {
        set((s) => ({ batch: { ...s.batch, status: 'done', message: `All ${total} items were already scored with ${run.label}; nothing to do.` } }));
        return;
      }
      const myControl = new BatchControl();
      control = myControl;
      let stopped: string | undefined;
      let unsubscribe = () => undefined as void;
      try {
        const loaded = await useEngine.getState().ensureModel(model);
        if (myControl.isCancelled) return;
        // The run belongs to this load: once another room loads a model (or the load is
        // cancelled), no further chunk is sent and the batch stops with what it has.
        unsubscribe = useEngine.subscribe((s) => {
          if (stillLoaded(loaded.loadId) || myControl.isCancelled) return;
          stopped =
            s.load.status === 'loading'
              ? `Stopped: ${modelLabel(choiceOf(s.load.request.source))} (${s.load.request.dtype}) began loading elsewhere in the app, and a run scores with one loaded model. The items scored are kept; press Score to go on.`
              : 'Stopped: the model was unloaded. The items scored are kept; press Score to go on.';
          myControl.cancel();
        });
        const meta: PersistedRun = { key: run.key, taskKey: run.taskKey, model: run.model, dtype: run.dtype, device: loaded.request.device, label: run.label, updatedAt: Date.now() };
        set((s) => ({
          runs: { ...s.runs, [runKey]: { ...s.runs[runKey], ...meta } },
          batch: { ...s.batch, status: myControl.isPaused ? 'paused' : 'running', message: loaded.note },
        }));
        if (db.hasIndexedDb()) await db.saveRun(meta).catch(() => undefined);
        await runBatch(chunkScorer(task.set, () => stillLoaded(loaded.loadId)), todo, skipped, myControl, {
          onScored: (items) => addScored(runKey, items),
          onProgress: (p) => {
            if (control !== myControl) return;
            set((s) => ({ batch: { ...s.batch, done: p.done, itemsPerSec: p.itemsPerSec, etaSec: p.etaSec } }));
          },
          onFailure: (id, message) => set((s) => ({ batch: { ...s.batch, failures: [...s.batch.failures, { id, message }] } })),
        });
        if (control !== myControl) return;
        if (db.hasIndexedDb()) await db.saveRun({ ...meta, updatedAt: Date.now() }).catch(() => undefined);
        set((s) => ({ batch: { ...s.batch, status: myControl.isCancelled ? 'cancelled' : 'done', etaSec: NaN, message: stopped ?? s.batch.message } }));
      } catch (err) {
        if (control === myControl) set((s) => ({ batch: { ...s.batch, status: 'error', message: errorText(err) } }));
      } finally {
        unsubscribe();
        if (control === myControl) control = null;
      }
    },

    pause() {
      if (!control) return;
      control.pause();
      set((s) => ({ batch: { ...s.batch, status: s.batch.status === 'running' ? 'paused' : s.batch.status } }));
    },

    resume() {
      if (!control) return;
      control.resume();
      set((s) => ({ batch: { ...s.batch, status: s.batch.status === 'paused' ? 'running' : s.batch.status } }));
    },

    cancel() {
      if (!control) return;
      control.cancel();
      set((s) => ({ batch: { ...s.batch, status: 'cancelled', etaSec: NaN } }));
    },

    selectRun(key) {
      if (get().runs[key]) set({ activeRunKey: key });
    },

    toggleCompare(key) {
      set((s) => ({ compareKeys: s.compareKeys.includes(key) ? s.compareKeys.filter((k) => k !== key) : [...s.compareKeys, key] }));
    },

    async removeRun(key) {
      const { batch } = get();
      if (batch.runKey === key && (batch.status === 'running' || batch.status === 'paused' || batch.status === 'loading')) return;
      set((s) => {
        const runs = { ...s.runs };
        delete runs[key];
        return {
          runs,
          activeRunKey: s.activeRunKey === key ? newestKey(runs) : s.activeRunKey,
          compareKeys: s.compareKeys.filter((k) => k !== key),
        };
      });
      if (db.hasIndexedDb()) await db.deleteRun(key).catch(() => undefined);
    },

    async dropUnshowableTask(reason) {
      const name = get().task?.fileName ?? get().task?.set.name ?? 'the task';
      installSeq++;
      control?.cancel();
      set({ task: undefined, runs: {}, activeRunKey: undefined, compareKeys: [], batch: IDLE, notice: `${name} could not be shown (${reason}), so it was not kept: load a smaller file or another one.` });
      if (db.hasIndexedDb()) await db.forgetCurrentTask().catch(() => undefined);
    },
  };
});

const isBusy = (status: BatchProgress['status']) => status === 'loading' || status === 'running' || status === 'paused';

// The choice follows a model loaded in any room (the Scorer, a lesson), so that the Task lab
// scores with the model the app holds unless the user picks another here.
useEngine.subscribe((s, before) => {
  if (s.load.status !== 'ready' || (before.load.status === 'ready' && before.load.loadId === s.load.loadId)) return;
  if (isBusy(useTaskLab.getState().batch.status)) return;
  useTaskLab.setState({ model: selectionOf(s.load) });
});
// The Task lab's code may load after a room has loaded a model: start from it.
const loadedAtStart = useEngine.getState().load;
if (loadedAtStart.status === 'ready') useTaskLab.setState({ model: selectionOf(loadedAtStart) });
