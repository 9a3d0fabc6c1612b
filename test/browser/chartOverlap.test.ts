// No legend or label over lines or bars, measured on the drawn boxes at 1,280 and 390 px: the
// Scorer's cumulative chart (its legend against every line), the Check's bar charts (each row's
// name, bar and value side by side), and the Judge audit charts (axis titles against tick labels).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchChromium, screenshot } from './chromium';
import { ARC_EASY_LOG } from '../paths';


let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

interface Box {
  what: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Pairs of boxes from `a` and `b` that overlap by more than half a pixel each way. */
function overlaps(a: Box[], b: Box[]): string[] {
  const out: string[] = [];
  for (const p of a)
    for (const q of b) {
      const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (w > 0.5 && h > 0.5) out.push(`${p.what} × ${q.what}`);
    }
  return out;
}

/** The boxes of every element matching `selector` under `root`, named by `name` and their index. */
async function boxes(page: Page, root: string, selector: string, name: string): Promise<Box[]> {
  return page.$$eval(
    `${root} ${selector}`,
    (els, n) =>
      els.map((e, k) => {
        const r = e.getBoundingClientRect();
        return { what: `${n} ${k} “${(e.textContent ?? '').trim().slice(0, 30)}”`, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      }),
    name,
  );
}

const WIDTHS = [1280, 390] as const;

describe('charts: no legend or label over lines or bars', () => {
  for (const width of WIDTHS) {
    it(`the Scorer's cumulative chart keeps its legend off the lines (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      // The first visit's build-time scores draw the chart; the model is held back (not needed).
      await page.route(/\/models\//, () => undefined);
      await page.goto(baseUrl() + '/');
      const chart = page.locator('.cumcost .cum-svg');
      await chart.locator('polyline').first().waitFor({ timeout: 60_000 });
      await chart.scrollIntoViewIfNeeded();
      const legend = await boxes(page, '.cumcost .cum-svg', '.legend > g', 'legend row');
      const lines = await boxes(page, '.cumcost .cum-svg', 'polyline', 'line');
      // The axes' ticks and titles (the legend's own text is not one of them).
      const titles = [...(await boxes(page, '.cumcost .cum-svg', '> g:not(.legend) > .axis-text', 'tick')), ...(await boxes(page, '.cumcost .cum-svg', '> .axis-title', 'axis title'))];
      expect(titles.length).toBeGreaterThan(4);
      expect(legend.length).toBeGreaterThanOrEqual(2);
      expect(lines.length).toBe(legend.length);
      expect(overlaps(legend, lines)).toEqual([]);
      expect(overlaps(legend, titles)).toEqual([]);
      await chart.screenshot({ path: path.resolve('screenshots', `cumulative-chart-${width}.png`) });
      await page.close();
    }, 120_000);

    it(`the Check's bar charts keep names, bars and values apart (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(baseUrl() + '#/task');
      await page.setInputFiles('input[type=file]', ARC_EASY_LOG);
      // The log's logged scores give the shortest-pick bars at once.
      const shortest = page.locator('[data-testid=task-check] figure.check-bars', { hasText: 'Picks that are a shortest choice' });
      await shortest.waitFor({ timeout: 60_000 });
      await shortest.scrollIntoViewIfNeeded();
      const rows = await page.locator('[data-testid=task-check] .check-bar-row').count();
      expect(rows).toBeGreaterThan(2);
      for (let k = 0; k < rows; k++) {
        const row = `[data-testid=task-check] .check-bar-row >> nth=${k}`;
        const parts = await page.locator(row).evaluate((r) =>
          ['.check-bar-name', '.check-bar-track', '.check-bar-value'].map((sel) => {
            const e = r.querySelector(sel)!;
            // The text's own extent (an overflowing name spills past its grid cell).
            const range = document.createRange();
            range.selectNodeContents(e);
            const b = sel === '.check-bar-track' ? e.getBoundingClientRect() : range.getBoundingClientRect();
            return { what: `${sel} “${(r.textContent ?? '').slice(0, 30)}”`, left: b.left, top: b.top, right: b.right, bottom: b.bottom };
          }),
        );
        expect(overlaps([parts[0]], [parts[1], parts[2]])).toEqual([]);
        expect(overlaps([parts[1]], [parts[2]])).toEqual([]);
      }
      await shortest.screenshot({ path: path.resolve('screenshots', `check-shortest-bars-${width}.png`) });
      await page.close();
    }, 120_000);

    it(`the Judge audit charts keep axis titles off tick labels and inside the chart (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(baseUrl() + '/#/judge/audit');
      await page.getByTestId('audit-file').setInputFiles('public/samples/judge-verdicts.csv');
      await page.getByTestId('audit-report').waitFor({ timeout: 60_000 });
      for (const id of ['audit-overlap-chart', 'audit-length-chart']) {
        const root = `[data-testid=${id}]`;
        await page.locator(`${root} .recharts-label`).first().waitFor({ timeout: 30_000 });
        const titles = await boxes(page, root, '.recharts-label', 'axis title');
        const ticks = await boxes(page, root, '.recharts-cartesian-axis-tick-value', 'tick');
        const bars = await boxes(page, root, '.recharts-bar-rectangle path', 'bar');
        const svg = (await boxes(page, root, 'svg.recharts-surface', 'chart'))[0];
        expect(overlaps(titles, ticks)).toEqual([]);
        expect(overlaps(titles, bars)).toEqual([]);
        for (const t of titles) {
          expect(t.left, t.what).toBeGreaterThanOrEqual(svg.left - 0.5);
          expect(t.right, t.what).toBeLessThanOrEqual(svg.right + 0.5);
        }
      }
      await screenshot(page, `judge-audit-charts-${width}`);
      await page.close();
    }, 120_000);
  }
});
