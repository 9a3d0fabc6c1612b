// Host anywhere, embed anywhere: the built app (dist/) served by a plain static file server with no
// COOP/COEP headers on one loopback port, embedded by a page on another port (a cross-origin
// iframe), and the same under `vite preview` (which sends the headers). The snapshot embed renders
// with no model request at all (network log), "Run live" scores and reproduces it, the iframe
// resizes to the figure; a tampered or hostile snapshot is refused as text; Auto picks WASM on
// this machine's software WebGPU adapter and says why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { Browser, Frame, Page } from 'playwright-core';
import { baseUrl, collectErrors, launchChromium, screenshot } from './chromium';
import { listen, staticHost } from './staticHost';
import { decodeSnapshot } from '../../src/state/snapshot';
import { LESSONS } from '../../src/ui/lessons/content';
import { DECIDING_RULES } from '../../src/core/scoring/rules';

/** The plain static host: the build alone (with its embedded stories260K), less the data/ folder it ships (the lesson's summary fallback is tested on it). */
const { server: hostServer, log: hostLog } = staticHost({ '/data/': null });

/** The embedding page: whatever HTML the test puts at /. */
function parentHost(): { server: http.Server; setPage(html: string): void } {
  let page = '';
  const server = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page));
  return { server, setPage: (html) => (page = html) };
}

let browser: Browser;
/** A snapshot embed link made on the plain static host (set by the first test). */
let plainSnapshotSrc = '';
let hostUrl: string;
let parentUrl: string;
const parent = parentHost();

beforeAll(async () => {
  browser = await launchChromium();
  hostUrl = await listen(hostServer);
  parentUrl = await listen(parent.server);
});
afterAll(async () => {
  await browser?.close();
  hostServer.close();
  parent.server.close();
});

/** Copy the embed code from the Scorer served at `origin` (fresh profile, Auto device). */
async function scorerEmbedCode(page: Page, origin: string): Promise<string> {
  await page.goto(origin + '/');
  await page.getByTestId('model-status').waitFor({ timeout: 120_000 });
  await page.waitForFunction(() => {
    const s = document.querySelector('.table-scroll');
    return !!s && !s.classList.contains('stale') && document.querySelectorAll('[data-testid=score-table] td.win').length > 0;
  }, null, { timeout: 60_000 });
  await page.getByTestId('copy-embed').click();
  await expect(page.getByTestId('share-note').textContent()).resolves.toMatch(/snapshot of these scores/);
  return page.getByTestId('share-text').inputValue();
}


/** The compact figure's winner-per-rule table: each rule's winner and every answer's value under it, as the cells carry them. */
async function winnerValues(frame: Frame | Page): Promise<{ rule: string; winner: number; values: Record<string, string>[] }[]> {
  return frame.$$eval('[data-testid=winner-table] tbody tr', (trs) =>
    trs.map((tr) => ({
      rule: (tr as HTMLElement).dataset.rule!,
      winner: Number((tr as HTMLElement).dataset.winner),
      values: Array.from(tr.querySelectorAll('td[data-value]')).map((td) => ({ [(td as HTMLElement).dataset.col!]: (td as HTMLElement).dataset.value! })),
    })),
  );
}

const isModelRequest = (u: string) => /\/models\//.test(u) || /huggingface\.co/.test(u);

describe('embeds on any static host', () => {
  for (const kind of ['plain static host (no COOP/COEP)', 'vite preview (COOP/COEP)'] as const) {
    it(`${kind}: the snapshot renders with no model request, Run live reproduces it, the iframe resizes`, async () => {
      const origin = kind.startsWith('plain') ? hostUrl : baseUrl();
      const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 } });
      const page = await ctx.newPage();
      const errors = collectErrors(page);
      const code = await scorerEmbedCode(page, origin);
      // Auto on this machine's software WebGPU adapter: WASM, with the reason.
      await expect(page.getByTestId('model-status').textContent()).resolves.toMatch(/WASM/);
      await expect(page.getByTestId('auto-reason').textContent()).resolves.toMatch(/Auto chose WASM: .*(software|fallback).*swiftshader/i);
      if (kind.startsWith('plain')) {
        expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
        await screenshot(page, 'embed/host-plain-scorer');
      }
      const src = /src="([^"]+)"/.exec(code)![1].replace(/&amp;/g, '&');
      expect(src.startsWith(origin + '/?embed=1#snap=')).toBe(true);
      expect(code).toContain(`e.origin!==${JSON.stringify(origin)}`);
      const snap = decodeSnapshot(src.slice(src.indexOf('#snap=') + '#snap='.length));
      if (!snap.ok || snap.snapshot.kind !== 'scorer') throw new Error('the embed link carries no Scorer snapshot');
      const snapshot = snap.snapshot;
      if (kind.startsWith('plain')) plainSnapshotSrc = src;

      // A reader's page on another origin embeds the figure.
      parent.setPage(`<!doctype html><html><body style="margin:0;font-family:sans-serif"><h1>A blog post</h1><p>Some text.</p>\n${code}\n<p>After the figure.</p></body></html>`);
      // The reader: a fresh profile (nothing cached from the author's visit).
      const readerCtx = await browser.newContext({ viewport: { width: 900, height: 800 } });
      const reader = await readerCtx.newPage();
      const readerErrors = collectErrors(reader);
      // The browser's network log, over every page and worker of the reader's context.
      const requests: string[] = [];
      readerCtx.on('request', (r) => requests.push(r.url()));
      hostLog.length = 0;
      await reader.goto(parentUrl + '/');
      const frame = reader.frameLocator('iframe');
      await frame.getByTestId('snapshot-badge').waitFor({ timeout: 60_000 });
      const f = reader.frames().find((x) => x.url().startsWith(origin))!;
      // The compact default (banner and winners): each rule's winner and every value exactly as the snapshot holds them.
      expect(await f.getAttribute('[data-testid=scorer]', 'data-parts')).toBe('banner,winners');
      await expect(f.locator('[data-testid=score-table]').count()).resolves.toBe(0);
      const shown = await winnerValues(f);
      expect(shown.length).toBe(DECIDING_RULES.length);
      for (const row of shown) {
        expect(row.winner, row.rule).toBe(snapshot.result.winners[row.rule as keyof typeof snapshot.result.winners]);
        row.values.forEach((cell, i) => {
          const [[col, v]] = Object.entries(cell);
          expect(Number(v), `${col} of ${i}`).toBe(snapshot.result.candidates[i][col as keyof (typeof snapshot.result.candidates)[number]]);
        });
      }
      // The iframe took the figure's height (not the snippet's 480 px).
      await reader.waitForFunction(() => {
        const el = document.querySelector('iframe')!;
        return el.style.height !== '' && Math.abs(el.getBoundingClientRect().height - 480) > 40;
      }, null, { timeout: 30_000 });
      const frameHeight = await reader.$eval('iframe', (el) => el.getBoundingClientRect().height);
      const contentHeight = await f.evaluate(() => document.body.getBoundingClientRect().height);
      expect(Math.abs(frameHeight - contentHeight)).toBeLessThan(4);
      // No model file was asked for: the figure came from the link alone.
      expect(requests.filter(isModelRequest)).toEqual([]);
      expect(hostLog.filter(isModelRequest)).toEqual([]);
      if (kind.startsWith('plain')) expect(hostLog.length).toBeGreaterThan(0);
      await screenshot(reader, `embed/${kind.startsWith('plain') ? 'plain' : 'isolated'}-snapshot`);

      // Run live: the model loads, scores, and the result reproduces the snapshot.
      await frame.getByTestId('run-live').click();
      const diff = frame.getByTestId('live-diff');
      await diff.waitFor({ timeout: 120_000 });
      expect(await diff.getAttribute('data-same'), (await diff.textContent()) ?? '').toBe('true');
      expect(requests.filter(isModelRequest).some((u) => u.includes('/models/stories260K/'))).toBe(true);
      console.log(`${kind}: model requests before Run live 0; after: ${requests.filter(isModelRequest).map((u) => new URL(u).pathname).join(', ')}`);
      if (kind.startsWith('plain')) expect(hostLog.some((u) => u.startsWith('/models/stories260K/'))).toBe(true);
      const live = (await winnerValues(f)).find((r) => r.rule === 'acc')!.values;
      snapshot.result.candidates.forEach((c, i) => expect(Math.abs(Number(live[i].sum_logprob) - c.sum_logprob)).toBeLessThan(1e-3));
      await screenshot(reader, `embed/${kind.startsWith('plain') ? 'plain' : 'isolated'}-live`);
      expect(errors).toEqual([]);
      expect(readerErrors).toEqual([]);
      await readerCtx.close();
      await ctx.close();
    });
  }

  it('a lesson step embeds with its snapshot: no model request until Run live', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(hostUrl + '/#/lessons/pmi/3');
    await page.getByTestId('option-1').check();
    await page.getByTestId('commit').click();
    await page.getByTestId('lesson-figure').waitFor({ timeout: 120_000 });
    await page.getByTestId('step-tools').locator('summary').click();
    await page.getByTestId('step-embed').click();
    const code = await page.getByTestId('share-text').inputValue();
    expect(code).toContain('#/lessons/pmi/3?snap=');
    parent.setPage(`<!doctype html><html><body><p>A lesson, embedded.</p>\n${code}</body></html>`);
    const readerCtx = await browser.newContext({ viewport: { width: 900, height: 800 } });
    const reader = await readerCtx.newPage();
    const requests: string[] = [];
    readerCtx.on('request', (r) => requests.push(r.url()));
    hostLog.length = 0;
    await reader.goto(parentUrl + '/');
    const frame = reader.frameLocator('iframe');
    // The reader predicts wrong: the reveal still shows the step's live answer, from the snapshot.
    await frame.getByTestId('option-0').check();
    await frame.getByTestId('commit').click();
    await frame.getByTestId('snapshot-badge').waitFor({ timeout: 60_000 });
    expect(await frame.getByTestId('reveal').getAttribute('data-live')).toBe(String(LESSONS.find((l) => l.id === 'pmi')!.steps[2].question!.claim));
    await expect(frame.locator('[data-testid=claim][data-holds=false]').count()).resolves.toBe(0);
    expect(requests.filter(isModelRequest)).toEqual([]);
    expect(hostLog.filter(isModelRequest)).toEqual([]);
    await screenshot(reader, 'embed/lesson-snapshot');
    await frame.getByTestId('run-live').click();
    await expect(frame.getByTestId('live-diff').textContent({ timeout: 120_000 })).resolves.toMatch(/matches the snapshot/);
    expect(hostLog.some((u) => u.startsWith('/models/stories260K/'))).toBe(true);
    await readerCtx.close();
    await ctx.close();
  });

  it('a reader with no WebGPU, no WASM threads (no SharedArrayBuffer) and even no WebAssembly still sees the figure', async () => {
    expect(plainSnapshotSrc).not.toBe('');
    const ctx = await browser.newContext();
    await ctx.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'gpu', { get: () => undefined, configurable: true });
      // @ts-expect-error: removed on purpose, as on a browser without them
      delete globalThis.SharedArrayBuffer;
      // @ts-expect-error: removed on purpose
      delete globalThis.WebAssembly;
    });
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.goto(plainSnapshotSrc);
    await page.getByTestId('snapshot-badge').waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => typeof WebAssembly)).toBe('undefined');
    await expect(page.locator('[data-testid=winner-table] tbody tr').count()).resolves.toBe(DECIDING_RULES.length);
    await expect(page.locator('[data-testid=winner-table] td.win').count()).resolves.toBe(DECIDING_RULES.length);
    // The full table, on request: one row per answer.
    await page.goto(plainSnapshotSrc.replace('?embed=1', '?embed=1&parts=table'));
    await page.reload();
    await page.locator('[data-testid=score-table]').waitFor({ timeout: 30_000 }); // a part loaded on demand
    await expect(page.locator('[data-testid=score-table] tbody tr').count()).resolves.toBe(3);
    await expect(page.locator('[data-testid=score-table] td.win').count()).resolves.toBeGreaterThanOrEqual(5);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('on a host that does not publish the data folder, the length-control lesson shows the cited summary and its claims hold', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(hostUrl + '/#/lessons/lc-trust/2');
    await page.getByTestId('option-2').check();
    await page.getByTestId('commit').click();
    await page.getByTestId('lesson-figure').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('origin').getAttribute('data-origin')).toBe('summary');
    await expect(page.getByTestId('origin').textContent()).resolves.toMatch(/Cited summary/);
    expect(await page.getByTestId('reveal').getAttribute('data-live')).toBe('2');
    await expect(page.locator('[data-testid=claim][data-holds=false]').count()).resolves.toBe(0);
    await ctx.close();
  });

  it('a tampered, oversized or hostile snapshot is refused as text, never rendered as HTML', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const errors = collectErrors(page);
    // Markup smuggled in as a payload: not lz-string's alphabet.
    await page.goto(hostUrl + '/?embed=1#snap=<img src=x onerror=window.__pwned=1>');
    await expect(page.getByTestId('snapshot-error').textContent()).resolves.toMatch(/could not be shown: the link's snapshot contains characters/);
    // Oversized.
    await page.goto(hostUrl + '/?embed=1#snap=' + 'A'.repeat(60_000));
    await page.reload();
    await expect(page.getByTestId('snapshot-error').textContent()).resolves.toMatch(/too long \(60,000 characters; the limit is 48,000\)/);
    // A well-formed payload whose content breaks the schema, carrying markup.
    const { default: LZString } = await import('lz-string');
    const bad = LZString.compressToEncodedURIComponent(JSON.stringify({ v: 1, kind: 'scorer', model: '<img src=x onerror=window.__pwned=1>' }));
    await page.goto(hostUrl + '/?embed=1#snap=' + bad);
    await page.reload();
    await expect(page.getByTestId('snapshot-error').textContent()).resolves.toMatch(/snapshot is invalid: model/);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('img').count()).toBe(0);
    expect(requests.filter(isModelRequest)).toEqual([]);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
