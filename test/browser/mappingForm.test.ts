// The Task lab's mapping form in the built app: a file in a layout no schema recognises (written
// here) opens the form instead of a dead end; a malformed path and a path that reaches nothing
// are said beside their input; the preview shows the first records as they will be checked; Apply
// (from the keyboard) re-reads the file, and the Check's figures equal those computed here from
// the raw strings. axe-core finds no serious or critical violation; screenshotted at 1280 and
// 390 px, light and dark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, collectErrors, launchChromium, screenshot } from './chromium';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const dir = mkdtempSync(path.join(tmpdir(), 'lengthlens-mapping-ui-'));

// Nested choices under a name no schema uses, the gold as a letter under `key`, the subset as `area`.
const RECORDS = [
  { uid: 'u1', question: 'Capital of France?', opts: [{ text: ' Paris is the capital city' }, { text: ' Rome' }, { text: ' Oslo' }], key: 'A', area: 'geo' },
  { uid: 'u2', question: '2+2?', opts: [{ text: ' five' }, { text: ' four' }, { text: ' three' }], key: 'B', area: 'math' },
  { uid: 'u3', question: 'Sky colour?', opts: [{ text: ' blue, on a clear day' }, { text: ' red' }, { text: ' green' }], key: 'A', area: 'geo' },
  { uid: 'u4', question: 'Largest planet?', opts: [{ text: ' Mars' }, { text: ' Jupiter, the gas giant' }, { text: ' Venus' }], key: 'B', area: 'geo' },
  { uid: 'u5', question: 'Water formula?', opts: [{ text: ' H2O' }, { text: ' CO2 and more' }, { text: ' NaCl' }], key: 'A', area: 'math' },
  { uid: 'u6', question: 'Fastest land animal?', opts: [{ text: ' the cheetah, by far' }, { text: ' cow' }, { text: ' snail' }], key: 'A', area: 'geo' },
];
const FILE = path.join(dir, 'novel-layout.jsonl');
writeFileSync(FILE, RECORDS.map((r) => JSON.stringify(r)).join('\n') + '\n');

// Records that fit PIQA and COPA alike.
const BOTH = path.join(dir, 'both.jsonl');
writeFileSync(BOTH, [0, 1].map((i) => JSON.stringify({ id: `b${i}`, goal: 'g', sol1: 'a', sol2: 'b b', premise: `p${i}`, choice1: 'c', choice2: 'd e', label: i })).join('\n') + '\n');

/** The check's length figures from the raw strings: gold a longest / shortest choice, and chance. */
function expected() {
  const bytes = (s: string) => new TextEncoder().encode(s).length;
  let longest = 0;
  let shortest = 0;
  let chanceLongest = 0;
  let chanceShortest = 0;
  for (const r of RECORDS) {
    const lengths = r.opts.map((o) => bytes(o.text));
    const gold = r.key.charCodeAt(0) - 65;
    const max = Math.max(...lengths);
    const min = Math.min(...lengths);
    if (lengths[gold] === max) longest++;
    if (lengths[gold] === min) shortest++;
    chanceLongest += lengths.filter((x) => x === max).length / lengths.length;
    chanceShortest += lengths.filter((x) => x === min).length / lengths.length;
  }
  const n = RECORDS.length;
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  return { n, longest: pct(longest / n), shortest: pct(shortest / n), chanceLongest: pct(chanceLongest / n), chanceShortest: pct(chanceShortest / n) };
}

async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`);
  });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The text of the element an input's aria-describedby names last (its problem, when it has one). */
async function describedProblem(page: Page, testId: string): Promise<string> {
  return page.getByTestId(testId).evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(' ');
    return document.getElementById(ids[ids.length - 1])?.textContent ?? '';
  });
}

describe('Task lab: the mapping form', () => {
  it('opens for an unrecognised file, says what is wrong per field, previews, applies, and the Check counts the raw strings', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectErrors(page);
    await page.goto(baseUrl() + '#/task');
    await page.setInputFiles('input[type=file]', FILE);
    const form = page.getByTestId('mapping-form');
    await form.waitFor({ timeout: 60_000 });
    // The guess from the field names: question, the list's texts, uid; no gold or subset name it knows.
    expect(await page.getByTestId('mapping-context').inputValue()).toBe('question');
    expect(await page.getByTestId('mapping-choices').inputValue()).toBe('opts[*].text');
    expect(await page.getByTestId('mapping-gold').inputValue()).toBe('');
    expect(await page.getByTestId('mapping-id').inputValue()).toBe('uid');
    expect(await page.getByTestId('load-error').count()).toBe(0);
    // No choices: Apply waits, and the input says why.
    await page.getByLabel('Choices').fill('');
    await expect.poll(() => describedProblem(page, 'mapping-choices')).toBe('The choices need at least one field path.');
    expect(await page.getByTestId('mapping-apply').isDisabled()).toBe(true);

    // Typed by label: a path that reaches nothing and a malformed one, each said beside its input.
    await page.getByLabel('Choices').fill('opts[*].txt');
    await expect.poll(() => describedProblem(page, 'mapping-choices')).toBe('"opts[*].txt" reaches nothing in line 1, nor in any of the first 6 records.');
    await page.getByLabel('Gold').fill('key]');
    await expect.poll(() => describedProblem(page, 'mapping-gold')).toBe('Field path "key]": "]" at character 4 has no "[".');
    expect(await page.getByTestId('mapping-gold').getAttribute('aria-invalid')).toBe('true');
    await form.screenshot({ path: path.resolve('screenshots', 'mapping-form-problems-1280.png') });
    await page.getByLabel('Choices').fill('opts[*].text');
    await page.getByLabel('Gold').fill('key');
    await page.getByLabel('Subset').fill('area');
    await expect.poll(() => page.getByTestId('mapping-gold-problem').count()).toBe(0);
    expect(await page.getByTestId('mapping-choices-problem').count()).toBe(0);

    // The preview: the first five records, each choice with its spaces shown as ·, the gold marked.
    const items = page.getByTestId('mapping-item');
    await expect.poll(() => items.count()).toBe(5);
    for (let i = 0; i < 5; i++) {
      const r = RECORDS[i];
      expect(await items.nth(i).getByTestId('mapping-item-context').textContent()).toBe(r.question);
      expect(await items.nth(i).locator('.mapping-choices li code').allTextContents()).toEqual(r.opts.map((o) => o.text.replace(/ /g, '·')));
      expect(await items.nth(i).locator('.mapping-choices li[data-gold=true] code').allTextContents()).toEqual([r.opts[r.key.charCodeAt(0) - 65].text.replace(/ /g, '·')]);
    }

    expect(await seriousViolations(page)).toEqual([]);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await form.scrollIntoViewIfNeeded();
        await form.screenshot({ path: path.resolve('screenshots', `mapping-form-${width}-${scheme}.png`) });
      }
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Apply from the keyboard: Enter in a field submits the form.
    await page.getByLabel('Subset').press('Enter');
    await page.getByTestId('task-check').locator('.check-card').first().waitFor({ timeout: 60_000 });
    expect(await form.count()).toBe(0);
    expect(await page.getByTestId('schema-name').textContent()).toBe('your field mapping');
    expect(await page.getByTestId('task-schema').locator('dd').allTextContents()).toEqual(['question', 'opts[*].text', 'key', 'uid', 'area']);
    expect(await page.getByTestId('item-count').textContent()).toBe(String(RECORDS.length));
    const e = expected();
    const verdict = (key: string) => page.locator(`[data-testid=task-check] [data-check="${key}"] p`).first().textContent();
    expect(await verdict('choice_counts')).toBe(`${e.n} items: ${e.n} with 3 choices`);
    expect(await verdict('gold_longest')).toMatch(new RegExp(`^the gold is a longest choice in ${e.longest} of items \\(95% interval .*\\), against ${e.chanceLongest} by chance`));
    expect(await verdict('gold_shortest')).toContain(`in ${e.shortest} of items`);
    expect(await verdict('gold_shortest')).toContain(`against ${e.chanceShortest} by chance`);
    await screenshot(page, 'mapping-applied-1280');

    // The mapping can be changed again: the form opens with the paths in use.
    await page.getByTestId('change-mapping').click();
    await form.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('mapping-choices').inputValue()).toBe('opts[*].text');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('for a file two schemas fit equally, offers each to choose; the chosen one reads it', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = collectErrors(page);
    await page.goto(baseUrl() + '#/task');
    await page.setInputFiles('input[type=file]', BOTH);
    await page.getByTestId('mapping-form').waitFor({ timeout: 60_000 });
    const radios = page.getByRole('radio');
    expect(await radios.evaluateAll((rs) => rs.map((r) => r.parentElement?.textContent?.trim()))).toEqual(['PIQA (goal, sol1, sol2)', 'COPA (premise, choice1, choice2, question, label)', 'the field paths below']);
    // Each candidate's own paths fill the inputs; the preview follows the choice.
    expect(await page.getByTestId('mapping-choices').inputValue()).toBe('sol1, sol2');
    await page.getByLabel('COPA (premise, choice1, choice2, question, label)').check();
    expect(await page.getByTestId('mapping-choices').inputValue()).toBe('choice1, choice2');
    expect(await page.getByTestId('mapping-item').first().locator('code').allTextContents()).toEqual(['c', 'd·e']);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('mapping-form').screenshot({ path: path.resolve('screenshots', 'mapping-form-ambiguous-390.png') });
    await page.getByTestId('mapping-apply').click();
    await expect.poll(() => page.getByTestId('schema-name').textContent(), { timeout: 60_000 }).toBe('COPA (premise, choice1, choice2, question, label)');
    expect(await page.getByTestId('task-schema').textContent()).toContain('chosen in the mapping form');
    expect(errors).toEqual([]);
    await page.close();
  });
});
