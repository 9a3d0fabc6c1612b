// One model session for the whole app: the Scorer, the Task lab and a Lesson use the same engine
// Worker and the same loaded model (one load id shown in each room), on WASM and on WebGPU. A page
// init script counts every engine Worker the page constructs. A model chosen in the Task lab then
// replaces it for every room; a batch stops when another room loads a model; cancel still works.
// Screenshots of each room with the model loaded go to screenshots/session/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, collectErrors, launchChromium, screenshot } from './chromium';
import { LESSONS } from '../../src/ui/lessons/content';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** A page whose Scorer starts with stories260K fp32 on `device`, counting the engine Workers it constructs. */
async function openScorer(device: 'wasm' | 'webgpu'): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await ctx.addInitScript((dev) => {
    const Native = window.Worker;
    const names: string[] = [];
    (window as unknown as { engineWorkers: string[] }).engineWorkers = names;
    window.Worker = class extends Native {
      constructor(url: string | URL, opts?: WorkerOptions) {
        super(url, opts);
        names.push(opts?.name ?? String(url));
      }
    };
    if (!localStorage.getItem('lengthlens.scorer.workspace.v1'))
      localStorage.setItem(
        'lengthlens.scorer.workspace.v1',
        JSON.stringify({ v: 1, model: { kind: 'served', name: 'stories260K' }, dtype: 'fp32', device: dev, context: 'Lily went to the park. She saw a big', candidates: [' dog.', ' red ball.'], gold: null, boundaryPolicy: 'whole', unconditionalContext: '', chatTemplate: false, units: 'bits' }),
      );
  }, device);
  const page = await ctx.newPage();
  await page.goto(baseUrl() + '/');
  return page;
}

const engineWorkers = (page: Page) => page.evaluate(() => (window as unknown as { engineWorkers: string[] }).engineWorkers.filter((n) => n === 'lengthlens-engine').length);

async function scorerLoadId(page: Page, text: RegExp): Promise<string> {
  const status = page.getByTestId('model-status');
  await status.filter({ hasText: text }).waitFor({ timeout: 120_000 });
  return (await status.getAttribute('data-load-id'))!;
}

/** The Scorer's table has numbers. */
const scored = (page: Page) => page.locator('[data-testid=score-table] tbody tr td[data-col=sum_logprob][data-value]').first().waitFor({ timeout: 120_000 });

async function openTaskLab(page: Page) {
  await page.getByRole('link', { name: 'Task lab', exact: true }).click();
  await page.locator('.task-lab[data-restore="done"]').waitFor({ timeout: 30_000 });
}

async function waitForBatch(page: Page, status: string, timeout = 240_000) {
  await page.locator(`[data-testid="batch-status"][data-status="${status}"]`).waitFor({ timeout });
}

/** The first lesson step with a Scorer figure: answer, reveal, and return the origin line. */
async function openLesson(page: Page) {
  const lesson = LESSONS.find((l) => l.steps.some((s) => s.widget.kind === 'scorer' && s.question))!;
  const i = lesson.steps.findIndex((s) => s.widget.kind === 'scorer' && s.question);
  await page.getByRole('link', { name: 'Lessons', exact: true }).click();
  await page.getByTestId(`lesson-card-${LESSONS[0].id}`).waitFor();
  await page.evaluate((h) => (window.location.hash = h), `#/lessons/${lesson.id}/${i + 1}`);
  await page.locator(`[data-testid=lesson-step][data-step="${lesson.steps[i].id}"]`).waitFor();
  if ((await page.getByTestId('commit').count()) > 0) {
    await page.getByTestId('option-0').check();
    await page.getByTestId('commit').click();
  }
  await page.getByTestId('lesson-figure').waitFor({ timeout: 120_000 });
  return page.getByTestId('origin');
}

describe('one model session', () => {
  it('WASM: the model loaded in the Scorer is the one the Task lab and a Lesson use, in one Worker', async () => {
    const page = await openScorer('wasm');
    const errors = collectErrors(page);
    const id = await scorerLoadId(page, /Loaded stories260K · fp32 · WASM/);
    await scored(page);
    await screenshot(page, 'session/wasm-1-scorer');

    // The Task lab shows the same loaded model, and its choice follows it: Score loads nothing.
    await openTaskLab(page);
    const session = page.getByTestId('session-model');
    await expect.poll(() => session.textContent()).toMatch(/Loaded in the app: stories260K · fp32 · WASM \(every room scores with it\)/);
    expect(await session.getAttribute('data-load-id')).toBe(id);
    expect(await page.getByTestId('device').inputValue()).toBe('wasm');
    expect(await page.getByTestId('dtype').inputValue()).toBe('fp32');
    await page.getByTestId('sample-stories-choice').click();
    await expect.poll(() => page.getByTestId('item-count').textContent()).toBe('30');
    await page.getByTestId('run').click();
    await waitForBatch(page, 'done');
    expect(await page.getByTestId('run-scored').first().textContent()).toBe('30');
    expect(await session.getAttribute('data-load-id')).toBe(id);
    await screenshot(page, 'session/wasm-2-task-lab');

    // A lesson uses it too (stories260K fp32 is what the lessons run on).
    const origin = await openLesson(page);
    expect(await origin.textContent()).toMatch(/Live on stories260K \(fp32, WASM\)/);
    expect(await origin.getAttribute('data-load-id')).toBe(id);
    await screenshot(page, 'session/wasm-3-lesson');

    await page.getByRole('link', { name: 'Scorer', exact: true }).click();
    expect(await scorerLoadId(page, /Loaded stories260K · fp32 · WASM/)).toBe(id);
    await scored(page);
    await screenshot(page, 'session/wasm-4-scorer-again');
    expect(await engineWorkers(page)).toBe(1);

    // Another dtype chosen in the Task lab replaces the model for every room (still one Worker).
    await openTaskLab(page);
    await page.getByTestId('dtype').selectOption('q8');
    await page.getByTestId('run').click();
    await waitForBatch(page, 'done');
    const q8 = await session.getAttribute('data-load-id');
    expect(q8).not.toBe(id);
    await expect.poll(() => session.textContent()).toMatch(/stories260K · q8 · WASM/);
    await page.getByRole('link', { name: 'Scorer', exact: true }).click();
    expect(await scorerLoadId(page, /Loaded stories260K · q8 · WASM/)).toBe(q8);
    // The Scorer keeps its own choice (fp32) and says the loaded model differs.
    expect(await page.getByTestId('model-status').textContent()).toMatch(/your choice above differs/);
    await scored(page);
    await screenshot(page, 'session/wasm-5-scorer-after-task-q8');

    // A batch stops when another room loads a model; cancel stops a batch too.
    await openTaskLab(page);
    await page.getByTestId('sample-stories-cloze').click();
    await expect.poll(() => page.getByTestId('item-count').textContent()).toBe('200');
    await page.getByTestId('dtype').selectOption('fp32');
    await page.getByTestId('run').click();
    await waitForBatch(page, 'running', 120_000);
    await page.getByTestId('cancel').click();
    await waitForBatch(page, 'cancelled');
    await page.waitForTimeout(1000);
    const done = Number(await page.getByTestId('batch-done').textContent());
    expect(done).toBeLessThan(200);
    expect(await page.locator('[data-testid="batch-status"]').getAttribute('data-status')).toBe('cancelled');
    await page.getByTestId('run').click();
    await waitForBatch(page, 'running', 120_000);
    await page.getByRole('link', { name: 'Scorer', exact: true }).click();
    await page.getByTestId('load-model').click(); // the Scorer's choice (fp32, loaded now): Reload loads it again
    await scorerLoadId(page, /Loaded stories260K/);
    await openTaskLab(page);
    await waitForBatch(page, 'cancelled');
    expect(await page.locator('.task-progress').textContent()).toMatch(/Stopped: stories260K \(fp32\) began loading elsewhere in the app/);
    await screenshot(page, 'session/wasm-6-task-stopped-by-load');
    expect(await engineWorkers(page)).toBe(1);
    expect(page.workers().length).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('WebGPU: the model the Scorer loaded on WebGPU (probe checked) is the one the Task lab and a Lesson use', async () => {
    const page = await openScorer('webgpu');
    const errors = collectErrors(page);
    const id = await scorerLoadId(page, /Loaded stories260K · fp32 · WebGPU/);
    await page.getByTestId('probe-verdict').waitFor({ timeout: 120_000 });
    await scored(page);
    await screenshot(page, 'session/webgpu-1-scorer');

    await openTaskLab(page);
    const session = page.getByTestId('session-model');
    await expect.poll(() => session.textContent()).toMatch(/Loaded in the app: stories260K · fp32 · WebGPU \(every room scores with it\)/);
    expect(await page.getByTestId('device').inputValue()).toBe('webgpu');
    // A small file keeps SwiftShader's WebGPU quick: its 6 readable items score on the same model.
    await page.getByTestId('items-file').setInputFiles(path.resolve(__dirname, '../fixtures/task-items-malformed.jsonl'));
    await expect.poll(() => page.getByTestId('item-count').textContent()).toBe('6');
    await page.getByTestId('run').click();
    await waitForBatch(page, 'done');
    expect(await page.getByTestId('run-scored').first().textContent()).toBe('6');
    expect(await session.getAttribute('data-load-id')).toBe(id);
    await screenshot(page, 'session/webgpu-2-task-lab');

    const origin = await openLesson(page);
    expect(await origin.textContent()).toMatch(/Live on stories260K \(fp32, WebGPU\)/);
    expect(await origin.getAttribute('data-load-id')).toBe(id);
    await screenshot(page, 'session/webgpu-3-lesson');
    expect(await engineWorkers(page)).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
