// "Run live" for a snapshot figure, loaded only when a reader clicks (the figure itself needs no
// engine code): load the snapshot's model into the page's one engine session (a second figure on
// the same page waits for, or reuses, the same load), score the same input, and the second model
// beside it when the snapshot carries a comparison.
import { withLengthConvention } from '../../core/scoring/lengthConvention';
import { DEFAULT_SCORE_OPTIONS, type ItemScore } from '../../core/scoring/types';
import { useCompare } from '../../state/compareSession';
import type { ModelInfo } from '../../state/engine';
import { scoreOne, useEngine } from '../../state/engineSession';
import type { ScorerSnapshot } from '../../state/snapshot';

export interface LiveState {
  phase: 'loading' | 'scoring' | 'done' | 'error';
  /** Which models are loading now (one, or both for a comparison). */
  loadingModels: 1 | 2;
  /** The first model's live result, counted under the snapshot's length convention. */
  live: ItemScore | null;
  /** The second model's, for a comparison. */
  liveOther: ItemScore | null;
  info: ModelInfo | null;
  otherInfo: ModelInfo | null;
  /** Why the model could not be loaded, or why scoring failed. */
  loadError: string | null;
  error: string | null;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export async function runLive(snap: ScorerSnapshot, report: (s: LiveState) => void): Promise<void> {
  // Live results counted as the snapshot's were (its length convention; as typed before it was carried).
  const lengths = snap.lengths ?? 'typed';
  let state: LiveState = { phase: 'loading', loadingModels: snap.compare ? 2 : 1, live: null, liveOther: null, info: null, otherInfo: null, loadError: null, error: null };
  const set = (s: Partial<LiveState>) => report((state = { ...state, ...s }));
  set({});
  let info: ModelInfo;
  try {
    info = (await useEngine.getState().ensureModel({ model: snap.model.choice, dtype: snap.model.dtype, device: 'auto' })).info;
  } catch (e) {
    set({ phase: 'error', loadError: messageOf(e) });
    return;
  }
  set({ phase: 'scoring', info });
  const input = {
    context: snap.result.context,
    candidates: snap.result.candidates.map((c) => c.text),
    options: { ...DEFAULT_SCORE_OPTIONS, boundaryPolicy: snap.boundaryPolicy, unconditionalContext: snap.unconditionalContext },
  };
  let live: ItemScore;
  try {
    live = withLengthConvention(await scoreOne(input), lengths);
  } catch (e) {
    set({ phase: 'error', error: messageOf(e) });
    return;
  }
  if (!snap.compare) {
    set({ phase: 'done', live });
    return;
  }
  // The second model beside the first, in the same Worker, as the Scorer's "Compare with…" loads it.
  set({ phase: 'loading', loadingModels: 1 });
  const device = snap.compare.model.device === 'webgpu' ? 'webgpu' : 'wasm';
  const compare = useCompare.getState();
  await compare.loadCompare(snap.compare.model.choice, snap.compare.model.dtype, { device, chatTemplate: snap.compare.chatTemplate ?? false });
  const load = useCompare.getState().load;
  if (load.status !== 'ready') {
    set({ phase: 'error', live, loadError: load.status === 'error' ? load.message : 'the second model was not loaded' });
    return;
  }
  set({ phase: 'scoring', otherInfo: load.info });
  await useCompare.getState().score(input);
  const { result, error } = useCompare.getState();
  if (!result) set({ phase: 'error', live, error: error ?? 'the second model gave no result' });
  else set({ phase: 'done', live, liveOther: withLengthConvention(result, lengths) });
}
