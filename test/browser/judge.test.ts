// The Judge lab in the built app: sliders move the bars as the formulas say, the sweeps and the
// Monte Carlo render, the sample verdict file audits and a malformed one reports its bad lines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, collectErrors, launchChromium, screenshot, SCREENSHOT_DIR } from './chromium';
import { DEFAULT_PARAMS, simulateJudge, type JudgeParams } from '../../src/core/judge/simulate';
import { parseVerdicts } from '../../src/core/judge/verdicts';
import { auditVerdicts } from '../../src/core/judge/audit';
import { LEADERBOARD } from '../core/judge/alpacaEvalData';
import { ALPACAEVAL_DIR } from '../paths';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const value = async (page: Page, testid: string) => Number(await page.getByTestId(testid).getAttribute('data-value'));

async function expectRates(page: Page, params: JudgeParams) {
  const want = simulateJudge(params);
  for (const key of ['target', 'fixedOrder', 'aSecond', 'swap', 'lc'] as const) {
    expect(await value(page, `rate-${key}`), key).toBeCloseTo(want[key], 12);
  }
  expect(await value(page, 'first-slot')).toBeCloseTo(want.firstSlot, 12);
  expect(await value(page, 'inconsistency')).toBeCloseTo(want.inconsistency, 12);
  return want;
}

async function shootChart(locator: Locator, name: string) {
  await locator.scrollIntoViewIfNeeded();
  // Keep the pointer off the chart so no tooltip covers it.
  await locator.page().mouse.move(0, 0);
  await locator.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

describe('Judge lab', () => {
  it('simulates, sweeps, runs the Monte Carlo and audits verdict files', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectErrors(page);
    await page.goto(baseUrl() + '/#/judge');
    await page.getByTestId('rate-target').waitFor();

    // Defaults (seed 1): the bars show exactly what the core computes.
    const base = await expectRates(page, DEFAULT_PARAMS);
    expect(base.fixedOrder).toBeGreaterThan(base.swap);
    expect(base.swap).toBeGreaterThan(base.lc);
    const ms = await value(page, 'sim-ms');
    console.log(`judge lab: live recompute for ${DEFAULT_PARAMS.n} prompts took ${ms.toFixed(1)} ms in the page (first, cold)`);
    expect(await page.getByTestId('example-first').textContent()).toBe('0.706');
    expect(await page.getByTestId('example-second').textContent()).toBe('0.469');
    expect(await page.getByTestId('example-swap').textContent()).toBe('0.588');
    expect(await page.getByTestId('example-lc').textContent()).toBe('0.500');
    await screenshot(page, 'judge-lab');

    // Keyboard: b to 0 ⇒ both orders agree, swap = fixed order.
    const b = page.getByLabel('Position bias b');
    await b.focus();
    await page.keyboard.press('Home');
    expect(await page.getByTestId('value-b').textContent()).toBe('0.00');
    const noPosition = await expectRates(page, { ...DEFAULT_PARAMS, b: 0 });
    expect(noPosition.fixedOrder).toBeCloseTo(noPosition.aSecond, 12);
    expect(noPosition.firstSlot).toBeCloseTo(0.5, 12);
    // λ to 0 as well ⇒ every estimator reads the target.
    await page.getByLabel('Verbosity bias λ').focus();
    await page.keyboard.press('Home');
    const unbiased = await expectRates(page, { ...DEFAULT_PARAMS, b: 0, lambda: 0 });
    expect(unbiased.fixedOrder).toBeCloseTo(unbiased.target, 12);
    // Three steps of b (0.15): fixed order rises, A second falls, by the formula.
    await b.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    const small = await expectRates(page, { ...DEFAULT_PARAMS, b: 0.15, lambda: 0 });
    console.log(`judge lab: recompute after slider moves (warm) took ${(await value(page, 'sim-ms')).toFixed(1)} ms`);
    // The link carries the sliders.
    expect(await page.evaluate(() => window.location.hash)).toBe('#/judge?b=0.15&lambda=0');
    expect(small.fixedOrder).toBeGreaterThan(unbiased.fixedOrder);
    expect(small.aSecond).toBeLessThan(unbiased.aSecond);
    expect(await page.getByTestId('example-first').textContent()).toBe((1 / (1 + Math.exp(-0.15))).toFixed(3));
    // ρ up: LC falls below the target (length is real quality).
    await page.getByRole('button', { name: 'Defaults' }).click();
    const rho = page.getByLabel('Length–quality correlation ρ');
    await rho.fill('0.6');
    const correlated = await expectRates(page, { ...DEFAULT_PARAMS, rho: 0.6 });
    expect(correlated.lc).toBeLessThan(correlated.target - 0.1);
    await page.getByRole('button', { name: 'Defaults' }).click();

    // Sweeps.
    await page.getByRole('tab', { name: 'Sweeps' }).click();
    for (const kind of ['position', 'correlation', 'gameability']) {
      const chart = page.getByTestId(`sweep-${kind}`);
      await chart.locator('path.recharts-curve').first().waitFor({ state: 'attached' });
      expect(await chart.locator('path.recharts-curve').count()).toBeGreaterThanOrEqual(4);
      await shootChart(page.locator(`figure.judge-sweep-${kind}`), `judge-sweep-${kind}`);
    }

    // Monte Carlo in the worker (200 replications keep the test short).
    await page.getByRole('tab', { name: 'Monte Carlo' }).click();
    // The default run (805 × 2,000) shows progress and can be cancelled.
    await page.getByRole('button', { name: 'Run Monte Carlo' }).click();
    const progress = page.locator('#judge-mc-progress');
    await progress.waitFor();
    await page.waitForFunction(() => Number((document.querySelector('#judge-mc-progress') as HTMLProgressElement | null)?.value ?? 0) > 0);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await progress.waitFor({ state: 'detached' });
    expect(await page.getByTestId('mc-table').count()).toBe(0);
    await page.getByLabel('Replications', { exact: true }).fill('200');
    await page.getByRole('button', { name: 'Run Monte Carlo' }).click();
    await page.getByTestId('mc-table').waitFor({ timeout: 60_000 });
    expect(await value(page, 'mc-worse-fixedOrder')).toBeGreaterThan(0.95);
    expect(await value(page, 'mc-worse-lc')).toBeLessThan(0.05);
    await shootChart(page.locator('figure', { has: page.getByTestId('mc-chart') }), 'judge-montecarlo');
    await screenshot(page, 'judge-montecarlo-page');

    // Audit: the sample file, with the figures the core computes for it.
    await page.getByRole('tab', { name: 'Audit' }).click();
    await page.getByTestId('audit-file').setInputFiles('public/samples/judge-verdicts.csv');
    await page.getByTestId('audit-report').waitFor({ timeout: 60_000 });
    const sampleRows = parseVerdicts(readFileSync('public/samples/judge-verdicts.csv', 'utf8')).rows;
    const sample = auditVerdicts(sampleRows, { bootstrapReps: 1000 });
    expect(await value(page, 'audit-raw')).toBeCloseTo(sample.estimates.raw.estimate, 12);
    expect(await value(page, 'audit-swap')).toBeCloseTo(sample.estimates.swap.estimate, 12);
    expect(await value(page, 'audit-lc')).toBeCloseTo(sample.estimates.lc.estimate, 12);
    expect(await page.getByTestId('audit-counts').textContent()).toContain(`${sampleRows.length} verdicts on 400 prompts`);
    expect(await page.getByTestId('audit-categories').locator('tbody tr').count()).toBe(5);
    expect(await page.getByTestId('audit-checklist').locator('li').count()).toBe(6);
    await expect(page.getByTestId('audit-errors').count()).resolves.toBe(0);
    await screenshot(page, 'judge-audit');
    await shootChart(page.locator('figure', { has: page.getByTestId('audit-length-chart') }), 'judge-audit-length-ratio');

    // A malformed file: bad lines listed by number, good lines still audited.
    const bad = [
      'prompt_id,a_first,verdict,len_a,len_b',
      'x1,1,A,120,100',
      'x1,0,maybe,120,100',
      'x2,yes,B,80,100',
      'x2,0,A,-5,100',
      'x3,1,0.7,150,100',
      'x3,0',
    ].join('\n');
    await page.getByTestId('audit-file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await page.getByTestId('audit-errors').waitFor();
    const errorText = await page.getByTestId('audit-errors').textContent();
    expect(errorText).toContain('3 bad line(s) skipped');
    expect(errorText).toContain('Line 3: verdict must be A, B, tie or a probability');
    expect(errorText).toContain('Line 5: len_a must be a number ≥ 0 (0 for an empty answer), got "-5"');
    expect(errorText).toContain('Line 7: expected 5 fields, found 2');
    expect(await page.getByTestId('audit-counts').textContent()).toContain('3 verdicts on 3 prompts');
    await screenshot(page, 'judge-audit-partly-bad-file');
    // No usable column at all.
    await page.getByTestId('audit-file').setInputFiles({ name: 'worse.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') });
    await page.getByText('Line 1: missing columns: prompt_id, a_first, verdict, len_a, len_b').waitFor();
    expect(await page.getByTestId('audit-errors').textContent()).toContain('No valid verdicts in this file.');
    expect(await page.getByTestId('audit-report').count()).toBe(0);
    await screenshot(page, 'judge-audit-bad-file');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("loads AlpacaEval's annotations.json as it is and shows LC's support verdict beside LC", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectErrors(page);
    await page.goto(baseUrl() + '/#/judge/audit');
    await page.getByLabel('Bootstrap replicates').selectOption('200');
    // Read from ../shared at test time: the data are never copied into the repository.
    const cases = [
      { model: 'FuseChat-Llama-3.2-1B-Instruct', supported: true },
      { model: 'gpt-3.5-turbo-1106_verbose', supported: false },
    ];
    for (const { model, supported } of cases) {
      await page.getByTestId('audit-file').setInputFiles(path.join(ALPACAEVAL_DIR, `${model}.json`));
      await page.getByTestId('audit-report').getByText(`${model}.json`).waitFor({ timeout: 60_000 });
      const lb = LEADERBOARD[model];
      expect(Math.abs(100 * (await value(page, 'audit-raw')) - lb.winRate)).toBeLessThan(1e-9);
      expect(await page.getByTestId('audit-counts').textContent()).toContain(`${lb.n} verdicts on ${lb.n} prompts`);
      expect(await page.getByTestId('audit-notes').textContent()).toMatch(/rebuilt with AlpacaEval's rule \(seed 0\)/);
      const box = page.getByTestId('audit-lc-support');
      expect(await box.getAttribute('data-supported')).toBe(String(supported));
      const lcCell = page.getByTestId('audit-lc');
      if (supported) {
        expect(Math.abs(100 * (await value(page, 'audit-lc')) - lb.lc)).toBeLessThan(3);
        expect(await box.textContent()).toContain('LC is supported');
      } else {
        expect(await lcCell.textContent()).toBe('not supported');
        expect(await box.textContent()).toMatch(/A's answer is the longer on only 7\.1% of prompts/);
        expect(await box.textContent()).toMatch(/LC lies between \d+\.\d% and \d+\.\d%/);
      }
      await page.getByTestId('audit-overlap-chart').locator('.recharts-bar-rectangle').first().waitFor({ state: 'attached' });
      await page.mouse.move(0, 0);
      await screenshot(page, `judge-audit-alpacaeval-${supported ? 'supported' : 'unsupported'}`);
      await shootChart(page.locator('figure', { has: page.getByTestId('audit-overlap-chart') }), `judge-audit-overlap-${supported ? 'supported' : 'unsupported'}`);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fits a phone screen in dark mode', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const page = await context.newPage();
    const errors = collectErrors(page);
    // A shared link reproduces the figure; nonsense in it is ignored.
    await page.goto(baseUrl() + '/#/judge?b=1&rho=0.5&lambda=<script>');
    await page.getByTestId('rate-target').waitFor();
    expect(await page.getByTestId('value-b').textContent()).toBe('1.00');
    await expectRates(page, { ...DEFAULT_PARAMS, b: 1, rho: 0.5 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await screenshot(page, 'judge-lab-phone-dark');
    await shootChart(page.locator('figure').first(), 'judge-bars-phone-dark');
    await page.getByRole('tab', { name: 'Sweeps' }).click();
    await page.getByTestId('sweep-correlation').locator('path.recharts-curve').first().waitFor({ state: 'attached' });
    await shootChart(page.locator('figure.judge-sweep-correlation'), 'judge-sweep-correlation-phone-dark');
    await page.goto(baseUrl() + '/#/judge/audit');
    await page.getByRole('button', { name: 'Use the sample file' }).click();
    await page.getByTestId('audit-report').waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    await screenshot(page, 'judge-audit-phone-dark');
    expect(errors).toEqual([]);
    await context.close();
  });
});
