// The Scorer's figure as a static image: "Figure as SVG" and "PNG" save the card drawn from the
// snapshot the embed code carries; the SVG names each rule's winner as the table on screen does,
// one ★ per rule, and the PNG is a real PNG at twice the card's width. The saved SVG is opened and
// screenshotted to be looked at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { baseUrl, collectErrors, launchChromium, screenshot } from './chromium';
import { defaultWorkspace } from '../../src/state/workspace';
import { workspaceHash } from '../../src/state/urlState';
import { DECIDING_RULES } from '../../src/core/scoring/rules';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('the Scorer figure as an image', () => {
  it('saves SVG and PNG from the result on screen', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.goto(`${baseUrl()}/${workspaceHash({ ...defaultWorkspace(), device: 'wasm' })}`);
    await page.locator('[data-origin=live] .table-scroll:not(.stale) [data-testid=score-table] td[data-col=pmi][data-value]').first().waitFor({ timeout: 120_000 });
    // The winners on screen: rule column → the winning row's letter.
    const onScreen = await page.$$eval('[data-testid=score-table] tbody tr', (trs) =>
      Object.fromEntries(trs.flatMap((tr) => Array.from(tr.querySelectorAll('td.win')).map((td) => [(td as HTMLElement).dataset.col!, 'ABC'[Number((tr as HTMLElement).dataset.candidate)]]))),
    );

    const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('save-figure-svg').click()]);
    expect(svgDownload.suggestedFilename()).toBe('lengthlens-figure.svg');
    const svg = fs.readFileSync((await svgDownload.path())!, 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('Which answer wins under each scoring rule');
    expect(svg.match(/ ★<\/text>/g)!.length).toBe(DECIDING_RULES.length);
    const text = (cells: string) => svg.includes(`>${cells}<`);
    // Each rule's row names the winner the table shows (sum log-prob is the raw sum's column, per char acc_norm's, …).
    for (const [label, col] of [['sum log-prob (acc)', 'sum_logprob'], ['per char (acc_norm)', 'per_char'], ['per byte (acc_bytes)', 'per_byte'], ['per token', 'per_token'], ['PMI (acc_mutual_info)', 'pmi'], ['whole word', 'word_logprob']] as const) {
      expect(text(label), label).toBe(true);
      const row = new RegExp(`>${label.replace(/[()]/g, '\\$&')}</text><text[^>]*>([A-C])<`).exec(svg);
      expect(row?.[1], label).toBe(onScreen[col]);
    }
    await expect(page.getByTestId('figure-image-note').textContent()).resolves.toBe('Saved lengthlens-figure.svg.');

    const [pngDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('save-figure-png').click()]);
    const png = fs.readFileSync((await pngDownload.path())!);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(1440);
    expect(errors).toEqual([]);

    // Look at it.
    const view = await ctx.newPage();
    await view.setContent(`<body style="margin:0">${svg}</body>`);
    await screenshot(view, 'figure-image-svg');
    await ctx.close();
  });
});
