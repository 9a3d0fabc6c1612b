// The benchmark's file and table: one JSON document with a result per environment (Node,
// Chromium WASM, Chromium WebGPU; per dtype) and the Scorer's live-typing latency.
import type { BenchResult, LatencyResult } from './run';

export interface BenchReport {
  command: string;
  date: string;
  machine: Record<string, string | number>;
  /** Keyed `<environment>-<dtype>`, e.g. `node-fp32`, `chromium-wasm-q8`. */
  environments: Record<string, BenchResult>;
  /** Keyed by environment: milliseconds from a keystroke's request to its full result. */
  live_typing: Record<string, LatencyResult>;
  /** The same items through other engines (llama.cpp), against lengthlens's app path in the same run. */
  peers?: PeerRow[];
  /** Environments that could not run, and why. */
  skipped?: Record<string, string>;
}

/** One peer's way of scoring the benchmark's items, against lengthlens's app path on the same items. */
export interface PeerRow {
  /**
   * `llama.cpp-harness` (one evaluation per (context, choice)), `llama.cpp-kv` (context once, its
   * cache reused), `llama.cpp-kv-decode-only` (the kv way's decode calls with no output read: the
   * forward passes alone, what the kv way costs less the binding's per-output calls); `wllama-kv`,
   * `wllama-kv-decode-only`: the same in Chromium through wllama (llama.cpp in WebAssembly).
   */
  peer: string;
  model: string;
  /** The peer's weights: fp32, or Q8_0 (against lengthlens's q8, a different 8-bit scheme). */
  dtype: string;
  /** lengthlens's row it is measured against. */
  against: string;
  environment: string;
  threads: number;
  items: number;
  items_per_s: number;
  /** lengthlens's app-path items/s in the same run, on the same items. */
  app_items_per_s: number;
  /** app_items_per_s / items_per_s (above 1: lengthlens is faster). */
  app_vs_peer: number;
  /**
   * Largest |log-prob difference| of any scored token against lengthlens's (at Q8_0 vs q8: the two
   * quantisations' difference); null for decode-only, which reads no output.
   */
  max_abs_logprob_diff: number | null;
  /** The same, each difference over max(1, |lengthlens's log-prob|). */
  max_rel_logprob_diff: number | null;
  /** fp32 rows of `bench --scale`: the float32 accumulation bound max_rel_logprob_diff is measured against (see the JSON's notes). */
  rel_bound?: number;
  /** Q8_0 rows of `bench --scale`: lengthlens q8 against lengthlens fp32 on the same items (what quantisation alone moves). */
  app_vs_fp32_max_abs_logprob_diff?: number;
  /** Why max_abs_logprob_diff is null on a way that reads its outputs (wllama's float32 exp at large logits). */
  logprob_unavailable?: string;
}

/** The model the benchmark uses unless told otherwise (its results are keyed without the model). */
export const DEFAULT_BENCH_MODEL = 'bench-llama-6M';

/** A browser row's environment: `chromium-wasm`, or `chromium-wasm-threads2` with ONNX Runtime's wasm threads set. */
export function benchEnvironment(device: string, threads?: number): string {
  return `chromium-${device}${threads && threads > 1 ? `-threads${threads}` : ''}`;
}

export function envKey(r: Pick<BenchResult, 'environment' | 'dtype' | 'model'>): string {
  return `${r.environment}-${r.dtype}${r.model && r.model !== DEFAULT_BENCH_MODEL ? `-${r.model}` : ''}`;
}

const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');

export function formatBenchTable(report: BenchReport): string {
  const head = ['environment', 'model', 'dtype', 'plan', 'items', 'naive it/s', 'harness it/s', 'app it/s', 'app/naive', 'app/harness', 'ideal', 'share', 'predicted', 'pass=tok', 'measured-cost app/naive', 'its share', 'ORT-alone app/naive', 'its share', 'naive tok/s', 'harness tok/s', 'app tok/s', 'per-item it/s', 'per-item/naive', '+full stats it/s', 'max|Δlogprob|'];
  const rows = Object.values(report.environments).map((r) => [
    r.environment,
    r.model,
    r.dtype,
    r.plan ? r.plan.plan : 'n/a',
    String(r.items),
    f(r.naive_items_per_s),
    f(r.harness_items_per_s),
    f(r.app_items_per_s),
    `${f(r.ratio_vs_naive, 2)}×`,
    `${f(r.ratio_vs_harness, 2)}×`,
    `${f(r.ideal_ratio, 2)}×`,
    `${f(100 * r.share_of_ideal, 0)}%`,
    Number.isFinite(r.predicted_ratio_vs_naive) ? `${f(r.predicted_ratio_vs_naive, 2)}×` : 'n/a',
    r.pass_cost?.source === 'measured' ? String(r.pass_cost.overheadTokens) : 'n/a',
    typeof r.ratio_vs_naive_measured === 'number' ? `${f(r.ratio_vs_naive_measured, 2)}×` : '—',
    typeof r.ratio_vs_naive_measured === 'number' ? `${f((100 * r.ratio_vs_naive_measured) / r.ideal_ratio, 0)}%` : '—',
    r.onnx_alone && 'ratio_vs_naive' in r.onnx_alone ? `${f(r.onnx_alone.ratio_vs_naive, 2)}×` : 'n/a',
    r.onnx_alone && 'share_of_ideal' in r.onnx_alone ? `${f(100 * r.onnx_alone.share_of_ideal, 0)}%` : 'n/a',
    f(r.naive_tokens_per_s, 0),
    f(r.harness_tokens_per_s, 0),
    f(r.app_tokens_per_s, 0),
    f(r.app_per_item_items_per_s),
    `${f(r.app_per_item_items_per_s / r.naive_items_per_s, 2)}×`,
    f(r.app_full_items_per_s),
    r.max_abs_logprob_diff.toExponential(1),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 4 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const out = [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
  out.push('', 'app = the app’s path on chunks of items (a streamed task); per-item = the same path one item per call (the Scorer); +full stats = per-item with rank, entropy and top-5.');
  out.push('plan = the exact scoring plan for the graph’s style: shared-cache (plain attention: padded batches on the cache), gqa-exact (GroupQueryAttention: never padded on a past), isolated (dynamic quantisation: every context and candidate in its own pass), full-forward (unknown style).');
  out.push('items/s use each chunk’s fastest of the rounds; tok/s count the tokens each path feeds the model (padding included); ideal = pair tokens / (context once + every candidate).');
  out.push('predicted = app/naive as a cost per pass and per token timed in this run predicts it from the passes and tokens each path ran (n/a: the timings did not fit a line); pass=tok = that cost per pass, in tokens; measured-cost app/naive = the app’s path with its plan choosing by that cost instead of the fixed 16 tokens a pass (a load with passOverhead "measure"; — where the plan runs every pass alone).');
  out.push('ORT-alone app/naive = the same passes of the naive and app paths given to ONNX Runtime again back to back, with no JS work between them: the ceiling of the app’s ratio (and of its share of the ideal) for this plan’s passes (n/a: a pass went through transformers.js’s forward).');
  const lat = Object.entries(report.live_typing);
  if (lat.length > 0) {
    out.push('', 'Live typing (Scorer, stories260K, 3 candidates, full statistics + PMI), ms per keystroke:');
    for (const [env, l] of lat) out.push(`  ${env.padEnd(18)} median ${f(l.median_ms)}  p90 ${f(l.p90_ms)}  max ${f(l.max_ms)}  (${l.keystrokes} keystrokes)`);
  }
  if (report.peers?.length) out.push('', formatPeerTable(report.peers));
  for (const [env, why] of Object.entries(report.skipped ?? {})) out.push(`skipped ${env}: ${why}`);
  return out.join('\n');
}

/** The peer rows: each peer way's items/s against lengthlens's app path on the same items. */
export function formatPeerTable(rows: readonly PeerRow[]): string {
  const head = ['peer', 'model', 'peer dtype', 'against', 'peer it/s', 'app it/s', 'app/peer', 'max|Δlogprob|', 'rel', 'environment'];
  const cells = rows.map((r) => [r.peer, r.model, r.dtype, r.against, f(r.items_per_s), f(r.app_items_per_s), `${f(r.app_vs_peer, 2)}×`, r.max_abs_logprob_diff === null ? '—' : r.max_abs_logprob_diff.toExponential(1), r.max_rel_logprob_diff === null ? '—' : r.max_rel_logprob_diff.toExponential(1), r.environment]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((x, i) => (i < 4 || i === 9 ? x.padEnd(widths[i]) : x.padStart(widths[i]))).join('  ');
  return [
    'Peers (same items, same run): harness = one llama.cpp evaluation per (context, choice); kv = the context once, its KV cache reused for each choice; kv-decode-only = the kv way with no output read (llama.cpp\'s forward passes alone); wllama-kv reads each scored position\'s whole distribution (its API\'s only way to a log-prob). app/peer above 1: lengthlens is faster. rel = each |Δ| over max(1, |log-prob|).',
    line(head),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...cells.map(line),
  ].join('\n');
}
