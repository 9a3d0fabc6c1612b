// The Task lab's Check view in the built app: for a loaded file, before any model runs, each card
// says what `lengthlens check` says; a listed item opens in the Scorer with its context, choices
// and gold, and the bar there leads back to the task. An lm-eval log's logged scores give the
// probes at once, and its items carry the logged log-likelihoods into the Scorer. Screenshotted at
// desktop and phone width.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, collectErrors, launchChromium, screenshot } from './chromium';
import { ARC_EASY_LOG } from '../paths';

const dir = mkdtempSync(path.join(tmpdir(), 'lengthlens-check-ui-'));
const ITEMS = path.join(dir, 'check-items.jsonl');
writeFileSync(
  ITEMS,
  [
    { id: 'long', context: 'Q: one?', choices: ['a much longer gold', 'no', 'nah'], label: 0 },
    { id: 'dup', context: 'Q: two?', choices: ['Paris', 'Paris', 'the city of Rome'], label: 2 },
    { id: 'nbsp', context: 'Q: three? ', choices: [' yes\u00a0indeed', ' no', ' maybe'], label: 2 },
    { id: 'cloze', context: 'Once upon', gold: ' a time' },
  ]
    .map((x) => JSON.stringify(x))
    .join('\n') + '\n',
);
// Twelve letter-key items: one card flags all twelve, more than a card lists at first.
const LETTERS = path.join(dir, 'letter-items.jsonl');
writeFileSync(LETTERS, Array.from({ length: 12 }, (_, i) => JSON.stringify({ id: `q${i + 1}`, context: `Question ${i + 1}?`, choices: ['A', 'B', 'C', 'D'], label: i % 4 })).join('\n') + '\n');

let browser: Browser;
let errors: string[];

interface CliCheck {
  length: { gold_longest: { verdict: string } };
  logged?: { acc_norm_disagreement: { ids: string[] } };
}
const cli = (file: string) => JSON.parse(execFileSync(process.execPath, ['bin/lengthlens.mjs', 'check', file, '--json'], { encoding: 'utf8' })) as CliCheck;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function openWith(page: Page, file: string) {
  await page.goto(baseUrl() + '#/task');
  await page.setInputFiles('input[type=file]', file);
  await page.getByTestId('task-check').locator('.check-card').first().waitFor({ timeout: 30_000 });
}

const card = (page: Page, key: string) => page.locator(`[data-testid=task-check] [data-check="${key}"]`);

describe('Task lab: Check', () => {
  it('shows the CLI\u2019s verdicts before any model runs; an item opens in the Scorer and the bar leads back', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    errors = collectErrors(page);
    await openWith(page, ITEMS);
    const expected = cli(ITEMS);
    expect(await card(page, 'gold_longest').locator('p').first().textContent()).toBe(expected.length.gold_longest.verdict);
    expect(await card(page, 'duplicates_exact').locator('.check-items li').allTextContents()).toEqual(['dup: choices A and B are both "Paris"']);
    expect(await card(page, 'invisible').locator('.check-items li').first().textContent()).toBe('nbsp: choice A holds U+00A0 NO-BREAK SPACE at character 4');
    await expect.poll(() => card(page, 'duplicates_exact').getAttribute('class')).toContain('check-flag');
    // The first line names every flagged card and counts the clear ones.
    const flaggedTitles = await page.locator('[data-testid=task-check] .check-card.check-flag h4').evaluateAll((hs) => hs.map((h) => (h.textContent ?? '').replace(/^⚠\s*/, '')));
    const clear = await page.locator('[data-testid=task-check] .check-card.check-ok').count();
    expect(flaggedTitles.length).toBeGreaterThan(0);
    await expect(page.getByTestId('check-summary').textContent()).resolves.toBe(`⚠ ${flaggedTitles.length} to look at: ${flaggedTitles.join('; ')}. ${clear} check${clear === 1 ? '' : 's'} clear.`);
    await page.getByTestId('task-check').screenshot({ path: path.resolve('screenshots', 'check-view-desktop.png') });
    // The report travels as Markdown, its items linking into this app's Scorer.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByText('Download report (Markdown)').click()]);
    const md = readFileSync((await download.path())!, 'utf8');
    expect(md).toMatch(/^## lengthlens check: `check-items`\n/);
    expect(md).toContain(`- [\`dup\`](${new URL(baseUrl()).href}#item=`);
    expect(md).toContain('): choices A and B are both `"Paris"`');

    await card(page, 'duplicates_exact').locator('.check-items a').click();
    await page.getByTestId('opened-item').waitFor();
    await expect.poll(() => page.locator('textarea').first().inputValue()).toBe('Q: two?');
    const candidates = await page.locator('textarea').evaluateAll((ts) => ts.slice(1).map((t) => (t as HTMLTextAreaElement).value));
    expect(candidates.slice(0, 3)).toEqual(['Paris', 'Paris', 'the city of Rome']);
    await screenshot(page, 'check-item-in-scorer');
    await page.getByText('← Back to the task').click();
    await card(page, 'duplicates_exact').waitFor();
    expect(await page.locator('[data-testid=task-check] summary h2').textContent()).toBe('Check: check-items');
    // Back on the card the item was opened from: in view, its heading focused.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-check]')?.getAttribute('data-check'))).toBe('duplicates_exact');
    expect(await page.getByTestId('check-needs-no-model').textContent()).toContain('before any model runs');
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it('all-clear checks are folded into one disclosure after the flagged cards, which are open', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openWith(page, ITEMS);
    const check = page.getByTestId('task-check');
    const flagged = check.locator('.check-card.check-flag');
    const clear = check.locator('.check-card.check-ok');
    const nClear = await clear.count();
    expect(await flagged.count()).toBeGreaterThan(0);
    expect(nClear).toBeGreaterThan(0);
    for (const c of await flagged.all()) expect(await c.isVisible()).toBe(true);
    for (const c of await clear.all()) expect(await c.isVisible()).toBe(false);
    const fold = check.getByTestId('check-clear').first();
    expect(await fold.locator('summary').textContent()).toMatch(new RegExp(`^✓ ${nClear} checks? found nothing: `));
    // Every flagged card comes before every all-clear one.
    const order = await check.locator('.check-card').evaluateAll((cs) => cs.map((c) => (c.classList.contains('check-flag') ? 'flag' : c.classList.contains('check-ok') ? 'ok' : 'info')));
    expect(order.lastIndexOf('flag')).toBeLessThan(order.indexOf('ok'));
    await fold.locator('summary').click();
    for (const c of await clear.all()) expect(await c.isVisible()).toBe(true);
    await page.close();
  });

  it('at phone width the cards stack in one column', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await openWith(page, ITEMS);
    const boxes = await page.locator('[data-testid=task-check] .check-card:visible').evaluateAll((els) => els.slice(0, 3).map((e) => e.getBoundingClientRect().left));
    expect(new Set(boxes.map(Math.round)).size).toBe(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByTestId('task-check').screenshot({ path: path.resolve('screenshots', 'check-view-phone.png') });
    await page.close();
  }, 60_000);

  it('an lm-eval log: the logged probes at once, and an item carries its logged log-likelihoods into the Scorer', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openWith(page, ARC_EASY_LOG);
    await card(page, 'run.rules').waitFor({ timeout: 30_000 });
    await page.getByTestId('task-check').screenshot({ path: path.resolve('screenshots', 'check-view-log.png') });
    expect(await card(page, 'run.rules').locator('p').first().textContent()).toMatch(/^acc 58\.0% ± 7\.1%; acc_norm \(per char\) 64\.0% ± 6\.9%/);
    const ids = cli(ARC_EASY_LOG).logged!.acc_norm_disagreement.ids;
    const first = card(page, 'acc_norm_disagreement').locator('.check-items a').first();
    expect(await first.textContent()).toBe(ids[0]);
    await first.click();
    await page.getByTestId('opened-item').waitFor();
    expect(await page.locator('.opened-logged tbody tr').count()).toBeGreaterThanOrEqual(2);
    // The log was not run on stories260K: once the live scores are in, the bar says so.
    await expect.poll(() => page.getByTestId('logged-verdict').textContent(), { timeout: 60_000 }).toMatch(/^Logged with another model or setting: the live scores differ from the logged ones by up to \d+\.\d\d nats/);
    // The log's acc pick beside the live one: the log's is the largest logged log-likelihood in the table.
    const loggedLls = (await page.locator('.opened-logged tbody tr td:nth-child(2)').allTextContents()).map((t) => Number(t.replace('−', '-')));
    const logLetter = 'ABCDEFGH'[loggedLls.indexOf(Math.max(...loggedLls))];
    await expect(page.getByTestId('opened-acc-picks').textContent()).resolves.toMatch(new RegExp(`^acc \\(the raw sum\\) picks ${logLetter} in the log and [A-H] live: (the same|another) answer\\.$`));
    await page.getByTestId('task-check').waitFor({ state: 'detached' });
    await screenshot(page, 'check-log-item-in-scorer');
    await page.close();
  }, 60_000);

  it('every flagged item is in the app: past the first eight, "Show all" lists the rest with their links', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    errors = collectErrors(page);
    await openWith(page, LETTERS);
    const letters = card(page, 'letter_keys');
    const more = letters.getByTestId('check-more');
    await expect(more.locator('summary').textContent()).resolves.toBe('Show all 12 flagged items');
    await more.locator('summary').click();
    const ids = await letters.locator('.check-items a').allTextContents();
    expect(ids).toEqual(Array.from({ length: 12 }, (_, i) => `q${i + 1}`));
    await letters.screenshot({ path: path.resolve('screenshots', 'check-show-all.png') });
    expect(errors).toEqual([]);
    await page.close();
  });
});
