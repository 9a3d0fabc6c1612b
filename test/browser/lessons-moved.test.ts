// The figures the learner moves, in the built app on the served stories260K: the extensivity step
// (a length dragged along −L×H) and the sharpness step (a temperature slider), each answered right
// and wrong, every claim live, the slider moved from the keyboard, axe-core with no serious or
// critical violation, and screenshots at desktop and phone width, light and dark, in
// screenshots/lessons-moved/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, collectErrors, launchChromium, screenshot } from './chromium';
import { seriousViolations } from './chromium';
import { ALL_VIEWS, chartsDrawn, goStep } from './lessonSteps';
import { findLesson } from '../../src/ui/lessons/content';
import type { Lesson } from '../../src/ui/lessons/types';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** In a fresh context, commit `pick` on the step and check the reveal, the misconception note and every claim. */
async function answer(lesson: Lesson, stepId: string, pick: number, width: number, scheme: 'light' | 'dark'): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const ctx = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, colorScheme: scheme });
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  await page.goto(baseUrl() + '/#/lessons');
  await commit(page, lesson, stepId, pick);
  return { page, errors, close: () => ctx.close() };
}

/** Commit `pick` on the step and check the reveal, the misconception note and every claim. */
async function commit(page: Page, lesson: Lesson, stepId: string, pick: number): Promise<void> {
  const i = lesson.steps.findIndex((s) => s.id === stepId);
  const step = lesson.steps[i];
  await goStep(page, lesson, i);
  expect(await page.getByTestId('lesson-figure').count(), 'figure before commit').toBe(0);
  await page.getByTestId(`option-${pick}`).check();
  await page.getByTestId('commit').click();
  const reveal = page.getByTestId('reveal');
  await reveal.waitFor({ timeout: 240_000 });
  expect(Number(await reveal.getAttribute('data-live')), `${stepId}: live answer`).toBe(step.question!.claim);
  const right = pick === step.question!.claim;
  expect(await reveal.getAttribute('class')).toContain(right ? 'right' : 'wrong');
  expect(await reveal.getByTestId('why').count()).toBe(right ? 0 : 1);
  await page.getByTestId('lesson-figure').waitFor();
  const claims = await page.$$eval('[data-testid=claim]', (els) => els.map((e) => ({ text: e.textContent ?? '', holds: (e as HTMLElement).dataset.holds })));
  expect(claims.length).toBeGreaterThan(0);
  for (const c of claims) expect(c.holds, `${stepId}: ${c.text}`).toBe('true');
  await chartsDrawn(page, { marks: true });
}

describe('Lessons: the figures the learner moves', () => {
  it('extensivity: right and wrong, the length moved from the keyboard along −L×H, axe, four views', async () => {
    const lesson = findLesson('sum-and-length')!;
    const claim = lesson.steps.find((s) => s.id === 'extensivity')!.question!.claim;
    for (const [n, [width, scheme]] of ALL_VIEWS.entries()) {
      const { page, errors, close } = await answer(lesson, 'extensivity', n % 2 === 0 ? claim : 0, width, scheme);
      const expected = page.getByTestId('extensivity-expected');
      const H = Number(await page.getByTestId('extensivity').getAttribute('data-h'));
      expect(H).toBeGreaterThan(2.5);
      expect(H).toBeLessThan(3.5);
      expect(Number(await expected.getAttribute('data-value'))).toBeCloseTo(-10 * H, 9);
      await page.getByTestId('extensivity-length').focus();
      for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowRight');
      await expect.poll(async () => Number(await expected.getAttribute('data-value'))).toBeCloseTo(-15 * H, 9);
      // The charts and tables re-measure after the viewport changes: the page settles no wider than the screen.
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${width}: page width`, timeout: 15_000 }).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page), `${width} ${scheme}`).toEqual([]);
      await screenshot(page, `lessons-moved/extensivity-${width < 600 ? 'phone' : 'desktop'}-${scheme}`);
      expect(errors).toEqual([]);
      await close();
    }
  });

  it('sharpness: wrong then right, the temperature moved from the keyboard, both lines and the traces, axe, four views', async () => {
    const lesson = findLesson('leftovers')!;
    const { page, errors, close } = await answer(lesson, 'sharpen', 0, 1280, 'light');
    // Step 1 shows acc alone; step 2 both lines (no spoiler of acc_norm before its step).
    await expect.poll(() => page.locator('[data-testid=sharpen-curve] .recharts-line').count(), { timeout: 30_000 }).toBe(1);
    await screenshot(page, 'lessons-moved/sharpness-step1-desktop-light');
    await commit(page, lesson, 'rule-of-thumb', lesson.steps.find((s) => s.id === 'rule-of-thumb')!.question!.claim);
    await expect.poll(() => page.locator('[data-testid=sharpen-curve] .recharts-line').count(), { timeout: 30_000 }).toBe(2);
    const at = page.getByTestId('sharpen-at');
    expect(await at.getAttribute('data-t')).toBe('0.5');
    const acc05 = Number(await at.getAttribute('data-acc'));
    await page.getByTestId('sharpen-temperature').focus();
    for (let k = 0; k < 4; k++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => at.getAttribute('data-t')).toBe('2');
    // Flatter: acc lower than at T = 0.5, and the trace at T = 1 and T = 2.
    expect(Number(await at.getAttribute('data-acc'))).toBeLessThan(acc05);
    await page.getByText('One story’s right ending, token by token, at T = 1 and T = 2').waitFor();
    for (const [width, scheme] of ALL_VIEWS) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await chartsDrawn(page, { marks: true });
      // No tooltip left open under the pointer, and nothing wider than the screen.
      await page.mouse.move(0, 0);
      // The charts and tables re-measure after the viewport changes: the page settles no wider than the screen.
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${width}: page width`, timeout: 15_000 }).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page), `${width} ${scheme}`).toEqual([]);
      await screenshot(page, `lessons-moved/sharpness-${width < 600 ? 'phone' : 'desktop'}-${scheme}`);
    }
    expect(errors).toEqual([]);
    await close();
  });
});
