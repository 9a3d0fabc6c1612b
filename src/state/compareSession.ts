// The Scorer's second model ("Compare with…"): loaded into the session's one Worker beside the
// first (engine slot `compare`, the first model stays loaded), and scored on the same input through
// the same incremental cache. It never changes what the first model scores.
import { create } from 'zustand';
import type { Dtype, LoadRequest, ModelInfo } from '../engine';
import type { ItemScore, ScoreOptions } from '../core/scoring/types';
import { callEngine, onWorkerEnded, scoreCache, sourceOf } from './engineSession';
import { scoreInPhases } from './scoreCache';
import type { ModelChoice } from './workspaceSchema';

/** The engine slot the comparison model sits in. */
export const COMPARE_SLOT = 'compare';

export type CompareLoad =
  | { status: 'none' }
  | { status: 'loading'; request: LoadRequest }
  | { status: 'ready'; request: LoadRequest; info: ModelInfo; loadId: number }
  | { status: 'error'; message: string };

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
  /** Loads on WASM: the device whose numbers match the CLI's on every model (SPEC §2). */
  loadCompare(model: ModelChoice, dtype: Dtype): Promise<void>;
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

    async loadCompare(model, dtype) {
      const seq = ++loadSeq;
      const request: LoadRequest = { source: sourceOf(model), dtype, device: 'wasm' };
      set({ load: { status: 'loading', request }, result: null, input: null, error: null });
      try {
        const info = await callEngine((c) => c.load(request, undefined, COMPARE_SLOT));
        if (seq === loadSeq) set({ load: { status: 'ready', request, info, loadId: seq } });
      } catch (e) {
        if (seq === loadSeq) set({ load: { status: 'error', message: messageOf(e) } });
      }
    },

    async score(input) {
      const load = get().load;
      if (load.status !== 'ready') return;
      const seq = ++scoreSeq;
      set({ result: null, input, error: null });
      try {
        // Unnumbered calls: the first model's live runs (which abandon older numbered runs) never abandon these.
        const result = await scoreInPhases(scoreCache, modelKeyOf(load.request), { ...input, options: { ...input.options, chatTemplate: false } }, (req) =>
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
