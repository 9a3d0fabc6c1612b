// The lessons' model: stories260K (fp32) from the served models folder, on the device Auto picks by
// evidence, in the app's one model session (state/engineSession.ts) — the model the Scorer and the
// Task lab use too. Already loaded there (on any device), it is used as it is; another model
// loaded there is replaced by it, which every room then shows. Results are cached per model and
// input, so going back to a step is instant.
import type { ItemScore } from '../../core/scoring/types';
import { DEFAULT_SCORE_OPTIONS } from '../../core/scoring/types';
import type { LoadRequest, ModelInfo } from '../../state/engine';
import { scoreChunk, scoreOne, useEngine, type ModelSelection } from '../../state/engineSession';
import type { SnapshotModel } from '../../state/snapshot';

export const LESSON_MODEL = 'stories260K';
const LESSON_SELECTION: ModelSelection = { model: { kind: 'served', name: LESSON_MODEL }, dtype: 'fp32', device: 'auto' };

export interface LessonModel {
  info: ModelInfo;
  request: LoadRequest;
  /** The session's load this model is (the same id in every room means the same loaded model). */
  loadId: number;
  deviceReason: string;
  snapshotModel: SnapshotModel;
}

const cache = new Map<string, Promise<ItemScore[]>>();

/** The lesson model, loaded into the session unless it is there already (a failed load is retried on the next call). */
export async function lessonModel(): Promise<LessonModel> {
  try {
    const m = await useEngine.getState().ensureModel(LESSON_SELECTION);
    const device = m.request.device === 'webgpu' ? 'WebGPU' : 'WASM';
    return {
      info: m.info,
      request: m.request,
      loadId: m.loadId,
      deviceReason: m.deviceReason ?? m.note ?? `It was loaded on ${device} in another room.`,
      snapshotModel: { id: m.info.id, choice: { kind: 'served', name: LESSON_MODEL }, dtype: 'fp32', device: m.info.device },
    };
  } catch (e) {
    throw new Error(`The lesson model ${LESSON_MODEL} could not be loaded from this app's models folder (models/${LESSON_MODEL}/): ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Score items (each: context and candidates) with the given unconditional context, cached. */
export function scoreItems(items: { context: string; candidates: string[] }[], unconditionalContext = '', full = true): Promise<ItemScore[]> {
  return lessonModel().then((m) => {
    // WebGPU and WASM agree only to ~1e-4: a result belongs to the device that computed it.
    const key = JSON.stringify([m.request.device, items, unconditionalContext, full]);
    let hit = cache.get(key);
    if (!hit) {
      const options = { ...DEFAULT_SCORE_OPTIONS, unconditionalContext };
      // One item: the Scorer's own call. Many: the Task lab's chunked call.
      hit = items.length === 1 ? scoreOne({ ...items[0], options }).then((r) => [r]) : scoreChunk({ items, options, stats: full ? 'full' : 'logprob' });
      hit.catch(() => cache.delete(key));
      cache.set(key, hit);
    }
    return hit;
  });
}
