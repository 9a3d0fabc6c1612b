// Issue 41 item 15, the second half: a saved task that the Task lab cannot draw (here a stored item
// whose choices are not a list, as a task past a view's limits once was) must not blank the page on
// this visit nor, because it was saved, on every later one: the lab drops it, says why, and the next
// visit opens empty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { baseUrl, launchChromium, screenshot } from './chromium';

const dir = mkdtempSync(path.join(tmpdir(), 'lengthlens-task-unshowable-'));
const FILE = path.join(dir, 'small.jsonl');
writeFileSync(FILE, [0, 1, 2].map((i) => JSON.stringify({ id: `q${i}`, context: `Q${i}`, choices: ['a', 'bb'], label: 0 })).join('\n') + '\n');

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Breaks the saved current task in the lab's IndexedDB: every item's choices become null. */
async function breakSavedTask(): Promise<void> {
  const req = indexedDB.open('lengthlens-task-lab');
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const tx = db.transaction(['tasks', 'meta'], 'readwrite');
  const key = await new Promise<IDBValidKey>((resolve) => {
    const r = tx.objectStore('meta').get('currentTask');
    r.onsuccess = () => resolve(r.result as IDBValidKey);
  });
  const task = await new Promise<{ set: { items: { choices: unknown }[] } }>((resolve) => {
    const r = tx.objectStore('tasks').get(key);
    r.onsuccess = () => resolve(r.result as { set: { items: { choices: unknown }[] } });
  });
  for (const it of task.set.items) it.choices = null;
  tx.objectStore('tasks').put(task);
  await new Promise<void>((resolve) => (tx.oncomplete = () => resolve()));
  db.close();
}

describe('Task lab: a saved task it cannot show', () => {
  it('is dropped with a sentence that says so, and the next visit opens on an empty lab', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(baseUrl() + '#/task');
    await page.getByTestId('items-file').setInputFiles(FILE);
    await expect.poll(() => page.getByTestId('item-count').textContent(), { timeout: 60_000 }).toBe('3');
    await page.evaluate(breakSavedTask);
    await page.reload();
    const notice = page.getByRole('status').filter({ hasText: 'could not be shown' });
    await notice.waitFor({ timeout: 60_000 });
    expect(await notice.textContent()).toMatch(/^small\.jsonl could not be shown \(.+\), so it was not kept: load a smaller file or another one\.$/);
    // The lab still works: its heading and the file input are there.
    expect(await page.getByRole('heading', { name: 'Task lab' }).count()).toBe(1);
    expect(await page.getByTestId('items-file').count()).toBe(1);
    await screenshot(page, 'task-unshowable');
    await page.reload();
    await page.getByTestId('items-file').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.evaluate(() => document.querySelector('.task-lab')?.getAttribute('data-restore')), { timeout: 60_000 }).toBe('done');
    expect(await page.getByText('could not be shown').count()).toBe(0);
    expect(await page.getByTestId('item-count').count()).toBe(0);
    await ctx.close();
  }, 300_000);
});
