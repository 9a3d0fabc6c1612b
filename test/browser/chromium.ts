// Launches Debian's Chromium (never a downloaded browser) with WebGPU enabled on its software
// adapter and with every background network feature off (this machine has no network).
import { chromium, type Browser, type Page } from 'playwright-core';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--enable-unsafe-webgpu',
  '--enable-features=Vulkan',
  '--use-vulkan=swiftshader',
  '--use-webgpu-adapter=swiftshader',
  '--enable-unsafe-swiftshader',
  '--use-angle=vulkan',
  '--disable-vulkan-surface',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--metrics-recording-only',
  '--no-default-browser-check',
  // performance.memory with exact (not bucketed) figures, for memory measurements.
  '--enable-precise-memory-info',
];

export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS, ...extraArgs] });
}

/** The base URL of the preview server started by global-setup. */
export function baseUrl(): string {
  const url = process.env.LENGTHLENS_BASE_URL;
  if (!url) throw new Error('LENGTHLENS_BASE_URL is not set: run through vitest.browser.config.ts');
  return url;
}

export const SCREENSHOT_DIR = path.resolve('screenshots');

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Collect page errors so a test can assert none happened. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface Violation {
  id: string;
  impact: string;
  nodes: number;
  targets: string[];
}

/** axe-core's serious and critical violations on the page as it stands. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact ?? '', nodes: v.nodes.length, targets: v.nodes.slice(0, 4).map((n) => JSON.stringify(n.target)) }));
  });
}

/** Numbers written with a hyphen-minus for their sign ("-3.2"), in the page's text and its charts' (a true minus is "−"). */
export async function hyphenMinusNumbers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest('textarea, input, script, style, code, pre, .cand-text, .aligned-pieces, [contenteditable]')) continue;
      const t = n.textContent ?? '';
      const m = /(^|[\s(\[=:,;])-(\d|\.\d)/.exec(t);
      if (m) out.push(t.slice(Math.max(0, m.index - 20), m.index + 20));
    }
    return out;
  });
}
