// Hub metadata from the hub: which dtypes a repository ships (and their sizes) come from its file
// listing at run time, and a failed load (no network, a missing file) leaves the previous model
// loaded and scoring. The hub is ../shared/models and the export-style fixtures served over HTTP
// in its URL layout: /<org>/<name>/resolve/main/<file> and /api/models/<org>/<name>/tree/main/onnx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createNodeEngine } from '../../src/engine/node';
import { LOAD_ERROR, isSourceFailure, listHubModel } from '../../src/engine/models';
import { DEFAULT_SCORE_OPTIONS } from '../../src/core/scoring/types';
import { MODELS_DIR } from '../paths';
import { ensureExportStyleModels } from '../fixtures/exportStyles';
import { serveFile } from './serveFile';

let server: http.Server;
let host: string;
let fixtures: string;
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lengthlens-hubmeta-'));
const requested: string[] = [];

/** Repositories: "shared/<name>" from ../shared/models, "fixtures/<name>" from the fixtures; the org "mirror" has no listing API. */
function repoFolder(org: string, name: string): string | null {
  const root = org === 'fixtures' ? fixtures : org === 'shared' || org === 'mirror' ? MODELS_DIR : null;
  const dir = root ? path.join(root, name) : '';
  return root && dir.startsWith(root + path.sep) && fs.existsSync(path.join(dir, 'config.json')) ? dir : null;
}

beforeAll(async () => {
  fixtures = ensureExportStyleModels();
  server = http.createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '').split('?')[0]);
    requested.push(`${req.method} ${url}`);
    const api = /^\/api\/models\/([\w.-]+)\/([\w.-]+)\/tree\/main\/(.+)$/.exec(url);
    if (api) {
      const dir = repoFolder(api[1], api[2]);
      if (api[1] === 'mirror') return void res.writeHead(404).end('no API here');
      // The hub answers 401 for a repository that does not exist.
      if (!dir) return void res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"error":"Repository not found"}');
      const sub = path.join(dir, api[3]);
      if (!fs.existsSync(sub)) return void res.writeHead(404).end('{"error":"Entry not found"}');
      const entries = fs.readdirSync(sub).map((f) => {
        const size = fs.statSync(path.join(sub, f)).size;
        // Large files are LFS: the hub gives the pointer's size and the file's under lfs.
        return { type: 'file', path: `${api[3]}/${f}`, size: size > 1e5 ? 135 : size, ...(size > 1e5 ? { lfs: { size } } : {}) };
      });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return void res.end(JSON.stringify(entries));
    }
    const m = /^\/([\w.-]+)\/([\w.-]+)\/resolve\/main\/(.+)$/.exec(url);
    const dir = m ? repoFolder(m[1], m[2]) : null;
    const file = dir ? path.join(dir, m![3]) : '';
    serveFile(req, res, dir && file.startsWith(dir) ? file : null);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}, 300_000);
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

/** A port nothing listens on: every request fails as with no network. */
async function deadHost(): Promise<string> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}/`;
}

const sizeOf = (...p: string[]) => fs.statSync(path.join(...p)).size;

describe('hub listing', () => {
  it('lists the dtypes a repository ships, with sizes, from its file listing', async () => {
    const l = await listHubModel('shared/stories260K', { remoteHost: host });
    expect(l.dtypes).toEqual(['fp32', 'q8', 'q4']);
    expect(l.bytes).toEqual({
      fp32: sizeOf(MODELS_DIR, 'stories260K/onnx/model.onnx'),
      q8: sizeOf(MODELS_DIR, 'stories260K/onnx/model_quantized.onnx'),
      q4: sizeOf(MODELS_DIR, 'stories260K/onnx/model_q4.onnx'),
    });
    expect(requested.filter((r) => r.includes('/api/models/shared/stories260K/'))).toHaveLength(1);
  });

  it('counts external data (model.onnx_data) in the size and lists only dtypes whose graph is there', async () => {
    const keep = await listHubModel('fixtures/llama-keep-extdata', { remoteHost: host });
    expect(keep.dtypes).toEqual(['fp32']);
    expect(keep.bytes.fp32).toBe(sizeOf(fixtures, 'llama-keep-extdata/onnx/model.onnx') + sizeOf(fixtures, 'llama-keep-extdata/onnx/model.onnx_data'));
    expect((await listHubModel('fixtures/llama-q8', { remoteHost: host })).dtypes).toEqual(['q8']);
  });

  it('probes each dtype file on a mirror without the listing API', async () => {
    const l = await listHubModel('mirror/stories260K', { remoteHost: host });
    expect(l.dtypes).toEqual(['fp32', 'q8', 'q4']);
    expect(l.bytes.q4).toBe(sizeOf(MODELS_DIR, 'stories260K/onnx/model_q4.onnx'));
  });

  it('tells a repository that does not exist from a network failure', async () => {
    const missing = await listHubModel('shared/no-such-model', { remoteHost: host }).catch((e: Error) => e);
    expect(missing).toBeInstanceOf(Error);
    expect((missing as Error).name).toBe(LOAD_ERROR.missingFile);
    expect((missing as Error).message).toMatch(/no-such-model/);
    const offline = await listHubModel('shared/stories260K', { remoteHost: await deadHost() }).catch((e: Error) => e);
    expect((offline as Error).name).toBe(LOAD_ERROR.unreachable);
    expect(isSourceFailure(offline)).toBe(true);
    expect(isSourceFailure(new Error('WebGPU device lost'))).toBe(false);
  });
});

describe('a failed load keeps the previous model', () => {
  const req = { context: 'Once upon a time, there was a little girl named', candidates: [' Lily.', ' Tom.'], options: DEFAULT_SCORE_OPTIONS };

  it('after a missing file and after a network failure, the loaded model still scores the same', async () => {
    const engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'stories260K') }, 'fp32');
    const before = await engine.score(req);

    // A dtype the repository does not ship.
    await engine.configure({ remoteHost: host, cacheDir });
    const missing = await engine.load({ source: { kind: 'hub', id: 'shared/stories260K' }, dtype: 'q4f16', device: 'cpu' }).catch((e: Error) => e);
    expect((missing as Error).name).toBe(LOAD_ERROR.missingFile);
    expect((missing as Error).message).toMatch(/model_q4f16\.onnx/);
    // …and says what the hub does ship.
    expect((missing as Error).message).toMatch(/the hub lists fp32, q8, q4 for it/);
    expect(engine.current()?.info.dtype).toBe('fp32');
    expect((await engine.score(req)).candidates.map((c) => c.sum_logprob)).toEqual(before.candidates.map((c) => c.sum_logprob));

    // No network.
    await engine.configure({ remoteHost: await deadHost(), cacheDir });
    const offline = await engine.load({ source: { kind: 'hub', id: 'shared/stories260K' }, dtype: 'fp32', device: 'cpu' }).catch((e: Error) => e);
    expect((offline as Error).name).toBe(LOAD_ERROR.unreachable);
    expect(isSourceFailure(offline)).toBe(true);
    expect((await engine.score(req)).candidates.map((c) => c.sum_logprob)).toEqual(before.candidates.map((c) => c.sum_logprob));

    // And a good load replaces it.
    await engine.configure({ remoteHost: host });
    const info = await engine.load({ source: { kind: 'hub', id: 'shared/stories260K' }, dtype: 'q8', device: 'cpu' });
    expect(info.dtype).toBe('q8');
    expect(engine.current()?.info.dtype).toBe('q8');
  });

  it('loads a graph with external data (model.onnx_data) by hub id', async () => {
    const engine = await createNodeEngine({ kind: 'hub', id: 'fixtures/llama-keep-extdata' }, 'fp32', { remoteHost: host, cacheDir });
    const local = await createNodeEngine({ kind: 'path', path: path.join(fixtures, 'llama-keep-extdata') }, 'fp32');
    const [a, b] = [await engine.score(req), await local.score(req)];
    a.candidates.forEach((c, i) => expect(c.sum_logprob).toBe(b.candidates[i].sum_logprob));
    expect(requested.some((r) => r.endsWith('/fixtures/llama-keep-extdata/resolve/main/onnx/model.onnx_data'))).toBe(true);
  });
});
