// The benchmark and streaming modes of the diagnostics page, at a token size: the benchmark's
// paths agree inside the Worker, and a streamed task scores every item with memory samples taken.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, collectErrors, launchChromium, screenshot } from './chromium';

let browser: Browser;
beforeAll(async () => {
  // Eager memory measurement: measureUserAgentSpecificMemory answers at once instead of at the next GC.
  browser = await launchChromium(['--enable-blink-features=ForceEagerMeasureMemory']);
});
afterAll(async () => {
  await browser?.close();
});

async function run(page: Page, query: Record<string, string>): Promise<Record<string, unknown>> {
  await page.goto(`${baseUrl()}/diagnostics.html?${new URLSearchParams(query)}`);
  await page.getByTestId('status').filter({ hasNotText: 'running' }).waitFor({ timeout: 120_000 });
  return JSON.parse((await page.getByTestId('result').textContent()) ?? '{}') as Record<string, unknown>;
}

describe('diagnostics page: bench and stream modes (WASM)', () => {
  it('bench mode: naive, harness and app paths agree inside the Worker', async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    const r = (await run(page, { mode: 'bench', device: 'wasm', dtypes: 'fp32', items: '2', rounds: '1', warmup: '0', keystrokes: '2' })) as {
      status: string;
      environments: Record<string, { items: number; max_abs_logprob_diff: number; max_abs_logprob_diff_harness: number; app_items_per_s: number; ideal_ratio: number }>;
      live_typing: Record<string, { keystrokes: number; median_ms: number }>;
    };
    expect(r.status).toBe('done');
    const env = r.environments['chromium-wasm-fp32'];
    expect(env.items).toBe(2);
    expect(env.max_abs_logprob_diff).toBeLessThan(1e-4);
    expect(env.max_abs_logprob_diff_harness).toBeLessThan(1e-4);
    expect(env.app_items_per_s).toBeGreaterThan(0);
    expect(env.ideal_ratio).toBeGreaterThan(2);
    expect(r.live_typing['chromium-wasm'].keystrokes).toBe(2);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('bench mode with threads=2: ONNX Runtime runs two wasm threads (the page is cross-origin isolated), the row is chromium-wasm-threads2, the paths still agree', async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    const r = (await run(page, { mode: 'bench', device: 'wasm', dtypes: 'fp32', items: '2', rounds: '1', warmup: '0', latency: '0', threads: '2' })) as {
      status: string;
      environments: Record<string, { environment: string; max_abs_logprob_diff: number }>;
      skipped: Record<string, string>;
    };
    expect(r.status).toBe('done');
    // The Worker refuses the row (skipped, with the threads it got) unless ONNX Runtime granted two.
    expect(r.skipped).toEqual({});
    expect(Object.keys(r.environments)).toEqual(['chromium-wasm-threads2-fp32']);
    expect(r.environments['chromium-wasm-threads2-fp32'].environment).toBe('chromium-wasm-threads2');
    expect(r.environments['chromium-wasm-threads2-fp32'].max_abs_logprob_diff).toBeLessThan(1e-4);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('stream mode: every item scored in chunks, memory measured before, during and after', async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    const r = (await run(page, { mode: 'stream', n: '120', chunk: '16', samples: '3' })) as {
      status: string;
      done: number;
      resultsBytes: number;
      samples: { items: number; phase: string; uaBytes: number | null; jsHeapUsed: number | null }[];
    };
    await screenshot(page, 'diagnostics-stream');
    expect(r.status).toBe('done');
    expect(r.done).toBe(120);
    expect(r.resultsBytes).toBe(120 * 4 * 8 + 120);
    expect(r.samples.map((s) => s.phase)).toEqual(['before', 'during', 'during', 'after']);
    expect(r.samples.map((s) => s.items)).toEqual([0, 40, 80, 120]);
    for (const s of r.samples) expect(s.uaBytes ?? s.jsHeapUsed).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
