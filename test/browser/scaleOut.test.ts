// docs/scale-out.md in the built app: the samples files of an lm-eval-harness output folder
// (test/fixtures/harnessFolder.ts, copied from real runs) dropped on the Task lab one after
// another; each shows the harness's own accuracies from its results JSON as the "logged scores"
// run, and one sentence for each view the log cannot give, never a blank. An item opened in the
// Scorer shows the logged log-likelihoods beside the small live model's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { APP_REMEDY, logGaps, PER_TOKEN_VIEW, perTokenGap } from '../../src/core/formats/logViews';
import { logSampleToItem, parseLogSamples } from '../../src/core/formats/logSamples';
import { makeHarnessFolder, tasksInFolder } from '../fixtures/harnessFolder';
import { baseUrl, collectErrors, launchChromium, screenshot } from './chromium';

let browser: Browser;
let out: string;

beforeAll(async () => {
  out = makeHarnessFolder();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(out, { recursive: true, force: true });
});

/** Drops files on the Task lab's drop zone, as files dragged from the folder would arrive. */
async function drop(page: Page, ...files: string[]) {
  const data = await page.evaluateHandle(
    (list) => {
      const dt = new DataTransfer();
      for (const [text, name] of list) dt.items.add(new File([text], name, { type: 'application/jsonl' }));
      return dt;
    },
    files.map((f) => [fs.readFileSync(f, 'utf8'), path.basename(f)] as const),
  );
  await page.dispatchEvent('.task-drop', 'drop', { dataTransfer: data });
}

const value = async (page: Page, testId: string) => Number(await page.getByTestId(testId).first().getAttribute('data-value'));

describe('an lm-eval-harness output folder in the Task lab', () => {
  it('each dropped samples file shows its results JSON’s accuracies, and says what the log cannot give', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectErrors(page);
    await page.goto(baseUrl() + '#/task');
    const tasks = tasksInFolder(out);
    expect(tasks.map((t) => t.task)).toEqual(['negotiationtom_belief', 'negotiationtom_desire', 'arc_easy', 'copa']);
    // The whole folder's samples files at once: the first loads, and a line says what became of the rest.
    await drop(page, ...tasks.map((t) => t.samples));
    await page.getByTestId('shown-run').filter({ hasText: `logged scores (${path.basename(tasks[0].samples)})` }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('drop-note').textContent()).toBe(
      `4 files dropped: the Task lab holds one task at a time, so it loaded ${path.basename(tasks[0].samples)}; drop the others one at a time.`,
    );
    await screenshot(page, 'scale-out-several-files');
    for (const t of tasks) {
      await drop(page, t.samples);
      await page.getByTestId('shown-run').filter({ hasText: `logged scores (${path.basename(t.samples)})` }).waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByTestId('item-count').textContent()).toBe(String(t.results.sample_len));
      expect({ task: t.task, acc: await value(page, 'acc-acc') }).toEqual({ task: t.task, acc: t.results['acc,none'] });
      if ('acc_norm,none' in t.results) expect(await value(page, 'acc-acc_norm')).toBe(t.results['acc_norm,none']);
      // The rules the log cannot decide: one sentence each, the core's, naming the missing field.
      const items = parseLogSamples(fs.readFileSync(t.samples, 'utf8')).records.map(logSampleToItem);
      const expected = logGaps(items, APP_REMEDY).filter((g) => g.view !== PER_TOKEN_VIEW).map((g) => g.sentence);
      expect(expected).toHaveLength(4);
      expect(await page.getByTestId('log-gaps').locator('li').allTextContents()).toEqual(expected);
      expect(await page.getByTestId('prior-missing').textContent()).toBe(perTokenGap(APP_REMEDY));
    }
    await page.getByTestId('log-gaps').scrollIntoViewIfNeeded();
    expect(await page.getByTestId('drop-note').count()).toBe(0);
    await screenshot(page, 'scale-out-logged-run');
    await page.getByTestId('accuracy').screenshot({ path: path.resolve('screenshots', 'scale-out-accuracy-gaps.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an item opened in the Scorer shows its logged log-likelihoods beside the live model’s', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectErrors(page);
    await page.goto(baseUrl() + '#/task');
    const copa = tasksInFolder(out).find((t) => t.task === 'copa')!;
    await drop(page, copa.samples);
    await page.getByTestId('shown-run').filter({ hasText: 'logged scores' }).waitFor({ timeout: 30_000 });
    await page.locator('details.task-items summary').click();
    const link = page.locator('details.task-items a[title="Open in Scorer"]').first();
    const id = await link.textContent();
    const first = parseLogSamples(fs.readFileSync(copa.samples, 'utf8')).records.find((r) => r.docId === id)!;
    expect(first.lls).toHaveLength(2);
    await link.click();
    await page.getByTestId('opened-item').waitFor();
    const logged = await page.locator('.opened-logged tbody tr td:nth-child(2)').allTextContents();
    expect(logged).toEqual(first.lls.map((ll) => ll.toFixed(4).replace(/^-/, '−')));
    // stories260K is not tiny-gpt2: the sentence says to compare winners, not values.
    await expect
      .poll(() => page.getByTestId('logged-verdict').textContent(), { timeout: 120_000 })
      .toMatch(/^Logged with another model or setting: the live scores differ from the logged ones by up to \d+\.\d\d nats/);
    await screenshot(page, 'scale-out-opened-item');
    expect(errors).toEqual([]);
    await page.close();
  });
});
