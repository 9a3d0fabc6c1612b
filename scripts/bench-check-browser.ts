// The Chromium half of `lengthlens bench --check`: each file dropped on the built app's Task lab
// (the file chooser, as a drop hands over the same File), which reads it with the format registry
// and the schema table and draws the Check view (every model-free check, and the breakdown by
// subset). Usage:
//   npx tsx scripts/bench-check-browser.ts [--out FILE] FILE...
// Per file, in a fresh headless Chromium (Debian's, never a downloaded one): the seconds from the
// drop to the Check view's gold-longest chart drawn with the file's item count, and the renderer
// process's peak resident memory (VmHWM), with the page's memory after the check
// (performance.measureUserAgentSpecificMemory(), live memory after a garbage collection).
// Prints the rows as JSON (`{"rows": [...]}`) and writes them to --out.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../test/browser/chromium';
import { ensureBuilt, startPreview } from './preview';
import { rendererPeakRssMib } from './scale-browser';

export interface BrowserCheckRow {
  file: string;
  /** The item count the Task lab shows. */
  items: number;
  /** From the drop to the Check view drawn, wall seconds (measured by the driving script). */
  check_s: number;
  /** The renderer process's peak resident memory (VmHWM), MiB. */
  renderer_peak_rss_mib: number | null;
  /** The page's live memory after the check (measureUserAgentSpecificMemory), MiB; null where the API is not there. */
  page_memory_mib: number | null;
}

const log = (s: string) => process.stderr.write(s + '\n');

/** One file dropped on the Task lab of the app served at `url`, in a fresh Chromium profile (so VmHWM is this page's alone). */
export async function measureCheckInChromium(url: string, file: string, timeoutMs: number): Promise<BrowserCheckRow> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lengthlens-check-browser-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, '--enable-blink-features=ForceEagerMeasureMemory'],
  });
  try {
    const page = await context.newPage();
    await page.goto(url + '/#/task');
    const input = page.locator('input[type=file]').first();
    await input.waitFor({ state: 'attached', timeout: timeoutMs });
    const t0 = performance.now();
    await input.setInputFiles(file);
    const chart = page.locator('[data-testid=task-check] figure[aria-label^="Gold is a longest choice"]').first();
    await chart.waitFor({ timeout: timeoutMs });
    const check_s = (performance.now() - t0) / 1000;
    const items = Number(((await page.getByTestId('item-count').textContent()) ?? '').replace(/[^\d]/g, ''));
    const page_memory = await page.evaluate(async () => {
      const perf = performance as Performance & { measureUserAgentSpecificMemory?: () => Promise<{ bytes: number }> };
      if (typeof perf.measureUserAgentSpecificMemory !== 'function' || !self.crossOriginIsolated) return null;
      return (await perf.measureUserAgentSpecificMemory()).bytes;
    });
    return { file, items, check_s, renderer_peak_rss_mib: rendererPeakRssMib(profile), page_memory_mib: page_memory === null ? null : page_memory / (1024 * 1024) };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  let out: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') out = argv[++i];
    else files.push(argv[i]);
  }
  if (files.length === 0) throw new Error('give the files to check');
  ensureBuilt(log);
  const { url, server } = await startPreview();
  const rows: BrowserCheckRow[] = [];
  try {
    for (const file of files) {
      log(`chromium: check ${path.basename(file)} in the Task lab ...`);
      rows.push(await measureCheckInChromium(url, path.resolve(file), 600_000));
    }
  } finally {
    await server.close();
  }
  const text = JSON.stringify({ rows }, null, 2);
  if (out) fs.writeFileSync(out, text + '\n');
  process.stdout.write(text + '\n');
}

// Run as a script (not when a test imports measureCheckInChromium).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  main().catch((err: unknown) => {
    process.stderr.write(`bench-check-browser: ${(err as Error).message}\n`);
    process.exit(1);
  });
