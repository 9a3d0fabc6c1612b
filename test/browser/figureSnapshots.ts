// Real snapshots for figure tests, computed in Node by the same engine on the same models the app
// serves: a one-model Scorer figure (stories260K) and a comparison (stories260K beside
// tiny-llama-plain, another tokenizer), as the Scorer's "Copy embed code" would carry them.
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import { withLengthConvention } from '../../src/core/scoring/lengthConvention';
import { DEFAULT_SCORE_OPTIONS } from '../../src/core/scoring/types';
import { encodeSnapshot, scorerSnapshot, type ScorerSnapshot, type SnapshotModel } from '../../src/state/snapshot';
import { MODELS_DIR } from '../paths';

export const FIGURE_CONTEXT = 'Tim got out of the pool. He was wet and cold. His mom gave him a';
export const FIGURE_CANDIDATES = [' hat.', ' big soft towel so he could dry off.', ' towel.'];

/** A second item, for a second figure on the same page. */
export const SECOND_CONTEXT = 'The dog ran to the';
export const SECOND_CANDIDATES = [' park.', ' par', ' big red ball.'];

export interface FigureSnapshot {
  snapshot: ScorerSnapshot;
  payload: string;
}

function encoded(r: ReturnType<typeof scorerSnapshot>): FigureSnapshot {
  if (!r.ok) throw new Error(r.error);
  const enc = encodeSnapshot(r.snapshot);
  if (!enc.ok) throw new Error(enc.error);
  return { snapshot: r.snapshot, payload: enc.payload };
}

/** `compare`: also score on tiny-llama-plain (it must be served under models/ for a live run). */
export async function figureSnapshots(): Promise<{ scorer: FigureSnapshot; comparison: FigureSnapshot; second: FigureSnapshot }> {
  const input = { context: FIGURE_CONTEXT, candidates: FIGURE_CANDIDATES, options: DEFAULT_SCORE_OPTIONS };
  const a = await createNodeEngine({ kind: 'path', path: path.resolve('models/stories260K') }, 'fp32');
  const first = withLengthConvention(await a.score(input), 'harness');
  const another = withLengthConvention(await a.score({ context: SECOND_CONTEXT, candidates: SECOND_CANDIDATES, options: DEFAULT_SCORE_OPTIONS }), 'harness');
  await a.unload();
  const b = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'tiny-llama-plain') }, 'fp32');
  const second = withLengthConvention(await b.score(input), 'harness');
  await b.unload();
  // The device a browser on this machine runs it on (Auto picks WASM on a software adapter).
  const model: SnapshotModel = { id: 'stories260K', choice: { kind: 'served', name: 'stories260K' }, dtype: 'fp32', device: 'wasm' };
  const other: SnapshotModel = { id: 'tiny-llama-plain', choice: { kind: 'served', name: 'tiny-llama-plain' }, dtype: 'fp32', device: 'wasm' };
  const extra = { indices: [0, 1, 2], gold: 1, unconditionalContext: '', boundaryPolicy: 'whole' as const, lengths: 'harness' as const };
  return {
    scorer: encoded(scorerSnapshot(model, first, extra)),
    comparison: encoded(scorerSnapshot(model, first, { ...extra, compare: { model: other, result: second } })),
    second: encoded(scorerSnapshot(model, another, { ...extra, gold: null })),
  };
}
