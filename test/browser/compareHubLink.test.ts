// A share link whose "Compare with…" model is a hub id downloads nothing, and asks the hub
// nothing, until the user presses "Load beside" (SPEC §7): every request the page and its Worker
// make is counted. The first model (stories260K, served by the app) loads and scores as usual.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, collectErrors, launchChromium, screenshot } from './chromium';
import { workspaceHash } from '../../src/state/urlState';
import { defaultWorkspace } from '../../src/state/workspace';

const HUB_ID = 'some-org/some-model-ONNX';
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('Scorer: a link that compares with a hub model', () => {
  it('asks the hub nothing until Load beside is pressed', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const hub: string[] = [];
    // This machine has no network: the hub's answers are refused here, and each request counted.
    await ctx.route(/huggingface\.co/, (route) => {
      hub.push(route.request().url());
      return route.abort();
    });
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    const ws = { ...defaultWorkspace(), device: 'wasm' as const, context: 'Once upon a time', candidates: [' there', ' a'], gold: null, compare: { model: { kind: 'hub' as const, id: HUB_ID }, dtype: 'q4' as const, device: 'wasm' as const } };
    await page.goto(`${baseUrl()}/${workspaceHash(ws)}`);
    await page.getByTestId('model-status').filter({ hasText: 'WASM' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('score-table').waitFor({ timeout: 60_000 });
    // Time for the comparison's effect to have run (it ran at once on the first model's ready before).
    await page.waitForTimeout(2_000);
    expect(hub).toEqual([]);
    const status = page.getByTestId('compare-status');
    expect(await status.getAttribute('data-status')).toBe('none');
    expect(await status.textContent()).toBe(`This view compares with ${HUB_ID} q4 from the Hugging Face hub: press Load beside to download it. The first model stays loaded.`);
    expect(await page.getByTestId('compare-model').inputValue()).toBe(HUB_ID);
    await page.getByTestId('model-compare').scrollIntoViewIfNeeded();
    await screenshot(page, 'compare-hub-link-waits');

    // The click: now the hub is asked (and, with no network here, the load fails with a message).
    await page.getByTestId('compare-load').click();
    await page.locator('[data-testid=compare-status][data-status=error]').waitFor({ timeout: 60_000 });
    expect(hub.length).toBeGreaterThan(0);
    expect(hub.every((u) => u.includes(HUB_ID))).toBe(true);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
