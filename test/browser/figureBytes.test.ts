// What a reader's browser downloads to show a figure before "Run live": every script, stylesheet
// and page the app's host served (its own log), raw and gzipped (zlib level 9, as a static host
// would compress them), for a Scorer figure, a comparison figure and a lesson step, in the iframe
// and as <lengthlens-figure>. FIGURE_DIST measures another build (an older one, for a before/after).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchChromium } from './chromium';
import { listen, staticHost, DIST } from './staticHost';
import { figureSnapshots, type FigureSnapshot } from './figureSnapshots';

const dist = path.resolve(process.env.FIGURE_DIST ?? DIST);
const host = staticHost({}, { dist, cors: true });
const blog = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(blogPage));
let blogPage = '';
let browser: Browser;
let hostUrl = '';
let blogUrl = '';
let snaps: { scorer: FigureSnapshot; comparison: FigureSnapshot };

beforeAll(async () => {
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

interface Bytes {
  files: string[];
  raw: number;
  gzip: number;
}

/** The code and pages the host served since the log was cleared (models, wasm and data are not code). */
function servedBytes(log: string[]): Bytes {
  const files = [...new Set(log)].filter((u) => /\.(js|mjs|css|html)$/.test(u) || u === '/');
  let raw = 0;
  let gzip = 0;
  for (const u of files) {
    const buf = fs.readFileSync(path.join(dist, u === '/' ? 'index.html' : u.slice(1)));
    raw += buf.length;
    gzip += zlib.gzipSync(buf, { level: 9 }).length;
  }
  return { files, raw, gzip };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function measure(name: string, url: string, ready: string): Promise<Bytes> {
  const ctx = await browser.newContext({ viewport: { width: 720, height: 900 } });
  const page = await ctx.newPage();
  host.log.length = 0;
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const b = servedBytes(host.log);
  console.log(`${name}: ${kb(b.raw)} raw, ${kb(b.gzip)} gzipped (${b.files.length} files: ${b.files.join(' ')})`);
  await ctx.close();
  return b;
}

const hasElement = () => fs.existsSync(path.join(dist, 'lengthlens-figure.js'));

describe('bytes a figure loads before Run live', () => {
  it('a Scorer figure, a comparison figure and a lesson step, in the iframe', async () => {
    const scorer = await measure('iframe: Scorer figure (default parts)', `${hostUrl}/?embed=1#snap=${snaps.scorer.payload}`, '[data-testid=snapshot-badge]');
    const all = await measure('iframe: Scorer figure, parts=all', `${hostUrl}/?embed=1&parts=all#snap=${snaps.scorer.payload}`, '[data-testid=cum-chart], .cum-svg');
    const comparison = await measure('iframe: comparison figure (default parts)', `${hostUrl}/?embed=1#snap=${snaps.comparison.payload}`, '[data-testid=model-compare]');
    const lesson = await measure('iframe: lesson step (pmi, step 3)', `${hostUrl}/?embed=1#/lessons/pmi/3`, '[data-testid=commit]');
    if (process.env.FIGURE_DIST) return; // another build: measured, not judged
    // React's DOM renderer alone is about 70 KB of it: a Scorer figure stays within the 100 KB the
    // issue set (it was 135 KB before the figure loaded its parts on demand, 109 KB with zod).
    expect(scorer.gzip).toBeLessThanOrEqual(100 * 1024);
    expect(lesson.gzip).toBeLessThanOrEqual(150 * 1024);
    // No chart library, task metrics or judge code in a Scorer figure.
    for (const b of [scorer, all, comparison]) expect(b.files.filter((f) => /BarChart|taskMetrics|TaskLab|judge|JudgeLab|LessonsRoom|ScorerRoom/.test(f))).toEqual([]);
  });

  it.skipIf(!hasElement())('a Scorer figure and a comparison figure as <lengthlens-figure>', async () => {
    const el = (payload: string) => `<lengthlens-figure snapshot="${payload}"></lengthlens-figure>`;
    const page = (body: string) => `<!doctype html><html><head><script type="module" src="${hostUrl}/lengthlens-figure.js"></script></head><body>${body}</body></html>`;
    blogPage = page(el(snaps.scorer.payload));
    const scorer = await measure('element: Scorer figure (default parts)', blogUrl + '/', 'lengthlens-figure >> [data-testid=snapshot-badge]');
    blogPage = page(el(snaps.comparison.payload));
    await measure('element: comparison figure (default parts)', blogUrl + '/', 'lengthlens-figure >> [data-testid=model-compare]');
    blogPage = page(el(snaps.scorer.payload) + el(snaps.comparison.payload));
    await measure('element: both on one page', blogUrl + '/', 'lengthlens-figure >> [data-testid=model-compare]');
    expect(scorer.gzip).toBeLessThanOrEqual(100 * 1024);
  });
});
