// A clone with nothing beside it: the build alone (its embedded stories260K and AlpacaEval files),
// served by a plain static host that publishes nothing else. The Scorer, the Task lab and a lesson
// step all score live on the embedded model, the length-control lesson audits the shipped data, and
// no request leaves that host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { collectErrors, launchChromium, screenshot } from './chromium';
import { listen, staticHost } from './staticHost';
import { LESSONS } from '../../src/ui/lessons/content';

const host = staticHost();
let hostUrl: string;
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
  hostUrl = await listen(host.server);
});
afterAll(async () => {
  await browser?.close();
  host.server.close();
});

describe('the build alone, on a plain static host', () => {
  it('Scorer, Task lab and Lessons run on the embedded stories260K; lesson 6 audits the shipped data; the fertility step counts with the shipped tokenizer', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    const elsewhere: string[] = [];
    page.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith(hostUrl) && !/^(data|blob):/.test(url)) elsewhere.push(url);
    });

    // Scorer: the default model is the embedded one, and the default item is scored.
    await page.goto(hostUrl + '/');
    await page.getByTestId('model-status').filter({ hasText: /stories260K · fp32 · WASM/ }).waitFor({ timeout: 60_000 });
    await page.locator('[data-testid=score-table] td.win').first().waitFor({ timeout: 60_000 });
    expect(host.log.some((u) => u.startsWith('/models/stories260K/onnx/model.onnx'))).toBe(true);
    // The host ignores range requests: the small model file is read whole for its operators, so the
    // plan is the plain graph's, not the slow one for a graph that could not be read.
    await expect(page.getByTestId('model-plan').textContent()).resolves.toMatch(/shared-cache/);
    await screenshot(page, 'own-clone/scorer');

    // Task lab: the built-in cloze sample, scored on the embedded model.
    await page.goto(hostUrl + '/#/task');
    await page.locator('.task-lab[data-restore="done"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('sample-stories-cloze').click();
    await expect.poll(() => page.getByTestId('item-count').textContent()).toBe('200');
    await page.getByTestId('device').selectOption('wasm');
    await page.locator('[data-testid="dtype"] option[value="q4"]').waitFor({ state: 'attached', timeout: 30_000 });
    await page.getByTestId('dtype').selectOption('fp32');
    await page.getByTestId('run').click();
    await expect.poll(() => page.getByTestId('run-scored').first().textContent(), { timeout: 180_000 }).toBe('200');

    // Lessons: the first step, predicted, committed and revealed live.
    const lesson = LESSONS[0];
    await page.goto(hostUrl + `/#/lessons/${lesson.id}/1`);
    await page.getByTestId('option-0').check();
    await page.getByTestId('commit').click();
    await page.getByTestId('reveal').waitFor({ timeout: 120_000 });
    await page.getByTestId('lesson-figure').waitFor({ timeout: 120_000 });
    await expect(page.getByTestId('origin').textContent()).resolves.toMatch(/Live on stories260K \(fp32, WASM\)/);
    await expect(page.locator('[data-testid=claim][data-holds=false]').count()).resolves.toBe(0);
    await expect(page.locator('[data-testid=claim][data-holds=true]').count()).resolves.toBeGreaterThan(0);
    await screenshot(page, 'own-clone/lesson-step');

    // The length-control lesson reads the AlpacaEval files the build ships.
    const audit = LESSONS.find((l) => l.steps.some((s) => s.widget.kind === 'audit'))!;
    const step = audit.steps.findIndex((s) => s.widget.kind === 'audit');
    await page.goto(hostUrl + `/#/lessons/${audit.id}/${step + 1}`);
    if (audit.steps[step].question) {
      await page.getByTestId('option-0').check();
      await page.getByTestId('commit').click();
    }
    await page.getByTestId('lesson-figure').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('origin').getAttribute('data-origin')).toBe('live');
    expect(host.log.some((u) => u.startsWith('/data/alpacaeval/converted/'))).toBe(true);

    // The fertility step counts with the Llama 2 tokenizer the build ships.
    const fertility = LESSONS.find((l) => l.steps.some((s) => s.widget.kind === 'fertility'))!;
    await page.goto(hostUrl + `/#/lessons/${fertility.id}/${fertility.steps.findIndex((s) => s.widget.kind === 'fertility') + 1}`);
    await page.getByTestId('option-0').check();
    await page.getByTestId('commit').click();
    await page.getByTestId('lesson-figure').waitFor({ timeout: 60_000 });
    await expect(page.locator('[data-testid=claim][data-holds=false]').count()).resolves.toBe(0);
    expect(host.log.filter((u) => u.startsWith('/tokenizers/llama2/')).sort()).toEqual(['/tokenizers/llama2/tokenizer.json', '/tokenizers/llama2/tokenizer_config.json']);

    expect(elsewhere).toEqual([]);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
