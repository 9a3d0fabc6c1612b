// The lessons' own engine Worker: stories260K (fp32) from the served models folder, on the device
// Auto picks by evidence. Results are cached per input, so going back to a step is instant.
import type { ItemScore } from '../../core/scoring/types';
import { DEFAULT_SCORE_OPTIONS } from '../../core/scoring/types';
import { createEngineClient, type EngineClient } from '../../state/engine';
import type { LoadRequest, ModelInfo } from '../../state/engine';
import { autoDeviceFor } from '../../state/deviceSpeed';
import type { SnapshotModel } from '../../state/snapshot';

export const LESSON_MODEL = 'stories260K';

export interface LessonModel {
  info: ModelInfo;
  request: LoadRequest;
  deviceReason: string;
  snapshotModel: SnapshotModel;
}

let client: EngineClient | null = null;
let model: Promise<LessonModel> | null = null;
const cache = new Map<string, Promise<ItemScore[]>>();

/** Load the lesson model once per page (a failed load is retried on the next call). */
export function lessonModel(): Promise<LessonModel> {
  model ??= (async (): Promise<LessonModel> => {
    const base: LoadRequest = { source: { kind: 'served', name: LESSON_MODEL }, dtype: 'fp32', device: 'wasm' };
    const auto = await autoDeviceFor({ ...base, device: 'webgpu' });
    const request = { ...base, device: auto.device };
    client ??= createEngineClient();
    const info = await client.load(request);
    return { info, request, deviceReason: auto.reason, snapshotModel: { id: info.id, choice: { kind: 'served' as const, name: LESSON_MODEL }, dtype: 'fp32' as const, device: info.device } };
  })().catch((e: unknown) => {
    model = null;
    throw new Error(`The lesson model ${LESSON_MODEL} could not be loaded from this app's models folder (models/${LESSON_MODEL}/): ${e instanceof Error ? e.message : String(e)}`);
  });
  return model!;
}

/** Score items (each: context and candidates) with the given unconditional context, cached. */
export function scoreItems(items: { context: string; candidates: string[] }[], unconditionalContext = '', full = true): Promise<ItemScore[]> {
  const key = JSON.stringify([items, unconditionalContext, full]);
  let hit = cache.get(key);
  if (!hit) {
    const options = { ...DEFAULT_SCORE_OPTIONS, unconditionalContext };
    // One item: the Scorer's own call. Many: the Task lab's chunked call.
    hit = lessonModel().then(async () =>
      items.length === 1 ? [await client!.api.score({ ...items[0], options })] : client!.api.scoreChunk({ items, options, stats: full ? 'full' : 'logprob' }),
    );
    hit.catch(() => cache.delete(key));
    cache.set(key, hit);
  }
  return hit;
}
