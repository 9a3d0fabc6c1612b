// Explaining a row, in the built app on stories260K: the whole-word rule (acc_word) as a column,
// a winner and an "end of word" bar, equal to `lengthlens score`; the verdict sentence; a
// snapshot embed at 720 px and at phone width with every column reachable and visibly so; the
// Task lab's accuracy card whole at 1,400 px with acc_word; one device menu, worded once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, collectErrors, launchChromium, screenshot } from './chromium';
import type { ItemScore } from '../../src/core/scoring/types';
import { verdictSentence } from '../../src/core/scoring/verdict';
import { answerVariants } from '../../src/core/scoring/variants';
import type { TaskMetrics } from '../../src/core/metrics/types';
import { workspaceHash } from '../../src/state/urlState';
import { defaultWorkspace } from '../../src/state/workspace';
import { MODELS_DIR } from '../paths';

const STORIES = path.join(MODELS_DIR, 'stories260K');
const CONTEXT = 'The dog ran to the';
const CANDIDATES = [' par', ' park'];

let browser: Browser;
let cli: ItemScore;
beforeAll(async () => {
  browser = await launchChromium();
  const args = ['bin/lengthlens.mjs', 'score', '--model', STORIES, '--dtype', 'fp32', '--context', CONTEXT, '--json', ...CANDIDATES.map((c) => `--candidate=${c}`)];
  cli = (JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' })) as { items: ItemScore[] }).items[0];
});
afterAll(async () => {
  await browser?.close();
});

async function openPage(width: number): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  return { page, errors: collectErrors(page) };
}

/** The Scorer on the prefix item, on WASM, scored. */
async function scorer(width: number): Promise<{ page: Page; errors: string[] }> {
  const o = await openPage(width);
  const hash = workspaceHash({ ...defaultWorkspace(), device: 'wasm', context: CONTEXT, candidates: CANDIDATES, gold: 1 });
  await o.page.goto(`${baseUrl()}/${hash}`);
  await o.page.locator('.table-scroll:not(.stale) [data-testid=score-table] td[data-col=word_logprob][data-value]').first().waitFor({ timeout: 90_000 });
  await o.page.waitForFunction(() => document.querySelectorAll('[data-testid=score-table] td[data-col=pmi][data-value]').length === 2, undefined, { timeout: 60_000 });
  return o;
}

/** Every header cell of the score table lies wholly inside its scroll region once scrolled to it. */
async function columnsReachable(page: Page, scope: string, table = 'table'): Promise<{ columns: number; hiddenAtStart: number; hint: string | null }> {
  return page.evaluate(async ([scope, table]) => {
    const root = document.querySelector(scope)!;
    const region = root.querySelector<HTMLElement>('.scroll-x-body')!;
    const ths = [...root.querySelectorAll<HTMLElement>(`${table} thead tr:last-child > th`)];
    const inView = (th: HTMLElement) => {
      const r = th.getBoundingClientRect();
      const b = region.getBoundingClientRect();
      return r.left >= b.left - 1 && r.right <= b.right + 1;
    };
    region.scrollLeft = 0;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const hiddenAtStart = ths.filter((th) => !inView(th)).length;
    const hint = root.querySelector('[data-testid=scroll-hint]')?.textContent ?? null;
    for (const th of ths) {
      th.scrollIntoView({ inline: 'nearest', block: 'nearest' });
      // The sticky candidate column may cover a cell scrolled to the left edge: scroll it past.
      if (!inView(th)) throw new Error(`column "${th.textContent}" cannot be brought into view`);
    }
    return { columns: ths.length, hiddenAtStart, hint };
  }, [scope, table] as const);
}

describe('the whole-word rule in the Scorer', () => {
  it('has its column, winner and end-of-word bars, equal to lengthlens score, and the verdict says why', async () => {
    const { page, errors } = await scorer(1400);
    const values = await page.$$eval('[data-testid=score-table] td[data-col=word_logprob]', (tds) => tds.map((td) => Number((td as HTMLElement).dataset.value)));
    values.forEach((v, i) => expect(Math.abs(v - cli.candidates[i].word_logprob), `candidate ${i}`).toBeLessThan(1e-4));
    expect(cli.winners.acc).toBe(0);
    expect(cli.winners.acc_word).toBe(1);
    // The star of the whole-word column is on " park", the raw sum's on " par".
    await expect(page.locator('tr[data-candidate="1"] td.win[data-col=word_logprob]').count()).resolves.toBe(1);
    await expect(page.locator('tr[data-candidate="0"] td.win[data-col=sum_logprob]').count()).resolves.toBe(1);
    // One end-of-word bar per candidate, labelled with its bits (−word_final_logprob / ln 2).
    const labels = await page.locator('[data-end]').evaluateAll((gs) => gs.map((g) => g.getAttribute('aria-label') ?? ''));
    expect(labels).toHaveLength(2);
    const parBits = -cli.candidates[0].word_final_logprob / Math.LN2;
    expect(labels[0]).toContain(`${parBits.toFixed(2)} bits`);
    const verdict = await page.getByTestId('verdict').textContent();
    // The sentence core gives on the CLI's numbers, and what it says on this item.
    expect(verdict).toBe(`Why: ${verdictSentence(cli.candidates, cli.winners, (p) => 'AB'[p])}`);
    expect(verdict).toMatch(/^Why: Raw sum picks A: B is 1\.3× longer in bytes and pays 0\.008 more bits in total, though its bits per byte are lower; per-token picks B, split into \d+ cheap tokens \([^)]*\); per-char and per-byte pick B, its [^;]* share the cost \([^)]*\); PMI picks B, the context [^;]*; whole-word sum picks B, ending the word after A costs 1\d\.\d{4} bits, after B 0\.0006\.$/);
    await screenshot(page, 'explain-scorer-whole-word');
    await page.getByTestId('verdict').screenshot({ path: path.resolve('screenshots', 'explain-verdict.png') });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('answer variants in the Scorer', () => {
  it('scores every formatting of letter keys, marks lm-eval\'s, and gives the winners `lengthlens score` gives', async () => {
    const context = 'Question: What color is the sky?\nA. blue\nB. red\nC. green\nD. yellow\nAnswer:';
    const letters = [' A', ' B', ' C', ' D'];
    const { page, errors } = await openPage(1400);
    await page.goto(`${baseUrl()}/${workspaceHash({ ...defaultWorkspace(), device: 'wasm', context, candidates: letters, gold: 0 })}`);
    await page.locator('.table-scroll:not(.stale) [data-testid=score-table] td[data-col=pmi][data-value]').first().waitFor({ timeout: 90_000 });
    await page.locator('[data-testid=variants] > summary').click();
    await page.getByTestId('variants-table').waitFor({ timeout: 60_000 });
    const sets = answerVariants(letters);
    expect(sets.map((v) => v.id)).toEqual(['as-written', 'space', 'period', 'letter-paren']);
    // The same sets through the CLI, one item each.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'll-variants-')), 'items.jsonl');
    fs.writeFileSync(file, sets.map((v) => JSON.stringify({ context, candidates: v.candidates })).join('\n') + '\n');
    const cliItems = (JSON.parse(execFileSync(process.execPath, ['bin/lengthlens.mjs', 'score', '--model', STORIES, '--dtype', 'fp32', '--items', file, '--json'], { encoding: 'utf8' })) as { items: ItemScore[] }).items;
    const rows = await page.$$eval('[data-testid=variants-table] tbody tr', (trs) =>
      trs.map((tr) => ({
        id: (tr as HTMLElement).dataset.variant!,
        lmEval: tr.querySelector('th .badge')?.textContent === 'lm-eval',
        tokens: [...tr.querySelectorAll('td.variant-cand')].map((td) => td.querySelectorAll('.variant-token').length),
        winners: Object.fromEntries([...tr.querySelectorAll('td[data-rule]')].map((td) => [(td as HTMLElement).dataset.rule!, td.textContent])),
      })),
    );
    expect(rows.map((r) => r.id)).toEqual(sets.map((v) => v.id));
    expect(rows.map((r) => r.lmEval)).toEqual([true, false, false, false]);
    rows.forEach((r, k) => {
      expect(r.tokens, r.id).toEqual(cliItems[k].candidates.map((c) => c.n_tokens));
      for (const [rule, w] of Object.entries(cliItems[k].winners)) expect(r.winners[rule], `${r.id} ${rule}`).toBe('ABCD'[w]);
    });
    const verdict = await page.getByTestId('variants-verdict').textContent();
    const fragile = Object.keys(cliItems[0].winners).filter((rule) => cliItems.some((it) => it.winners[rule as keyof ItemScore['winners']] !== cliItems[0].winners[rule as keyof ItemScore['winners']]));
    expect(verdict!.startsWith(fragile.length ? 'Fragile to formatting on this item:' : 'No rule')).toBe(true);
    await page.getByTestId('variants').screenshot({ path: path.resolve('screenshots', 'explain-variants.png') });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('variants of " dog." and "dog."', () => {
  it('compares winning strings (the space toggle swaps them) and flags the set that makes them identical', async () => {
    const context = 'The boy saw a';
    const cands = [' dog.', 'dog.'];
    const { page, errors } = await openPage(1280);
    await page.goto(`${baseUrl()}/${workspaceHash({ ...defaultWorkspace(), device: 'wasm', context, candidates: cands, gold: null })}`);
    await page.locator('.table-scroll:not(.stale) [data-testid=score-table] td[data-col=pmi][data-value]').first().waitFor({ timeout: 90_000 });
    await page.locator('[data-testid=variants] > summary').click();
    await page.getByTestId('variants-table').waitFor({ timeout: 60_000 });
    const winners = await page.$$eval('[data-testid=variants-table] tbody tr', (trs) =>
      trs.map((tr) => [(tr as HTMLElement).dataset.variant!, tr.querySelector('td[data-rule=acc]')!.textContent]),
    );
    // The raw sum picks the string " dog." as written and after the toggle (the letter moves with it).
    const acc = Object.fromEntries(winners);
    const asWritten = acc['as-written'];
    expect(acc.space).toBe(asWritten === 'A' ? 'B' : 'A');
    const verdict = (await page.getByTestId('variants-verdict').textContent())!;
    expect(verdict).not.toMatch(/Fragile to formatting on this item:[^.]*raw sum/);
    expect(verdict).toContain('Left out: “lm-eval default (target_delimiter " " + choice)” (it makes A and B identical).');
    expect(await page.locator('tr[data-variant=lm-eval] [data-testid=variant-identical]').textContent()).toBe('A and B identical');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('every column is reachable, and visibly so', () => {
  it('a snapshot embed at 720 px and at phone width', async () => {
    // The snapshot as the Scorer's embed code carries it.
    const { page } = await scorer(1400);
    await page.getByRole('button', { name: 'Copy embed code' }).click();
    const code = await page.getByTestId('share-text').inputValue();
    const src = /src="([^"]+)"/.exec(code)![1].replaceAll('&amp;', '&');
    expect(src).toContain('#snap=');
    await page.close();
    // Every part: the compact default leaves the full table out.
    const snap = src.slice(src.indexOf('?embed=1')).replace('?embed=1', '?embed=1&parts=all');
    for (const width of [720, 375]) {
      const o = await openPage(width);
      await o.page.goto(`${baseUrl()}/${snap}`);
      await o.page.getByTestId('score-table').waitFor();
      const table = await columnsReachable(o.page, '.score-table-wrap', 'table.score-table');
      // tokens … first-token bits (no bits/byte beside per byte), and the candidate column: 13 headers, some out of view at first.
      expect(table.columns).toBe(13);
      expect(table.hiddenAtStart).toBeGreaterThan(0);
      expect(table.hint).toBe(`${table.hiddenAtStart} more column${table.hiddenAtStart === 1 ? '' : 's'}: scroll sideways →`);
      // The candidate column stays in view at the far right.
      const sticky = await o.page.evaluate(() => {
        const region = document.querySelector<HTMLElement>('.score-table-wrap .scroll-x-body')!;
        region.scrollLeft = region.scrollWidth;
        const th = document.querySelector('[data-testid=score-table] tbody th')!.getBoundingClientRect();
        return th.left - region.getBoundingClientRect().left;
      });
      expect(Math.abs(sticky)).toBeLessThan(2);
      await o.page.evaluate(() => (document.querySelector<HTMLElement>('.score-table-wrap .scroll-x-body')!.scrollLeft = 0));
      await o.page.getByTestId('verdict').waitFor();
      await screenshot(o.page, `explain-embed-${width}`);
      expect(o.errors).toEqual([]);
      await o.page.close();
    }
  });

  it("the Task lab's accuracy card whole at 1,400 px, with acc_word, and one device menu worded as the Scorer's", async () => {
    const { page, errors } = await openPage(1400);
    await page.goto(`${baseUrl()}/#/task`);
    await page.locator('.task-lab[data-restore="done"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('sample-stories-choice').click();
    const taskMenu = await page.getByTestId('device').locator('option').allTextContents();
    const taskReason = await page.getByTestId('auto-reason').textContent();
    await page.getByTestId('device').selectOption('wasm');
    await page.getByTestId('run').click();
    await page.locator('[data-testid="batch-status"][data-status="done"]').waitFor({ timeout: 120_000 });
    const card = await columnsReachable(page, '[data-testid=accuracy]');
    expect(card).toEqual({ columns: 4, hiddenAtStart: 0, hint: null });
    const cliTask = JSON.parse(execFileSync(process.execPath, ['bin/lengthlens.mjs', 'task', '--model', STORIES, '--dtype', 'fp32', '--sample', 'stories-choice', '--json'], { encoding: 'utf8' })) as TaskMetrics;
    const accWord = Number(await page.getByTestId('acc-acc_word').getAttribute('data-value'));
    expect(accWord).toBeCloseTo(cliTask.accuracies.rules.acc_word!.value, 9);
    // A rule added later as one file (normalised contextual calibration) is on the same card.
    const accNcc = Number(await page.getByTestId('acc-acc_ncc').getAttribute('data-value'));
    expect(accNcc).toBeCloseTo(cliTask.accuracies.rules.acc_ncc!.value, 9);
    await page.getByTestId('accuracy').screenshot({ path: path.resolve('screenshots', 'explain-task-accuracy-1400.png') });
    // The Scorer's menu and reason, before any load, on the same browser.
    await page.goto(`${baseUrl()}/`);
    await page.getByTestId('auto-reason').waitFor();
    const scorerMenu = await page.locator('.device-dtype select').first().locator('option').allTextContents();
    expect(taskMenu).toEqual(scorerMenu);
    expect(taskMenu[0]).toMatch(/^Auto \((WASM|WebGPU)\)$/);
    expect(await page.getByTestId('auto-reason').textContent()).toBe(taskReason);
    expect(errors).toEqual([]);
    await page.close();
  });
});
