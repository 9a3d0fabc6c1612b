// The §9 benchmark in headless Chromium: the built app's diagnostics page in bench mode runs the
// same benchmark as `lengthlens bench` inside a Worker, on WASM and on WebGPU, then the Scorer's
// live-typing latency. Usage:
//   npx tsx scripts/bench-browser.ts [--items 50] [--rounds 3] [--dtype fp32,q8]
//     [--devices wasm,webgpu] [--webgpu-dtype fp32] [--webgpu-items 1] [--webgpu-rounds 1] [--out FILE]
//     [--peer-inputs FILE] [--wasm-threads 1]
// Builds the app first when dist/ is missing. Prints the table; --out also writes the JSON.
// WebGPU in headless Chromium here runs on a software adapter (SwiftShader) where one forward of
// this model takes seconds and every new input shape compiles new shaders: it gets a token run
// (one item by default), enough to check it agrees and works, not to rank speeds.
// --peer-inputs (written by `lengthlens bench` where the peers are installed): wllama scores the
// same items in the same browser, against the chromium-wasm app path just measured.
// --wasm-threads N (N > 1): ONNX Runtime's wasm on N threads (rows chromium-wasm-threadsN; the
// preview server's pages are cross-origin isolated) and wllama's multi-thread build on N threads.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../test/browser/chromium';
import { benchEnvironment, envKey, formatBenchTable, type BenchReport } from '../src/engine/bench/report';
import { ensureBuilt, flags, startPreview } from './preview';
import { runWllamaPeer, wllamaMissing, type WllamaPeerInput } from './wllama-peer';

const args = flags(process.argv.slice(2));
const items = Number(args.items ?? 50);
const rounds = Number(args.rounds ?? 3);
const devices = (args.devices ?? 'wasm,webgpu').split(',');
const dtypes: Record<string, string> = { wasm: args.dtype ?? 'fp32,q8', webgpu: args['webgpu-dtype'] ?? 'fp32' };
const perDevice: Record<string, { items: number; rounds: number; warmup: number; keystrokes: number }> = {
  wasm: { items, rounds, warmup: 2, keystrokes: 40 },
  webgpu: { items: Number(args['webgpu-items'] ?? 1), rounds: Number(args['webgpu-rounds'] ?? 1), warmup: 0, keystrokes: 3 },
};
const log = (s: string) => process.stderr.write(s + '\n');
const wasmThreads = Number(args['wasm-threads'] ?? 1);
if (!Number.isInteger(wasmThreads) || wasmThreads < 1) throw new Error(`--wasm-threads must be a whole number ≥ 1, got "${args['wasm-threads']}"`);

interface PageResult {
  status: string;
  environments: BenchReport['environments'];
  live_typing: BenchReport['live_typing'];
  skipped: Record<string, string>;
  error?: string;
}

/** wllama's rows for each dtype whose chromium-wasm app path ran (a failure is kept in `skipped`). */
async function wllamaRows(browser: Browser, report: BenchReport, inputs: readonly WllamaPeerInput[]): Promise<void> {
  const missing = wllamaMissing();
  if (missing) {
    report.skipped!.wllama = missing;
    return;
  }
  for (const inp of inputs) {
    const environment = benchEnvironment('wasm', wasmThreads);
    const app = report.environments[envKey({ environment, dtype: inp.dtype, model: inp.model })];
    if (!app) continue;
    log(`wllama ${inp.dtype} (${path.basename(inp.gguf)}, ${wasmThreads} thread${wasmThreads === 1 ? '' : 's'}): ${inp.plans.length} items x ${rounds} rounds ...`);
    try {
      const rows = await runWllamaPeer(browser, inp, { rounds, chunk: app.chunk, appItemsPerS: app.app_items_per_s, against: `lengthlens ${environment} ${inp.dtype}`, threads: wasmThreads });
      report.peers = [...(report.peers ?? []), ...rows];
    } catch (e) {
      report.skipped![`wllama-${inp.dtype}`] = e instanceof Error ? e.message.split('\n')[0] : String(e);
    }
  }
}

async function main(): Promise<void> {
  ensureBuilt(log);
  const { url, server } = await startPreview();
  const browser = await launchChromium();
  const report: BenchReport = { command: `npx tsx scripts/bench-browser.ts ${process.argv.slice(2).join(' ')}`.trim(), date: new Date().toISOString(), machine: {}, environments: {}, live_typing: {}, skipped: {} };
  try {
    report.machine.chromium = browser.version();
    for (const device of devices) {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      const d = perDevice[device] ?? perDevice.wasm;
      const q = new URLSearchParams({ mode: 'bench', device, dtypes: dtypes[device] ?? 'fp32', items: String(d.items), rounds: String(d.rounds), warmup: String(d.warmup), keystrokes: String(d.keystrokes), ...(device === 'wasm' && wasmThreads > 1 ? { threads: String(wasmThreads) } : {}) });
      log(`chromium ${device} (${q.get('dtypes')}): ${d.items} items x ${d.rounds} rounds ...`);
      const t0 = Date.now();
      await page.goto(`${url}/diagnostics.html?${q}`);
      try {
        await page.getByTestId('status').filter({ hasNotText: 'running' }).waitFor({ timeout: 600_000 });
        const r = JSON.parse((await page.getByTestId('result').textContent()) ?? '{}') as PageResult;
        Object.assign(report.environments, r.environments);
        Object.assign(report.live_typing, r.live_typing);
        Object.assign(report.skipped!, r.skipped);
        if (r.error) report.skipped![`chromium-${device}`] = r.error;
      } catch (e) {
        report.skipped![`chromium-${device}`] = `${e instanceof Error ? e.message.split('\n')[0] : String(e)}${errors.length ? `; page errors: ${errors.join('; ')}` : ''}`;
      }
      log(`  ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      await page.close();
    }
    if (args['peer-inputs']) await wllamaRows(browser, report, JSON.parse(fs.readFileSync(args['peer-inputs'], 'utf8')) as WllamaPeerInput[]);
  } finally {
    await browser.close();
    await server.close();
  }
  process.stdout.write(formatBenchTable(report) + '\n');
  if (args.out) {
    fs.mkdirSync(path.dirname(path.resolve(args.out)), { recursive: true });
    fs.writeFileSync(args.out, JSON.stringify(report, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v), 2) + '\n');
  }
}

main().catch((e: unknown) => {
  log(`bench-browser: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
});
