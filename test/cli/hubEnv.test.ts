// LENGTHLENS_REMOTE_HOST and LENGTHLENS_CACHE_DIR, as docs/cli.md documents them: the CLI downloads
// a hub id from the mirror the variable names, into the cache folder the other names, and a
// second run reads the cached files with the mirror gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { MODELS_DIR } from '../paths';

const BIN = path.resolve(__dirname, '../../bin/lengthlens.mjs');
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lengthlens-envcache-'));
const requested: string[] = [];
let server: http.Server;
let host: string;

beforeAll(async () => {
  // ../shared/models in the hub's /<org>/<name>/resolve/main/<file> layout.
  server = http.createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '').split('?')[0]);
    requested.push(url);
    const m = /^\/mirror-org\/([\w.-]+)\/resolve\/main\/(.+)$/.exec(url);
    const file = m ? path.join(MODELS_DIR, m[1], m[2]) : '';
    if (!m || !file.startsWith(MODELS_DIR) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end('Entry not found');
      return;
    }
    res.writeHead(200, { 'Content-Length': fs.statSync(file).size });
    if (req.method === 'HEAD') return res.end();
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

const ARGS = ['score', '--model', 'mirror-org/stories260K', '--dtype', 'q4', '--context', 'Once upon a time', '--candidate', ' there', '--json'];

/** The CLI with the two variables set (async: the mirror runs in this process). */
function run(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...ARGS], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('LENGTHLENS_REMOTE_HOST and LENGTHLENS_CACHE_DIR', () => {
  it('downloads from the mirror into the cache folder, then scores from the cache with the mirror gone', async () => {
    const env = { LENGTHLENS_REMOTE_HOST: host, LENGTHLENS_CACHE_DIR: cacheDir };
    const first = await run(env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(requested).toContain('/mirror-org/stories260K/resolve/main/onnx/model_q4.onnx');
    // The cache holds the downloaded files, byte for byte.
    const cached = (fs.readdirSync(cacheDir, { recursive: true }) as string[]).map((f) => f.split(path.sep).join('/'));
    const model = cached.find((f) => f.endsWith('onnx/model_q4.onnx'));
    expect(model, cached.join(', ')).toBeDefined();
    expect(fs.readFileSync(path.join(cacheDir, model!)).equals(fs.readFileSync(path.join(MODELS_DIR, 'stories260K/onnx/model_q4.onnx')))).toBe(true);
    const local = spawnSync(process.execPath, [BIN, ...ARGS.map((a) => (a === 'mirror-org/stories260K' ? path.join(MODELS_DIR, 'stories260K') : a))], { encoding: 'utf8' });
    const want = JSON.parse(local.stdout).items[0].candidates[0].sum_logprob;
    expect(JSON.parse(first.stdout).items[0].candidates[0].sum_logprob).toBe(want);

    await new Promise<void>((resolve) => server.close(() => resolve()));
    const n = requested.length;
    const second = await run(env);
    expect(second.code).toBe(0);
    expect(requested.length).toBe(n);
    expect(JSON.parse(second.stdout).items[0].candidates[0].sum_logprob).toBe(want);
  });
});
