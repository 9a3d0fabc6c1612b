// The Scorer's "Compare with…" in the built app (Chromium, WASM): stories260K fp32 beside q4 and
// beside tiny-llama-plain (another tokenizer), both live in the one Worker. Each model's numbers
// in the comparison equal that model's `lengthlens score` alone; screenshots at desktop and phone width.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, collectErrors, launchChromium, screenshot, SCREENSHOT_DIR } from './chromium';
import type { ItemScore } from '../../src/core/scoring/types';
import { MODELS_DIR } from '../paths';
import { workspaceHash } from '../../src/state/urlState';
import { defaultWorkspace } from '../../src/state/workspace';
import { decodeSnapshot } from '../../src/state/snapshot';

const CONTEXT = 'Once upon a time, there was a little girl named';
const CANDIDATES = [' Lily.', ' Tom.', ' Sue went'];

let browser: Browser;
function cliScore(model: string, dtype: string): ItemScore {
  const args = ['bin/lengthlens.mjs', 'score', '--model', model, '--dtype', dtype, '--context', CONTEXT, '--json', ...CANDIDATES.map((c) => `--candidate=${c}`)];
  return (JSON.parse(execFileSync('node', args, { encoding: 'utf8' })) as { items: ItemScore[] }).items[0];
}
let alone: { fp32: ItemScore; q4: ItemScore; plain: ItemScore };

beforeAll(async () => {
  browser = await launchChromium();
  alone = { fp32: cliScore('stories260K', 'fp32'), q4: cliScore('stories260K', 'q4'), plain: cliScore(path.join(MODELS_DIR, 'tiny-llama-plain'), 'fp32') };
});
afterAll(async () => {
  await browser?.close();
});

async function readComparison(page: Page) {
  return page.evaluate(() => {
    const q = (sel: string) => Array.from(document.querySelectorAll(sel));
    return {
      agreement: Object.fromEntries(q('[data-testid=agreement-row] td').map((td) => [(td as HTMLElement).dataset.rule!, (td as HTMLElement).dataset.same!])),
      tokens: q('[data-testid=compare-fertility] tbody tr').map((tr) => [Number(tr.querySelector('[data-testid=tokens-a]')!.textContent), Number(tr.querySelector('[data-testid=tokens-b]')!.textContent)]),
      groups: q('[data-testid=aligned-traces] .aligned-candidate').map((c) => q(`.aligned-candidate[data-candidate="${(c as HTMLElement).dataset.candidate}"] .aligned-group`).map((g) => (g as HTMLElement).dataset.bytes)),
      diffs: q('[data-testid=token-diffs] li').length,
      // Each model's bits per candidate, summed over the aligned blocks.
      bits: q('[data-testid=aligned-traces] .aligned-candidate').map((c) =>
        (['a', 'b'] as const).map((side) => Array.from(c.querySelectorAll(`.aligned-cell[data-side=${side}]`)).reduce((s, e) => s + Number((e as HTMLElement).dataset.bits), 0)),
      ),
    };
  });
}

/** The second model's form folds once a model is in: open it to change the model. */
async function openCompareForm(page: Page) {
  const fold = page.getByTestId('compare-form-fold');
  if ((await fold.getAttribute('open')) === null) await fold.locator('summary').click();
}

async function loadBeside(page: Page, model: string, dtype: string) {
  await openCompareForm(page);
  await page.getByTestId('compare-model').fill(model);
  await page.getByTestId('compare-dtype').selectOption(dtype);
  await page.getByTestId('compare-load').click();
  await page.locator('[data-testid=compare-status][data-status=ready]').waitFor({ timeout: 60_000 });
  await page.getByTestId('agreement-row').waitFor({ timeout: 60_000 });
}

/** Each model's bits per candidate in the comparison are that model's `lengthlens score` alone (float32 on WASM vs Node: 1e-3). */
function expectBits(bits: number[][], a: ItemScore, b: ItemScore) {
  bits.forEach(([x, y], i) => {
    expect(Math.abs(x + a.candidates[i].sum_logprob / Math.LN2), `A bits of candidate ${i}`).toBeLessThan(1e-3);
    expect(Math.abs(y + b.candidates[i].sum_logprob / Math.LN2), `B bits of candidate ${i}`).toBeLessThan(1e-3);
  });
}

function expectAgreement(got: Record<string, string>, a: ItemScore, b: ItemScore) {
  for (const [rule, w] of Object.entries(a.winners)) expect(got[rule], rule).toBe(String(w === (b.winners as Record<string, number>)[rule]));
}

describe('Scorer: Compare with…', () => {
  for (const width of [1280, 390]) {
    it(`stories260K fp32 beside q4, then beside tiny-llama-plain, live (${width} px)`, async () => {
      const ctx = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await ctx.newPage();
      const errors = collectErrors(page);
      await page.goto(`${baseUrl()}/${workspaceHash({ ...defaultWorkspace(), device: 'wasm', context: CONTEXT, candidates: CANDIDATES, gold: null })}`);
      await page.getByTestId('model-status').filter({ hasText: 'WASM' }).waitFor({ timeout: 60_000 });

      await loadBeside(page, 'stories260K', 'q4');
      // Each model's memory beside it: its weight files' bytes (stories260K's fp32 and q4 graphs).
      expect(await page.getByTestId('model-status').getByTestId('weights-size').getAttribute('data-bytes')).toBe('1245672');
      expect(await page.getByTestId('compare-status').getByTestId('weights-size').first().getAttribute('data-bytes')).toBe('1245672');
      expect(await page.getByTestId('compare-status').getByTestId('weights-size').last().getAttribute('data-bytes')).toBe('383384');
      let got = await readComparison(page);
      expectAgreement(got.agreement, alone.fp32, alone.q4);
      expectBits(got.bits, alone.fp32, alone.q4);
      expect(got.tokens).toEqual(alone.fp32.candidates.map((c, i) => [c.n_tokens, alone.q4.candidates[i].n_tokens]));
      expect(got.diffs).toBe(5);
      // The per-token differences name both models and follow the bits/nats switch.
      const firstDiff = page.locator('[data-testid=token-diffs] li').first();
      const inBits = (await firstDiff.textContent())!;
      expect(inBits).toMatch(/ bits on fp32 → .* on q4 \(/);
      await page.locator('input[name=units][value=nats]').check();
      const inNats = (await firstDiff.textContent())!;
      expect(inNats).toMatch(/ nats on fp32 → .* on q4 \(/);
      const first = (t: string) => Number(/: ([−\d.]+) (bits|nats) on fp32/.exec(t)![1].replace('−', '-'));
      expect(Math.abs(first(inNats) - first(inBits) * Math.LN2)).toBeLessThan(2e-3);
      await page.locator('input[name=units][value=bits]').check();
      await page.getByTestId('model-compare').scrollIntoViewIfNeeded();
      await screenshot(page, `compare-q4-${width}`);
      await page.getByTestId('model-compare').screenshot({ path: path.join(SCREENSHOT_DIR, `compare-q4-${width}-section.png`) });
      // The aligned blocks: no label cut (every cell's text fits it); a long row scrolls inside its own box, not the page.
      const cut = await page.$$eval('[data-testid=aligned-traces] .aligned-cell', (cs) =>
        cs.filter((c) => [c, ...Array.from(c.children)].some((e) => e.scrollWidth > e.clientWidth + 1)).map((c) => c.textContent),
      );
      expect(cut).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

      await loadBeside(page, 'tiny-llama-plain', 'fp32');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=token-diffs] li').length === 0 && !!document.querySelector('[data-testid=agreement-row]'));
      got = await readComparison(page);
      expectAgreement(got.agreement, alone.fp32, alone.plain);
      expectBits(got.bits, alone.fp32, alone.plain);
      expect(got.tokens).toEqual([[2, 3], [3, 2], [5, 2]]);
      // " Sue went": " S" "u" "e" | " Sue", then " w" "ent" | " went".
      expect(got.groups[2]).toEqual(['0-4', '4-9']);
      await screenshot(page, `compare-plain-${width}`);
      await page.getByTestId('model-compare').screenshot({ path: path.join(SCREENSHOT_DIR, `compare-plain-${width}-section.png`) });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.getByTestId('model-compare').screenshot({ path: path.join(SCREENSHOT_DIR, `compare-plain-${width}-section-dark.png`) });
      await page.emulateMedia({ colorScheme: 'light' });

      if (width === 1280) {
        // The link carries both models: opened afresh, it shows the same comparison.
        const hash = await page.evaluate(() => window.location.hash);
        const ctx2 = await browser.newContext({ viewport: { width, height: 900 } });
        const page2 = await ctx2.newPage();
        const errors2 = collectErrors(page2);
        await page2.goto(`${baseUrl()}/${hash}`);
        await page2.locator('[data-testid=compare-status][data-status=ready]').waitFor({ timeout: 60_000 });
        await page2.getByTestId('agreement-row').waitFor({ timeout: 60_000 });
        expect(await page2.getByTestId('compare-model').inputValue()).toBe('tiny-llama-plain');
        expect(await readComparison(page2)).toEqual(got);
        expect(page2.workers().length).toBe(1);
        expect(errors2).toEqual([]);
        await ctx2.close();

        // The snapshot embed carries both models' results: opened afresh it shows the same
        // comparison with nothing downloaded, and Run live reproduces both.
        await page.getByTestId('copy-embed').click();
        await expect(page.getByTestId('share-note').textContent()).resolves.toMatch(/snapshot of these scores, on both models,/);
        const src = /src="([^"]+)"/.exec(await page.getByTestId('share-text').inputValue())![1].replace(/&amp;/g, '&');
        const snap = decodeSnapshot(src.slice(src.indexOf('#snap=') + '#snap='.length));
        if (!snap.ok || snap.snapshot.kind !== 'scorer' || !snap.snapshot.compare) throw new Error('the embed link carries no comparison snapshot');
        const carried = snap.snapshot;
        expect(carried.compare!.model).toMatchObject({ id: 'tiny-llama-plain', dtype: 'fp32' });
        expectBits(carried.compare!.result.candidates.map((c, i) => [-carried.result.candidates[i].sum_logprob / Math.LN2, -c.sum_logprob / Math.LN2]), alone.fp32, alone.plain);
        const ctx4 = await browser.newContext({ viewport: { width, height: 900 } });
        const frozen = await ctx4.newPage();
        const errors4 = collectErrors(frozen);
        const requests: string[] = [];
        ctx4.on('request', (r) => requests.push(r.url()));
        await frozen.goto(src);
        await frozen.getByTestId('snapshot-badge').waitFor({ timeout: 60_000 });
        // The comparison is a part loaded on demand: drawn a moment after the badge.
        await frozen.getByTestId('agreement-row').waitFor({ timeout: 30_000 });
        await frozen.waitForFunction(() => document.querySelectorAll('[data-testid=aligned-traces] .aligned-candidate').length > 0, undefined, { timeout: 30_000 });
        expect(await readComparison(frozen)).toEqual(got);
        expect(requests.filter((u) => u.includes('/models/'))).toEqual([]);
        await screenshot(frozen, `compare-snapshot-${width}`);
        await frozen.emulateMedia({ colorScheme: 'dark' });
        await frozen.getByTestId('model-compare').screenshot({ path: path.join(SCREENSHOT_DIR, `compare-snapshot-${width}-section-dark.png`) });
        await frozen.emulateMedia({ colorScheme: 'light' });
        await frozen.getByTestId('run-live').click();
        const diff = frozen.getByTestId('live-diff');
        await diff.waitFor({ timeout: 120_000 });
        expect(await diff.getAttribute('data-same'), (await diff.textContent()) ?? '').toBe('true');
        expect(await readComparison(frozen)).toEqual(got);
        expect(requests.some((u) => u.includes('/models/tiny-llama-plain/'))).toBe(true);
        expect(frozen.workers().length).toBe(1);
        expect(errors4).toEqual([]);
        await ctx4.close();
      }

      if (width === 390) {
        // A live embed of that state shows the comparison, without the form.
        const hash = await page.evaluate(() => window.location.hash);
        const ctx3 = await browser.newContext({ viewport: { width, height: 900 } });
        const embed = await ctx3.newPage();
        const errors3 = collectErrors(embed);
        await embed.goto(`${baseUrl()}/?embed=1${hash}`);
        await embed.getByTestId('load-model').click();
        await embed.locator('[data-testid=compare-status][data-status=ready]').waitFor({ timeout: 60_000 });
        await embed.getByTestId('agreement-row').waitFor({ timeout: 60_000 });
        expect(await embed.getByTestId('compare-model').count()).toBe(0);
        expect(await readComparison(embed)).toEqual(got);
        await screenshot(embed, `compare-embed-${width}`);
        expect(errors3).toEqual([]);
        await ctx3.close();
      }

      // Live: an edited candidate re-scores both models (its leading space shown as ·).
      await page.getByTestId('candidate-2').fill(' Sue.');
      await page.waitForFunction(() => Array.from(document.querySelectorAll('[data-testid=compare-fertility] .cand-text')).some((e) => e.textContent === '·Sue.'), undefined, { timeout: 60_000 });
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=aligned-traces] .aligned-candidate').length === 3, undefined, { timeout: 60_000 });

      // The first model's numbers are unchanged by the second: its table still matches the CLI alone.
      const sums = await page.$$eval('[data-testid=score-table] tbody tr td[data-col=sum_logprob]', (tds) => tds.map((td) => Number((td as HTMLElement).dataset.value)));
      const fp32Edited = cliScoreEdited();
      sums.forEach((s, i) => expect(Math.abs(s - fp32Edited.candidates[i].sum_logprob)).toBeLessThan(1e-3));
      // Both models live in the session's one Worker.
      expect(page.workers().length).toBe(1);
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }
});

describe('Scorer: the second model\'s options', () => {
  it('a folder from disk with its chat template, a template the model lacks, and WebGPU', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.goto(`${baseUrl()}/${workspaceHash({ ...defaultWorkspace(), device: 'wasm', context: CONTEXT, candidates: CANDIDATES, gold: null })}`);
    await page.getByTestId('model-status').filter({ hasText: 'WASM' }).waitFor({ timeout: 60_000 });

    // stories260K has no chat template: with its own name typed, the box says so and is off.
    await page.getByTestId('compare-model').fill('stories260K');
    expect(await page.getByTestId('compare-chat-template').isDisabled()).toBe(true);
    await expect(page.locator('.compare-form').textContent()).resolves.toContain('(stories260K has none)');

    // tiny-llama-plain picked as a folder, its context wrapped in its chat template: B's numbers
    // are `score --chat-template` on that model alone.
    await page.getByTestId('compare-folder-input').setInputFiles(path.join(MODELS_DIR, 'tiny-llama-plain'));
    expect(await page.getByTestId('compare-model').inputValue()).toBe('disk-tiny-llama-plain');
    await page.getByTestId('compare-dtype').selectOption('fp32');
    await page.getByTestId('compare-chat-template').check();
    await page.getByTestId('compare-load').click();
    await page.locator('[data-testid=compare-status][data-status=ready], [data-testid=compare-status][data-status=error]').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('compare-status').getAttribute('data-status'), (await page.getByTestId('compare-status').textContent()) ?? '').toBe('ready');
    await page.getByTestId('agreement-row').waitFor({ timeout: 60_000 });
    await expect(page.getByTestId('compare-status').textContent()).resolves.toContain('tiny-llama-plain fp32 with its chat template');
    const templated = cliScoreWith(path.join(MODELS_DIR, 'tiny-llama-plain'), ['--chat-template']);
    expect(templated.candidates.map((c) => c.sum_logprob)).not.toEqual(alone.plain.candidates.map((c) => c.sum_logprob));
    expectBits((await readComparison(page)).bits, alone.fp32, templated);
    await page.getByTestId('model-compare').screenshot({ path: path.join(SCREENSHOT_DIR, 'compare-folder-template-1280-section.png') });
    // A folder from disk cannot be named in a link: the embed says why it has no snapshot.
    await page.getByTestId('copy-embed').click();
    await expect(page.getByTestId('share-note').textContent()).resolves.toMatch(/folder from disk/);

    // The second model on WebGPU (Chromium's software adapter here), or on WASM with the reason.
    // Loaded, the form folded away: the comparison sits under the table.
    expect(await page.getByTestId('compare-form-fold').getAttribute('open')).toBeNull();
    await openCompareForm(page);
    await page.getByTestId('compare-model').fill('stories260K');
    await page.getByTestId('compare-dtype').selectOption('q4');
    await page.getByTestId('compare-device').selectOption('webgpu');
    await page.getByTestId('compare-load').click();
    await page.locator('[data-testid=compare-status][data-status=ready]').filter({ hasText: 'stories260K q4' }).waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=token-diffs] li').length === 5, undefined, { timeout: 60_000 });
    const status = (await page.getByTestId('compare-status').textContent()) ?? '';
    expect(status).toMatch(/second: stories260K q4 \((WebGPU|WASM)/);
    if (status.includes('(WASM')) expect(status).toContain('Loaded on WASM, not WebGPU');
    console.log(`second model on WebGPU: ${status}`);
    // WebGPU's float32 kernels differ from WASM's in the last bits: within 1e-2 bits.
    (await readComparison(page)).bits.forEach(([, y], i) => expect(Math.abs(y + alone.q4.candidates[i].sum_logprob / Math.LN2)).toBeLessThan(1e-2));
    expect(page.workers().length).toBe(1);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

function cliScoreWith(model: string, extra: string[]): ItemScore {
  const args = ['bin/lengthlens.mjs', 'score', '--model', model, '--context', CONTEXT, '--json', ...extra, ...CANDIDATES.map((c) => `--candidate=${c}`)];
  return (JSON.parse(execFileSync('node', args, { encoding: 'utf8' })) as { items: ItemScore[] }).items[0];
}

function cliScoreEdited(): ItemScore {
  const args = ['bin/lengthlens.mjs', 'score', '--model', 'stories260K', '--context', CONTEXT, '--json', ...[' Lily.', ' Tom.', ' Sue.'].map((c) => `--candidate=${c}`)];
  return (JSON.parse(execFileSync('node', args, { encoding: 'utf8' })) as { items: ItemScore[] }).items[0];
}
