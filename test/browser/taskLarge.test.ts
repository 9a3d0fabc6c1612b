// Issue 41 item 15: a Task lab file of 150,000 items loads and shows its summary (the gold-length
// range once overflowed the call stack, a blank page that the saved task brought back on every
// visit), and a reload shows the saved task again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { baseUrl, collectErrors, launchChromium, screenshot } from './chromium';

const N = 150_000;
const dir = mkdtempSync(path.join(tmpdir(), 'lengthlens-task-large-'));
const FILE = path.join(dir, 'large.jsonl');
const lines: string[] = [];
// Gold answers 1 to 7 bytes long: the summary says 1–7.
for (let i = 0; i < N; i++) lines.push(JSON.stringify({ id: `q${i}`, context: `Q${i}`, choices: ['a'.repeat(1 + (i % 7)), 'bb'], label: 0 }));
writeFileSync(FILE, lines.join('\n') + '\n');

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('Task lab: a very large items file', () => {
  it(`${N.toLocaleString('en')} items load, show their summary, and come back after a reload`, async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.goto(baseUrl() + '#/task');
    await page.getByTestId('items-file').setInputFiles(FILE);
    await expect.poll(() => page.getByTestId('item-count').textContent(), { timeout: 120_000 }).toBe(String(N));
    expect(await page.getByTestId('task-summary').textContent()).toContain('gold answers 1–7 bytes');
    await screenshot(page, 'task-large');
    await page.reload();
    await expect.poll(() => page.getByTestId('item-count').textContent(), { timeout: 120_000 }).toBe(String(N));
    expect(errors).toEqual([]);
    await ctx.close();
  }, 300_000);
});
