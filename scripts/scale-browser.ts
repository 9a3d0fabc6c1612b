// The browser half of `lengthlens bench --scale`: the built app in Debian's headless Chromium,
// on WASM, with a model from the served models folder. Used by scripts/bench-scale-browser.ts
// (the 135M-shape model) and by test/browser/scale.test.ts (a tiny model, so the path stays tested).
//
// 1. Cold load in the real Scorer (an empty profile): the progress bar is screenshotted while the
//    model downloads into the browser's cache.
// 2. diagnostics.html?mode=scale: bench/scale.ts in a Worker (the same engine and scoring path as
//    the app's Worker): engine-level keystrokes, the floor, from scratch and the task path.
// 3. Warm load in the real Scorer (a new page, same profile): load_ms from the browser's cache;
//    then keystrokes typed into candidate 1 and at the end of the context, each timed from the
//    scoring request (after the typing pause) and from the key press to the fresh table on
//    screen; long tasks on the main thread (PerformanceObserver 'longtask') while scoring; the
//    engine Worker's memory (performance.measureUserAgentSpecificMemory, attributed to the
//    Worker) and the renderer process's peak resident memory (VmHWM); screenshots mid-typing
//    (re-scoring rows) and of the final table.
// 4. Optionally WebGPU "works": load, one score and the probe compared with WASM (diagnostics page).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../test/browser/chromium';
import { spread, type ScaleResult, type Spread } from '../src/engine/bench/scale';
import type { ScaleWorkerResult } from '../src/engine/bench/scaleWorker';
import type { ProbeCheck } from '../src/engine/api';
import { traceMainThread, type MainThreadTrace } from './mainThreadTrace';

export interface ScaleBrowserOptions {
  /** Base URL of the app (vite preview of dist/) whose models folder serves `model`. */
  url: string;
  model: string;
  shape: string;
  style: string;
  dtype: 'fp32' | 'q8' | 'q4';
  /** Keystrokes typed in the real Scorer, per sequence (candidate, context). */
  keystrokes: number;
  /** Keystrokes of the engine-level run in the Worker. */
  engineKeystrokes: number;
  /** Task items of the engine-level run (0: skip). */
  taskItems: number;
  /** Story items streamed through the task path in the bench Worker, its memory read every `streamStep` (0: skip); the phase's time limit grows by 10 s per item. */
  streamItems?: number;
  streamStep?: number;
  webgpu: boolean;
  /** Where screenshots go (null: none). */
  screenshots: string | null;
  /** Per-phase time limit (ms). */
  timeoutMs?: number;
  /** Time limit of the WebGPU check (ms). */
  webgpuTimeoutMs?: number;
  log?: (s: string) => void;
}

export interface LongTasks {
  /** Main-thread long tasks (> 50 ms) seen between the first keystroke and the last fresh table. */
  count: number;
  max_ms: number;
  over_200_ms: number;
  window_ms: number;
  /** Durations (ms) of the long tasks that ended with a fresh table on screen (its render effect within 100 ms of the task's end). */
  at_result: number[];
  /** Durations (ms) of the long tasks that handled a key press. */
  at_key: number[];
  /**
   * The same windows traced (DevTools protocol): each main-thread task over 50 ms of wall time with
   * the CPU time the thread spent in it and what it was made of. Wall time on a loaded machine
   * includes waiting for a core; CPU time does not. Null when tracing failed (reason given).
   */
  traced: MainThreadTrace['tasks'] | null;
  /** The largest CPU time of one traced task, and how many took over 200 ms of CPU. */
  cpu_max_ms: number | null;
  cpu_over_200_ms: number | null;
  /** The main thread's CPU time over the traced windows, and the windows' wall time. */
  main_thread_cpu_ms: number | null;
  traced_window_ms: number | null;
}

/** One row in the Node rows' shape (`{"scale": [...]}`), with the browser's own keys. */
export interface BrowserScaleRow {
  shape: string;
  style: string;
  dtype: string;
  environment: string;
  plan: string | null;
  load_ms: number | null;
  load_ms_cold: number | null;
  /** Of load_ms: until the graph's bytes were read from the cache (the rest: ONNX Runtime creating the session). */
  load_graph_read_ms: number | null;
  /** The warm load fetched no model graph from the server (it came from the browser's cache). */
  warm_load_from_cache: boolean | null;
  worker_peak_mib: number | null;
  worker_memory_mib: { phase: string; worker_mib: number | null; page_and_workers_mib: number | null }[];
  renderer_peak_rss_mib: number | null;
  keystroke_candidate_ms: Spread | null;
  /** The same keystrokes until every rule but PMI is fresh (the Scorer's first phase; PMI's term follows). */
  keystroke_candidate_first_phase_ms: Spread | null;
  keystroke_candidate_first_phase_vs_floor: number | null;
  keystroke_candidate_to_table_ms: Spread | null;
  keystroke_context_ms: Spread | null;
  keystroke_context_to_table_ms: Spread | null;
  floor_candidate_ms: number | null;
  floor_context_ms: number | null;
  from_scratch_ms: number | null;
  keystroke_candidate_vs_floor: number | null;
  keystroke_context_vs_floor: number | null;
  from_scratch_vs_candidate_keystroke: number | null;
  from_scratch_vs_context_keystroke: number | null;
  task_items_per_s: number | null;
  ratio_vs_naive: number | null;
  ideal_ratio: number | null;
  share_of_ideal: number | null;
  ratio_vs_harness: number | null;
  memory_after_100_mib: number | null;
  memory_after_1000_mib: number | null;
  /** With streamItems: as in Node (bench/scale.ts), the memory being the bench Worker's as the page measures it. */
  stream_items?: number;
  stream_items_per_s?: number;
  stream_memory?: ScaleResult['stream_memory'];
  stream_memory_source?: string;
  memory_after_last_mib?: number;
  memory_growth?: number;
  long_tasks: LongTasks | null;
  /** Largest |difference| (nats) between the Scorer's final table (from cached parts) and a from-scratch score of the same item. */
  table_vs_scratch_max_abs_diff: number | null;
  /** The same measurements inside a bench Worker (bench/scale.ts), without the page around it. */
  engine: ScaleResult | null;
  works?: boolean;
  probe?: ProbeCheck;
  /** Why a key is null. */
  reasons: Record<string, string>;
}

const MIB = 2 ** 20;
const log0 = () => undefined;

/** What the page records for the harness (installed before the app's scripts run). */
const PAGE_HOOKS = `
  window.__ll = { longtasks: [], lastKey: 0, keys: [], rendered: [] };
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__ll.longtasks.push({ start: e.startTime, ms: e.duration }); })
      .observe({ type: 'longtask', buffered: true });
  } catch (e) {}
  addEventListener('keydown', () => { window.__ll.lastKey = performance.now(); window.__ll.keys.push(window.__ll.lastKey); }, true);
  new MutationObserver((ms) => {
    for (const m of ms) window.__ll.rendered.push({ run: m.target.dataset.run, ms: Number(m.target.dataset.rescoreMs), pmiPending: Number(m.target.dataset.pmiPending ?? 0), t: performance.now() });
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-run'] });
`;

interface PageHooks {
  longtasks: { start: number; ms: number }[];
  lastKey: number;
  keys: number[];
  rendered: { run: string; ms: number; pmiPending: number; t: number }[];
}

function workspaceScript(model: string, dtype: string, context: string, candidates: string[]): string {
  // Lengths as typed: the final table is compared with a from-scratch score, which counts them so.
  const ws = { v: 1, model: { kind: 'served', name: model }, dtype, device: 'wasm', context, candidates, gold: null, boundaryPolicy: 'whole', unconditionalContext: '', chatTemplate: false, units: 'bits', lengths: 'typed' };
  return `localStorage.setItem('lengthlens.scorer.workspace.v1', ${JSON.stringify(JSON.stringify(ws))});`;
}

/** The browser process of this profile and the peak resident memory of its renderer processes (Linux /proc). */
export function rendererPeakRssMib(profileDir: string): number | null {
  if (!fs.existsSync('/proc/self/status')) return null;
  const procs = fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  const info = new Map<string, { ppid: string; cmd: string }>();
  for (const p of procs) {
    try {
      const cmd = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const ppid = /\)\s+\S\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/stat`, 'utf8'))?.[1] ?? '';
      info.set(p, { ppid, cmd });
    } catch {
      // gone meanwhile
    }
  }
  const root = [...info].find(([, v]) => v.cmd.includes(`--user-data-dir=${profileDir}`) && !v.cmd.includes('--type='))?.[0];
  if (!root) return null;
  const descends = (p: string): boolean => {
    for (let q = p, hops = 0; q && hops < 10; q = info.get(q)?.ppid ?? '', hops++) if (q === root) return true;
    return false;
  };
  let peak: number | null = null;
  for (const [p, v] of info) {
    if (!v.cmd.includes('--type=renderer') || !descends(p)) continue;
    try {
      const kb = Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? NaN);
      if (Number.isFinite(kb)) peak = Math.max(peak ?? 0, kb / 1024);
    } catch {
      // gone meanwhile
    }
  }
  return peak;
}

/** performance.measureUserAgentSpecificMemory(): the page and its Workers, and the Workers alone (WebAssembly memory included). */
async function measureMemory(page: Page): Promise<{ worker: number | null; total: number | null }> {
  return page.evaluate(async () => {
    const perf = performance as Performance & { measureUserAgentSpecificMemory?: () => Promise<{ bytes: number; breakdown: { bytes: number; attribution: { scope?: string }[] }[] }> };
    if (typeof perf.measureUserAgentSpecificMemory !== 'function' || !self.crossOriginIsolated) return { worker: null, total: null };
    const m = await perf.measureUserAgentSpecificMemory();
    const worker = m.breakdown.filter((b) => b.attribution.some((a) => a.scope === 'DedicatedWorkerGlobalScope')).reduce((s, b) => s + b.bytes, 0);
    return { worker, total: m.bytes };
  });
}

async function waitForModel(page: Page, timeout: number): Promise<void> {
  await page.getByTestId('model-status').filter({ hasText: 'WASM' }).waitFor({ timeout });
}

/** Wait until the table shows fresh rows for all `n` candidates (nothing stale or being re-scored). */
async function waitFresh(page: Page, n: number, timeout: number): Promise<void> {
  await page.waitForFunction(
    (want) => {
      const scroll = document.querySelector('.table-scroll');
      if (!scroll || scroll.classList.contains('stale')) return false;
      const rows = document.querySelectorAll('[data-testid=score-table] tbody tr[data-fresh="true"]');
      return rows.length === want && document.querySelectorAll('[data-testid=score-table] .cand-text').length === want;
    },
    n,
    { timeout, polling: 50 },
  );
}

const hooks = (page: Page) => page.evaluate(() => (window as unknown as { __ll: PageHooks }).__ll);

/** Type `chars` one at a time at the end of the field; each keystroke is timed to its fresh table. */
async function typeTimed(page: Page, testId: string, chars: string, n: number, timeout: number): Promise<{ request: number[]; firstPhase: number[]; toTable: number[] }> {
  const field = page.getByTestId(testId);
  await field.focus();
  // Both fields are textareas: Control+End is the end of the text (End is the end of the visual line).
  await page.keyboard.press('Control+End');
  const request: number[] = [];
  const firstPhase: number[] = [];
  const toTable: number[] = [];
  for (const ch of chars) {
    const before = (await hooks(page)).rendered.length;
    await page.keyboard.type(ch);
    await page.waitForFunction((k) => (window as unknown as { __ll: PageHooks }).__ll.rendered.length > k, before, { timeout, polling: 50 });
    await waitFresh(page, n, timeout);
    const h = await hooks(page);
    const last = h.rendered[h.rendered.length - 1];
    request.push(last.ms);
    // The run's first render with PMI pending: every rule but PMI fresh (none when PMI's terms were held).
    const first = h.rendered.slice(before).find((r) => r.run === last.run && r.pmiPending > 0);
    firstPhase.push((first ?? last).ms);
    toTable.push(last.t - h.lastKey);
  }
  return { request, firstPhase, toTable };
}

async function shot(page: Page, dir: string | null, name: string, fullPage = true): Promise<void> {
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

function nullRow(o: ScaleBrowserOptions, environment: string, reason: string): BrowserScaleRow {
  const reasons: Record<string, string> = {};
  const row: BrowserScaleRow = {
    shape: o.shape, style: o.style, dtype: o.dtype, environment, plan: null, load_ms: null, load_graph_read_ms: null, load_ms_cold: null, warm_load_from_cache: null,
    worker_peak_mib: null, worker_memory_mib: [], renderer_peak_rss_mib: null,
    keystroke_candidate_ms: null, keystroke_candidate_first_phase_ms: null, keystroke_candidate_first_phase_vs_floor: null, keystroke_candidate_to_table_ms: null, keystroke_context_ms: null, keystroke_context_to_table_ms: null,
    floor_candidate_ms: null, floor_context_ms: null, from_scratch_ms: null,
    keystroke_candidate_vs_floor: null, keystroke_context_vs_floor: null, from_scratch_vs_candidate_keystroke: null, from_scratch_vs_context_keystroke: null,
    task_items_per_s: null, ratio_vs_naive: null, ideal_ratio: null, share_of_ideal: null, ratio_vs_harness: null, memory_after_100_mib: null, memory_after_1000_mib: null,
    long_tasks: null, table_vs_scratch_max_abs_diff: null, engine: null, reasons,
  };
  for (const [k, v] of Object.entries(row)) if (v === null) reasons[k] = reason;
  return row;
}

async function diagnostics<T>(context: BrowserContext, url: string, query: Record<string, string>, timeout: number, log: (s: string) => void, search?: URLSearchParams): Promise<T> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  try {
    await page.goto(`${url}/diagnostics.html?${search ?? new URLSearchParams(query)}`);
    const t0 = Date.now();
    let said = '';
    while (Date.now() - t0 < timeout) {
      const status = await page.getByTestId('status').textContent();
      if (status !== 'running') break;
      const p = (await page.getByTestId('progress').textContent({ timeout: 100 }).catch(() => null)) ?? '';
      if (p && p !== said) log(`  ${p}`);
      said = p || said;
      await page.waitForTimeout(500);
    }
    const r = JSON.parse((await page.getByTestId('result').textContent()) ?? '{}') as { status: string; error?: string } & T;
    if (r.status !== 'done') throw new Error(r.error ?? `diagnostics page still ${r.status} after ${timeout} ms${errors.length ? `; page errors: ${errors.join('; ')}` : ''}`);
    return r;
  } finally {
    await page.close();
  }
}

export async function runScaleBrowser(o: ScaleBrowserOptions): Promise<{ rows: BrowserScaleRow[]; chromium: string }> {
  const log = o.log ?? log0;
  const timeout = o.timeoutMs ?? 900_000;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lengthlens-scale-'));
  // A real profile on disk: the browser's cache holds the model between pages, as for a returning user.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, '--enable-blink-features=ForceEagerMeasureMemory'],
    viewport: { width: 1280, height: 900 },
  });
  let version = '';
  const row = nullRow(o, 'chromium-wasm', 'not measured');
  const rows: BrowserScaleRow[] = [row];
  const set = <K extends keyof BrowserScaleRow>(k: K, v: BrowserScaleRow[K]) => {
    row[k] = v;
    if (v !== null) delete row.reasons[k as string];
  };
  try {
    for (const p of context.pages()) await p.close();

    // 1. Cold load: the model comes from the server into the browser's cache, with a progress bar.
    log(`cold load of ${o.model} (${o.dtype}) in the Scorer ...`);
    {
      const page = await context.newPage();
      await page.addInitScript(workspaceScript(o.model, o.dtype, 'Once upon a time,', [' there was a cat.', ' a dog ran.']));
      const t0 = Date.now();
      await page.goto(o.url + '/');
      version = await page.evaluate(() => navigator.userAgent);
      await page.locator('.load-progress progress').first().waitFor({ timeout });
      // Mid-download of the graph (what a user sees most of the load), not its first instant.
      await page
        .waitForFunction(() => {
          const bars = [...document.querySelectorAll('.file-progress li')].filter((li) => /\.onnx/.test(li.textContent ?? ''));
          const p = bars[0]?.querySelector('progress') as HTMLProgressElement | null | undefined;
          return !!p && p.max > 0 && p.value / p.max > 0.1;
        }, undefined, { timeout: 60_000, polling: 20 })
        .catch(() => undefined);
      await shot(page, o.screenshots, 'scale-progress', false);
      await waitForModel(page, timeout);
      set('load_ms_cold', Date.now() - t0);
      await page.close();
    }

    // 2. The engine-level run in a bench Worker (warm cache).
    log(`engine-level run in a Worker (${o.engineKeystrokes} keystrokes, ${o.taskItems} task items) ...`);
    const bench = await diagnostics<{ bench: ScaleWorkerResult }>(
      context,
      o.url,
      {
        mode: 'scale',
        model: o.model,
        style: o.style,
        shape: o.shape,
        device: 'wasm',
        dtype: o.dtype,
        keystrokes: String(o.engineKeystrokes),
        taskItems: String(o.taskItems),
        streamItems: String(o.streamItems ?? 0),
        streamStep: String(o.streamStep ?? 100),
      },
      // Streaming adds its own time to this phase: 10 s per item, several times what the 135M shape takes here.
      timeout + (o.streamItems ?? 0) * 10_000,
      log,
    );
    const e = bench.bench.result;
    const item = bench.bench.item;
    set('engine', e);
    set('plan', e.plan);
    set('floor_candidate_ms', e.floor_candidate_ms);
    set('floor_context_ms', e.floor_context_ms);
    set('from_scratch_ms', e.from_scratch_ms);
    if (e.task_items_per_s !== undefined) {
      set('task_items_per_s', e.task_items_per_s);
      set('ratio_vs_naive', e.ratio_vs_naive ?? null);
      set('ideal_ratio', e.ideal_ratio ?? null);
      set('share_of_ideal', e.share_of_ideal ?? null);
      set('ratio_vs_harness', e.ratio_vs_harness ?? null);
    } else {
      for (const k of ['task_items_per_s', 'ratio_vs_naive', 'ideal_ratio', 'share_of_ideal', 'ratio_vs_harness']) row.reasons[k] = 'task part skipped (task items 0)';
    }

    // 3. Warm load and typing in the real Scorer.
    const K = o.keystrokes;
    const cand0 = item.candidates[0];
    const startCands = [cand0.slice(0, cand0.length - K), ...item.candidates.slice(1)];
    const n = item.candidates.length;
    log(`warm load in the Scorer, then ${K} keystrokes in a candidate and ${K} at the end of the context ...`);
    const page = await context.newPage();
    const graphGets: string[] = [];
    page.on('request', (r) => {
      // Range reads are the app's look at the graph's operators (a few hundred KB), not the weights.
      if (r.method() === 'GET' && /\/models\/.*\.onnx/.test(r.url()) && !r.headers().range) graphGets.push(r.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(String(err)));
    await page.addInitScript(PAGE_HOOKS);
    await page.addInitScript(workspaceScript(o.model, o.dtype, item.context, startCands));
    await page.goto(o.url + '/');
    // When the graph's bytes are all read (from the cache): the rest of the load is ONNX Runtime's session.
    const graphRead = page
      .waitForFunction(
        () => {
          const li = [...document.querySelectorAll('.file-progress li')].find((l) => /\.onnx/.test(l.textContent ?? ''));
          const p = li?.querySelector('progress') as HTMLProgressElement | null | undefined;
          return p && p.max > 0 && p.value >= p.max ? performance.now() : false;
        },
        undefined,
        { polling: 50, timeout },
      )
      .then((h) => h.jsonValue() as Promise<number>)
      .catch(() => null);
    await waitForModel(page, timeout);
    // From the navigation's start to the loaded model (the page's own start is a few ms of it).
    set('load_ms', await page.evaluate(() => performance.now()));
    const read = await Promise.race([graphRead, new Promise<null>((r) => setTimeout(() => r(null), 200))]);
    set('load_graph_read_ms', read);
    if (read === null) row.reasons.load_graph_read_ms = 'the progress bar was gone before the graph was seen fully read';
    set('warm_load_from_cache', graphGets.length === 0);
    await waitFresh(page, n, timeout);
    const mem: BrowserScaleRow['worker_memory_mib'] = [];
    const sample = async (phase: string) => {
      const m = await measureMemory(page);
      mem.push({ phase, worker_mib: m.worker === null ? null : m.worker / MIB, page_and_workers_mib: m.total === null ? null : m.total / MIB });
    };
    await sample('loaded, item scored');

    // Each typing window is traced on its own (the memory sample between them forces a collection).
    const traces: MainThreadTrace[] = [];
    const traced = async <T>(f: () => Promise<T>): Promise<T> => {
      const tr = await traceMainThread(page).catch((err: unknown) => {
        row.reasons['long_tasks.traced'] = `tracing failed: ${String(err)}`;
        return null;
      });
      const out = await f();
      if (tr) traces.push(await tr.stop());
      return out;
    };
    const t0 = await page.evaluate(() => performance.now());
    const cand = await traced(() => typeTimed(page, 'candidate-0', cand0.slice(cand0.length - K), n, timeout));
    const tCandEnd = await page.evaluate(() => performance.now());
    await sample(`after ${K} candidate keystrokes`);
    const ctx = item.context;
    const t1 = await page.evaluate(() => performance.now());
    const ctxTimes = await traced(async () => {
      await page.getByTestId('context').fill(ctx.slice(0, ctx.length - K));
      await waitFresh(page, n, timeout);
      return typeTimed(page, 'context', ctx.slice(ctx.length - K), n, timeout);
    });
    const t2 = await page.evaluate(() => performance.now());
    const tracedTasks = traces.length === 2 ? traces.flatMap((t) => t.tasks) : null;
    await sample(`after ${K} context keystrokes`);
    const h = await hooks(page);
    // Long tasks while typing and scoring (the memory sample between the sequences, which forces a
    // garbage collection, is left out).
    const inWindow = h.longtasks.filter((lt) => (lt.start >= t0 && lt.start <= tCandEnd) || (lt.start >= t1 && lt.start <= t2));
    set('long_tasks', {
      count: inWindow.length,
      max_ms: inWindow.reduce((m, lt) => Math.max(m, lt.ms), 0),
      over_200_ms: inWindow.filter((lt) => lt.ms > 200).length,
      window_ms: tCandEnd - t0 + (t2 - t1),
      // What each long task was part of: a new result reaching the screen, or handling a key press.
      at_result: inWindow.filter((lt) => h.rendered.some((r) => r.t >= lt.start && r.t <= lt.start + lt.ms + 100)).map((lt) => Math.round(lt.ms)),
      at_key: inWindow.filter((lt) => h.keys.some((k) => k >= lt.start - 5 && k <= lt.start + lt.ms)).map((lt) => Math.round(lt.ms)),
      traced: tracedTasks,
      cpu_max_ms: tracedTasks ? tracedTasks.reduce((m, t) => Math.max(m, t.cpu_ms), 0) : null,
      cpu_over_200_ms: tracedTasks ? tracedTasks.filter((t) => t.cpu_ms > 200).length : null,
      main_thread_cpu_ms: tracedTasks ? traces.reduce((a, t) => a + t.cpu_total_ms, 0) : null,
      traced_window_ms: tracedTasks ? traces.reduce((a, t) => a + t.wall_window_ms, 0) : null,
    });
    set('keystroke_candidate_ms', spread(cand.request));
    set('keystroke_candidate_first_phase_ms', spread(cand.firstPhase));
    set('keystroke_candidate_first_phase_vs_floor', spread(cand.firstPhase).median / e.floor_candidate_ms);
    set('keystroke_candidate_to_table_ms', spread(cand.toTable));
    set('keystroke_context_ms', spread(ctxTimes.request));
    set('keystroke_context_to_table_ms', spread(ctxTimes.toTable));
    set('keystroke_candidate_vs_floor', spread(cand.request).median / e.floor_candidate_ms);
    set('keystroke_context_vs_floor', spread(ctxTimes.request).median / e.floor_context_ms);
    set('from_scratch_vs_candidate_keystroke', e.from_scratch_ms / spread(cand.request).median);
    set('from_scratch_vs_context_keystroke', e.from_scratch_ms / spread(ctxTimes.request).median);
    set('worker_memory_mib', mem);
    const workerPeak = mem.reduce<number | null>((m, s) => (s.worker_mib === null ? m : Math.max(m ?? 0, s.worker_mib)), null);
    set('worker_peak_mib', workerPeak);
    if (workerPeak === null) row.reasons.worker_peak_mib = 'performance.measureUserAgentSpecificMemory is not available (needs cross-origin isolation)';
    set('renderer_peak_rss_mib', rendererPeakRssMib(profile));
    if (row.renderer_peak_rss_mib === null) row.reasons.renderer_peak_rss_mib = 'no /proc (Linux only)';

    // Screenshots: a keystroke in candidate 2 while it is being re-scored, then the final table.
    await page.getByTestId('candidate-1').focus();
    await page.keyboard.press('Control+End');
    const before = h.rendered.length;
    await page.keyboard.type('!');
    await page.waitForTimeout(350);
    await shot(page, o.screenshots, 'scale-scorer-rescoring');
    await page.waitForFunction((k) => (window as unknown as { __ll: PageHooks }).__ll.rendered.length > k, before, { timeout, polling: 50 });
    await waitFresh(page, n, timeout);
    await shot(page, o.screenshots, 'scale-scorer-final');
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    // The table after all this typing (built from cached parts) against a from-scratch score of the same item.
    const shown = await page.$$eval('[data-testid=score-table] tbody tr', (trs) =>
      trs.map((tr) => Object.fromEntries([...tr.querySelectorAll('td[data-value]')].map((td) => [(td as HTMLElement).dataset.col!, Number((td as HTMLElement).dataset.value)]))),
    );
    const finalContext = await page.getByTestId('context').inputValue();
    const finalCands: string[] = [];
    for (let i = 0; i < n; i++) finalCands.push(await page.getByTestId(`candidate-${i}`).inputValue());
    await page.close();
    log('the final table against a from-scratch score ...');
    const q = new URLSearchParams({ model: o.model, device: 'wasm', dtype: o.dtype, context: finalContext });
    for (const c of finalCands) q.append('candidate', c);
    const scratch = await diagnostics<{ item: { candidates: Record<string, number>[] } }>(context, o.url, Object.fromEntries(q), timeout, log, q);
    // Columns the table shows (bits/byte is per byte in other units and has no column of its own).
    let diff = 0;
    scratch.item.candidates.forEach((c, i) => {
      for (const k of ['sum_logprob', 'pmi', 'per_char', 'per_byte', 'word_logprob']) {
        if (!(k in shown[i]) || !(k in c)) throw new Error(`the comparison needs "${k}" in both the shown table and the from-scratch score`);
        diff = Math.max(diff, Math.abs(c[k] - shown[i][k]));
      }
    });
    set('table_vs_scratch_max_abs_diff', diff);

    // Streaming: the bench Worker's memory every streamStep items (measured by the page).
    for (const k of ['stream_items', 'stream_items_per_s', 'stream_memory', 'stream_memory_source', 'memory_after_100_mib', 'memory_after_1000_mib', 'memory_after_last_mib', 'memory_growth'] as const) {
      if (e[k] !== undefined) set(k, e[k]);
    }
    const streamed = e.stream_items ?? 0;
    if (streamed < 100) row.reasons.memory_after_100_mib = streamed === 0 ? 'no items streamed (--stream-items 0)' : `only ${streamed} items streamed: see stream_memory`;
    if (streamed < 1000)
      row.reasons.memory_after_1000_mib =
        streamed === 0 ? 'no items streamed (--stream-items 0)' : `only ${streamed} items streamed (1,000 take too long here at this size): stream_memory has the readings every ${o.streamStep ?? 100} items`;
    row.reasons.load_ms = 'from the navigation to the loaded model, the model from the browser cache (Cache Storage) filled by the cold load';

    // 4. WebGPU: works or not (a software adapter here; no speed figures).
    if (o.webgpu) {
      log('WebGPU: load, one score and the probe against WASM ...');
      try {
        const r = await diagnostics<{ works: { load_ms: number; score_ms: number; probe: ProbeCheck } }>(context, o.url, { mode: 'scale', probe: '1', model: o.model, device: 'webgpu', dtype: o.dtype }, o.webgpuTimeoutMs ?? timeout, log);
        const w = nullRow(o, 'chromium-webgpu', 'WebGPU is a software adapter (SwiftShader) here: reported as works / does not work only');
        w.works = r.works.probe.ok;
        w.probe = r.works.probe;
        w.load_ms = r.works.load_ms;
        w.reasons.load_ms = 'software adapter: not a speed figure';
        rows.push(w);
      } catch (err) {
        const w = nullRow(o, 'chromium-webgpu', `failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
        w.works = false;
        rows.push(w);
      }
    }
    return { rows, chromium: version };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
