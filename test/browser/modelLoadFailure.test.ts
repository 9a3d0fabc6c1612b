// A hub model that cannot be fetched (this machine has no network, as a user offline has none):
// the model panel says the hub's file listing failed, a load attempt on WebGPU fails without being
// retried on WASM, and the model loaded before keeps scoring.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, collectErrors, launchChromium, screenshot } from './chromium';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('a failed hub load keeps the loaded model', () => {
  it('offline: listing and load fail with clear messages, stories260K keeps scoring', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await ctx.addInitScript(() => {
      if (!localStorage.getItem('lengthlens.scorer.workspace.v1'))
        localStorage.setItem(
          'lengthlens.scorer.workspace.v1',
          JSON.stringify({ v: 1, model: { kind: 'served', name: 'stories260K' }, dtype: 'fp32', device: 'wasm', context: 'Lily went to the park. She saw a big', candidates: [' dog.', ' red ball.', ''], gold: null, boundaryPolicy: 'whole', unconditionalContext: '', chatTemplate: false, units: 'bits' }),
        );
    });
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.goto(baseUrl() + '/');
    await page.getByTestId('model-status').filter({ hasText: 'stories260K' }).waitFor({ timeout: 60_000 });
    const firstRow = page.locator('[data-testid=score-table] tbody tr').first();
    await firstRow.waitFor({ timeout: 60_000 });

    // The builder-style export is on the curated list; what it ships comes from the hub, which is unreachable here.
    await page.getByLabel('Hub: curated').check();
    await page.getByLabel('Hub model').selectOption('onnx-community/Llama-3.2-1B-Instruct-ONNX');
    await page.getByText("The hub's file listing failed").waitFor({ timeout: 60_000 });
    await page.getByLabel('Device').selectOption('webgpu');
    await page.getByTestId('load-model').click();
    const failed = page.getByTestId('load-failed');
    await failed.waitFor({ timeout: 120_000 });
    const message = (await failed.textContent()) ?? '';
    expect(message).toMatch(/Llama-3\.2-1B-Instruct-ONNX/);
    expect(message).toMatch(/stories260K is still loaded/);
    // A network failure is not the device's fault: no retry on WASM.
    expect(message).not.toMatch(/on WASM too/);
    await expect.poll(() => page.getByTestId('model-status').textContent()).toMatch(/Loaded stories260K/);
    await screenshot(page, 'model-load-failed-offline');

    // The previous model still scores: a new candidate gets a row with numbers.
    await page.getByTestId('candidate-2').fill(' cat that was sleeping.');
    const row = page.locator('[data-testid=score-table] tbody tr[data-candidate="2"] td[data-col=sum_logprob]');
    await row.waitFor({ timeout: 60_000 });
    expect(Number(await row.getAttribute('data-value'))).toBeLessThan(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
