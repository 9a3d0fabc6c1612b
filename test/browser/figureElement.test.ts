// <lengthlens-figure> on someone's blog: a page on another origin, with a stylesheet that tries to
// restyle everything, inlines two figures (one by attribute, one by a JSON child) and the script
// from the app's host (a plain static host that answers other origins, as GitHub Pages does).
// Both figures show their snapshots at once with no model, runtime or Worker request and look as
// in the app; the page's own elements are not changed by the figures' styles; "Run live" on one
// reproduces its snapshot, and the second then runs on the same engine (one Worker, one model
// download). Screenshots: 720 and 390 px, light and dark OS, theme=light forced and auto.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { collectErrors, launchChromium, screenshot } from './chromium';
import { listen, staticHost, DIST } from './staticHost';
import { figureSnapshots, type FigureSnapshot } from './figureSnapshots';
import { elementSnippet } from '../../src/ui/embed/embedCode';
import { figureFallbackHtml } from '../../src/ui/embed/figureFallback';
import { DECIDING_RULES } from '../../src/core/scoring/rules';

const host = staticHost({}, { cors: true });
let blogPage = '';
const blog = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(blogPage));
let browser: Browser;
let hostUrl = '';
let blogUrl = '';
let snaps: { scorer: FigureSnapshot; second: FigureSnapshot };

/** The blog's own stylesheet: as aggressive as the issue asks. */
const AGGRESSIVE = '* { font: 30px serif !important } table { display: none }';

function page(withFigures: boolean): string {
  // As "Copy embed code" writes it: with the plain-HTML fallback for pages that run no script.
  const first = elementSnippet(hostUrl + '/', snaps.scorer.payload, { fallback: figureFallbackHtml(snaps.scorer.snapshot, hostUrl + '/') });
  // The second as a static site generator would inline it: the snapshot's JSON in a child script ('<' escaped).
  const json = JSON.stringify(snaps.second.snapshot).replace(/</g, '\\u003c');
  const second = `<lengthlens-figure parts="banner,winners,traces" id="second"><script type="application/json">${json}</script></lengthlens-figure>`;
  return `<!doctype html><html><head><meta name="viewport" content="width=device-width"><style>${AGGRESSIVE}</style></head><body>
<h1 id="title">A blog post</h1><p id="para">Some text before the figures.</p>
<table id="own-table"><tr><td>the blog's own table</td></tr></table>
${withFigures ? `${first}\n<p id="between">Between the figures.</p>\n${second}` : '<p id="between">Between the figures.</p>'}
<p id="after">After the figures.</p></body></html>`;
}

beforeAll(async () => {
  if (!fs.existsSync(path.join(DIST, 'lengthlens-figure.js'))) throw new Error('dist/lengthlens-figure.js is missing: run `npx vite build` first');
  snaps = await figureSnapshots();
  browser = await launchChromium();
  hostUrl = await listen(host.server);
  blogUrl = await listen(blog);
});
afterAll(async () => {
  await browser?.close();
  host.server.close();
  blog.close();
});

const OWN = ['#title', '#para', '#own-table', '#between', '#after'];
const PROPS = ['font-family', 'font-size', 'display', 'color', 'background-color', 'margin-top', 'margin-bottom', 'line-height', 'box-sizing'];

async function ownStyles(p: Page): Promise<Record<string, Record<string, string>>> {
  return p.evaluate(
    ([ids, props]) => Object.fromEntries(ids.map((id) => [id, Object.fromEntries(props.map((k) => [k, getComputedStyle(document.querySelector(id)!).getPropertyValue(k)]))])),
    [OWN, PROPS] as const,
  );
}

const isEngineRequest = (u: string) => /\/models\/|\/ort\/|worker|transformers|huggingface\.co/.test(u);

describe('<lengthlens-figure> on a blog', () => {
  it('shows both snapshots at once with no engine request and keeps the page as it was', async () => {
    const ctx = await browser.newContext({ viewport: { width: 720, height: 1000 } });
    const p = await ctx.newPage();
    const errors = collectErrors(p);
    // The page without the figures: its own elements' styles, for comparison.
    blogPage = page(false);
    await p.goto(blogUrl + '/');
    const before = await ownStyles(p);
    expect(before['#own-table'].display).toBe('none');

    const requests: string[] = [];
    ctx.on('request', (r) => requests.push(r.url()));
    const workers: string[] = [];
    p.on('worker', (w) => workers.push(w.url()));
    blogPage = page(true);
    host.log.length = 0;
    await p.goto(blogUrl + '/');
    const figures = p.locator('lengthlens-figure');
    await expect.poll(() => figures.locator('[data-testid=snapshot-badge]').count(), { timeout: 30_000 }).toBe(2);
    await p.waitForLoadState('networkidle');
    // Nothing of the engine before a click: no model, runtime or Worker request, no Worker.
    expect(requests.filter(isEngineRequest)).toEqual([]);
    expect(host.log.filter(isEngineRequest)).toEqual([]);
    expect(workers).toEqual([]);
    // The page's own elements are exactly as they were.
    expect(await ownStyles(p)).toEqual(before);
    // The figures look as in the app: the app's font and size, tables shown, the compact default parts.
    const first = figures.nth(0);
    const second = figures.nth(1);
    expect(await first.locator('[data-testid=scorer]').getAttribute('data-parts')).toBe('banner,winners');
    expect(await second.locator('[data-testid=scorer]').getAttribute('data-parts')).toBe('banner,winners,traces');
    const look = await first.locator('[data-testid=winner-table]').evaluate((t) => {
      const s = getComputedStyle(t);
      const wrap = getComputedStyle(t.closest('.ll-root')!);
      return { display: s.display, family: wrap.fontFamily, size: wrap.fontSize, cell: getComputedStyle(t.querySelector('td')!).fontSize };
    });
    expect(look.display).toBe('table');
    expect(look.size).toBe('15px');
    expect(look.family).not.toMatch(/^serif$/);
    expect(parseFloat(look.cell)).toBeLessThan(15);
    // Every winner and value as each snapshot holds it.
    for (const [fig, snap] of [[first, snaps.scorer], [second, snaps.second]] as const) {
      const rows = await fig.locator('[data-testid=winner-table] tbody tr').evaluateAll((trs) => trs.map((tr) => ({ rule: (tr as HTMLElement).dataset.rule!, winner: Number((tr as HTMLElement).dataset.winner) })));
      expect(rows.length).toBe(DECIDING_RULES.length);
      for (const r of rows) expect(r.winner, r.rule).toBe(snap.snapshot.result.winners[r.rule as keyof typeof snap.snapshot.result.winners]);
    }
    await expect.poll(() => second.locator(".trace-svg").count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // The fallback inside the first element is not drawn once the figure is.
    expect(await first.evaluate((el) => el.querySelector(':scope > ul')!.checkVisibility())).toBe(false);
    await screenshot(p, 'figure-element/blog-720-light-auto');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('reads sensibly where the page runs no script (an RSS reader, a newsletter): the fallback names each rule\'s winner', async () => {
    blogPage = page(true);
    const ctx = await browser.newContext({ viewport: { width: 720, height: 1000 }, javaScriptEnabled: false });
    const p = await ctx.newPage();
    await p.goto(blogUrl + '/');
    const fallback = p.locator('lengthlens-figure').first();
    const text = (await fallback.innerText()).replace(/\s+/g, ' ');
    const w = snaps.scorer.snapshot.result.winners;
    expect(text).toContain(`raw sum (acc): ${'ABC'[w.acc]}`);
    expect(text).toContain(`per-char (acc_norm): ${'ABC'[w.acc_norm]}`);
    expect(text).toContain('Open this figure in lengthlens');
    expect(await p.locator('lengthlens-figure ul li').first().isVisible()).toBe(true);
    await screenshot(p, 'figure-element/blog-720-no-script');
    await ctx.close();
  });

  it('Run live on one reproduces its snapshot, and the second runs on the same engine', async () => {
    blogPage = page(true);
    const ctx = await browser.newContext({ viewport: { width: 720, height: 1000 } });
    const p = await ctx.newPage();
    const errors = collectErrors(p);
    const before = await (async () => {
      blogPage = page(false);
      await p.goto(blogUrl + '/');
      const st = await ownStyles(p);
      blogPage = page(true);
      return st;
    })();
    const requests: string[] = [];
    ctx.on('request', (r) => requests.push(r.url()));
    const workers: string[] = [];
    p.on('worker', (w) => workers.push(w.url()));
    host.log.length = 0;
    await p.goto(blogUrl + '/');
    const figures = p.locator('lengthlens-figure');
    await expect.poll(() => figures.locator('[data-testid=snapshot-badge]').count(), { timeout: 30_000 }).toBe(2);
    const first = figures.nth(0);
    const second = figures.nth(1);

    // Run live on the first: the engine comes from the app's host, and reproduces the snapshot.
    await first.locator('[data-testid=run-live]').click();
    const diff = first.locator('[data-testid=live-diff]');
    await diff.waitFor({ timeout: 120_000 }).catch(async (e: unknown) => {
      console.log('host log:', host.log.filter(isEngineRequest).join(' '), 'requests:', requests.filter(isEngineRequest).join(' '));
      throw e;
    });
    expect(await diff.getAttribute('data-same'), (await diff.textContent()) ?? '').toBe('true');
    expect(host.log.some((u) => u.startsWith('/models/stories260K/'))).toBe(true);
    expect(workers.length).toBe(1);
    const modelFetches = () => host.log.filter((u) => /\/models\/stories260K\/onnx\//.test(u)).length;
    const fetchedOnce = modelFetches();
    // The second runs on the same engine: no new Worker, no second download of the model.
    await second.locator('[data-testid=run-live]').click();
    const diff2 = second.locator('[data-testid=live-diff]');
    await diff2.waitFor({ timeout: 120_000 });
    expect(await diff2.getAttribute('data-same'), (await diff2.textContent()) ?? '').toBe('true');
    expect(workers.length).toBe(1);
    expect(modelFetches()).toBe(fetchedOnce);
    // Still nothing changed on the page.
    expect(await ownStyles(p)).toEqual(before);
    console.log(`engine requests after Run live: ${[...new Set(host.log.filter(isEngineRequest))].join(' ')}`);
    await screenshot(p, 'figure-element/blog-720-light-live');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('follows the OS where theme is auto and stays light where it is forced: 720 and 390 px, screenshots', async () => {
    blogPage = page(true);
    for (const width of [720, 390]) {
      for (const scheme of ['light', 'dark'] as const) {
        const ctx = await browser.newContext({ viewport: { width, height: 1000 }, colorScheme: scheme });
        const p = await ctx.newPage();
        await p.goto(blogUrl + '/');
        await expect.poll(() => p.locator('lengthlens-figure [data-testid=snapshot-badge]').count(), { timeout: 30_000 }).toBe(2);
        const bg = (i: number) => p.locator('lengthlens-figure').nth(i).locator('.ll-root').evaluate((el) => getComputedStyle(el).backgroundColor);
        // auto: the OS decides.
        expect(await bg(0)).toBe(scheme === 'dark' ? 'rgb(13, 17, 23)' : 'rgb(255, 255, 255)');
        await screenshot(p, `figure-element/blog-${width}-${scheme}-auto`);
        // theme=light forced on both: light whatever the OS; theme=dark likewise.
        await p.evaluate(() => document.querySelectorAll('lengthlens-figure').forEach((f) => f.setAttribute('theme', 'light')));
        expect(await bg(0)).toBe('rgb(255, 255, 255)');
        expect(await bg(1)).toBe('rgb(255, 255, 255)');
        await screenshot(p, `figure-element/blog-${width}-${scheme}-forced-light`);
        // No sideways overflow of the page at either width.
        expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await ctx.close();
      }
    }
  });

  it('says what is wrong with a broken snapshot, as text', async () => {
    blogPage = `<!doctype html><html><body><script type="module" src="${hostUrl}/lengthlens-figure.js"></script>
<lengthlens-figure snapshot="<img src=x onerror=window.__pwned=1>"></lengthlens-figure>
<lengthlens-figure><script type="application/json">{"v":1,"kind":"scorer"</script></lengthlens-figure>
<lengthlens-figure theme="blue" parts="banner,charts" snapshot="${snaps.scorer.payload}"></lengthlens-figure>
<lengthlens-figure></lengthlens-figure></body></html>`;
    const ctx = await browser.newContext();
    const p = await ctx.newPage();
    const errors = collectErrors(p);
    await p.goto(blogUrl + '/');
    const f = p.locator('lengthlens-figure');
    await expect(f.nth(0).locator('[data-testid=snapshot-error]').textContent()).resolves.toMatch(/contains characters a lengthlens link never has/);
    await expect(f.nth(1).locator('[data-testid=snapshot-error]').textContent()).resolves.toMatch(/not valid JSON/);
    await expect(f.nth(2).locator('[data-testid=figure-problems]').textContent()).resolves.toBe(
      "This figure's settings were partly not understood: theme “blue” is not one of light, dark, auto: auto is used; part “charts” is not among banner, winners, table, traces, chart, compare (or all).",
    );
    expect(await f.nth(2).locator('[data-testid=scorer]').getAttribute('data-parts')).toBe('banner');
    await expect(f.nth(3).locator('[data-testid=snapshot-error]').textContent()).resolves.toMatch(/carries no snapshot/);
    expect(await p.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
