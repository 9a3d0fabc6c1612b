// Opening a lesson's step by its link, and the screen sizes and colour schemes, for the lesson walks.
import type { Page } from 'playwright-core';
import { screenshot } from './chromium';
import type { Lesson } from '../../src/ui/lessons/types';

/** Go to step i (from 0) of a lesson and wait until that step is on screen. */
export async function goStep(page: Page, lesson: Lesson, i: number): Promise<void> {
  await page.evaluate((h) => (window.location.hash = h), `#/lessons/${lesson.id}/${i + 1}`);
  await page.locator(`[data-testid=lesson-step][data-lesson="${lesson.id}"][data-step="${lesson.steps[i].id}"]`).waitFor();
}

/**
 * Every chart has measured its box and drawn (a ResponsiveContainer draws a frame after it mounts);
 * with `marks`, also a line, a bar or a point in each (for figures that always have some): then a
 * screenshot shows it.
 */
export async function chartsDrawn(page: Page, opts: { marks?: boolean } = {}): Promise<void> {
  await page.waitForFunction(
    (marks) =>
      Array.from(document.querySelectorAll('.recharts-responsive-container')).every(
        (c) => c.querySelector('svg.recharts-surface') !== null && (!marks || c.querySelector('.recharts-curve, .recharts-rectangle, .recharts-symbols') !== null),
      ),
    opts.marks ?? false,
  );
}

export type Scheme = 'light' | 'dark';
/** Desktop and phone widths in both schemes: what every lesson screen is looked at in. */
export const ALL_VIEWS: readonly (readonly [number, Scheme])[] = [
  [1280, 'light'],
  [1280, 'dark'],
  [390, 'light'],
  [390, 'dark'],
];

/** Show the lessons index in each view (a desktop or phone size, a colour scheme) and run `look` there with the view's label, e.g. `phone-dark`. */
export async function inEachView(page: Page, views: readonly (readonly [number, Scheme])[], indexCard: string, look: (label: string) => Promise<void>): Promise<void> {
  for (const [width, scheme] of views) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate(() => (window.location.hash = '#/lessons'));
    await page.getByTestId(indexCard).waitFor();
    await look(`${width < 600 ? 'phone' : 'desktop'}-${scheme}`);
  }
}

/**
 * A screenshot of a step as a reader leaves it: the pointer moved off the page (the click that
 * committed leaves it over the figure that the reveal draws under it, and its tooltip would cover
 * the chart) and Try it's editor loaded.
 */
export async function lookAt(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForFunction(
    () =>
      !document.body.textContent?.includes('Loading the editor…') &&
      Array.from(document.querySelectorAll('.recharts-tooltip-wrapper')).every((w) => getComputedStyle(w).visibility === 'hidden'),
  );
  await screenshot(page, name);
}

/** How many pixels the page is wider than the screen (a phone reader would have to scroll the whole page sideways). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Charts whose legend lists the series in another order than they are drawn: for each chart, the
 * legend's colours against the colours of its bars, lines, areas and points in drawing order (each
 * colour once). Recharts sorts a legend by its labels unless told otherwise.
 */
export async function legendsOutOfOrder(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const paint = (el: Element | null) => {
      if (!el) return null;
      for (const a of ['fill', 'stroke']) {
        const v = el.getAttribute(a);
        if (v && v !== 'none' && !v.startsWith('url(')) return v;
      }
      return null;
    };
    const uniq = (xs: (string | null)[]) => xs.filter((x, i): x is string => !!x && xs.indexOf(x) === i);
    for (const chart of Array.from(document.querySelectorAll('.recharts-wrapper'))) {
      const items = Array.from(chart.querySelectorAll('.recharts-legend-item'));
      if (items.length < 2) continue;
      const legend = uniq(items.map((it) => paint(it.querySelector('svg path, svg line, svg rect'))));
      const drawn = uniq(
        Array.from(chart.querySelectorAll('.recharts-bar, .recharts-line, .recharts-area, .recharts-scatter')).map((layer) =>
          paint(layer.querySelector('.recharts-rectangle, .recharts-line-curve, .recharts-area-area, .recharts-symbols, .recharts-scatter-line path, path')),
        ),
      );
      const both = legend.filter((c) => drawn.includes(c));
      const order = drawn.filter((c) => both.includes(c));
      if (both.join('|') !== order.join('|')) out.push(`${chart.closest('figure')?.getAttribute('aria-label') ?? 'a chart'}: legend ${both.join(', ')}; drawn ${order.join(', ')}`);
    }
    return out;
  });
}
