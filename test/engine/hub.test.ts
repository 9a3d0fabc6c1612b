// Loading by hub id through env.remoteHost: ../shared/models served over HTTP in the hub's
// /<org>/<name>/resolve/main/<file> layout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createNodeEngine } from '../../src/engine/node';
import { DEFAULT_SCORE_OPTIONS } from '../../src/core/scoring/types';
import { MODELS_DIR } from '../paths';
import { serveFile } from './serveFile';

let server: http.Server;
let host: string;
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lengthlens-hub-'));
const requested: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '').split('?')[0]);
    requested.push(`${req.method} ${url}`);
    const m = /^\/lengthlens-test\/([\w.-]+)\/resolve\/main\/(.+)$/.exec(url);
    const file = m ? path.join(MODELS_DIR, m[1], m[2]) : '';
    serveFile(req, res, m && file.startsWith(MODELS_DIR) ? file : null);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

describe('hub loading', () => {
  it('loads a model by hub id from the remote host and scores like the folder', async () => {
    const hub = await createNodeEngine({ kind: 'hub', id: 'lengthlens-test/stories260K' }, 'q4', { remoteHost: host, cacheDir });
    const local = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'stories260K') }, 'q4');
    const req = { context: 'Once upon a time, there was a little girl named', candidates: [' Lily.', ' Tom.'], options: DEFAULT_SCORE_OPTIONS };
    const [a, b] = [await hub.score(req), await local.score(req)];
    a.candidates.forEach((c, i) => expect(c.sum_logprob).toBe(b.candidates[i].sum_logprob));
    expect(requested.some((r) => r.endsWith('/lengthlens-test/stories260K/resolve/main/onnx/model_q4.onnx'))).toBe(true);
    expect(requested.some((r) => r.endsWith('/resolve/main/tokenizer.json'))).toBe(true);
  });

  it('names the missing file when the hub has no such dtype', async () => {
    await expect(createNodeEngine({ kind: 'hub', id: 'lengthlens-test/stories260K' }, 'q4f16', { remoteHost: host, cacheDir })).rejects.toThrow(/model_q4f16\.onnx/);
  });

  it('says plainly when the hub id does not exist', async () => {
    await expect(createNodeEngine({ kind: 'hub', id: 'lengthlens-test/no-such-model' }, 'fp32', { remoteHost: host, cacheDir })).rejects.toThrow(/no-such-model/);
  });
});
