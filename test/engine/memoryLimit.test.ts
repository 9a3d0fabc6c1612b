// A load that would not fit beside the models loaded is refused before it starts, with the
// numbers, and leaves the loaded ones working. Real models and a real engine; the limit is lowered
// through the engine's test-only setting (memoryLimitBytes), so small models stand for large ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import type { Engine } from '../../src/engine/engine';
import { LOAD_ERROR } from '../../src/engine/models';
import { DEFAULT_SCORE_OPTIONS, type ItemScore } from '../../src/core/scoring/types';
import { formatBytes } from '../../src/core/memory/fit';
import { MODELS_DIR } from '../paths';

const STORIES = path.join(MODELS_DIR, 'stories260K');
const PLAIN = path.join(MODELS_DIR, 'tiny-llama-plain');
const ITEM = { context: 'Once upon a time, there was a little girl named', candidates: [' Lily.', ' Tom.'], options: DEFAULT_SCORE_OPTIONS };
const size = (folder: string, file: string) => fs.statSync(path.join(folder, 'onnx', file)).size;

let engine: Engine;
let alone: ItemScore;

beforeAll(async () => {
  engine = await createNodeEngine({ kind: 'path', path: STORIES }, 'fp32');
  alone = await engine.score(ITEM);
}, 60_000);
afterAll(() => engine.unload());

describe('the memory check before a load', () => {
  it('reports each loaded model’s weight bytes, as its files are', async () => {
    expect(engine.current()!.info.weightBytes).toBe(size(STORIES, 'model.onnx'));
    await engine.load({ source: { kind: 'path', path: STORIES }, dtype: 'q4', device: 'cpu' }, undefined, 'compare');
    expect(engine.current('compare')!.info.weightBytes).toBe(size(STORIES, 'model_q4.onnx'));
    await engine.unload('compare');
  });

  it('refuses a second model that would not fit, naming the numbers, and keeps the first', async () => {
    const fp32 = size(STORIES, 'model.onnx');
    const plain = size(PLAIN, 'model.onnx');
    // Room for stories260K fp32 and its q4, not for the 16 MiB tiny-llama-plain beside it.
    const limit = fp32 + 2 * size(STORIES, 'model_q4.onnx');
    await engine.configure({ memoryLimitBytes: limit });
    try {
      const refused = engine.load({ source: { kind: 'path', path: PLAIN }, dtype: 'fp32', device: 'cpu' }, undefined, 'compare');
      await expect(refused).rejects.toThrow(
        `${PLAIN} fp32 would not fit: its weights are ${formatBytes(plain)}, and ${STORIES} fp32 holds ${formatBytes(fp32)}: ${formatBytes(plain + fp32)} together, over the ${formatBytes(limit)} of the memory limit set for this engine; close the other model first`,
      );
      await expect(refused).rejects.toMatchObject({ name: LOAD_ERROR.tooLarge });
      expect(await engine.slots()).toEqual(['primary']);
      expect(await engine.score(ITEM)).toEqual(alone);
      // Under the same limit, the q4 fits beside the fp32.
      await engine.load({ source: { kind: 'path', path: STORIES }, dtype: 'q4', device: 'cpu' }, undefined, 'compare');
      expect(await engine.slots()).toEqual(['primary', 'compare']);
    } finally {
      await engine.configure({ memoryLimitBytes: undefined });
      await engine.unload('compare');
    }
  });
});
