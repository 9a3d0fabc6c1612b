// wllama (llama.cpp in WebAssembly, in headless Chromium) against lengthlens's float32 log-probs of
// the same benchmark item, fed the same token ids, on a GGUF file written from the same ONNX
// weights: the browser peer of test/engine/bench-peers.test.ts, with the same 1e-4 float32 bound
// (measured when written: 8.3e-6; dropping the kvRemove after each choice gives 3.3, a 0.1% error in
// each probability 1.0e-3).
// wllama 2.4.0 is installed on demand into peers/ (scripts/install-peers.mjs); where it is not
// there, the test skips, saying so (installing it from a browser test would hide a slow step).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium';
import { createNodeEngine } from '../../src/engine/node';
import { benchItemsFor } from '../../src/engine/bench/run';
import { HELLASWAG_SHAPE } from '../../src/engine/bench/items';
import { ensureGguf, peerInputs } from '../../src/engine/bench/peers';
import { runWllamaPeer, wllamaMissing } from '../../scripts/wllama-peer';
import { MODELS_DIR } from '../paths';

const F32_BOUND = 1e-4;
const missing = wllamaMissing();
let browser: Browser;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lengthlens-wllama-'));
  if (missing) console.warn(`skipped: ${missing}`);
  else browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** One benchmark item of stories260K: lengthlens's fp32 log-probs of it, and the model's F32 GGUF. */
async function oneItemInputs() {
  const modelDir = path.join(MODELS_DIR, 'stories260K');
  const engine = await createNodeEngine({ kind: 'path', path: modelDir }, 'fp32');
  const m = engine.current()!;
  const inp = await peerInputs(m, benchItemsFor(m, { ...HELLASWAG_SHAPE, items: 1 }), 1);
  await engine.unload();
  return { inp, gguf: ensureGguf(modelDir, 'f32', dir) };
}

describe('wllama and lengthlens agree at fp32 (stories260K)', () => {
  it('every scored token of one benchmark item, the kv way, within 1e-4 nats', async (ctx) => {
    if (missing) return ctx.skip();
    const { inp, gguf } = await oneItemInputs();
    const [kv] = await runWllamaPeer(browser, { ...inp, gguf }, { rounds: 1, chunk: 1, appItemsPerS: 1, against: 'lengthlens node fp32' });
    expect(kv.peer).toBe('wllama-kv');
    expect(kv.max_abs_logprob_diff).toBeLessThanOrEqual(F32_BOUND);
    expect(kv.items_per_s).toBeGreaterThan(0);
  });

  it('on two threads (the multi-thread build, on a cross-origin isolated page): the same bound, and wllama reports two threads', async (ctx) => {
    if (missing) return ctx.skip();
    const { inp, gguf } = await oneItemInputs();
    const [kv] = await runWllamaPeer(browser, { ...inp, gguf }, { rounds: 1, chunk: 1, appItemsPerS: 1, against: 'lengthlens node fp32', threads: 2 });
    expect(kv.threads).toBe(2);
    expect(kv.environment).toMatch(/multi-thread build, 2 threads/);
    expect(kv.max_abs_logprob_diff).toBeLessThanOrEqual(F32_BOUND);
  });
});
