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

describe('app shell', () => {
  it('renders the four rooms and has a WebGPU adapter', async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.goto(baseUrl() + '/');
    const links = await page.getByRole('navigation', { name: 'Rooms' }).getByRole('link').allTextContents();
    expect(links).toEqual(['Scorer', 'Task lab', 'Judge lab', 'Lessons']);
    const adapter = await page.evaluate(async () => {
      const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
      return gpu ? (await gpu.requestAdapter()) !== null : false;
    });
    expect(adapter).toBe(true);
    const missing = await page.evaluate(async () => (await fetch('models/stories260K/nope.json')).status);
    expect(missing).toBe(404);
    const ort = await page.evaluate(async () => (await fetch('ort/ort-wasm-simd-threaded.asyncify.mjs', { method: 'HEAD' })).status);
    expect(ort).toBe(200);
    await screenshot(page, 'shell');
    expect(errors).toEqual([]);
    await page.close();
  });
});
