// Export styles in Chromium on WASM: the built app's engine (in its Worker, on a folder picked
// from disk) equals the Node ground truth (one unpadded forward per candidate on the plain-op
// twin) to the fp32 tolerance, for items with mixed lengths, PMI, a boundary merge and an empty
// context.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, collectErrors, launchChromium } from './chromium';
import { createNodeEngine } from '../../src/engine/node';
import type { LoadedModel } from '../../src/engine/model';
import { DEFAULT_SCORE_OPTIONS, type ItemScore } from '../../src/core/scoring/types';
import { ensureExportStyleModels, exportStyle, exportStyleFolder } from '../fixtures/exportStyles';
import { ITEMS, compareItem, type Deviation } from '../fixtures/groundTruth';

/**
 * A builder-style GroupQueryAttention graph, MultiHeadAttention, and GPT-2 (Qwen3's and Gemma's
 * large tokenizers take far longer to load in a page). LENGTHLENS_EXPORT_STYLES and
 * LENGTHLENS_EXPORT_STYLE_DEVICES (e.g. "wasm,webgpu") widen the run for the docs' table.
 */
const STYLES = (process.env.LENGTHLENS_EXPORT_STYLES ?? 'llama-gqa,llama-mha,gpt2').split(',');
const DEVICES = (process.env.LENGTHLENS_EXPORT_STYLE_DEVICES ?? 'wasm').split(',') as ('wasm' | 'webgpu')[];
/** WebGPU here is a software adapter (SwiftShader) whose fp32 kernels differ from the CPU's by up to a few 1e-3 nats (see engine.test.ts). */
const WEBGPU_TOLERANCE = 5e-3;

let browser: Browser;
beforeAll(async () => {
  ensureExportStyleModels();
  browser = await launchChromium();
}, 300_000);
afterAll(async () => {
  await browser?.close();
});

interface DiagResult {
  status: string;
  item?: ItemScore;
  error?: string;
}

async function scoreInBrowser(folder: string, device: string, dtype: string, item: { context: string; candidates: string[] }): Promise<DiagResult> {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  const q = new URLSearchParams({ source: 'folder', device, dtype, context: item.context });
  for (const c of item.candidates) q.append('candidate', c);
  await page.goto(`${baseUrl()}/diagnostics.html?${q}`);
  await page.locator('#folder').setInputFiles(folder);
  await page.getByTestId('status').filter({ hasNotText: 'running' }).waitFor({ timeout: 180_000 });
  const r = JSON.parse((await page.getByTestId('result').textContent()) ?? '{}') as DiagResult;
  expect(errors).toEqual([]);
  await page.close();
  return r;
}

describe('export styles in Chromium equal the ground truth', () => {
  for (const name of STYLES) {
    for (const device of DEVICES) {
      it(`${name} on ${device}`, async () => {
        const style = exportStyle(name);
        const truthStyle = exportStyle(style.truth);
        const truth: LoadedModel = (await createNodeEngine({ kind: 'path', path: exportStyleFolder(truthStyle.name) }, truthStyle.dtype, { cpuThreads: 1 })).current()!;
        const dev: Deviation = { max: 0, tokens: 0 };
        const perItem: string[] = [];
        for (const item of ITEMS.slice(0, 3)) {
          const r = await scoreInBrowser(exportStyleFolder(name), device, style.dtype, item);
          expect(r.error).toBeUndefined();
          const one: Deviation = { max: 0, tokens: 0 };
          await compareItem(truth, item, r.item!, DEFAULT_SCORE_OPTIONS, one, style.dynamicQuant ? ['whole', 'split'] : ['whole']);
          perItem.push(one.max.toExponential(2));
          dev.max = Math.max(dev.max, one.max);
          dev.tokens += one.tokens;
        }
        console.log(`[export-styles ${device}] ${name} max |Δ| ${dev.max.toExponential(2)} over ${dev.tokens} tokens (per item ${perItem.join(', ')})`);
        expect(dev.max).toBeLessThan(device === 'webgpu' ? Math.max(style.tolerance, WEBGPU_TOLERANCE) : style.tolerance);
      });
    }
  }
});
