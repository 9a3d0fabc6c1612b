// The benchmark at real size (`lengthlens bench --scale`): a keystroke in a candidate and at the
// end of the context on the Scorer's incremental path, against the floor (the same tokens in bare
// forward passes on the cached context) and against scoring the item from scratch; and the task
// path's items/s against naive and harness-style scoring. Absolute times depend on the machine's
// load; the ratios are measured in one run.
import { Tensor } from '@huggingface/transformers';
import { DEFAULT_SCORE_OPTIONS, type ScoreOptions } from '../../core/scoring/types';
import { rowKernelAvailable } from '../../core/scoring/rowKernel';
import type { Engine } from '../engine';
import { encodeWithPieces } from '../encode';
import { lastPrefixRun, logitsOnly, runPrefixes, type PrefixState } from '../forward';
import type { LoadedModel } from '../model';
import { planItem, rowMemoStats } from '../scorer';
import { streamScores, TASK_CHUNK_ITEMS } from '../stream';
import { generateBenchItems, storyItems, type BenchItemShape } from './items';
import { DEFAULT_BENCH_CONFIG, runBenchmark, type BenchConfig, type BenchResult } from './run';

/** The item: a ~60-token context, 4 candidates of ~20 tokens. */
export const SCALE_SHAPE: BenchItemShape = { items: 1, seed: 4242, contextTokens: 60, candidateTokens: 20, candidates: 4 };

/** The task part's benchmark: `items` items in one chunk, one round (the peers get the same items from it). */
export function scaleTaskConfig(items: number): BenchConfig {
  return { ...DEFAULT_BENCH_CONFIG, contextTokens: 60, items, rounds: 1, warmupItems: 1, chunk: items };
}

export interface Spread {
  median: number;
  p90: number;
  n: number;
}

export interface ScaleResult {
  shape: string;
  style: string;
  dtype: string;
  environment: string;
  plan: string;
  /** Where the per-token statistics ran: WebAssembly SIMD (rowKernel.ts) or the JavaScript passes. */
  row_stats: 'wasm-simd' | 'js';
  load_ms: number;
  /**
   * Peak resident memory of the engine while this model was loaded and benchmarked, MiB: in Node
   * the engine runs in the CLI's process, so this is the process's RSS, sampled every 10 ms and at
   * each step (a run of several models keeps what earlier ones left to the allocator).
   */
  worker_peak_mib: number;
  /** The process's lifetime peak RSS (`process.resourceUsage().maxRSS`), MiB: covers every model of the run so far. */
  process_max_rss_mib: number;
  /** Resident memory after the load, MiB. */
  rss_after_load_mib: number;
  /**
   * A keystroke in one candidate, until every rule but PMI is fresh (the Scorer's first phase: that
   * candidate's conditional term); under dynamic q8 but the whole-word rule too, whose term needs a
   * pass of its own and comes in the second phase.
   */
  keystroke_candidate_ms: Spread;
  /** The same keystroke until every rule is fresh (the second phase adds PMI's unconditional term, a second forward of the candidate, and under dynamic q8 the whole-word term). */
  keystroke_candidate_pmi_ms: Spread;
  /** A keystroke at the end of the context: the changed context tail, then every candidate (PMI's terms are held), until the first phase is on screen (under dynamic q8 every rule but the whole-word rule). */
  keystroke_context_ms: Spread;
  /** The same keystroke until every rule is fresh (the same as keystroke_context_ms but under dynamic q8, where the second phase runs each candidate's word-final pass). */
  keystroke_context_all_ms: Spread;
  /** Share of the candidate keystrokes' scored rows (both phases) whose statistics came from the Scorer's row memo (rows ONNX Runtime gave bit for bit as in the keystroke before; 0 under dynamic q8, which keeps none). */
  keystroke_candidate_rows_from_memo: number;
  /** Context tokens each context keystroke ran (median): the changed tail where the plan allows reusing the held cache, the whole context where it does not (dynamic q8: isolated). */
  context_tokens_run: number;
  /** Context tokens each context keystroke changed (median, token ids compared): what floor_context_ms runs. */
  context_tokens_changed: number;
  floor_candidate_ms: number;
  floor_context_ms: number;
  /**
   * Where the exact plan must run a changed context whole (dynamic q8, isolated: a pass's tokens
   * set each other's activation scales): the whole context in a new pass plus each candidate's
   * bare forward, and the keystroke's ratio to it. Absent for the other plans.
   */
  floor_context_plan_ms?: number;
  keystroke_context_vs_plan_floor?: number;
  from_scratch_ms: number;
  keystroke_candidate_vs_floor: number;
  keystroke_candidate_pmi_vs_floor: number;
  keystroke_context_vs_floor: number;
  from_scratch_vs_candidate_keystroke: number;
  from_scratch_vs_context_keystroke: number;
  /** Model input tokens of a from-scratch score over those of a context keystroke: what token count alone allows for from_scratch_vs_context_keystroke. */
  token_ratio_scratch_vs_context_keystroke: number;
  task_items_per_s?: number;
  ratio_vs_naive?: number;
  /** The task path's token ideal over naive (pair tokens / context once + every candidate) and ratio_vs_naive's share of it. */
  ideal_ratio?: number;
  share_of_ideal?: number;
  ratio_vs_harness?: number;
  /** The task path's app / naive as the measured pass cost predicts it (BenchResult.predicted_ratio_vs_naive), and the passes each path ran. */
  predicted_ratio_vs_naive?: number;
  task_passes?: BenchResult['passes'];
  /** The task path's passes given to ONNX Runtime alone (BenchResult.onnx_alone): app / naive and its share of the ideal, the ceiling for this plan's passes. */
  onnx_alone_ratio_vs_naive?: number | null;
  onnx_alone_share_of_ideal?: number | null;
  /** The task benchmark's measured cost of a pass, in tokens (BenchResult.pass_cost; null where the timings did not fit). */
  pass_overhead_tokens?: number | null;
  task_items?: number;
  max_abs_logprob_diff?: number;
  /** Story items streamed through the task path as the Task lab streams them (streamScores, chunks of TASK_CHUNK_ITEMS, log-prob statistics) for the memory figures. */
  stream_items?: number;
  stream_items_per_s?: number;
  /** The engine's memory (stream_memory_source) after 100 streamed items, MiB. */
  memory_after_100_mib?: number;
  /** The same after 1,000 streamed items, MiB (present only when 1,000 were streamed). */
  memory_after_1000_mib?: number;
  /** The same after the last streamed item, MiB (the same as memory_after_1000_mib at 1,000). */
  memory_after_last_mib?: number;
  /** memory_after_last_mib / memory_after_100_mib. */
  memory_growth?: number;
  /** Memory every `streamStep` (100) streamed items and after the last: the engine's memory and, in Node, its JS side, to tell what grows. */
  stream_memory?: StreamMemorySample[];
  /** What stream_memory and memory_after_* read: the process's RSS (Node), or the Worker's memory as the page measures it (browser). */
  stream_memory_source?: string;
  /** Node: whether ONNX Runtime's CPU memory arena was on (the app's default is off). */
  cpu_mem_arena?: boolean;
  /** Node: whether dead pass outputs were released between streamed chunks (the app's default; outputRelease.ts). */
  release_outputs?: boolean;
  /** Node: full collections the release ran while streaming, and their total time (ms, inside the items/s). */
  stream_collections?: number;
  stream_collect_ms?: number;
}

/** One memory reading while streaming, MiB: the engine's memory (see stream_memory_source) and, in Node, the JS side of it (`process.memoryUsage()`). */
export interface StreamMemorySample {
  items: number;
  memory_mib: number;
  /** The V8 heap in use (JS objects). */
  heap_used_mib: number;
  /** Memory outside the V8 heap that JS objects hold: ArrayBuffers (typed arrays, tensor data) and the like. */
  external_mib: number;
  /** Of which ArrayBuffers' backing stores, dead ones included until the garbage collector frees them. */
  array_buffers_mib: number;
}

function memorySample(items: number, bytes: number): StreamMemorySample {
  const m = hasProcess ? process.memoryUsage() : null;
  return { items, memory_mib: bytes / MIB, heap_used_mib: m ? m.heapUsed / MIB : NaN, external_mib: m ? m.external / MIB : NaN, array_buffers_mib: m ? m.arrayBuffers / MIB : NaN };
}

/** Node's process, absent in a browser Worker (the browser half measures memory its own way). */
const hasProcess = typeof process !== 'undefined' && typeof process.memoryUsage?.rss === 'function';

/** Peak RSS, sampled on a timer (ONNX Runtime runs off the event loop in Node, so the timer keeps firing) and at each `sample()`; NaN (null in JSON) where there is no process. */
export class RssSampler {
  peak = hasProcess ? 0 : NaN;
  private timer: ReturnType<typeof setInterval>;
  /** Samples since `startWindow()` or the last `windowMedian()`; none are kept before the first. */
  private window: number[] | null = null;
  constructor(everyMs = 10) {
    this.sample();
    this.timer = setInterval(() => this.sample(), everyMs);
    this.timer.unref?.();
  }
  sample(): number {
    if (!hasProcess) return NaN;
    const rss = process.memoryUsage.rss();
    if (rss > this.peak) this.peak = rss;
    this.window?.push(rss);
    return rss;
  }
  /** Starts keeping samples for `windowMedian()`. */
  startWindow(): void {
    this.window = [];
  }
  /**
   * The median of the samples since `startWindow()` or the previous call (this one's included), and
   * a new window. One sample swings by 10–20% with whether a pass's working buffers happen to be
   * allocated; the median over a window of many passes does not.
   */
  windowMedian(): number {
    this.window ??= [];
    this.sample();
    const m = median(this.window);
    this.window = [];
    return m;
  }
  stop(): number {
    clearInterval(this.timer);
    this.sample();
    return this.peak;
  }
}

export const MIB = 2 ** 20;

export function spread(xs: readonly number[]): Spread {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { median: s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2, p90: at(0.9), n: s.length };
}

const median = (xs: readonly number[]) => spread(xs).median;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** One bare forward of `ids` on a batch-1 prefix's cache (no scoring, no statistics): the floor. */
async function bareForward(m: LoadedModel, prefix: PrefixState, ids: readonly number[]): Promise<void> {
  const W = prefix.width;
  const n = ids.length;
  const past: Record<string, Tensor> = {};
  for (const e of prefix.past) past[e.name] = new Tensor(e.type, e.data, e.dims);
  const pos = new BigInt64Array(n);
  for (let j = 0; j < n; j++) pos[j] = BigInt(W + j);
  const logits = await logitsOnly(m.model, {
    input_ids: new Tensor('int64', BigInt64Array.from(ids, (v) => BigInt(v)), [1, n]),
    attention_mask: new Tensor('int64', new BigInt64Array(W + n).fill(1n), [1, W + n]),
    position_ids: new Tensor('int64', pos, [1, n]),
    ...past,
  });
  if (logits.location === 'gpu-buffer') logits.dispose();
}

export interface ScaleOptions {
  shape: string;
  style: string;
  environment: string;
  loadMs: number;
  /** Started before the load; read (not stopped) at the end. */
  sampler: RssSampler;
  /** Keystrokes timed per sequence. */
  keystrokes?: number;
  /** Items of the task part (0: skip it). */
  taskItems?: number;
  /** Story items streamed for the memory figures (0: skip them). */
  streamItems?: number;
  /** Node: whether the model was loaded with ONNX Runtime's CPU memory arena (reported as cpu_mem_arena). */
  cpuMemArena?: boolean;
  /** Streamed items between memory readings (default 100). */
  streamStep?: number;
  /**
   * The engine's memory in bytes, read while streaming (default: the process's RSS). A browser
   * Worker has no RSS of its own: the page measures it (performance.measureUserAgentSpecificMemory).
   */
  streamMemory?: { read: (items: number) => Promise<number>; source: string };
  log?: (s: string) => void;
}

export async function runScaleBench(engine: Engine, opts: ScaleOptions): Promise<ScaleResult> {
  const m = engine.current()!;
  const log = opts.log ?? (() => undefined);
  const K = opts.keystrokes ?? 8;
  const options: ScoreOptions = { ...DEFAULT_SCORE_OPTIONS };
  const [item] = generateBenchItems(SCALE_SHAPE, (t) => encodeWithPieces(m, t, false).length);
  const rss_after_load_mib = opts.sampler.sample() / MIB;
  const all = item.candidates.map((_, i) => i);
  // What the Scorer's cache asks the engine for (state/scoreCache.ts, two phases): first the
  // conditional terms it lacks, no unconditional term, and (dynamic q8) no word-final term that
  // needs a pass of its own; then PMI's unconditional terms and those word-final terms.
  let later: number[] = [];
  const conditional = async (context: string, candidates: string[], wanted: number[]) => {
    const parts = await engine.scoreParts({ context, candidates, options, wanted: { conditional: wanted, unconditionalKnown: [], unconditional: false, wordFinal: 'if-same-pass' } });
    later = parts.conditional.flatMap((c, i) => (c?.status === 'scored' && c.wordFinalLater ? [i] : []));
    return parts;
  };
  // The second phase: PMI's terms of the `fresh` candidates (none: every one held, as after a
  // context keystroke) and the word-final terms the first phase left; nothing to ask, no call.
  const secondPhase = async (context: string, candidates: string[], fresh: number[]) => {
    if (fresh.length === 0 && later.length === 0) return;
    const held = candidates.filter((_, i) => !fresh.includes(i));
    const unconditional = fresh.length > 0 ? { unconditionalKnown: held.concat(held.map((c) => ' ' + c)) } : { unconditionalKnown: [], unconditional: false };
    await engine.scoreParts({ context, candidates, options, wanted: { conditional: [], ...unconditional, wordFinalOnly: later } });
  };

  // The floors (bare forwards of the same tokens on the cached context) are timed alternately
  // with the keystrokes they are compared with, so that both see the same load on a shared machine.
  const ctx = item.context;
  const prefixOf = (c: string) => planItem(m, c, item.candidates, options).plans[0]!.prefixIds;
  // The context tokens each context keystroke changes (ids compared; tokenising only): what the
  // context floor counts, whatever the plan lets the app reuse.
  const changed: number[] = [];
  let before = prefixOf(ctx.slice(0, ctx.length - K));
  for (let k = 1; k <= K; k++) {
    const after = prefixOf(ctx.slice(0, ctx.length - K + k));
    let common = 0;
    while (common < Math.min(before.length, after.length) && before[common] === after[common]) common++;
    changed.push(Math.max(1, after.length - Math.min(common, after.length - 1)));
    before = after;
  }
  const planned = planItem(m, ctx, item.candidates, options);
  const prefixIds = planned.plans[0]!.prefixIds;
  const candIds = planned.plans.map((p) => p!.tokens.slice(0, -1).map((t) => t.id));
  const tailRun = Math.min(prefixIds.length - 1, Math.max(1, Math.round(median(changed))));
  const head = await runPrefixes(m.model, [prefixIds.slice(0, prefixIds.length - tailRun)]);
  const whole = await runPrefixes(m.model, [prefixIds]);
  // Dynamic q8 (isolated) must run a changed context whole, in a new pass: its own floor too.
  const wholeContextRun = m.info.plan.plan === 'isolated';

  // A keystroke in candidate 0: only that candidate is re-scored, on the held context cache; the
  // first phase (every rule but PMI) is timed alone and with the second (PMI's term). Its floor:
  // one bare forward of the same candidate's tokens on the context's cache.
  log('keystrokes in a candidate ...');
  const full0 = item.candidates[0];
  const cands = [...item.candidates];
  cands[0] = full0.slice(0, full0.length - K);
  await conditional(item.context, cands, all);
  await secondPhase(item.context, cands, all);
  const candMs: number[] = [];
  const candPmiMs: number[] = [];
  const floorCand: number[] = [];
  const memo0 = rowMemoStats(m);
  for (let k = 1; k <= K; k++) {
    cands[0] = full0.slice(0, full0.length - K + k);
    const t0 = performance.now();
    await conditional(item.context, cands, [0]);
    candMs.push(performance.now() - t0);
    await secondPhase(item.context, cands, [0]);
    candPmiMs.push(performance.now() - t0);
    const ids = planItem(m, item.context, cands, options, false).plans[0]!.tokens.slice(0, -1).map((t) => t.id);
    floorCand.push(await timed(() => bareForward(m, whole, ids)));
    opts.sampler.sample();
  }
  const memo1 = rowMemoStats(m);
  const memoRows = memo1.hits - memo0.hits + memo1.misses - memo0.misses;

  // A keystroke at the end of the context: the changed tail on the held cache, then every
  // candidate; PMI's terms do not depend on the context and are held. Its floor: the changed
  // tokens on the unchanged start's cache plus each candidate's on the whole context's.
  log('keystrokes at the end of the context ...');
  const ctxMs: number[] = [];
  const ctxAllMs: number[] = [];
  const ran: number[] = [];
  const floorCtx: number[] = [];
  const floorPlan: number[] = [];
  await conditional(ctx.slice(0, ctx.length - K), item.candidates, all);
  await secondPhase(ctx.slice(0, ctx.length - K), item.candidates, []);
  for (let k = 1; k <= K; k++) {
    const c = ctx.slice(0, ctx.length - K + k);
    const t0 = performance.now();
    await conditional(c, item.candidates, all);
    ctxMs.push(performance.now() - t0);
    ran.push(lastPrefixRun().ran);
    await secondPhase(c, item.candidates, []);
    ctxAllMs.push(performance.now() - t0);
    floorCtx.push(
      await timed(async () => {
        await bareForward(m, head, prefixIds.slice(prefixIds.length - tailRun));
        for (const ids of candIds) await bareForward(m, whole, ids);
      }),
    );
    if (wholeContextRun)
      floorPlan.push(
        await timed(async () => {
          await runPrefixes(m.model, [prefixIds]);
          for (const ids of candIds) await bareForward(m, whole, ids);
        }),
      );
    opts.sampler.sample();
  }

  // From scratch: the whole item (context, every candidate, PMI's term) as the Scorer did before.
  log('from scratch ...');
  const scratch: number[] = [];
  for (let r = 0; r < 3; r++) scratch.push(await timed(() => engine.score({ context: item.context, candidates: item.candidates, options })));
  opts.sampler.sample();
  // Model input tokens: from scratch = context + every candidate + every unconditional pass
  // (its prefix and candidate); a context keystroke = the tail run + every candidate.
  const candTokens = planned.plans.reduce((s, p) => s + (p ? p.tokens.length : 0), 0);
  const uncTokens = planned.uncPlans.reduce((s, p) => s + (p ? p.tokens.length + p.prefixIds.length : 0), 0);
  const scratchTokens = prefixIds.length + candTokens + uncTokens;
  const ctxKeyTokens = median(ran) + candTokens;

  const kc = spread(candMs);
  const kp = spread(candPmiMs);
  const kx = spread(ctxMs);
  const floor_candidate_ms = median(floorCand);
  const floor_context_ms = median(floorCtx);
  const from_scratch_ms = median(scratch);
  const result: ScaleResult = {
    shape: opts.shape,
    style: opts.style,
    dtype: m.info.dtype,
    environment: opts.environment,
    plan: m.info.plan.plan,
    row_stats: rowKernelAvailable() ? 'wasm-simd' : 'js',
    load_ms: opts.loadMs,
    worker_peak_mib: 0,
    process_max_rss_mib: 0,
    rss_after_load_mib,
    keystroke_candidate_ms: kc,
    keystroke_candidate_pmi_ms: kp,
    keystroke_context_ms: kx,
    keystroke_context_all_ms: spread(ctxAllMs),
    keystroke_candidate_rows_from_memo: memoRows > 0 ? (memo1.hits - memo0.hits) / memoRows : 0,
    context_tokens_run: median(ran),
    context_tokens_changed: median(changed),
    floor_candidate_ms,
    floor_context_ms,
    from_scratch_ms,
    keystroke_candidate_vs_floor: kc.median / floor_candidate_ms,
    keystroke_candidate_pmi_vs_floor: kp.median / floor_candidate_ms,
    keystroke_context_vs_floor: kx.median / floor_context_ms,
    from_scratch_vs_candidate_keystroke: from_scratch_ms / kc.median,
    from_scratch_vs_context_keystroke: from_scratch_ms / kx.median,
    token_ratio_scratch_vs_context_keystroke: scratchTokens / ctxKeyTokens,
    ...(floorPlan.length > 0 ? { floor_context_plan_ms: median(floorPlan), keystroke_context_vs_plan_floor: kx.median / median(floorPlan) } : {}),
  };
  const taskItems = opts.taskItems ?? 0;
  if (taskItems > 0) {
    log(`task path: ${taskItems} items, naive vs harness vs app ...`);
    const b = await runBenchmark(m, opts.environment, scaleTaskConfig(taskItems));
    Object.assign(result, { task_items_per_s: b.app_items_per_s, ratio_vs_naive: b.ratio_vs_naive, ideal_ratio: b.ideal_ratio, share_of_ideal: b.share_of_ideal, ratio_vs_harness: b.ratio_vs_harness, task_items: taskItems, max_abs_logprob_diff: b.max_abs_logprob_diff, predicted_ratio_vs_naive: b.predicted_ratio_vs_naive, task_passes: b.passes, onnx_alone_ratio_vs_naive: 'ratio_vs_naive' in b.onnx_alone ? b.onnx_alone.ratio_vs_naive : null, onnx_alone_share_of_ideal: 'share_of_ideal' in b.onnx_alone ? b.onnx_alone.share_of_ideal : null, pass_overhead_tokens: b.pass_cost.source === 'measured' ? b.pass_cost.overheadTokens : null });
    opts.sampler.sample();
  }
  const streamItems = opts.streamItems ?? 0;
  if (streamItems > 0) {
    log(`streaming ${streamItems} story items through the task path (memory) ...`);
    // Node: the median RSS since the previous reading (see RssSampler.windowMedian).
    if (!opts.streamMemory) opts.sampler.startWindow();
    const probe = opts.streamMemory ?? { read: async () => opts.sampler.windowMedian(), source: 'rss-window-median' };
    Object.assign(result, await streamMemory(engine, streamItems, options, probe, opts.streamStep ?? 100, log));
  }
  if (opts.cpuMemArena !== undefined) result.cpu_mem_arena = opts.cpuMemArena;
  result.worker_peak_mib = opts.sampler.peak / MIB;
  result.process_max_rss_mib = hasProcess ? (process.resourceUsage().maxRSS * 1024) / MIB : NaN;
  return result;
}

/**
 * Stream `n` story items through the task path (as the Task lab does) and read the engine's memory
 * every `step` items, after 100 and after the last. Reading time is left out of items/s.
 */
async function streamMemory(
  engine: Engine,
  n: number,
  options: ScoreOptions,
  probe: { read: (items: number) => Promise<number>; source: string },
  step: number,
  log: (s: string) => void,
): Promise<Partial<ScaleResult>> {
  const out: Partial<ScaleResult> = { stream_items: n, stream_memory: [], stream_memory_source: probe.source };
  const release = engine.outputRelease();
  const before = release?.stats();
  if (hasProcess) out.release_outputs = release !== undefined;
  let done = 0;
  let reading = 0;
  const t0 = performance.now();
  for await (const r of streamScores(engine, storyItems(n), { options, chunkSize: TASK_CHUNK_ITEMS, stats: 'logprob' })) {
    void r;
    done++;
    // After a chunk's results are consumed (the next chunk is in flight, as in the Task lab).
    if (done % step === 0 || done === 100 || done === 1000) {
      const r0 = performance.now();
      const s = memorySample(done, await probe.read(done));
      reading += performance.now() - r0;
      if (done % step === 0) out.stream_memory!.push(s);
      if (done === 100) out.memory_after_100_mib = s.memory_mib;
      if (done === 1000) out.memory_after_1000_mib = s.memory_mib;
      log(`  ${done} items, ${probe.source} ${s.memory_mib.toFixed(0)} MiB` + (hasProcess ? ` (JS heap ${s.heap_used_mib.toFixed(0)}, ArrayBuffers ${s.array_buffers_mib.toFixed(0)})` : ''));
    }
  }
  out.stream_items_per_s = (done * 1000) / (performance.now() - t0 - reading);
  const last = out.stream_memory!.at(-1);
  if (last?.items === done) out.memory_after_last_mib = last.memory_mib;
  else {
    const s = memorySample(done, await probe.read(done));
    out.stream_memory!.push(s);
    out.memory_after_last_mib = s.memory_mib;
  }
  if (release && before) {
    const after = release.stats();
    out.stream_collections = after.collections - before.collections;
    out.stream_collect_ms = after.ms - before.ms;
  }
  if (out.memory_after_100_mib) out.memory_growth = out.memory_after_last_mib / out.memory_after_100_mib;
  return out;
}
