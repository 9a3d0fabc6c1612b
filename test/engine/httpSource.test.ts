// Reading a served model file's operators over HTTP: range requests where the server honours them,
// the whole (small) file where it answers 200 as plain static hosts do, and nothing (null) where a
// whole read would be a large download. Against a real loopback server.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpSource, scanOnnxOps, bytesSource, WHOLE_READ_LIMIT } from '../../src/engine/onnxOps';
import { MODELS_DIR } from '../paths';

const FILE = path.join(MODELS_DIR, 'stories260K', 'onnx', 'model.onnx');
const bytes = new Uint8Array(fs.readFileSync(FILE));
let served = 0;
let base = '';
const server = http.createServer((req, res) => {
  served++;
  const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
  if (req.url === '/ranges' && range) {
    const [start, end] = [Number(range[1]), Math.min(Number(range[2]), bytes.length - 1)];
    res.writeHead(206, { 'Content-Range': `bytes ${start}-${end}/${bytes.length}`, 'Content-Length': end - start + 1 });
    res.end(Buffer.from(bytes.subarray(start, end + 1)));
  } else if (req.url === '/plain') {
    res.writeHead(200, { 'Content-Length': bytes.length }).end(Buffer.from(bytes));
  } else if (req.url === '/chunked') {
    // No length announced: the body is read up to the limit.
    res.writeHead(200);
    res.write(Buffer.from(bytes.subarray(0, 1000)));
    res.end(Buffer.from(bytes.subarray(1000)));
  } else if (req.url === '/endless') {
    // No length, and more than the limit: the read stops at the limit.
    res.writeHead(200);
    const block = Buffer.alloc(1024 * 1024);
    let sent = 0;
    const push = () => {
      while (sent <= WHOLE_READ_LIMIT / block.length && res.write(block)) sent++;
      if (sent <= WHOLE_READ_LIMIT / block.length) res.once('drain', push);
      else res.end();
    };
    push();
  } else if (req.url === '/huge') {
    // Announces more than the limit; the source must not read it.
    res.writeHead(200, { 'Content-Length': WHOLE_READ_LIMIT + 1 });
    res.write(Buffer.alloc(1024));
    setTimeout(() => res.destroy(), 50);
  } else res.writeHead(404).end();
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

describe('httpSource', () => {
  it('reads the same operators over ranges and from a host that ignores them', async () => {
    const expected = (await scanOnnxOps(bytesSource(bytes))).ops;
    expect(expected[':MatMul']).toBeGreaterThan(0);
    const ranged = await httpSource(`${base}/ranges`);
    const plain = await httpSource(`${base}/plain`);
    const chunked = await httpSource(`${base}/chunked`);
    expect(ranged?.size).toBe(bytes.length);
    expect(plain?.size).toBe(bytes.length);
    expect(chunked?.size).toBe(bytes.length);
    expect((await scanOnnxOps(chunked!)).ops).toEqual(expected);
    expect((await scanOnnxOps(ranged!)).ops).toEqual(expected);
    served = 0;
    expect((await scanOnnxOps(plain!)).ops).toEqual(expected);
    expect(served).toBe(0); // read once, at the probe
  });
  it('gives up (null) on a host that ignores ranges for a file above the limit', async () => {
    await expect(httpSource(`${base}/huge`)).resolves.toBeNull();
    await expect(httpSource(`${base}/endless`)).resolves.toBeNull();
  });
});
