// Opening a lesson's step by its link, for the lesson walks.
import type { Page } from 'playwright-core';
import type { Lesson } from '../../src/ui/lessons/types';

/** Go to step i (from 0) of a lesson and wait until that step is on screen. */
export async function goStep(page: Page, lesson: Lesson, i: number): Promise<void> {
  await page.evaluate((h) => (window.location.hash = h), `#/lessons/${lesson.id}/${i + 1}`);
  await page.locator(`[data-testid=lesson-step][data-lesson="${lesson.id}"][data-step="${lesson.steps[i].id}"]`).waitFor();
}
