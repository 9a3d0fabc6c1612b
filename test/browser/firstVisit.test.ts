// The first visit: the default item's scores are on screen, labelled as computed ahead of time,
// before any request for the model has completed (the model's files are held back here until the
// check is done); then the live scores replace them, equal within float32 error. Screenshots at
// 1,280 px light and 390 px dark, before and after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Route } from 'playwright-core';
import { chromium } from 'playwright-core';
import { baseUrl, CHROMIUM_PATH, collectErrors, launchChromium, screenshot } from './chromium';
import { FIRST_VISIT } from '../../src/ui/scorer/firstVisit';
import { workspaceHash } from '../../src/state/urlState';
import { defaultWorkspace } from '../../src/state/workspace';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const sums = () =>
  Array.from(document.querySelectorAll('[data-testid=score-table] td[data-col=sum_logprob][data-value]')).map((td) => Number((td as HTMLElement).dataset.value));

describe('the first visit', () => {
  for (const [width, scheme] of [[1280, 'light'], [390, 'dark']] as const) {
    it(`shows the default item's scores before the model has loaded, then the live ones (${width} px, ${scheme})`, async () => {
      const ctx = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
      const page = await ctx.newPage();
      const errors = collectErrors(page);
      // Hold every model file until the early scores have been checked.
      const held: Route[] = [];
      let release = false;
      await page.route(/\/models\//, (route) => (release ? route.continue() : void held.push(route)));
      // A normal load asks for nothing that is not there (no 404 in the console).
      const missing: string[] = [];
      page.on('response', (r) => {
        if (r.status() >= 400) missing.push(`${r.status()} ${r.url()}`);
      });
      const completed: string[] = [];
      page.on('requestfinished', (r) => {
        if (/\/models\//.test(r.url())) completed.push(r.url());
      });
      await page.goto(baseUrl() + '/');
      const early = page.locator('[data-origin=first-visit] [data-testid=score-table] td.win').first();
      await early.waitFor({ timeout: 30_000 });
      const shownAfterMs = await page.evaluate(() => performance.now());
      console.log(`first visit (${width} px): the early table on screen ${shownAfterMs.toFixed(0)} ms after navigation`);
      expect(completed).toEqual([]);
      await expect(page.getByTestId('first-visit-note').textContent()).resolves.toContain(`computed when this page was built, on ${FIRST_VISIT.model} (${FIRST_VISIT.dtype})`);
      // The numbers are the build-time ones, the winners those the build-time result names.
      const earlySums = await page.evaluate(sums);
      expect(earlySums).toEqual(FIRST_VISIT.result.candidates.map((c) => c.sum_logprob));
      const winnerRow = await page.$$eval('[data-testid=score-table] tbody tr', (trs) => trs.findIndex((tr) => tr.querySelector('td.win[data-col=sum_logprob]')));
      expect(winnerRow).toBe(FIRST_VISIT.result.winners.acc);
      await screenshot(page, `first-visit-${width}-${scheme}-early`);

      // Let the model through: the live scores replace the early ones, and the note goes.
      release = true;
      for (const r of held.splice(0)) await r.continue();
      await page.locator('[data-origin=live] [data-testid=score-table] td.win').first().waitFor({ timeout: 120_000 });
      await page.locator('.table-scroll:not(.stale) [data-testid=score-table] td[data-col=pmi][data-value]').first().waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('first-visit-note').count()).toBe(0);
      const liveSums = await page.evaluate(sums);
      liveSums.forEach((v, i) => expect(Math.abs(v - earlySums[i]), `candidate ${i}`).toBeLessThan(1e-4));
      await screenshot(page, `first-visit-${width}-${scheme}-live`);
      expect(missing).toEqual([]);
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }

  it('shows the candidates above the fold at 1,280 × 800', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // The model is not needed for the layout: its files are held back.
    await page.route(/\/models\//, () => undefined);
    await page.goto(baseUrl() + '/');
    await page.locator('[data-origin=first-visit] [data-testid=score-table] td.win').first().waitFor({ timeout: 30_000 });
    // Auto's line without WebGPU is on screen: the panel is at its full height for this browser.
    await page.getByTestId('auto-reason').waitFor();
    const box = await page.getByTestId('candidate-0').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThan(800);
    await page.close();
  });

  it('another item while the model loads: the results say the scores are coming, not to load a model', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.route(/\/models\//, () => undefined);
    await page.goto(`${baseUrl()}/${workspaceHash({ ...defaultWorkspace(), context: 'The cat sat on the', candidates: [' mat.', ' hat.'], gold: null })}`);
    const load = page.getByTestId('load-model').first();
    await load.or(page.getByTestId('cancel-load')).first().waitFor({ timeout: 30_000 });
    if (await load.isVisible()) await load.click();
    // The model's files are held back: the load stays in flight.
    await page.getByTestId('cancel-load').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('results-placeholder').textContent()).resolves.toBe('The scores appear once the model has loaded.');
    await page.close();
  });

  it('ships each ONNX Runtime wasm once (in ort/, where the engine loads it): the WebGPU build and the CPU-only one', () => {
    const dist = path.resolve('dist');
    expect(fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.wasm'))).toEqual([]);
    expect(fs.readdirSync(path.join(dist, 'ort')).filter((f) => f.endsWith('.wasm')).sort()).toEqual(['ort-wasm-simd-threaded.asyncify.wasm', 'ort-wasm-simd-threaded.wasm']);
  });

  it('a browser without WebGPU loads ONNX Runtime\'s CPU-only build, and scores the same', async () => {
    // This browser without the WebGPU flags: no adapter.
    const plain = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox'] });
    try {
      const page = await plain.newPage({ viewport: { width: 1280, height: 900 } });
      const bytes = new Map<string, number>();
      page.on('requestfinished', (r) => {
        void r
          .sizes()
          .then((z) => bytes.set(new URL(r.url()).pathname, z.responseBodySize))
          .catch(() => undefined);
      });
      await page.goto(baseUrl() + '/');
      await page.locator('[data-origin=live] [data-testid=score-table] td.win').first().waitFor({ timeout: 120_000 });
      await page.locator('.table-scroll:not(.stale) [data-testid=score-table] td[data-col=pmi][data-value]').first().waitFor({ timeout: 60_000 });
      // The sizes arrive asynchronously: wait for the runtime's wasm to be counted.
      await expect.poll(() => [...bytes.keys()].some((p) => p.includes('/ort/') && p.endsWith('.wasm')), { timeout: 30_000 }).toBe(true);
      const ort = [...bytes].filter(([p]) => p.includes('/ort/'));
      const total = [...bytes.values()].reduce((a, b) => a + b, 0);
      console.log(`WASM first visit: ${(total / 1e6).toFixed(1)} MB in ${bytes.size} responses; ONNX Runtime: ${ort.map(([p, n]) => `${p.split('/').pop()} ${n}`).join(', ')}`);
      expect(ort.map(([p]) => p.split('/').pop()).sort()).toEqual(['ort-wasm-simd-threaded.mjs', 'ort-wasm-simd-threaded.wasm']);
      // The live scores on the CPU-only build are the build-time ones, within float32 error.
      const live = await page.evaluate(sums);
      live.forEach((v, i) => expect(Math.abs(v - FIRST_VISIT.result.candidates[i].sum_logprob)).toBeLessThan(1e-4));
    } finally {
      await plain.close();
    }
  }, 180_000);
});
