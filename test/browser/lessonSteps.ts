// Opening a lesson's step by its link, and the screen sizes and colour schemes, for the lesson walks.
import type { Page } from 'playwright-core';
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
