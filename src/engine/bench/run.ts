// The benchmark itself, the same in Node and inside a browser Worker: generate the items, time
// every path on every chunk of items over several rounds, keep each (path, chunk)'s fastest time
// (load from elsewhere on the machine only ever slows a run down), and check the paths agree.
import { DEFAULT_SCORE_OPTIONS } from '../../core/scoring/types';
import type { Engine } from '../engine';
import { encodeWithPieces } from '../encode';
import type { LoadedModel } from '../model';
import type { ScoringPlan } from '../plan';
import { generateBenchItems, HELLASWAG_SHAPE, type BenchItem, type BenchItemShape } from './items';
import { appPath, harnessPath, naivePath, tokenCounts, type ItemLogprobs, type PathName } from './paths';
import { passTally, recordPasses } from '../forward';
import { measurePassCost, planChoosesByCost } from '../passCost';
import { predictMs, type PassCost } from '../../core/passCost';

export interface BenchConfig extends BenchItemShape {
  /** Timed rounds (each path and chunk keeps its fastest). */
  rounds: number;
  /** Items each path scores untimed first. */
  warmupItems: number;
  /** Items the app path scores per call, as a streamed task does (see stream.ts). */
  chunk: number;
}

export const DEFAULT_BENCH_CONFIG: BenchConfig = { ...HELLASWAG_SHAPE, rounds: 3, warmupItems: 2, chunk: 10 };

/**
 * Timed variants: the three compared paths (the app's on chunks of items, as a task streams),
 * the app's path item by item (the Scorer's case), and that with the Scorer's full statistics.
 */
export type TimedPath = PathName | 'app_per_item' | 'app_full' | 'app_measured';
const ALL_TIMED: TimedPath[] = ['naive', 'harness', 'app', 'app_per_item', 'app_full', 'app_measured'];

export interface BenchResult {
  environment: string;
  model: string;
  dtype: string;
  device: string;
  /** The graph's style and the exact scoring plan the app path used (see plan.ts). */
  plan: ScoringPlan;
  items: number;
  rounds: number;
  seed: number;
  naive_items_per_s: number;
  harness_items_per_s: number;
  app_items_per_s: number;
  /** The app's path item by item (the Scorer's case: one item per call). */
  app_per_item_items_per_s: number;
  /** The same computing rank, entropy and top-5 too (what the Scorer shows). */
  app_full_items_per_s: number;
  /** Items per app call (a streamed task's chunk). */
  chunk: number;
  naive_tokens_per_s: number;
  harness_tokens_per_s: number;
  app_tokens_per_s: number;
  ratio_vs_naive: number;
  ratio_vs_harness: number;
  /** Tokens of every (context, candidate) pair over the context once plus every candidate. */
  ideal_ratio: number;
  /** ratio_vs_naive / ideal_ratio. */
  share_of_ideal: number;
  /** Largest |log-prob difference| of any scored token between the app or harness path and the naive one. */
  max_abs_logprob_diff: number;
  max_abs_logprob_diff_harness: number;
  tokens: { naive: number; harness: number; app: number; pairs: number; least: number; mean_context: number; mean_candidate: number };
  /** Passes each path ran and the tokens it fed them (padding included), counted over the first round. */
  passes: Partial<Record<TimedPath, { passes: number; tokens: number }>>;
  /**
   * The pass cost the prediction uses: the plan's own (measured at load) where the plan chooses by
   * it, else timed by the benchmark the same way.
   */
  pass_cost: PassCost;
  /** app / naive as that cost predicts it from the passes counted (NaN where the cost could not be fitted). */
  predicted_ratio_vs_naive: number;
  /**
   * The app's path with its plan choosing by that cost (a load with passOverhead 'measure'), where
   * the plan chooses by one (null where every pass runs alone): items/s, over naive, and predicted.
   */
  app_measured_items_per_s: number | null;
  ratio_vs_naive_measured: number | null;
  predicted_ratio_vs_naive_measured: number | null;
  /**
   * The naive and app paths' passes given to ONNX Runtime again, back to back, with no JS work
   * between them (the best of the rounds): how fast the app's plan could be against naive if
   * everything but ONNX Runtime's own work cost nothing, the ceiling of its share of the ideal.
   * `unavailable`, saying why, where a pass went through transformers.js's forward (it cannot be
   * replayed).
   */
  onnx_alone: { naive_ms: number; app_ms: number; ratio_vs_naive: number; share_of_ideal: number } | { unavailable: string };
  /** Milliseconds of every round, per path (items/s use the per-item best instead). */
  round_ms: Record<TimedPath, number[]>;
}

/**
 * The passes the naive path and the app's chunk path run on these items, recorded once, then
 * replayed alone round after round (which goes first alternating), each keeping its fastest total.
 */
async function onnxAlone(runs: Record<'naive' | 'app', (its: readonly BenchItem[]) => Promise<unknown>>, chunks: readonly BenchItem[][], rounds: number, ideal: number): Promise<BenchResult['onnx_alone']> {
  const record = (p: 'naive' | 'app') =>
    recordPasses(async () => {
      for (const c of chunks) await runs[p](c);
    });
  const recorded = { naive: await record('naive'), app: await record('app') };
  const notKept = recorded.naive.passes.notKept + recorded.app.passes.notKept;
  if (notKept > 0) return { unavailable: `${notKept} passes went through transformers.js's forward, which cannot be replayed` };
  const best = { naive: Infinity, app: Infinity };
  // At least two rounds: the first replay of a path meets caches and allocations the recording left.
  for (let r = 0; r < Math.max(2, rounds); r++)
    for (const p of r % 2 === 0 ? (['naive', 'app'] as const) : (['app', 'naive'] as const)) {
      const t0 = performance.now();
      for (const replay of recorded[p].passes.replays) await replay();
      best[p] = Math.min(best[p], performance.now() - t0);
    }
  return { naive_ms: best.naive, app_ms: best.app, ratio_vs_naive: best.naive / best.app, share_of_ideal: best.naive / best.app / ideal };
}

export function benchItemsFor(m: LoadedModel, cfg: BenchItemShape): BenchItem[] {
  return generateBenchItems(cfg, (text) => encodeWithPieces(m, text, false).length);
}

/** A path over a chunk of items (`measured`: the cost app_measured's plan chooses by). */
function runner(m: LoadedModel, path: TimedPath, measured: PassCost): (items: readonly BenchItem[]) => Promise<ItemLogprobs[]> {
  const each = (f: (it: BenchItem) => Promise<ItemLogprobs>) => async (items: readonly BenchItem[]) => {
    const out: ItemLogprobs[] = [];
    for (const it of items) out.push(await f(it));
    return out;
  };
  switch (path) {
    case 'naive':
      return each((it) => naivePath(m, it));
    case 'harness':
      return each((it) => harnessPath(m, it));
    case 'app':
      return (items) => appPath(m, items, 'logprob');
    case 'app_per_item':
      return each(async (it) => (await appPath(m, [it], 'logprob'))[0]);
    case 'app_full':
      return each(async (it) => (await appPath(m, [it], 'full', 5))[0]);
    case 'app_measured': {
      // The same model, its plan choosing by the cost measured here (what a load with passOverhead 'measure' gets).
      const mm: LoadedModel = { ...m, info: { ...m.info, plan: { ...m.info.plan, cost: measured } } };
      return (items) => appPath(mm, items, 'logprob');
    }
  }
}

function maxDiff(a: ItemLogprobs[], b: ItemLogprobs[]): number {
  let max = 0;
  a.forEach((item, i) =>
    item.forEach((cand, k) => {
      if (cand.length !== b[i][k].length) throw new Error(`item ${i} candidate ${k}: ${cand.length} vs ${b[i][k].length} scored tokens`);
      cand.forEach((v, j) => {
        const d = Math.abs(v - b[i][k][j]);
        max = Number.isNaN(d) ? Infinity : Math.max(max, d);
      });
    }),
  );
  return max;
}

export interface BenchProgress {
  phase: 'warmup' | 'time';
  round?: number;
}

export async function runBenchmark(
  m: LoadedModel,
  environment: string,
  cfg: BenchConfig = DEFAULT_BENCH_CONFIG,
  onProgress?: (p: BenchProgress) => void,
): Promise<BenchResult> {
  const items = benchItemsFor(m, cfg);
  onProgress?.({ phase: 'warmup' });
  // The pass cost, timed as a load with passOverhead 'measure' times it (its own warm-up round
  // first): for the predictions, and for app_measured where the plan chooses by it.
  const measured = m.info.plan.cost?.source === 'measured' ? m.info.plan.cost : await measurePassCost({ model: m.model, vocab: m.info.vocabSize, maxLength: m.info.maxLength, tokenId: m.prefixTokenId });
  const TIMED = ALL_TIMED.filter((p) => p !== 'app_measured' || planChoosesByCost(m.info.plan.plan));
  const runs = Object.fromEntries(TIMED.map((p) => [p, runner(m, p, measured)])) as Record<TimedPath, (its: readonly BenchItem[]) => Promise<ItemLogprobs[]>>;
  for (const p of TIMED) if (cfg.warmupItems > 0) await runs[p](items.slice(0, cfg.warmupItems));
  // Each round runs every path over all the chunks in turn, which path goes first rotating from
  // round to round, and each (path, chunk) keeps its fastest round: a burst of load from elsewhere
  // on the machine hits one round of a path, not its best. A path runs its chunks back to back, as
  // a task runs its path alone, after one untimed item of its own. Paths alternating chunk by chunk
  // (as this benchmark did before 2026-12-02) handed each chunk the memory state another path had
  // left: on the 32,000-token fixtures the app's chunk ran 24–63% slower straight after the
  // harness path's 51 MB logit outputs, and still 38% slower with one item of its own in between
  // (docs/performance.md).
  const chunks: BenchItem[][] = [];
  for (let i = 0; i < items.length; i += cfg.chunk) chunks.push(items.slice(i, i + cfg.chunk));
  const out = Object.fromEntries(TIMED.map((p) => [p, [] as ItemLogprobs[]])) as Record<TimedPath, ItemLogprobs[]>;
  const round_ms = Object.fromEntries(TIMED.map((p) => [p, [] as number[]])) as Record<TimedPath, number[]>;
  const bestMs = Object.fromEntries(TIMED.map((p) => [p, chunks.map(() => Infinity)])) as Record<TimedPath, number[]>;
  const passes = Object.fromEntries(TIMED.map((p) => [p, { passes: 0, tokens: 0 }])) as Record<TimedPath, { passes: number; tokens: number }>;
  for (let r = 0; r < cfg.rounds; r++) {
    onProgress?.({ phase: 'time', round: r });
    const sum = Object.fromEntries(TIMED.map((p) => [p, 0])) as Record<TimedPath, number>;
    for (let k = 0; k < TIMED.length; k++) {
      const p = TIMED[(k + r) % TIMED.length];
      await runs[p](chunks[0].slice(0, 1));
      for (const [c, chunk] of chunks.entries()) {
        const before = passTally();
        const t0 = performance.now();
        const res = await runs[p](chunk);
        const ms = performance.now() - t0;
        if (r === 0) {
          out[p].push(...res);
          const after = passTally();
          passes[p].passes += after.passes - before.passes;
          passes[p].tokens += after.tokens - before.tokens;
        }
        sum[p] += ms;
        bestMs[p][c] = Math.min(bestMs[p][c], ms);
      }
    }
    for (const p of TIMED) round_ms[p].push(sum[p]);
  }
  const counts = items.map((it) => tokenCounts(m, it));
  const total = (k: keyof (typeof counts)[number]) => counts.reduce((s, c) => s + c[k], 0);
  const best = (p: TimedPath) => bestMs[p].reduce((a, b) => a + b, 0) / 1000;
  const ips = (p: TimedPath) => items.length / best(p);
  const ideal = total('pairs') / total('least');
  const alone = await onnxAlone(runs, chunks, cfg.rounds, ideal);
  const ratioNaive = ips('app') / ips('naive');
  const plans = items.length * cfg.candidates;
  const predicted = (p: TimedPath) => predictMs(measured, passes[p].passes, passes[p].tokens);
  const chose = TIMED.includes('app_measured');
  return {
    environment,
    model: m.info.id.split(/[\\/]/).pop() ?? m.info.id,
    dtype: m.info.dtype,
    device: m.info.device,
    plan: m.info.plan,
    items: items.length,
    rounds: cfg.rounds,
    seed: cfg.seed,
    naive_items_per_s: ips('naive'),
    harness_items_per_s: ips('harness'),
    app_items_per_s: ips('app'),
    app_per_item_items_per_s: ips('app_per_item'),
    app_full_items_per_s: ips('app_full'),
    chunk: cfg.chunk,
    naive_tokens_per_s: total('naive') / best('naive'),
    harness_tokens_per_s: total('harness') / best('harness'),
    app_tokens_per_s: total('app') / best('app'),
    ratio_vs_naive: ratioNaive,
    ratio_vs_harness: ips('app') / ips('harness'),
    ideal_ratio: ideal,
    share_of_ideal: ratioNaive / ideal,
    max_abs_logprob_diff: Math.max(maxDiff(out.app, out.naive), maxDiff(out.app_per_item, out.naive), maxDiff(out.app_full, out.naive), chose ? maxDiff(out.app_measured, out.naive) : 0),
    max_abs_logprob_diff_harness: maxDiff(out.harness, out.naive),
    tokens: {
      naive: total('naive'),
      harness: total('harness'),
      app: total('app'),
      pairs: total('pairs'),
      least: total('least'),
      mean_context: total('context') / items.length,
      mean_candidate: total('candidates') / plans,
    },
    passes,
    pass_cost: measured,
    predicted_ratio_vs_naive: predicted('naive') / predicted('app'),
    app_measured_items_per_s: chose ? ips('app_measured') : null,
    ratio_vs_naive_measured: chose ? ips('app_measured') / ips('naive') : null,
    predicted_ratio_vs_naive_measured: chose ? predicted('naive') / predicted('app_measured') : null,
    onnx_alone: alone,
    round_ms,
  };
}

export interface LatencyResult {
  model: string;
  device: string;
  keystrokes: number;
  median_ms: number;
  p90_ms: number;
  max_ms: number;
}

/**
 * Live typing in the Scorer: the context grows one character per keystroke and every keystroke
 * scores the item in full (all statistics, top-5, PMI), as the Scorer does after its debounce.
 */
export async function liveTypingLatency(score: (context: string, candidates: string[]) => Promise<unknown>, label: { model: string; device: string }, keystrokes = 40): Promise<LatencyResult> {
  const text = 'Once upon a time, there was a little girl named Lily. She loved to play outside in the park with her';
  const candidates = [' dog.', ' friends.', ' big red ball that her mom gave her.'];
  const start = text.length - keystrokes;
  await score(text.slice(0, start), candidates);
  const ms: number[] = [];
  for (let k = start + 1; k <= text.length; k++) {
    const t0 = performance.now();
    await score(text.slice(0, k), candidates);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { ...label, keystrokes: ms.length, median_ms: ms[ms.length >> 1], p90_ms: ms[Math.floor(ms.length * 0.9)], max_ms: ms[ms.length - 1] };
}

/** liveTypingLatency through an Engine (Node, or the Worker's engine). */
export function engineScorer(engine: Pick<Engine, 'score'>): (context: string, candidates: string[]) => Promise<unknown> {
  return (context, candidates) => engine.score({ context, candidates, options: DEFAULT_SCORE_OPTIONS });
}
