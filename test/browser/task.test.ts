// The Task lab in the built app: the built-in cloze task scored on stories260K (WASM, in the
// Worker) shows the same corpus BPB, α, β and PriorBPB as `lengthlens task --model` on the same
// items; results survive a reload and a re-run skips them; a file with two malformed lines
// reports both and scores the rest; every chart is screenshotted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { CHUNK_SIZE } from '../../src/state/taskRunner';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, collectErrors, launchChromium, screenshot } from './chromium';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { TaskMetrics } from '../../src/core/metrics/types';
import { MODELS_DIR } from '../paths';

const FIXTURE = path.resolve(__dirname, '../fixtures/task-items-malformed.jsonl');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let expected: TaskMetrics;
let expectedFile: TaskMetrics;

const execFileAsync = promisify(execFile);

/** The reference: `lengthlens task --model` (onnxruntime-node, CPU) on the same items, as JSON. */
async function cliMetrics(...args: string[]): Promise<TaskMetrics> {
  const { stdout } = await execFileAsync(
    process.execPath,
    ['bin/lengthlens.mjs', 'task', '--model', path.join(MODELS_DIR, 'stories260K'), '--dtype', 'fp32', ...args, '--json'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as TaskMetrics;
}

beforeAll(async () => {
  [browser, expected, expectedFile] = await Promise.all([
    launchChromium(),
    cliMetrics('--sample', 'stories-cloze'),
    cliMetrics('--items', FIXTURE),
  ]);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
  errors = collectErrors(page);
});
afterAll(async () => {
  await browser?.close();
});

async function value(testId: string): Promise<number> {
  const v = await page.getByTestId(testId).first().getAttribute('data-value');
  return Number(v);
}

async function waitForStatus(status: string, timeout = 120_000) {
  await page.locator(`[data-testid="batch-status"][data-status="${status}"]`).waitFor({ timeout });
}

async function openLab() {
  await page.goto(`${baseUrl()}/#/task`);
  await page.locator('.task-lab[data-restore="done"]').waitFor({ timeout: 30_000 });
}

async function score(dtype: string) {
  await page.getByTestId('device').selectOption('wasm');
  await page.locator(`[data-testid="dtype"] option[value="${dtype}"]`).waitFor({ state: 'attached', timeout: 30_000 });
  await page.getByTestId('dtype').selectOption(dtype);
  await page.getByTestId('run').click();
}

describe('Task lab', () => {
  it('scores the built-in cloze task on stories260K (WASM) and matches lengthlens task', async () => {
    await openLab();
    await page.getByTestId('sample-stories-cloze').click();
    await expect.poll(() => page.getByTestId('item-count').textContent()).toBe('200');
    const t0 = Date.now();
    await score('fp32');
    await waitForStatus('done');
    console.log(`200 cloze items scored in the browser in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    expect(await page.getByTestId('run-scored').first().textContent()).toBe('200');

    const shown = {
      corpus: await value('corpus-bpb'),
      meanOfRatios: await value('mean-of-ratios-bpb'),
      alpha: await value('alpha'),
      beta: await value('beta'),
      fromFit: await value('corpus-bpb-from-fit'),
      priorEf: await value('prior-bpb-ef'),
      priorKeep: await value('prior-bpb-keep'),
      K: await value('prior-K'),
      mass: await value('prior-mass'),
      qShort: await value('q-short-bpb'),
      qLong: await value('q-long-bpb'),
      qRatio: await value('q-ratio'),
      rhoBpb: await value('rho-bpb'),
      rhoPrior: await value('rho-prior'),
    };
    console.log('browser', JSON.stringify(shown));
    const e = expected;
    const bins = e.quintiles.bins.filter((b) => b.n > 0);
    console.log(
      'lengthlens task',
      JSON.stringify({ corpus: e.corpus_bpb, alpha: e.alpha, beta: e.beta, priorEf: e.prior_bpb_by_space['eval-framework'], priorKeep: e.prior_bpb_by_space.keep, qRatio: e.quintiles.top_bottom_ratio, rhoBpb: e.spearman.bits_per_byte, rhoPrior: e.spearman.prior_bpb }),
    );
    // WASM reproduces onnxruntime-node to ~1e-5 nats per token (test/browser/engine.test.ts).
    expect(shown.corpus).toBeCloseTo(e.corpus_bpb, 4);
    expect(shown.meanOfRatios).toBeCloseTo(e.mean_of_ratios_bpb, 4);
    expect(shown.alpha).toBeCloseTo(e.alpha, 3);
    expect(shown.beta).toBeCloseTo(e.beta, 4);
    expect(shown.priorEf).toBeCloseTo(e.prior_bpb_by_space['eval-framework'], 4);
    expect(shown.priorKeep).toBeCloseTo(e.prior_bpb_by_space.keep, 4);
    expect(shown.K).toBe(e.K);
    expect(shown.mass).toBeCloseTo(e.prior_mass_within_K, 9);
    // The identity corpus BPB = α/mean(n) + β holds on the page too.
    expect(Math.abs(shown.fromFit - shown.corpus)).toBeLessThan(1e-9);
    expect(shown.qShort).toBeCloseTo(bins[0].corpus_bpb, 4);
    expect(shown.qLong).toBeCloseTo(bins[bins.length - 1].corpus_bpb, 4);
    expect(shown.qRatio).toBeCloseTo(e.quintiles.top_bottom_ratio, 4);
    expect(shown.rhoBpb).toBeCloseTo(e.spearman.bits_per_byte!, 2);
    expect(shown.rhoPrior).toBeCloseTo(e.spearman.prior_bpb!, 2);

    await screenshot(page, 'task-view');
    const charts = page.locator('.task-charts figure.chart-frame');
    const n = await charts.count();
    expect(n).toBe(4); // bits/bytes, R(k), PriorBPB(μ), quintiles (no accuracy chart for a cloze task)
    await page.mouse.move(0, 0); // no tooltip in the pictures
    for (let i = 0; i < n; i++) {
      const fig = charts.nth(i);
      const name = ((await fig.getAttribute('aria-label')) ?? `chart-${i}`).replace(/[^A-Za-z0-9]+/g, '-').toLowerCase();
      expect(await fig.locator('svg.recharts-surface').count()).toBeGreaterThan(0);
      await fig.screenshot({ path: path.resolve('screenshots', `task-chart-${name}.png`) });
    }
    await page.getByText('Items (200 gold answers)').click();
    expect(await page.locator('.task-items tbody tr').count()).toBe(100);
    await page.locator('.task-items select').selectOption('bytes');
    expect(await page.locator('.task-items tbody tr td:nth-child(2)').first().textContent()).toBe('2');

    // Exports: the metrics as CSV and JSON, a chart as PNG and SVG, the items as an lm-eval task.
    const download = async (name: string | RegExp) => {
      const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).first().click()]);
      return { file: d.suggestedFilename(), text: fs.readFileSync((await d.path())!, 'latin1') };
    };
    const csv = await download('Metrics CSV');
    expect(csv.file).toMatch(/\.csv$/);
    expect(csv.text).toContain(`all,corpus_bpb,${shown.corpus}`);
    const json = JSON.parse((await download('Metrics JSON')).text) as TaskMetrics;
    expect(json.corpus_bpb).toBe(shown.corpus);
    const png = await download(/Export R\(k\).* as PNG/);
    expect(png.file).toMatch(/\.png$/);
    expect(png.text.slice(1, 4)).toBe('PNG');
    const svg = await download(/Export Bits against bytes.* as SVG/);
    expect(svg.text).toContain('<svg');
    const [yaml, jsonl] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForEvent('download', (d) => d.suggestedFilename().endsWith('.jsonl')),
      page.getByRole('button', { name: /lm-eval-harness task/ }).click(),
    ]);
    expect(yaml.suggestedFilename()).toBe('stories-cloze.yaml');
    expect(fs.readFileSync((await jsonl.path())!, 'utf8').trim().split('\n')).toHaveLength(200);
    expect(errors).toEqual([]);
  });

  it('keeps the results across a reload and skips them on a re-run', async () => {
    await page.reload();
    await page.locator('.task-lab[data-restore="done"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('run-scored').first().textContent(), { timeout: 30_000 }).toBe('200');
    expect(await value('corpus-bpb')).toBeCloseTo(expected.corpus_bpb, 4);
    await score('fp32');
    await waitForStatus('done', 30_000);
    expect(await page.getByTestId('batch-status').textContent()).toContain('200 already scored');
    expect(errors).toEqual([]);
  });

  it('pauses, resumes and compares a second dtype', async () => {
    await score('q8');
    await waitForStatus('running', 60_000);
    await expect.poll(async () => (await page.getByTestId('batch-status').textContent()) ?? '', { timeout: 30_000 }).toMatch(/items\/s · ETA \d/);
    await page.locator('.task-batch').screenshot({ path: path.resolve('screenshots', 'task-batch-running.png') });
    await page.getByTestId('pause').click();
    await waitForStatus('paused');
    const at = Number(await page.getByTestId('batch-done').textContent());
    await page.waitForTimeout(500);
    // Pause takes effect between chunks: at most the chunk being scored and the one queued behind it
    // (CHUNK_SIZE items each) finish.
    expect(Number(await page.getByTestId('batch-done').textContent())).toBeLessThanOrEqual(at + 2 * CHUNK_SIZE);
    await page.getByTestId('resume').click();
    await waitForStatus('done');
    for (const label of ['stories260K fp32', 'stories260K q8']) await page.getByLabel(`Compare ${label}`).check();
    await page.getByTestId('compare-table').waitFor();
    const corpusRow = await page.locator('[data-testid="compare-table"] tr[data-metric="corpus_bpb"] td').allTextContents();
    expect(corpusRow).toHaveLength(3);
    const [cmp] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Comparison CSV' }).click()]);
    expect(fs.readFileSync((await cmp.path())!, 'utf8').split('\n')[0]).toBe('metric,stories260K fp32,stories260K q8,delta stories260K q8');
    await screenshot(page, 'task-compare');
    await page.getByTestId('compare').locator('figure.chart-frame').screenshot({ path: path.resolve('screenshots', 'task-chart-compare.png') });
    expect(errors).toEqual([]);
  });

  it('reports both malformed lines of a file and scores the rest', async () => {
    // Dropped on the drop zone, as a user drags a file in.
    const dataTransfer = await page.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'task-items-malformed.jsonl', { type: 'application/jsonl' }));
      return dt;
    }, fs.readFileSync(FIXTURE, 'utf8'));
    await page.dispatchEvent('.task-drop', 'drop', { dataTransfer });
    const lineErrors = page.getByTestId('line-errors');
    await lineErrors.waitFor();
    const text = (await lineErrors.textContent()) ?? '';
    expect(text).toContain('2 lines could not be read');
    expect(text).toMatch(/line 4: not valid JSON/);
    expect(text).toMatch(/line 6: label 7 is not a choice index/);
    expect(await page.getByTestId('item-count').textContent()).toBe('6');
    expect((expectedFile as TaskMetrics & { input_errors: { line: number }[] }).input_errors.map((e) => e.line)).toEqual([4, 6]);
    await score('fp32');
    await waitForStatus('done');
    expect(await page.getByTestId('run-scored').first().textContent()).toBe('6');
    // The same file through `lengthlens task --items` (same default: strings scored as written).
    expect(await value('corpus-bpb')).toBeCloseTo(expectedFile.corpus_bpb, 4);
    expect(await value('acc-acc')).toBe(expectedFile.accuracies.rules.acc!.value);
    await screenshot(page, 'task-malformed-file');
    // A JSON array's problems are numbered by item (its elements are not lines).
    await page.getByTestId('items-file').setInputFiles({
      name: 'items.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify([{ context: 'Once upon a', gold: ' time' }, { context: 'no answer' }, { context: 'The cat', gold: ' sat' }], null, 2)),
    });
    await expect.poll(() => page.getByTestId('item-count').textContent()).toBe('2');
    const itemErrors = (await page.getByTestId('line-errors').textContent()) ?? '';
    expect(itemErrors).toContain('1 item could not be read (the other items loaded)');
    expect(itemErrors).toMatch(/item 2: /);
    await screenshot(page, 'task-json-array-errors');
    expect(errors).toEqual([]);
  });

  it('reads an lm-eval-harness log_samples file: logged scores as a run, the bad line reported', async () => {
    await page.getByTestId('items-file').setInputFiles(path.resolve(__dirname, '../fixtures/task-log-samples.jsonl'));
    await expect.poll(() => page.getByTestId('item-count').textContent()).toBe('4');
    expect(await page.getByTestId('line-errors').textContent()).toMatch(/line 3: expected 1 responses/);
    await page.getByTestId('shown-run').filter({ hasText: 'logged scores' }).waitFor();
    // arc_easy docs 0-3 as pythia-70m logged them (acc 0, 0, 0, 1: research/lm-eval-harness.md §5 A).
    expect(await value('acc-acc')).toBe(0.25);
    expect(errors).toEqual([]);
  });

  it('shows accuracy per rule for the multiple-choice task, in dark mode and at phone width', async () => {
    await openLab();
    await page.getByTestId('sample-stories-choice').click();
    await expect.poll(() => page.getByTestId('item-count').textContent()).toBe('30');
    await score('fp32');
    await waitForStatus('done');
    const acc = await value('acc-acc');
    expect(acc).toBeGreaterThanOrEqual(0);
    expect(acc).toBeLessThanOrEqual(1);
    // Every rule's accuracy is the one `lengthlens task` computes on the same 30 items.
    const cli = (await cliMetrics('--sample', 'stories-choice')).accuracies;
    for (const rule of ['acc', 'acc_norm', 'acc_bytes', 'acc_per_token', 'acc_mutual_info'] as const) {
      expect(await value(`acc-${rule}`), rule).toBeCloseTo(cli.rules[rule]!.value, 9);
    }
    const chart = page.locator('figure.chart-frame[aria-label="Accuracy under each scoring rule"]');
    await chart.screenshot({ path: path.resolve('screenshots', 'task-chart-accuracy-per-rule.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'task-view-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'task-view-phone');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.resolve('screenshots', 'task-view-phone-top.png') });
    await page.locator('.task-results').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.resolve('screenshots', 'task-view-phone-metrics.png') });
    await page.locator('.task-charts').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.resolve('screenshots', 'task-view-phone-charts.png') });
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const wide = [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > width + 1 && !el.parentElement?.closest('.task-table-wrap'))
        .map((el) => `${el.tagName.toLowerCase()}: ${(el.textContent ?? '').slice(0, 40)}`)
        .slice(0, 10);
      return { excess: document.documentElement.scrollWidth - width, wide };
    });
    expect(overflow).toEqual({ excess: 0, wide: [] });
    expect(errors).toEqual([]);
  });
});
