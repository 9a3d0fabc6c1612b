// The benchmark at real size (`lengthlens bench --scale`): a keystroke in a candidate and at the
// end of the context on the Scorer's incremental path, against the floor (the same tokens in bare
// forward passes on the cached context) and against scoring the item from scratch; and the task
// path's items/s against naive and harness-style scoring. Absolute times depend on the machine's
// load; the ratios are measured in one run.
import { Tensor } from '@huggingface/transformers';
import { DEFAULT_SCORE_OPTIONS, type ScoreOptions } from '../../core/scoring/types';
import type { Engine } from '../engine';
import { encodeWithPieces } from '../encode';
import { lastPrefixRun, logitsOnly, runPrefixes, type PrefixState } from '../forward';
import type { LoadedModel } from '../model';
import { planItem } from '../scorer';
import { generateBenchItems, type BenchItem, type BenchItemShape } from './items';
import { DEFAULT_BENCH_CONFIG, runBenchmark } from './run';

/** The item: a ~60-token context, 4 candidates of ~20 tokens. */
export const SCALE_SHAPE: BenchItemShape = { items: 1, seed: 4242, contextTokens: 60, candidateTokens: 20, candidates: 4 };

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
  load_ms: number;
  /** Resident memory of the process after the load (Node: the engine runs in the process). */
  rss_after_load_mib: number;
  /** A keystroke in one candidate: its conditional term and PMI's unconditional term (the Scorer's cost). */
  keystroke_candidate_ms: Spread;
  /** The same, the conditional term only (what the floor measures). */
  keystroke_candidate_no_pmi_ms: Spread;
  keystroke_context_ms: Spread;
  /** Context tokens each context keystroke ran (median): the changed tail, not the context. */
  context_tokens_run: number;
  floor_candidate_ms: number;
  floor_context_ms: number;
  from_scratch_ms: number;
  keystroke_candidate_vs_floor: number;
  keystroke_candidate_no_pmi_vs_floor: number;
  keystroke_context_vs_floor: number;
  from_scratch_vs_candidate_keystroke: number;
  from_scratch_vs_context_keystroke: number;
  task_items_per_s?: number;
  ratio_vs_naive?: number;
  ratio_vs_harness?: number;
  task_items?: number;
  max_abs_logprob_diff?: number;
}

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
  /** Keystrokes timed per sequence. */
  keystrokes?: number;
  /** Items of the task part (0: skip it). */
  taskItems?: number;
  log?: (s: string) => void;
}

export async function runScaleBench(engine: Engine, opts: ScaleOptions): Promise<ScaleResult> {
  const m = engine.current()!;
  const log = opts.log ?? (() => undefined);
  const K = opts.keystrokes ?? 8;
  const options: ScoreOptions = { ...DEFAULT_SCORE_OPTIONS };
  const [item] = generateBenchItems(SCALE_SHAPE, (t) => encodeWithPieces(m, t, false).length);
  // In a browser Worker there is no process: the browser half measures memory its own way (NaN → null in JSON).
  const rss_after_load_mib = typeof process !== 'undefined' && process.memoryUsage ? process.memoryUsage().rss / 2 ** 20 : NaN;
  const all = item.candidates.map((_, i) => i);
  // PMI's unconditional terms held by the Scorer's cache (see state/scoreCache.ts): those of the
  // candidates given; `fresh` ones (a candidate just edited) are not held.
  const parts = (context: string, candidates: string[], conditional: number[], fresh: number[] = []) => {
    const held = candidates.filter((_, i) => !fresh.includes(i));
    return engine.scoreParts({ context, candidates, options, wanted: { conditional, unconditionalKnown: held.concat(held.map((c) => ' ' + c)) } });
  };

  // A keystroke in candidate 0: only that candidate is re-scored (what the Scorer's cache asks
  // for), on the held context cache.
  log('keystrokes in a candidate ...');
  const full0 = item.candidates[0];
  const cands = [...item.candidates];
  cands[0] = full0.slice(0, full0.length - K);
  await parts(item.context, cands, all);
  // With PMI's term of the edited candidate (what the Scorer does) and without it (the conditional
  // term alone, the quantity the floor is the cost of).
  const candMs: number[] = [];
  const candNoPmiMs: number[] = [];
  for (let k = 1; k <= K; k++) {
    cands[0] = full0.slice(0, full0.length - K + k);
    candMs.push(await timed(() => parts(item.context, cands, [0], [0])));
    candNoPmiMs.push(await timed(() => parts(item.context, cands, [0])));
  }

  // A keystroke at the end of the context: the changed tail on the held cache, then every candidate.
  log('keystrokes at the end of the context ...');
  const ctxMs: number[] = [];
  const ran: number[] = [];
  const ctx = item.context;
  await parts(ctx.slice(0, ctx.length - K), item.candidates, all);
  for (let k = 1; k <= K; k++) {
    const c = ctx.slice(0, ctx.length - K + k);
    ctxMs.push(await timed(() => parts(c, item.candidates, all)));
    ran.push(lastPrefixRun().ran);
  }

  // Floors: bare forwards of the same tokens on the cached context.
  log('floors ...');
  const planned = planItem(m, item.context, item.candidates, options);
  const prefixIds = planned.plans[0]!.prefixIds;
  const candIds = planned.plans.map((p) => p!.tokens.slice(0, -1).map((t) => t.id));
  const tailRun = Math.max(1, Math.round(median(ran)));
  const head = await runPrefixes(m.model, [prefixIds.slice(0, prefixIds.length - tailRun)]);
  const whole = await runPrefixes(m.model, [prefixIds]);
  const floorCand: number[] = [];
  const floorCtx: number[] = [];
  for (let r = 0; r < 5; r++) {
    floorCand.push(await timed(() => bareForward(m, whole, candIds[0])));
    floorCtx.push(
      await timed(async () => {
        await bareForward(m, head, prefixIds.slice(prefixIds.length - tailRun));
        for (const ids of candIds) await bareForward(m, whole, ids);
      }),
    );
  }

  // From scratch: the whole item (context, every candidate, PMI's term) as the Scorer did before.
  log('from scratch ...');
  const scratch: number[] = [];
  for (let r = 0; r < 3; r++) scratch.push(await timed(() => engine.score({ context: item.context, candidates: item.candidates, options })));

  const kc = spread(candMs);
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
    load_ms: opts.loadMs,
    rss_after_load_mib,
    keystroke_candidate_ms: kc,
    keystroke_candidate_no_pmi_ms: spread(candNoPmiMs),
    keystroke_context_ms: kx,
    context_tokens_run: median(ran),
    floor_candidate_ms,
    floor_context_ms,
    from_scratch_ms,
    keystroke_candidate_vs_floor: kc.median / floor_candidate_ms,
    keystroke_candidate_no_pmi_vs_floor: median(candNoPmiMs) / floor_candidate_ms,
    keystroke_context_vs_floor: kx.median / floor_context_ms,
    from_scratch_vs_candidate_keystroke: from_scratch_ms / kc.median,
    from_scratch_vs_context_keystroke: from_scratch_ms / kx.median,
  };
  const taskItems = opts.taskItems ?? 0;
  if (taskItems > 0) {
    log(`task path: ${taskItems} items, naive vs harness vs app ...`);
    const b = await runBenchmark(m, opts.environment, { ...DEFAULT_BENCH_CONFIG, contextTokens: 60, items: taskItems, rounds: 1, warmupItems: 1, chunk: taskItems });
    Object.assign(result, { task_items_per_s: b.app_items_per_s, ratio_vs_naive: b.ratio_vs_naive, ratio_vs_harness: b.ratio_vs_harness, task_items: taskItems, max_abs_logprob_diff: b.max_abs_logprob_diff });
  }
  return result;
}
