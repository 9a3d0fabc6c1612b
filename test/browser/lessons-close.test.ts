// The seventh lesson, the summary cards and the final quiz, in the built app on the served
// stories260K: right and wrong answers with their reveals, every claim live, a card saved as a real
// PNG and opened from its embed code, and the quiz's score. Screenshots of every new screen at
// desktop and phone width, light and dark, go to screenshots/lessons-close/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, collectErrors, launchChromium, screenshot } from './chromium';
import { ALL_VIEWS, goStep, inEachView, lookAt, sidewaysOverflow } from './lessonSteps';
import { findLesson, LESSONS } from '../../src/ui/lessons/content';
import { QUIZ } from '../../src/ui/lessons/quiz';
import { CARDS } from '../../src/ui/lessons/cards';
import type { Lesson } from '../../src/ui/lessons/types';

const LEFTOVERS = findLesson('leftovers')!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Commit `pick` on step i and check the reveal and every claim; returns whether the pick was right. */
async function answer(page: Page, lesson: Lesson, i: number, pick: number): Promise<boolean> {
  const step = lesson.steps[i];
  const where = `${lesson.id}/${step.id}`;
  await goStep(page, lesson, i);
  expect(await page.getByTestId('lesson-figure').count(), `${where}: figure before commit`).toBe(0);
  await page.getByTestId(`option-${pick}`).check();
  await page.getByTestId('commit').click();
  const reveal = page.getByTestId('reveal');
  await reveal.waitFor({ timeout: 180_000 });
  expect(Number(await reveal.getAttribute('data-live')), `${where}: live answer`).toBe(step.question!.claim);
  const right = pick === step.question!.claim;
  expect(await reveal.getAttribute('class'), where).toContain(right ? 'right' : 'wrong');
  expect(await reveal.getByTestId('why').count(), `${where}: the misconception answered`).toBe(right ? 0 : 1);
  await page.getByTestId('lesson-figure').waitFor();
  const claims = await page.$$eval('[data-testid=claim]', (els) => els.map((e) => ({ text: e.textContent ?? '', holds: (e as HTMLElement).dataset.holds })));
  expect(claims.length, `${where}: claims shown`).toBeGreaterThan(0);
  for (const c of claims) expect(c.holds, `${where}: ${c.text}`).toBe('true');
  return right;
}

/** A pick that is right on even steps and wrong on odd ones. */
const pickFor = (lesson: Lesson, i: number) => (i % 2 === 0 ? lesson.steps[i].question!.claim : (lesson.steps[i].question!.claim + 1) % 2);

describe('Lessons: the seventh lesson, summary cards, the final quiz', () => {
  it('walks them right and wrong, saves a card as PNG, opens its embed, and scores the quiz', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light', acceptDownloads: true });
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.goto(baseUrl() + '/#/lessons');
    await page.getByTestId(`lesson-card-${QUIZ.id}`).waitFor();

    for (let i = 0; i < LEFTOVERS.steps.length; i++) {
      await answer(page, LEFTOVERS, i, pickFor(LEFTOVERS, i));
      const origin = (await page.getByTestId('origin').textContent()) ?? '';
      expect(origin, LEFTOVERS.steps[i].id).toMatch(/Live on stories260K \(fp32, WASM\)/);
      await lookAt(page, `lessons-close/leftovers-${i + 1}-desktop-light`);
    }
    // The sharpening table: three temperatures, acc rising with sharpening.
    await goStep(page, LEFTOVERS, 0);
    await expect(page.getByTestId('lesson-sharpen').locator('tbody tr').count()).resolves.toBe(3);
    await expect(page.getByTestId('lesson-sharpen').textContent()).resolves.toContain('sharpened, T = 0.5');
    // No spoiler: acc_norm's move is the next step's question, so the first step shows acc alone.
    await expect(page.$$eval('[data-testid=lesson-sharpen] th', (ths) => ths.map((t) => t.textContent))).resolves.toEqual(['200 stories, 4 choices', 'acc']);
    await goStep(page, LEFTOVERS, 1);
    await expect(page.$$eval('[data-testid=lesson-sharpen] th', (ths) => ths.map((t) => t.textContent))).resolves.toEqual(['200 stories, 4 choices', 'acc', 'acc_norm']);

    // The last step: this lesson's predictions and its summary card.
    await goStep(page, LEFTOVERS, LEFTOVERS.steps.length - 1);
    await expect(page.getByTestId('predictions-lesson').getAttribute('data-right')).resolves.toBe('2');
    await page.getByTestId('card-figure').waitFor({ timeout: 120_000 });
    const cardText = (await page.getByTestId('card-figure').textContent()) ?? '';
    expect(cardText).toContain('sharpened, T = 0.5');
    expect(cardText.replace(/\s+/g, ' ')).toContain(CARDS.leftovers.takeaway.slice(0, 40));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('card-png').click()]);
    expect(download.suggestedFilename()).toBe('lengthlens-leftovers-card.png');
    const png = fs.readFileSync((await download.path())!);
    expect(png.subarray(0, 8).toString('hex'), 'a PNG signature').toBe('89504e470d0a1a0a');
    expect(png.length).toBeGreaterThan(5000);
    // The width of a PNG is bytes 16–19 of its IHDR chunk: 1,120 pixels whatever the screen.
    expect(png.readUInt32BE(16)).toBe(1120);
    fs.writeFileSync('screenshots/lessons-close/leftovers-card-download-light.png', png);
    await page.getByTestId('card-embed').click();
    const snippet = (await page.getByTestId('card-embed-text').inputValue()) ?? '';
    const src = /src="([^"]+)"/.exec(snippet)![1].replace(/&amp;/g, '&');
    expect(src).toMatch(/\?embed=1#\/lessons\/leftovers\/card$/);
    await screenshot(page, 'lessons-close/leftovers-card-desktop-light');

    // The quiz: right on even items, wrong on odd ones; its score beside the lessons' predictions.
    let right = 0;
    for (let i = 0; i < QUIZ.steps.length; i++) {
      const st = QUIZ.steps[i];
      const n = st.question!.options === 'candidates' ? (st.widget.kind === 'scorer' ? st.widget.candidates.length : 0) : st.question!.options.length;
      const pick = i % 2 === 0 ? st.question!.claim : (st.question!.claim + 1) % n;
      if (await answer(page, QUIZ, i, pick)) right++;
      await lookAt(page, `lessons-close/quiz-${i + 1}-desktop-light`);
    }
    await expect(page.getByTestId('quiz-score').textContent()).resolves.toBe(`Final quiz: ${right} of ${QUIZ.steps.length} right.`);
    await expect(page.getByTestId('predictions-all').getAttribute('data-answered')).resolves.toBe(String(LEFTOVERS.steps.length));
    expect(await page.getByTestId('summary-card').count(), 'the quiz has no card').toBe(0);

    // The embed opens the card alone: a click loads the model, then the same table.
    const embed = await ctx.newPage();
    await embed.goto(src.replace(/^https?:\/\/[^/]+/, baseUrl()));
    await embed.getByTestId('run-live').click();
    await embed.getByTestId('card-figure').waitFor({ timeout: 120_000 });
    await expect(embed.getByTestId('card-figure').textContent()).resolves.toContain('sharpened, T = 0.5');
    expect(await embed.getByTestId('lesson-step').count()).toBe(0);
    await screenshot(embed, 'lessons-close/card-embed-desktop-light');
    // A card of a lesson without the model computes at once in an embed.
    await embed.goto(baseUrl() + '/?embed=1#/lessons/judge-bias/card');
    await embed.getByTestId('card-figure').waitFor();
    await expect(embed.getByTestId('card-figure').textContent()).resolves.toContain('swap-averaged');
    await embed.close();

    // Every new screen in all four combinations (desktop light was taken on the walk above, except
    // the other lessons' cards).
    await inEachView(page, ALL_VIEWS, `lesson-card-${QUIZ.id}`, async (label) => {
      await screenshot(page, `lessons-close/index-${label}`);
      // Each lesson's summary card, at the end of its last step.
      for (const lesson of LESSONS) {
        await goStep(page, lesson, lesson.steps.length - 1);
        // A card follows its last step's reveal (before, it would give the answer away): commit once.
        if (lesson.steps[lesson.steps.length - 1].question && (await page.getByTestId('commit').count()) > 0) {
          await page.getByTestId('option-0').check();
          await page.getByTestId('commit').click();
        }
        await page.getByTestId('card-figure').waitFor({ timeout: 180_000 });
        await page.getByTestId('summary-card').screenshot({ path: `screenshots/lessons-close/card-${lesson.id}-${label}.png` });
      }
      if (label === 'desktop-light') return;
      for (const lesson of [LEFTOVERS, QUIZ])
        for (let i = 0; i < lesson.steps.length; i++) {
          await goStep(page, lesson, i);
          await page.getByTestId('lesson-figure').waitFor({ timeout: 120_000 });
          if (lesson === LEFTOVERS && i === lesson.steps.length - 1) await page.getByTestId('card-figure').waitFor({ timeout: 120_000 });
          expect(await sidewaysOverflow(page), `${lesson.id}/${lesson.steps[i].id} ${label}: page wider than the screen`).toBeLessThanOrEqual(0);
          await lookAt(page, `lessons-close/${lesson === QUIZ ? 'quiz' : 'leftovers'}-${i + 1}-${label}`);
        }
    });
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
