// The app's one model session: one engine Worker (behind comlink) and the one model loaded in it,
// shared by the Scorer, the Task lab and the Lessons. One load path: progress and cancel, the
// WebGPU→WASM fallback, the WebGPU-vs-WASM probe; a failed load keeps the previous model. The
// Scorer's live scoring (a newer run abandons older ones) and the rooms' chunked calls go through
// the same Worker, one at a time.
import { create } from 'zustand';
import type { ChunkRequest, Device, Dtype, ProbeCheck, ScoreRequest, TemperedCandidate, TemperedRequest } from '../engine';
import { createEngineClient, type EngineClient } from '../engine';
import type { LoadProgress, LoadRequest, ModelInfo, ModelSource } from '../engine';
import type { ItemScore, ScoreOptions } from '../core/scoring/types';
import { isSourceFailure } from '../engine';
import { autoDeviceFor } from './deviceSpeed';
import { deviceSupport, resolveDevice, speedEvidence, speedKey, type DevicePreference } from './devices';
import { DISK_PREFIX, diskSource, useDiskModels } from './diskModels';
import { ScoreCache, scoreInPhases, type PendingRows } from './scoreCache';
import type { ModelChoice } from './workspaceSchema';

/** What a room asks to have loaded: the model, its dtype and the device preference. */
export interface ModelSelection {
  model: ModelChoice;
  dtype: Dtype;
  device: DevicePreference;
}

export type LoadState =
  | { status: 'idle'; message?: string }
  | { status: 'loading'; request: LoadRequest; progress: LoadProgress | null }
  | {
      status: 'ready';
      /** Counts successful loads: every room that shows this id uses this very model. */
      loadId: number;
      request: LoadRequest;
      info: ModelInfo;
      note?: string;
      /** A later load that failed: this (previous) model stayed loaded and keeps scoring. */
      failed?: { request: LoadRequest; message: string };
      /** Why Auto picked this device. */
      deviceReason?: string;
    }
  | { status: 'error'; request: LoadRequest; message: string };

export type ProbeState =
  | { status: 'none' }
  | { status: 'running' }
  | { status: 'done'; check: ProbeCheck }
  | { status: 'error'; message: string };

export interface ScoredInput {
  context: string;
  candidates: string[];
  /** Workspace index of each scored candidate. */
  indices: number[];
  options: ScoreOptions;
  /** Also score with the context as a user turn of the model's chat template (SPEC §3). */
  compareTemplate: boolean;
}

export interface ScoringState {
  /** The latest result and the input it belongs to. */
  result: ItemScore | null;
  /** The same input with the chat template, when asked for. */
  templated: ItemScore | null;
  input: ScoredInput | null;
  running: boolean;
  error: string | null;
  /** Id of the newest run asked for; results of older runs are dropped. */
  runId: number;
  /** Workspace indices of the rows being re-scored (their cached result is out of date); the rest are fresh. */
  rescoring: number[];
  /** Workspace indices of rows shown with every rule but PMI, whose PMI unconditional term is still being scored (the Scorer's second phase). */
  pmiPending?: number[];
  /** Workspace indices of rows whose whole-word term (a pass of its own under dynamic q8) is still being scored, in the same second phase. */
  wordFinalPending?: number[];
  /** Timing of the newest finished run (ms since page start). */
  requestedAt: number;
  finishedAt: number;
}

interface EngineSession {
  load: LoadState;
  probe: ProbeState;
  scoring: ScoringState;
  /** `auto`: the device came from the Auto preference; it is checked by evidence first (devices.ts). */
  loadModel(req: LoadRequest, opts?: { auto?: boolean }): Promise<void>;
  /**
   * Have the selected model loaded (at once when it already is) and return it; a room that needs a
   * model calls this. Throws with the reason when it cannot be loaded (the previous model stays).
   */
  ensureModel(sel: ModelSelection): Promise<ReadyModel>;
  cancelLoad(): void;
  /** A keystroke: abandon the run in flight, its input is already stale. */
  abandonRuns(): void;
  score(input: ScoredInput): Promise<void>;
  /** Mark the rows of this input whose result is not cached as being re-scored; returns how many. */
  markRescoring(input: ScoredInput): number;
  clearResult(): void;
}

let client: EngineClient | null = null;
/** Rejects every call still pending on the current Worker once it is ended (a cancelled load). */
let ended: { promise: Promise<never>; end(reason: string): void } | null = null;

function getClient(): EngineClient {
  if (!client) {
    client = createEngineClient();
    let reject!: (e: Error) => void;
    const promise = new Promise<never>((_, r) => (reject = r));
    promise.catch(() => undefined);
    ended = { promise, end: (reason) => reject(new Error(reason)) };
  }
  return client;
}

/** Called when the Worker is ended (a cancelled or replaced load): every model in it is gone. */
const workerEndedListeners = new Set<() => void>();
export function onWorkerEnded(listener: () => void): () => void {
  workerEndedListeners.add(listener);
  return () => workerEndedListeners.delete(listener);
}

function endClient(reason: string): void {
  const had = client !== null;
  client?.terminate();
  if (had) for (const l of workerEndedListeners) l();
  ended?.end(reason);
  client = null;
  ended = null;
}

/** A call on the session's Worker that fails, rather than hangs, if the Worker is ended meanwhile. */
function call<T>(fn: (c: EngineClient) => Promise<T>): Promise<T> {
  const c = getClient();
  return Promise.race([fn(c), ended!.promise]);
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const isAbort = (e: unknown) => e instanceof Error && (e.name === 'AbortError' || /abort|superseded|cancel/i.test(e.message));

/** Progress events can come hundreds of times a second; the UI needs a few. */
function throttled(fn: (p: LoadProgress) => void, ms = 100) {
  let last = 0;
  return (p: LoadProgress) => {
    const now = performance.now();
    if (p.status === 'progress' && now - last < ms) return;
    last = now;
    fn(p);
  };
}

let loadSeq = 0;

export type ReadyModel = Extract<LoadState, { status: 'ready' }>;

/** The engine source of a model choice; a folder picked from disk comes from memory. */
export function sourceOf(m: ModelChoice): ModelSource {
  if (m.kind === 'hub') return { kind: 'hub', id: m.id };
  const disk = m.name.startsWith(DISK_PREFIX) ? useDiskModels.getState().models[m.name] : undefined;
  return disk ? diskSource(disk) : { kind: 'served', name: m.name };
}

/** The model choice a loaded source stands for (a folder from disk by its workspace name). */
export function choiceOf(source: ModelSource): ModelChoice {
  if (source.kind === 'hub') return { kind: 'hub', id: source.id };
  if (source.kind === 'files') return { kind: 'served', name: DISK_PREFIX + source.name };
  return { kind: 'served', name: source.kind === 'path' ? source.path : source.name };
}

export const modelLabel = (m: ModelChoice): string => (m.kind === 'served' ? m.name : m.id);

export function sameSource(a: ModelSource, b: ModelSource): boolean {
  if (a.kind === 'hub' && b.kind === 'hub') return a.id === b.id;
  if (a.kind === 'served' && b.kind === 'served') return a.name === b.name;
  if (a.kind === 'files' && b.kind === 'files') return a.files === b.files;
  return false;
}

/**
 * Whether the session holds (or is loading) this model for this device preference: Auto takes the
 * model on whichever device it was loaded; WebGPU counts as met when WebGPU failed and it fell back.
 */
export function holds(load: LoadState, source: ModelSource, dtype: Dtype, pref: DevicePreference, device: Device): boolean {
  if (load.status !== 'ready' && load.status !== 'loading') return false;
  if (!sameSource(load.request.source, source) || load.request.dtype !== dtype) return false;
  if (pref === 'auto' || load.request.device === device) return true;
  return load.status === 'ready' && pref === 'webgpu' && !!load.note;
}

/** The device a selection resolves to now (Auto also weighs the timing measured for this model). */
export async function deviceOf(sel: ModelSelection): Promise<Device> {
  return resolveDevice(sel.device, await deviceSupport(), speedEvidence(speedKey(modelLabel(sel.model), sel.dtype)));
}

/** The selection that reloads what is loaded now (how the Task lab follows a load made elsewhere). */
export function selectionOf(load: ReadyModel): ModelSelection {
  const device: DevicePreference = load.deviceReason ? 'auto' : load.note ? 'webgpu' : load.request.device === 'webgpu' ? 'webgpu' : 'wasm';
  return { model: choiceOf(load.request.source), dtype: load.request.dtype, device };
}

/** The load in flight, so that rooms asking for the same model at once share one load. */
let pending: { key: string; done: Promise<void> } | null = null;
/** The latest loadModel call, whoever made it. */
let lastLoad: Promise<void> | null = null;

/** Parts of scored items, per model, options, context and candidate (incremental re-scoring). */
export const scoreCache = new ScoreCache();
/** The cache's model key: what a result depends on besides the input. */
const modelKeyOf = (req: LoadRequest) => JSON.stringify([req.source, req.dtype, req.device]);


export const useEngine = create<EngineSession>()((set, get) => {
  async function loadInto(requested: LoadRequest, opts?: { auto?: boolean }): Promise<void> {
    // A load still in flight would race this one inside the worker: end it first.
    if (get().load.status === 'loading') endClient('A newer model load replaced the one in flight.');
    const seq = ++loadSeq;
    const current = () => seq === loadSeq;
    // The engine keeps its model until a new one has loaded, so a failed load falls back to it.
    const before = get().load;
    const previous = before.status === 'ready' && client ? before : null;
    const failed = (message: string) => {
      if (!current()) return;
      if (previous) set({ load: { status: 'ready', loadId: previous.loadId, request: previous.request, info: previous.info, note: previous.note, deviceReason: previous.deviceReason, failed: { request: req, message } } });
      else set({ load: { status: 'error', request: req, message } });
    };
    let req = requested;
    let deviceReason: string | undefined;
    if (opts?.auto) {
      // Auto by evidence: a software adapter never; a hardware one only where it is faster for this model.
      const picked = await autoDeviceFor(requested, () => set({ load: { status: 'loading', request: requested, progress: null } }));
      if (!current()) return;
      req = { ...requested, device: picked.device };
      deviceReason = picked.reason;
    }
    // A score still in flight belongs to the old model: drop it rather than show it beside the new one.
    set((s) => ({ load: { status: 'loading', request: req, progress: null }, probe: { status: 'none' }, scoring: { ...s.scoring, runId: s.scoring.runId + 1 } }));
    get().clearResult();
    const onProgress = throttled((p: LoadProgress) => {
      const s = get().load;
      if (current() && s.status === 'loading') set({ load: { ...s, progress: p } });
    });
    try {
      const info = await call((c) => c.load(req, onProgress));
      if (!current()) return;
      set({ load: { status: 'ready', loadId: seq, request: req, info, deviceReason } });
    } catch (e) {
      if (!current()) return;
      // SPEC §10: a model that fails on WebGPU falls back to WASM, and says so; a failed download
      // or a missing file is not the device's fault and would fail on WASM just the same.
      if (req.device === 'webgpu' && !isSourceFailure(e)) {
        const fallback: LoadRequest = { ...req, device: 'wasm' };
        set({ load: { status: 'loading', request: fallback, progress: null } });
        try {
          const info = await call((c) => c.load(fallback, onProgress));
          if (!current()) return;
          set({ load: { status: 'ready', loadId: seq, request: fallback, info, note: `WebGPU failed (${messageOf(e)}), so the model runs on WASM.` } });
        } catch (e2) {
          failed(`${messageOf(e)}; on WASM too: ${messageOf(e2)}`);
        }
        return;
      }
      failed(messageOf(e));
      return;
    }
    if (req.device === 'webgpu') {
      set({ probe: { status: 'running' } });
      try {
        const check = await call((c) => c.api.probeCheck());
        if (current()) set({ probe: { status: 'done', check } });
      } catch (e) {
        if (current()) set({ probe: { status: 'error', message: messageOf(e) } });
      }
    }
  }

  return {
    load: { status: 'idle' },
    probe: { status: 'none' },
    scoring: { result: null, templated: null, input: null, running: false, error: null, rescoring: [], runId: 0, requestedAt: 0, finishedAt: 0 },

    loadModel(requested, opts) {
      const run = loadInto(requested, opts);
      lastLoad = run;
      return run;
    },

    async ensureModel(sel) {
      const source = sourceOf(sel.model);
      const device = await deviceOf(sel);
      const key = JSON.stringify([choiceOf(source), sel.dtype, sel.device]);
      const ready = () => {
        const load = get().load;
        return load.status === 'ready' && holds(load, source, sel.dtype, sel.device, device) ? load : null;
      };
      const have = ready();
      if (have) return have;
      const now = get().load;
      // The same model is already on its way (asked by another room, or by another figure of this one): wait for it.
      if (now.status === 'loading' && holds(now, source, sel.dtype, sel.device, device) && lastLoad) await lastLoad;
      else if (pending?.key === key) await pending.done;
      else {
        const done = get().loadModel({ source, dtype: sel.dtype, device }, { auto: sel.device === 'auto' });
        pending = { key, done };
        void done.finally(() => {
          if (pending?.done === done) pending = null;
        });
        await done;
      }
      const loaded = ready();
      if (loaded) return loaded;
      const load = get().load;
      const name = modelLabel(sel.model);
      if (load.status === 'ready' && load.failed && sameSource(load.failed.request.source, source)) throw new Error(load.failed.message);
      if (load.status === 'error') throw new Error(load.message);
      if (load.status === 'idle') throw new Error(load.message ?? `${name} was not loaded.`);
      throw new Error(`${name} (${sel.dtype}) was not loaded: another model was asked for meanwhile.`);
    },

    cancelLoad() {
      // Downloads cannot be aborted inside transformers.js: end the worker and start afresh.
      loadSeq++;
      endClient('Loading was cancelled; the engine was restarted without a model.');
      set({ load: { status: 'idle', message: 'Loading was cancelled.' }, probe: { status: 'none' } });
      get().clearResult();
    },

    abandonRuns() {
      const runId = get().scoring.runId + 1;
      set((s) => ({ scoring: { ...s.scoring, runId } }));
      if (client && get().load.status === 'ready') void client.api.cancelBefore(runId);
    },

    markRescoring(input) {
      const load = get().load;
      if (load.status !== 'ready') return 0;
      const fresh = scoreCache.fresh(modelKeyOf(load.request), { context: input.context, candidates: input.candidates, options: { ...input.options, chatTemplate: false } });
      const rescoring = input.indices.filter((_, p) => !fresh[p]);
      set((s) => ({ scoring: { ...s.scoring, rescoring } }));
      return rescoring.length;
    },

    async score(input) {
      const load = get().load;
      if (load.status !== 'ready') return;
      const model = modelKeyOf(load.request);
      const runId = get().scoring.runId + 1;
      const requestedAt = performance.now();
      set((s) => ({ scoring: { ...s.scoring, runId, running: true, error: null, requestedAt } }));
      get().markRescoring(input);
      void getClient().api.cancelBefore(runId);
      // Only the parts not cached go to the engine; the item is assembled from the cache. Two phases:
      // every rule but PMI first (one forward of an edited candidate), then PMI's unconditional terms.
      const scoreCached = (chatTemplate: boolean, onConditional?: (partial: ItemScore, pending: PendingRows) => void) =>
        scoreInPhases(scoreCache, model, { context: input.context, candidates: input.candidates, options: { ...input.options, chatTemplate } }, (req) => call((c) => c.api.scoreParts(req, runId)), onConditional);
      try {
        const result = await scoreCached(false, (partial, pending) => {
          if (get().scoring.runId !== runId) return;
          // Every rule but PMI (and under dynamic q8 the whole-word rule) is final: show it; the
          // rows whose PMI or whole-word term is pending say so.
          const at = (rows: number[]) => rows.map((p) => input.indices[p]);
          set((st) => ({ scoring: { ...st.scoring, result: partial, input, rescoring: [], pmiPending: at(pending.pmi), wordFinalPending: at(pending.wordFinal) } }));
        });
        if (get().scoring.runId !== runId) return;
        set({ scoring: { result, templated: null, input, running: input.compareTemplate, error: null, rescoring: [], runId, requestedAt, finishedAt: performance.now() } });
        if (input.compareTemplate) {
          const templated = await scoreCached(true);
          if (get().scoring.runId !== runId) return;
          set((s) => ({ scoring: { ...s.scoring, templated, running: false } }));
        }
      } catch (e) {
        if (get().scoring.runId !== runId || isAbort(e)) return;
        set((s) => ({ scoring: { ...s.scoring, running: false, rescoring: [], error: messageOf(e) } }));
      }
    },

    clearResult() {
      set((s) => ({ scoring: { ...s.scoring, result: null, templated: null, input: null, running: false, error: null, rescoring: [] } }));
    },
  };
});

/**
 * Score one item or a chunk of items on the session's model (the Task lab's and the Lessons'
 * calls). Unnumbered: the Scorer's live runs never abandon them.
 */
export function scoreOne(req: ScoreRequest): Promise<ItemScore> {
  return call((c) => c.api.score(req));
}

export function scoreChunk(req: ChunkRequest): Promise<ItemScore[]> {
  return call((c) => c.api.scoreChunk(req));
}

/** Summed log-probs under temperatures (the sharpening lesson's own path). */
export type { TemperedCandidate };

export function scoreTempered(req: TemperedRequest): Promise<TemperedCandidate[]> {
  return call((c) => c.api.scoreTempered(req));
}

/** Whether the session still holds the model of this load (no other load started since). */
export function stillLoaded(loadId: number): boolean {
  const load = useEngine.getState().load;
  return load.status === 'ready' && load.loadId === loadId;
}

/** A call on the session's one Worker (the comparison model's session uses it too). */
export { call as callEngine };
