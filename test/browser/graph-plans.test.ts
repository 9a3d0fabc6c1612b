// Export styles in the browser Worker: the engine reads each served graph's operators (HTTP range
// requests), picks its exact plan, and scores what Node scores on the plain twin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { baseUrl, collectErrors, launchChromium, screenshot } from './chromium';
import { createNodeEngine } from '../../src/engine/node';
import { DEFAULT_SCORE_OPTIONS, type ItemScore } from '../../src/core/scoring/types';
import type { ScoringPlan } from '../../src/engine/plan';
import { MODELS_DIR } from '../paths';
import { nodeQ8AsWasm } from './nativeQ8';

// A context long enough that GroupQueryAttention scores its candidates one per pass on its cache,
// while PMI (after BOS alone) runs whole sequences: both exact plans run.
const CONTEXT = 'Once upon a time, there was a little girl named Lily. She loved to play outside in the park with her friends and';
const CANDIDATES = [' her dog.', ' a big red ball that her mom gave her.', ' Tom', ' the cat who liked to sleep all day.'];

let browser: Browser;
const node: Record<string, ItemScore> = {};
beforeAll(async () => {
  browser = await launchChromium();
  for (const [name, dtype] of [['tiny-llama-plain', 'fp32'], ['stories260K', 'q8']] as const) {
    const engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, name) }, dtype);
    node[`${name}-${dtype}`] = await engine.score({ context: CONTEXT, candidates: CANDIDATES, options: DEFAULT_SCORE_OPTIONS });
    await engine.unload();
  }
});
afterAll(async () => {
  await browser?.close();
});

interface DiagResult {
  status: string;
  plan?: ScoringPlan;
  item?: ItemScore;
  error?: string;
}

async function diagnose(model: string, device: 'wasm' | 'webgpu', dtype: string, candidates = CANDIDATES): Promise<DiagResult> {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  const q = new URLSearchParams({ model, device, dtype, context: CONTEXT });
  for (const c of candidates) q.append('candidate', c);
  await page.goto(`${baseUrl()}/diagnostics.html?${q}`);
  await page.getByTestId('status').filter({ hasNotText: 'running' }).waitFor({ timeout: 240_000 });
  const result = JSON.parse((await page.getByTestId('result').textContent()) ?? '{}') as DiagResult;
  await screenshot(page, `plan-${model}-${device}-${dtype}`);
  expect(errors).toEqual([]);
  await page.close();
  return result;
}

function maxDeviation(got: ItemScore, ref: ItemScore, pick: (k: number) => number = (k) => k): { token: number; pmi: number } {
  let token = 0;
  let pmi = 0;
  got.candidates.forEach((c, k) => {
    const r = ref.candidates[pick(k)];
    expect(c.tokens.map((t) => t.id)).toEqual(r.tokens.map((t) => t.id));
    c.tokens.forEach((t, j) => (token = Math.max(token, Math.abs(t.logprob - r.tokens[j].logprob))));
    pmi = Math.max(pmi, Math.abs(c.pmi - r.pmi));
  });
  return { token, pmi };
}

describe('export styles in the browser Worker', () => {
  for (const model of ['tiny-llama-gqa', 'tiny-llama-gqa-pos', 'tiny-llama-plain']) {
    it(`${model} on WASM: plan from its operators, scores equal Node's plain twin to 1e-4 per token`, async () => {
      const r = await diagnose(model, 'wasm', 'fp32');
      expect(r.error).toBeUndefined();
      expect(r.plan).toMatchObject(model === 'tiny-llama-plain' ? { style: 'plain', plan: 'shared-cache' } : { style: 'gqa', plan: 'gqa-exact' });
      const d = maxDeviation(r.item!, node['tiny-llama-plain-fp32']);
      console.log(`${model} chromium-wasm: max |Δ token log-prob| ${d.token.toExponential(2)}, max |Δ PMI| ${d.pmi.toExponential(2)}`);
      expect(d.token).toBeLessThan(1e-4);
      expect(d.pmi).toBeLessThan(1e-3);
    });
  }

  for (const model of ['tiny-llama-gqa', 'tiny-llama-gqa-pos']) {
    it(`${model} on WebGPU (ONNX Runtime Web has GroupQueryAttention there): the plain twin’s scores, software-adapter tolerance`, async () => {
      const r = await diagnose(model, 'webgpu', 'fp32');
      expect(r.error).toBeUndefined();
      expect(r.plan).toMatchObject({ style: 'gqa', plan: 'gqa-exact' });
      const d = maxDeviation(r.item!, node['tiny-llama-plain-fp32']);
      console.log(`${model} chromium-webgpu: max |Δ token log-prob| ${d.token.toExponential(2)}, max |Δ PMI| ${d.pmi.toExponential(2)}`);
      expect(d.token).toBeLessThan(5e-3);
    });
  }

  it('stories260K q8 on WASM: isolated plan; a candidate scores the same alone, in another order and with others', async () => {
    const r = await diagnose('stories260K', 'wasm', 'q8');
    expect(r.plan).toMatchObject({ style: 'dynamic-quant', plan: 'isolated' });
    const reversed = await diagnose('stories260K', 'wasm', 'q8', [...CANDIDATES].reverse());
    const n = CANDIDATES.length;
    expect(maxDeviation(reversed.item!, r.item!, (k) => n - 1 - k).token).toBeLessThanOrEqual(1e-6);
    const alone = await diagnose('stories260K', 'wasm', 'q8', [CANDIDATES[1]]);
    expect(maxDeviation(alone.item!, r.item!, () => 1).token).toBeLessThanOrEqual(1e-6);
    const native = await nodeQ8AsWasm();
    if (!native.same) {
      // Only the checks above (the browser against itself): see nativeQ8.ts.
      console.log(`stories260K q8: Node's native int8 kernels differ from WebAssembly's on this CPU (probe ${native.nats.toFixed(4)} nats, published −5.9105); not compared with Node`);
      return;
    }
    const d = maxDeviation(r.item!, node['stories260K-q8']);
    console.log(`stories260K q8 chromium-wasm vs node: max |Δ token log-prob| ${d.token.toExponential(2)}`);
    expect(d.token).toBeLessThan(1e-3);
  });

  it('the Scorer does not score a GroupQueryAttention graph on WebGPU (known wrong past ~30 tokens): it loads on WASM and says why', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await ctx.addInitScript(() => {
      localStorage.setItem(
        'lengthlens.scorer.workspace.v1',
        JSON.stringify({ v: 1, model: { kind: 'served', name: 'tiny-llama-gqa' }, dtype: 'fp32', device: 'webgpu', context: 'Once upon a time, there was a little girl named', candidates: [' Lily.', ' Tom and his big red dog.'], gold: null, boundaryPolicy: 'whole', unconditionalContext: '', chatTemplate: false, units: 'bits' }),
      );
    });
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.goto(baseUrl() + '/');
    await page.getByTestId('model-status').filter({ hasText: 'tiny-llama-gqa' }).waitFor({ timeout: 180_000 });
    const note = page.locator('.warning', { hasText: 'GroupQueryAttention' });
    await note.waitFor({ timeout: 60_000 });
    await expect(note.textContent()).resolves.toMatch(/GroupQueryAttention on WebGPU gives wrong log-probs.*runs on WASM/);
    await expect(page.getByTestId('model-status').textContent()).resolves.toMatch(/wasm/i);
    await screenshot(page, 'scorer-gqa-webgpu-refused');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('the Scorer’s model panel says which plan the loaded graph gets', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await ctx.addInitScript(() => {
      localStorage.setItem(
        'lengthlens.scorer.workspace.v1',
        JSON.stringify({ v: 1, model: { kind: 'served', name: 'tiny-llama-gqa' }, dtype: 'fp32', device: 'wasm', context: 'Once upon a time, there was a little girl named', candidates: [' Lily.', ' Tom and his big red dog.', ' Sue'], gold: null, boundaryPolicy: 'whole', unconditionalContext: '', chatTemplate: false, units: 'bits' }),
      );
    });
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.goto(baseUrl() + '/');
    await page.getByTestId('model-status').filter({ hasText: 'tiny-llama-gqa' }).waitFor({ timeout: 120_000 });
    await expect(page.getByTestId('model-plan').locator('summary').textContent()).resolves.toBe('Scoring plan: gqa-exact (gqa graph)');
    await page.getByTestId('model-plan').locator('summary').click();
    await expect(page.getByTestId('model-plan').textContent()).resolves.toMatch(/GroupQueryAttention places new tokens/);
    // The pass cost the plan chooses by: fixed, so that the numbers repeat to the last digit.
    await expect(page.getByTestId('model-pass-cost').textContent()).resolves.toBe('A pass is counted as 16 tokens on every load, so the numbers repeat to the last digit; it sets how passes are batched, never a score.');
    await page.waitForTimeout(1500);
    await screenshot(page, 'scorer-plan-tiny-llama-gqa');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
