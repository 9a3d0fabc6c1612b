// The engine in the built app, inside its Worker, on WASM and on WebGPU: same numbers as Node.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { baseUrl, collectErrors, launchChromium, screenshot } from './chromium';
import { createNodeEngine } from '../../src/engine/node';
import { DEFAULT_SCORE_OPTIONS, type ItemScore } from '../../src/core/scoring/types';
import { MODELS_DIR } from '../models';

const CONTEXT = 'Lily went to the park. She saw a big';
const CANDIDATES = [' dog.', ' red ball.', ' dog that was barking at the birds in the tree.'];

let browser: Browser;
let node: ItemScore;
beforeAll(async () => {
  browser = await launchChromium();
  const engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'stories260K') }, 'fp32');
  node = await engine.score({ context: CONTEXT, candidates: CANDIDATES, options: DEFAULT_SCORE_OPTIONS });
});
afterAll(async () => {
  await browser?.close();
});

interface DiagResult {
  status: string;
  item?: ItemScore;
  probe?: { absDiff: number; ok: boolean };
  error?: string;
}

async function diagnose(device: 'wasm' | 'webgpu', probe = false): Promise<DiagResult> {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  const q = new URLSearchParams({ model: 'stories260K', device, dtype: 'fp32', context: CONTEXT, ...(probe ? { probe: '1' } : {}) });
  for (const c of CANDIDATES) q.append('candidate', c);
  await page.goto(`${baseUrl()}/diagnostics.html?${q}`);
  await page.getByTestId('status').filter({ hasNotText: 'running' }).waitFor({ timeout: 180_000 });
  const result = JSON.parse((await page.getByTestId('result').textContent()) ?? '{}') as DiagResult;
  await screenshot(page, `diagnostics-${device}`);
  expect(errors).toEqual([]);
  await page.close();
  return result;
}

function expectSameScores(browserItem: ItemScore | undefined) {
  expect(browserItem).toBeDefined();
  browserItem!.candidates.forEach((c, i) => {
    const n = node.candidates[i];
    expect(c.tokens.map((t) => t.id)).toEqual(n.tokens.map((t) => t.id));
    expect(c.tokens.map((t) => t.bytes)).toEqual(n.tokens.map((t) => t.bytes));
    c.tokens.forEach((t, j) => expect(Math.abs(t.logprob - n.tokens[j].logprob)).toBeLessThan(1e-3));
    expect(Math.abs(c.sum_logprob - n.sum_logprob)).toBeLessThan(1e-3);
    // PMI is the difference of two sums over ~20 tokens each, so per-token float32 error adds up.
    expect(Math.abs(c.pmi - n.pmi)).toBeLessThan(3e-3);
  });
  expect(browserItem!.winners).toEqual(node.winners);
}

describe('engine in the browser Worker', () => {
  it('WASM matches Node to 1e-3', async () => {
    const r = await diagnose('wasm');
    expect(r.error).toBeUndefined();
    expectSameScores(r.item);
  });

  it('WebGPU matches Node to 1e-3 and passes the WASM probe check', async () => {
    const r = await diagnose('webgpu', true);
    expect(r.error).toBeUndefined();
    expectSameScores(r.item);
    expect(r.probe?.ok).toBe(true);
    expect(r.probe!.absDiff).toBeLessThan(0.01);
  });
});
