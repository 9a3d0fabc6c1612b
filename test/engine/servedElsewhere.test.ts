// A served model on another host: a <lengthlens-figure> on someone's page loads the app's models
// from the host that served its script, so the engine's model folder is a full URL. transformers.js
// asks whether a tokenizer exists only of a local path or of its remote host; a local full URL read
// as "no tokenizer_config.json" and the load failed. Against a real loopback static host (which
// ignores Range requests, as plain static hosts do) and the real stories260K.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/engine';
import { createNodeEngine } from '../../src/engine/node';
import { DEFAULT_SCORE_OPTIONS } from '../../src/core/scoring/types';
import { MODELS_DIR } from '../paths';
import { modelsHost } from './modelsHost';

const ITEM = { context: 'Tim got out of the pool. He was wet and cold. His mom gave him a', candidates: [' hat.', ' big soft towel so he could dry off.', ' towel.'], options: DEFAULT_SCORE_OPTIONS };
// The app's host: its models folder under /models/.
const host = modelsHost((url) => (url.startsWith('/models/') ? { file: url.slice('/models/'.length) } : null));
beforeAll(() => host.listen());
afterAll(() => host.close());

describe('a served model whose folder is on another host', () => {
  it('loads from the full URL and scores exactly what the model read from disk scores', async () => {
    const engine = new Engine();
    // Node's ONNX Runtime opens a downloaded graph by its path: a fresh download folder.
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lengthlens-served-'));
    await engine.configure({ localModelPath: `${host.base()}/models/`, useCache: false, cacheDir });
    await engine.load({ source: { kind: 'served', name: 'stories260K' }, dtype: 'fp32', device: 'cpu' });
    const served = await engine.score(ITEM);
    await engine.unload();
    // Every file came from that host: the tokenizer's two files, the config and the graph.
    for (const f of ['tokenizer.json', 'tokenizer_config.json', 'config.json', 'onnx/model.onnx']) expect(host.asked).toContain(`GET /models/stories260K/${f}`);
    const fromDisk = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'stories260K') }, 'fp32');
    expect(served).toEqual(await fromDisk.score(ITEM));
    await fromDisk.unload();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }, 60_000);
});
