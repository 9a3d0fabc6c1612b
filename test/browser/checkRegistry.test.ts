// The Check view draws a card for every registered check of the answer strings, in registry order,
// each saying what `lengthlens check` says; the check added the registry way (gold_repeats_context)
// among them, flagged on a file where the gold alone echoes the question. No serious or critical
// axe-core violation; screenshots at desktop and phone width, light and dark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { baseUrl, collectErrors, launchChromium, SCREENSHOT_DIR, seriousViolations } from './chromium';
import { STRING_CHECKS } from '../../src/core/check/checks';

const dir = mkdtempSync(path.join(tmpdir(), 'lengthlens-check-registry-'));
const ITEMS = path.join(dir, 'echo-items.jsonl');
const ANIMALS = ['zebra', 'otter', 'heron', 'llama', 'koala', 'panda', 'tapir', 'bison', 'moose', 'camel', 'hyena', 'lemur'];
writeFileSync(ITEMS, ANIMALS.map((a, i) => JSON.stringify({ id: a, context: `Q: What does the ${a} eat?`, choices: ['grass', `${a} food`, 'rocks'], label: 1 })).join('\n') + '\n');

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('Check view: the registry', () => {
  it.each(['light', 'dark'] as const)('a card for every registered answer-string check, the new one flagged (%s)', async (scheme) => {
    const expected = JSON.parse(execFileSync(process.execPath, ['bin/lengthlens.mjs', 'check', ITEMS, '--json'], { encoding: 'utf8' })) as { checks: { gold_repeats_context: { verdict: string } } };
    for (const width of [1280, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: scheme });
      const errors = collectErrors(page);
      await page.goto(baseUrl() + '#/task');
      await page.setInputFiles('input[type=file]', ITEMS);
      const card = page.locator('[data-testid=task-check] [data-check=gold_repeats_context]');
      await card.waitFor({ timeout: 60_000 });
      const keys = await page.locator('[data-testid=task-check] .check-grid').first().locator('[data-check]').evaluateAll((cs) => cs.map((c) => c.getAttribute('data-check')));
      // Every registered check has its card (flagged cards come first, so the order is the view's own).
      expect([...keys].sort()).toEqual(STRING_CHECKS.filter((c) => c.finding).map((c) => c.key).sort());
      expect(await card.locator('h4').textContent()).toContain('Only the gold repeats a word of the question');
      expect(await card.locator('p').first().textContent()).toBe(expected.checks.gold_repeats_context.verdict);
      await expect.poll(() => card.getAttribute('class')).toContain('check-flag');
      expect(await seriousViolations(page)).toEqual([]);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `check-registry-${width}-${scheme}.png`) });
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
