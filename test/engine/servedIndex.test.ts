// The served models folder's index (models/index.json): what the build writes from real model
// folders, and what the app reads from it over HTTP (a loopback host): the models, their dtypes and
// weight sizes in one request, with no request for a file a model does not ship; a host without
// the index is probed file by file, as before, with the same answers.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelsIndex } from '../../vite-plugins/serve-assets';
import { isServed, servedDtypes } from '../../src/engine/models';
import { configureRuntime } from '../../src/engine/runtime';
import { weightFileBytes } from '../../src/engine/weightFiles';
import { MODELS_DIR } from '../paths';
import { modelsHost } from './modelsHost';

const INDEX = modelsIndex([MODELS_DIR]);
/** /with/models/… has the index; /without/models/… has only the folders. */
const host = modelsHost((url) => {
  const m = /^\/(with|without)\/models\/(.*)$/.exec(url);
  if (!m) return null;
  return m[2] === 'index.json' && m[1] === 'with' ? { json: INDEX } : { file: m[2] };
});
const asked = host.asked;
beforeAll(() => host.listen());
afterAll(() => host.close());

describe('the models index', () => {
  it('lists every model folder (one with config.json) with each file and its size', () => {
    const stories = INDEX.models.stories260K;
    expect(stories.files['onnx/model.onnx']).toBe(fs.statSync(path.join(MODELS_DIR, 'stories260K/onnx/model.onnx')).size);
    expect(stories.files['config.json']).toBe(fs.statSync(path.join(MODELS_DIR, 'stories260K/config.json')).size);
    expect(stories.files['onnx/model.onnx_data']).toBeUndefined();
    // Folders without config.json are not models.
    for (const notModel of ['tokenizers', 'reference', 'make']) expect(INDEX.models[notModel]).toBeUndefined();
    expect(Object.keys(INDEX.models)).toContain('tiny-llama-plain');
  });

  /** What the app asks of the folder for stories260K: its dtypes, whether it is served, its fp32 weight bytes. */
  async function askStories(folder: 'with' | 'without') {
    const models = `${host.base()}/${folder}/models/`;
    configureRuntime({ localModelPath: models });
    return { dtypes: await servedDtypes(`${models}stories260K/`), served: await isServed(models, 'stories260K'), bytes: await weightFileBytes({ kind: 'served', name: 'stories260K' }, 'fp32') };
  }
  const STORIES = { dtypes: ['fp32', 'q8', 'q4'], served: true, bytes: INDEX.models.stories260K.files['onnx/model.onnx'] };

  it('answers dtypes, presence and weight sizes in one request, asking for no absent file', async () => {
    asked.length = 0;
    expect(await askStories('with')).toEqual(STORIES);
    expect(asked).toEqual(['GET /with/models/index.json']);
    // A folder the index lacks (added by hand after the build) is probed, and found or not.
    expect(await isServed(`${host.base()}/with/models/`, 'no-such-model')).toBe(false);
    expect(await weightFileBytes({ kind: 'served', name: 'no-such-model' }, 'fp32')).toBeNull();
    expect(asked).toContain('HEAD /with/models/no-such-model/config.json');
  });

  it('without an index, probes file by file and gives the same answers', async () => {
    asked.length = 0;
    expect(await askStories('without')).toEqual(STORIES);
    expect(asked).toContain('HEAD /without/models/stories260K/onnx/model_fp16.onnx');
    expect(asked).toContain('HEAD /without/models/stories260K/onnx/model.onnx_data');
  });
});
