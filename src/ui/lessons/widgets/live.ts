// Live numbers computed on the lesson model: the origin line names the model, its device and its load.
import type { ReadyFacts } from './types';

export async function onLessonModel<F>(facts: F): Promise<ReadyFacts<F>> {
  const { lessonModel } = await import('../lessonEngine');
  const m = await lessonModel();
  return { status: 'ready', facts, origin: 'live', model: m.snapshotModel, deviceReason: m.deviceReason, loadId: m.loadId };
}
