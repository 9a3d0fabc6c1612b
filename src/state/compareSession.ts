// The Scorer's second model ("Compare with…"): loaded into the session's one Worker beside the
// first (engine slot `compare`, the first model stays loaded), and scored on the same input through
// the same incremental cache. It never changes what the first model scores.
import { create } from 'zustand';
import type { Device, Dtype, LoadRequest, ModelInfo } from '../engine';
import { isSourceFailure } from '../engine';
import { DISK_PREFIX, useDiskModels } from './diskModels';
import type { ItemScore, ScoreOptions } from '../core/scoring/types';
import { callEngine, onWorkerEnded, scoreCache, sourceOf } from './engineSession';
import { scoreInPhases } from './scoreCache';
import type { ModelChoice } from './workspaceSchema';

/** The engine slot the comparison model sits in. */
export const COMPARE_SLOT = 'compare';

export type CompareLoad =
  | { status: 'none' }
  | { status: 'loading'; request: LoadRequest; chatTemplate: boolean }
  /** `note`: what happened on the way (a device fault that moved it to WASM). */
  | { status: 'ready'; request: LoadRequest; info: ModelInfo; loadId: number; chatTemplate: boolean; note?: string }
  | { status: 'error'; message: string };

/** How the second model is loaded and scored besides which model it is. */
export interface CompareOptions {
  device: Exclude<Device, 'cpu'>;
  /** Its context as a user turn of its chat template (scored raw where it has none, with a warning). */
  chatTemplate: boolean;
}

export interface CompareInput {
  context: string;
  candidates: string[];
  options: ScoreOptions;
}

interface CompareSession {
  load: CompareLoad;
  /** The second model's result for `input` (null while it is scored). */
  result: ItemScore | null;
  input: CompareInput | null;
  error: string | null;
  loadCompare(model: ModelChoice, dtype: Dtype, options?: CompareOptions): Promise<void>;
  score(input: CompareInput): Promise<void>;
  close(): Promise<void>;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
/** The cache's model key (as the first model's): the same model in either slot gives the same parts. */
const modelKeyOf = (req: LoadRequest) => JSON.stringify([req.source, req.dtype, req.device]);

let loadSeq = 0;
let scoreSeq = 0;

export const useCompare = create<CompareSession>()((set, get) => {
  // A restarted Worker holds no model: the comparison is gone with it.
  onWorkerEnded(() => {
    loadSeq++;
    set({ load: { status: 'none' }, result: null, input: null, error: null });
  });
  return {
    load: { status: 'none' },
    result: null,
    input: null,
    error: null,

    // WASM by default: the device whose numbers match the CLI's on every model (SPEC §2).
    async loadCompare(model, dtype, options = { device: 'wasm', chatTemplate: false }) {
      const seq = ++loadSeq;
      const { chatTemplate } = options;
      if (model.kind === 'served' && model.name.startsWith(DISK_PREFIX) && !useDiskModels.getState().models[model.name]) {
        set({ load: { status: 'error', message: `pick the folder “${model.name.slice(DISK_PREFIX.length)}” again: folders from disk are not kept across reloads` }, result: null, input: null, error: null });
        return;
      }
      const request: LoadRequest = { source: sourceOf(model), dtype, device: options.device };
      set({ load: { status: 'loading', request, chatTemplate }, result: null, input: null, error: null });
      try {
        const info = await callEngine((c) => c.load(request, undefined, COMPARE_SLOT));
        if (seq === loadSeq) set({ load: { status: 'ready', request, info, loadId: seq, chatTemplate } });
      } catch (e) {
        if (seq !== loadSeq) return;
        // WebGPU failed (no adapter, a graph it is known to score wrongly), not the files: on WASM
        // instead, as the first model does.
        if (request.device === 'webgpu' && !isSourceFailure(e)) {
          const wasm: LoadRequest = { ...request, device: 'wasm' };
          set({ load: { status: 'loading', request: wasm, chatTemplate } });
          try {
            const info = await callEngine((c) => c.load(wasm, undefined, COMPARE_SLOT));
            if (seq === loadSeq) set({ load: { status: 'ready', request: wasm, info, loadId: seq, chatTemplate, note: `Loaded on WASM, not WebGPU: ${messageOf(e)}.` } });
          } catch (e2) {
            if (seq === loadSeq) set({ load: { status: 'error', message: messageOf(e2) } });
          }
          return;
        }
        set({ load: { status: 'error', message: messageOf(e) } });
      }
    },

    async score(input) {
      const load = get().load;
      if (load.status !== 'ready') return;
      const seq = ++scoreSeq;
      set({ result: null, input, error: null });
      try {
        // Unnumbered calls: the first model's live runs (which abandon older numbered runs) never abandon these.
        const result = await scoreInPhases(scoreCache, modelKeyOf(load.request), { ...input, options: { ...input.options, chatTemplate: load.chatTemplate } }, (req) =>
          callEngine((c) => c.api.scoreParts({ ...req, slot: COMPARE_SLOT })),
        );
        if (seq === scoreSeq && get().load === load) set({ result });
      } catch (e) {
        if (seq === scoreSeq) set({ error: messageOf(e) });
      }
    },

    async close() {
      loadSeq++;
      scoreSeq++;
      set({ load: { status: 'none' }, result: null, input: null, error: null });
      await callEngine((c) => c.api.unload(COMPARE_SLOT)).catch(() => undefined);
    },
  };
});
