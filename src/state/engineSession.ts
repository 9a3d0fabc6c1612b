// The one engine the Scorer talks to (a Worker behind comlink): loading with progress and
// cancel, the WebGPU-vs-WASM probe, and live scoring where a newer run abandons older ones.
import { create } from 'zustand';
import type { ProbeCheck } from '../engine';
import { createEngineClient, type EngineClient } from '../engine';
import type { LoadProgress, LoadRequest, ModelInfo } from '../engine';
import type { ItemScore, ScoreOptions } from '../core/scoring/types';
import { isSourceFailure } from '../engine';
import { autoDeviceFor } from './deviceSpeed';
import { ScoreCache, scoreInPhases } from './scoreCache';

export type LoadState =
  | { status: 'idle'; message?: string }
  | { status: 'loading'; request: LoadRequest; progress: LoadProgress | null }
  | {
      status: 'ready';
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
  cancelLoad(): void;
  /** A keystroke: abandon the run in flight, its input is already stale. */
  abandonRuns(): void;
  score(input: ScoredInput): Promise<void>;
  /** Mark the rows of this input whose result is not cached as being re-scored; returns how many. */
  markRescoring(input: ScoredInput): number;
  clearResult(): void;
}

let client: EngineClient | null = null;
const getClient = () => (client ??= createEngineClient());

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

/** Parts of scored items, per model, options, context and candidate (incremental re-scoring). */
export const scoreCache = new ScoreCache();
/** The cache's model key: what a result depends on besides the input. */
const modelKeyOf = (req: LoadRequest) => JSON.stringify([req.source, req.dtype, req.device]);


export const useEngine = create<EngineSession>()((set, get) => ({
  load: { status: 'idle' },
  probe: { status: 'none' },
  scoring: { result: null, templated: null, input: null, running: false, error: null, rescoring: [], runId: 0, requestedAt: 0, finishedAt: 0 },

  async loadModel(requested, opts) {
    // A load still in flight would race this one inside the worker: end it first.
    if (get().load.status === 'loading') {
      client?.terminate();
      client = null;
    }
    const seq = ++loadSeq;
    const current = () => seq === loadSeq;
    // The engine keeps its model until a new one has loaded, so a failed load falls back to it.
    const before = get().load;
    const previous = before.status === 'ready' && client ? before : null;
    const failed = (message: string) => {
      if (!current()) return;
      if (previous) set({ load: { status: 'ready', request: previous.request, info: previous.info, note: previous.note, deviceReason: previous.deviceReason, failed: { request: req, message } } });
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
      const info = await getClient().load(req, onProgress);
      if (!current()) return;
      set({ load: { status: 'ready', request: req, info, deviceReason } });
    } catch (e) {
      if (!current()) return;
      // SPEC §10: a model that fails on WebGPU falls back to WASM, and says so; a failed download
      // or a missing file is not the device's fault and would fail on WASM just the same.
      if (req.device === 'webgpu' && !isSourceFailure(e)) {
        const fallback: LoadRequest = { ...req, device: 'wasm' };
        set({ load: { status: 'loading', request: fallback, progress: null } });
        try {
          const info = await getClient().load(fallback, onProgress);
          if (!current()) return;
          set({ load: { status: 'ready', request: fallback, info, note: `WebGPU failed (${messageOf(e)}), so the model runs on WASM.` } });
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
        const check = await getClient().api.probeCheck();
        if (current()) set({ probe: { status: 'done', check } });
      } catch (e) {
        if (current()) set({ probe: { status: 'error', message: messageOf(e) } });
      }
    }
  },

  cancelLoad() {
    // Downloads cannot be aborted inside transformers.js: end the worker and start afresh.
    loadSeq++;
    client?.terminate();
    client = null;
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
    set((s) => ({ scoring: { ...s.scoring, runId, running: true, error: null } }));
    get().markRescoring(input);
    const api = getClient().api;
    void api.cancelBefore(runId);
    // Only the parts not cached go to the engine; the item is assembled from the cache. Two phases:
    // every rule but PMI first (one forward of an edited candidate), then PMI's unconditional terms.
    const scoreCached = (chatTemplate: boolean, onConditional?: (partial: ItemScore, pmiPending: number[]) => void) =>
      scoreInPhases(scoreCache, model, { context: input.context, candidates: input.candidates, options: { ...input.options, chatTemplate } }, (req) => api.scoreParts(req, runId), onConditional);
    try {
      const result = await scoreCached(false, (partial, pending) => {
        if (get().scoring.runId !== runId) return;
        // Every rule but PMI is final: show it; the rows whose PMI is pending say so.
        set((s) => ({ scoring: { ...s.scoring, result: partial, input, rescoring: [], pmiPending: pending.map((p) => input.indices[p]) } }));
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
}));
