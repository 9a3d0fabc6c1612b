// The served models folder's index (models/index.json): what the build writes from real model
// folders, and what the app reads from it over HTTP (a loopback host): the models, their dtypes and
// weight sizes in one request, with no request for a file a model does not ship; a host without
// the index is probed file by file, as before, with the same answers.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelsIndex } from '../../vite-plugins/serve-assets';
import { isServed, servedDtypes } from '../../src/engine/models';
import { configureRuntime } from '../../src/engine/runtime';
import { weightFileBytes } from '../../src/engine/weightFiles';
import { MODELS_DIR } from '../models';

const INDEX = modelsIndex([MODELS_DIR]);
const asked: string[] = [];
/** /with/models/… has the index; /without/models/… has only the folders. */
const host = http.createServer((req, res) => {
  const url = decodeURIComponent((req.url ?? '/').split('?')[0]);
  asked.push(`${req.method} ${url}`);
  const m = /^\/(with|without)\/models\/(.*)$/.exec(url);
  if (m && m[2] === 'index.json' && m[1] === 'with') {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(INDEX));
    return;
  }
  const file = m ? path.resolve(MODELS_DIR, m[2]) : '';
  if (!m || !file.startsWith(path.resolve(MODELS_DIR) + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    return;
  }
  res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': fs.statSync(file).size });
  if (req.method === 'HEAD') res.end();
  else fs.createReadStream(file).pipe(res);
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
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

  it('answers dtypes, presence and weight sizes in one request, asking for no absent file', async () => {
    asked.length = 0;
    expect(await servedDtypes(`${base}/with/models/stories260K/`)).toEqual(['fp32', 'q8', 'q4']);
    expect(await isServed(`${base}/with/models/`, 'stories260K')).toBe(true);
    expect(await isServed(`${base}/with/models/`, 'no-such-model')).toBe(false);
    configureRuntime({ localModelPath: `${base}/with/models/` });
    expect(await weightFileBytes({ kind: 'served', name: 'stories260K' }, 'fp32')).toBe(INDEX.models.stories260K.files['onnx/model.onnx']);
    expect(await weightFileBytes({ kind: 'served', name: 'no-such-model' }, 'fp32')).toBeNull();
    expect(asked).toEqual(['GET /with/models/index.json']);
  });

  it('without an index, probes file by file and gives the same answers', async () => {
    asked.length = 0;
    expect(await servedDtypes(`${base}/without/models/stories260K/`)).toEqual(['fp32', 'q8', 'q4']);
    expect(await isServed(`${base}/without/models/`, 'stories260K')).toBe(true);
    configureRuntime({ localModelPath: `${base}/without/models/` });
    expect(await weightFileBytes({ kind: 'served', name: 'stories260K' }, 'fp32')).toBe(INDEX.models.stories260K.files['onnx/model.onnx']);
    expect(asked).toContain('HEAD /without/models/stories260K/onnx/model_fp16.onnx');
    expect(asked).toContain('HEAD /without/models/stories260K/onnx/model.onnx_data');
  });
});
