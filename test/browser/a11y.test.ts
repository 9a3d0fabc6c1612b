// Accessibility in the built app: axe-core (its own script, injected into the page) in every room
// and every kind of embed, in light and in dark, with no serious or critical violation; the
// keyboard paths the rooms promise (a "Skip to results" link, focus on the reveal after "Commit
// and reveal"). Screenshots of each view land in screenshots/a11y/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, collectErrors, hyphenMinusNumbers, launchChromium, screenshot, seriousViolations } from './chromium';
import { workspaceHash } from '../../src/state/urlState';
import { defaultWorkspace } from '../../src/state/workspace';
import { ARC_EASY_LOG } from '../paths';

const SCHEMES = ['light', 'dark'] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function open(scheme: (typeof SCHEMES)[number], width = 1280): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: scheme });
  return { page, errors: collectErrors(page) };
}

const scored = (page: Page) =>
  page.locator('.table-scroll:not(.stale) [data-testid=score-table] td[data-col=pmi][data-value]').first().waitFor({ timeout: 120_000 });

async function check(page: Page, name: string): Promise<void> {
  await screenshot(page, `a11y/${name}`);
  const v = await seriousViolations(page);
  expect(v, `${name}: ${JSON.stringify(v, null, 1)}`).toEqual([]);
  expect(await hyphenMinusNumbers(page), `${name}: numbers signed with a hyphen-minus`).toEqual([]);
}

describe.each(SCHEMES)('axe-core, %s', (scheme) => {
  it('the Scorer: scored, with Variants open and a comparison loaded; and its snapshot embed', async () => {
    const { page, errors } = await open(scheme);
    const hash = workspaceHash({ ...defaultWorkspace(), device: 'wasm', context: 'The boy saw a', candidates: [' dog.', 'dog.', ' big brown dog.'], gold: 0 });
    await page.goto(`${baseUrl()}/${hash}`);
    await scored(page);
    await page.locator('[data-testid=variants] > summary').click();
    await page.getByTestId('variants-table').waitFor({ timeout: 60_000 });
    await page.getByTestId('compare-model').fill('stories260K');
    await page.getByTestId('compare-dtype').selectOption('q4');
    await page.getByTestId('compare-load').click();
    await page.locator('[data-testid=compare-status][data-status=ready]').waitFor({ timeout: 60_000 });
    await page.getByTestId('agreement-row').waitFor({ timeout: 60_000 });
    await check(page, `scorer-${scheme}`);
    // The snapshot embed the Scorer's embed code points at (it carries the comparison).
    await page.getByTestId('copy-embed').click();
    const code = await page.getByTestId('share-text').inputValue();
    const src = /src="([^"]+)"/.exec(code)![1].replace(/&amp;/g, '&');
    const embed = await browser.newPage({ viewport: { width: 720, height: 900 }, colorScheme: scheme });
    // Every part (the compact default shows the banner and the winners): axe sees them all.
    await embed.goto(src.replace('?embed=1', '?embed=1&parts=all'));
    await embed.getByTestId('score-table').waitFor({ timeout: 30_000 });
    await check(embed, `embed-snapshot-${scheme}`);
    await embed.close();
    // The live embed of the same workspace.
    const live = await browser.newPage({ viewport: { width: 720, height: 900 }, colorScheme: scheme });
    await live.goto(`${baseUrl()}/?embed=1${hash}`);
    // A live embed loads its model on a click.
    await live.getByTestId('load-model').click();
    await scored(live);
    await check(live, `embed-live-${scheme}`);
    await live.close();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the Task lab with an lm-eval log: the Check view, and an item opened in the Scorer', async () => {
    const { page, errors } = await open(scheme);
    await page.goto(baseUrl() + '/#/task');
    await check(page, `task-landing-${scheme}`);
    await page.setInputFiles('input[type=file]', ARC_EASY_LOG);
    await page.getByTestId('task-check').locator('.check-card').first().waitFor({ timeout: 60_000 });
    await check(page, `task-check-${scheme}`);
    await page.locator('[data-testid=task-check] .check-items a').first().click();
    await scored(page);
    await check(page, `opened-item-${scheme}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the Judge lab', async () => {
    const { page, errors } = await open(scheme);
    await page.goto(baseUrl() + '/#/judge');
    await page.locator('main').waitFor();
    await page.waitForTimeout(1500);
    await check(page, `judge-${scheme}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the Lessons: the list, a Scorer step after "Commit and reveal", and the step\'s embed', async () => {
    const { page, errors } = await open(scheme);
    await page.goto(baseUrl() + '/#/lessons');
    await page.locator('main').waitFor();
    await check(page, `lessons-${scheme}`);
    await page.goto(baseUrl() + '/#/lessons/pmi/3');
    await page.getByTestId('step-tools').waitFor({ timeout: 60_000 });
    const reveal = page.getByRole('button', { name: /Commit and reveal/ });
    if ((await reveal.count()) > 0) {
      await page.locator('input[type=radio]').first().check();
      await reveal.click();
      // Focus moves to what was revealed, not back to the page.
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName ?? '')).not.toBe('BODY');
    }
    await page.waitForTimeout(3000);
    await check(page, `lesson-step-${scheme}`);
    // The step's folded tools, opened: the claims, units, export and share buttons in place.
    await page.getByTestId('step-tools').locator('summary').click();
    await page.getByTestId('step-embed').waitFor();
    await check(page, `lesson-step-tools-${scheme}`);
    const embed = await browser.newPage({ viewport: { width: 720, height: 900 }, colorScheme: scheme });
    await embed.goto(`${baseUrl()}/?embed=1#/lessons/pmi/3`);
    await embed.locator('main').waitFor({ timeout: 30_000 });
    await embed.waitForTimeout(3000);
    await check(embed, `embed-lesson-${scheme}`);
    await embed.close();
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the score table fits', () => {
  it.each([720, 390])('at %i px the winner under each rule is readable without scrolling sideways', async (width) => {
    for (const scheme of SCHEMES) {
      const { page, errors } = await open(scheme, width);
      await page.goto(`${baseUrl()}/${workspaceHash({ ...defaultWorkspace(), device: 'wasm', context: 'The boy saw a', candidates: [' dog.', 'dog.', ' big brown dog.'], gold: 0 })}`);
      await scored(page);
      const view = page.getByTestId('winner-view');
      expect(await view.isVisible()).toBe(true);
      const rows = await view.locator('tbody tr').evaluateAll((trs) =>
        trs.map((tr) => ({ rule: (tr as HTMLElement).dataset.rule, right: tr.getBoundingClientRect().right, text: tr.textContent ?? '' })),
      );
      expect(rows.map((r) => r.rule)).toEqual(['acc', 'per_token', 'acc_norm', 'acc_bytes', 'pmi', 'acc_word', 'ncc']);
      for (const r of rows) expect(r.right, r.text).toBeLessThanOrEqual(width);
      // The table keeps one column for the per-byte number (no bits/byte beside it).
      expect(await page.locator('[data-testid=score-table] th[data-col=bits_per_byte]').count()).toBe(0);
      await page.getByTestId('winner-view').scrollIntoViewIfNeeded();
      await screenshot(page, `a11y/scorer-${width}-${scheme}`);
      await check(page, `scorer-${width}-${scheme}`);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
  it('at 1,280 px every column shows and the winner view does not', async () => {
    const { page } = await open('light', 1280);
    await page.goto(`${baseUrl()}/${workspaceHash({ ...defaultWorkspace(), device: 'wasm' })}`);
    await scored(page);
    expect(await page.getByTestId('winner-view').isVisible()).toBe(false);
    await page.close();
  });
});

describe('keyboard', () => {
  it('a "Skip to results" link is the first tab stop in the Scorer and lands on the results', async () => {
    const { page } = await open('light');
    await page.goto(`${baseUrl()}/${workspaceHash({ ...defaultWorkspace(), device: 'wasm' })}`);
    await scored(page);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to results');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('results');
    await page.close();
  });
});
