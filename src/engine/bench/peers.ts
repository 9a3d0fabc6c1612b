// llama.cpp as the benchmark's peer, through node-llama-cpp, on GGUF files written from the same
// weights (ggufExport.ts) and fed the same token ids lengthlens plans (so tokenisers never differ):
// - harness: one evaluation per (context, choice), the full sequence from an empty cache, as
//   lm-eval-harness's gguf backend asks llama.cpp;
// - kv: the context evaluated once and its cache kept, each choice evaluated on it and erased
//   again, as llama.cpp's own HellaSwag scorer reuses the context.
// node-llama-cpp is never a dependency: scripts/install-peers.mjs installs it (its linux-x64 build
// only, no postinstall download or build) into peers/, and this module imports it from there.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { llamaGguf, type GgufQuant } from './ggufExport';
import { appPath, benchPlans, type ItemLogprobs } from './paths';
import type { BenchItem } from './items';
import type { LoadedModel } from '../model';
import type { PeerRow } from './report';

export const PEERS_DIR = 'peers';
export const NODE_LLAMA_CPP_VERSION = '3.21.1';
export const PEERS_INSTALL_HINT = 'peers (llama.cpp via node-llama-cpp, wllama in Chromium) not installed: run `node scripts/install-peers.mjs` to install them into peers/ and add their rows';

/** One candidate as lengthlens plans it: the prefix it is conditioned on and its scored tokens. */
export interface PeerPlan {
  prefix: readonly number[];
  tokens: readonly number[];
}

// The parts of node-llama-cpp's API used here (its types live in the peer's own folder).
type EvalItem = number | [number, { generateNext: { probabilities?: boolean; token?: boolean; options?: { temperature: number; topK: number; topP: number; minP: number } } }];
interface Sequence {
  readonly nextTokenIndex: number;
  clearHistory(): Promise<void>;
  eraseContextTokenRanges(ranges: Array<{ start: number; end: number }>): Promise<void>;
  controlledEvaluate(input: EvalItem[]): Promise<Array<undefined | { next: { token?: number | null; probabilities?: Map<number, number> } }>>;
  dispose(): void;
}
interface Context {
  getSequence(): Sequence;
  dispose(): Promise<void>;
}
interface Model {
  createContext(o: { contextSize: number; batchSize: number; sequences: number; threads?: number; experimentalKvCacheKeyType?: string; experimentalKvCacheValueType?: string; flashAttention?: boolean }): Promise<Context>;
  tokenize(text: string): number[];
  dispose(): Promise<void>;
}
interface Llama {
  loadModel(o: { modelPath: string }): Promise<Model>;
  dispose(): Promise<void>;
}
interface NodeLlamaCpp {
  getLlama(o: Record<string, unknown>): Promise<Llama>;
  LlamaLogLevel: Record<string, string>;
}

/** node-llama-cpp's entry point in peers/, or null where it is not installed. */
export function nodeLlamaCppEntry(root = process.cwd()): string | null {
  const pkg = path.join(root, PEERS_DIR, 'node_modules', 'node-llama-cpp', 'package.json');
  if (!fs.existsSync(pkg)) return null;
  const entry = path.join(path.dirname(pkg), 'dist', 'index.js');
  return fs.existsSync(entry) ? entry : null;
}

async function importNodeLlamaCpp(root?: string): Promise<NodeLlamaCpp | null> {
  const entry = nodeLlamaCppEntry(root);
  return entry ? ((await import(pathToFileURL(entry).href)) as NodeLlamaCpp) : null;
}

/**
 * The GGUF of a model folder at `quant`, written into `outDir` on first use (and again when the
 * ONNX file is newer): `<folder name>-<quant>.gguf`.
 */
export function ensureGguf(modelDir: string, quant: GgufQuant, outDir: string): string {
  const name = path.basename(path.resolve(modelDir));
  const out = path.join(outDir, `${name}-${quant}.gguf`);
  const onnx = path.join(modelDir, 'onnx', 'model.onnx');
  if (fs.existsSync(out) && fs.statSync(out).mtimeMs >= fs.statSync(onnx).mtimeMs) return out;
  const chunks = llamaGguf({
    name,
    config: JSON.parse(fs.readFileSync(path.join(modelDir, 'config.json'), 'utf8')) as Record<string, unknown>,
    tokenizer: JSON.parse(fs.readFileSync(path.join(modelDir, 'tokenizer.json'), 'utf8')) as Parameters<typeof llamaGguf>[0]['tokenizer'],
    onnx: fs.readFileSync(onnx),
    quant,
  });
  fs.mkdirSync(outDir, { recursive: true });
  const tmp = `${out}.tmp-${process.pid}`;
  const fd = fs.openSync(tmp, 'w');
  try {
    for (const c of chunks) fs.writeSync(fd, c);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, out);
  return out;
}

/** Everything before a plan's last token: the sequence whose outputs score it. */
function row(p: PeerPlan): number[] {
  return [...p.prefix, ...p.tokens.slice(0, -1)];
}

function commonPrefix(plans: readonly PeerPlan[]): number {
  let n = Math.min(...plans.map((p) => p.prefix.length));
  for (const p of plans) {
    let i = 0;
    while (i < n && p.prefix[i] === plans[0].prefix[i]) i++;
    n = i;
  }
  return n;
}

/**
 * node-llama-cpp hands out a position's distribution as float32 probabilities, which underflow to
 * 0 below a log-prob of about −103 (a random 135M-shape model scores tokens at −170). So they are
 * asked for at temperature T, softmax(logits / T), with no truncation, and the log-prob at
 * temperature 1 is rebuilt exactly from them: T·log p_i(T) is logit_i up to a constant, so
 * log p_t = T·log p_t(T) − logsumexp_i(T·log p_i(T)). The float32 error of log p_i(T) (~1e-7) is
 * multiplied by T.
 */
export const PROBS_TEMPERATURE = 8;

/**
 * What each scored position asks llama.cpp for: its whole distribution (log-probs), its greedy
 * token (the timed ways: llama.cpp computes the logits and scans them once, no sort, no copy to
 * JavaScript), or nothing (decode only: the forward passes alone, no output read).
 */
type Want = 'probabilities' | 'token' | 'none';

/** Input items asking for an output at positions ≥ `from` (log-probs need the whole distribution). */
function ask(tokens: readonly number[], from: number, want: Want): EvalItem[] {
  if (want === 'none') return [...tokens];
  const next = want === 'probabilities' ? { probabilities: true, options: { temperature: PROBS_TEMPERATURE, topK: 0, topP: 1, minP: 0 } } : { token: true };
  return tokens.map((t, i) => (i >= from ? [t, { generateNext: next }] : t));
}

export class LlamaCppPeer {
  private constructor(
    private llama: Llama,
    private model: Model,
    private context: Context,
    private seq: Sequence,
    readonly vocab: number,
  ) {}

  /** Null where node-llama-cpp is not installed in peers/. */
  static async open(ggufPath: string, opts: { vocab: number; contextSize?: number; threads?: number; root?: string; flashAttention?: boolean }): Promise<LlamaCppPeer | null> {
    const lib = await importNodeLlamaCpp(opts.root);
    if (!lib) return null;
    // CPU only, the prebuilt binary only: nothing downloaded or built.
    const llama = await lib.getLlama({ gpu: false, build: 'never', skipDownload: true, progressLogs: false, logLevel: lib.LlamaLogLevel.error });
    const model = await llama.loadModel({ modelPath: ggufPath });
    const size = opts.contextSize ?? 512;
    // A float32 KV cache (llama.cpp's default is F16, which alone moves log-probs by ~1e-2), and by
    // default no flash attention: the same arithmetic lengthlens's float32 graphs do
    // (scripts/llama-cpp-probe.ts measures flash attention's speed and agreement).
    const context = await model.createContext({ contextSize: size, batchSize: size, sequences: 1, experimentalKvCacheKeyType: 'F32', experimentalKvCacheValueType: 'F32', flashAttention: opts.flashAttention ?? false, ...(opts.threads ? { threads: opts.threads } : {}) });
    return new LlamaCppPeer(llama, model, context, context.getSequence(), opts.vocab);
  }

  /** llama.cpp's own tokenisation of `text` (no BOS). */
  tokenize(text: string): number[] {
    return this.model.tokenize(text);
  }

  /** The next-token log-prob of `token` from an output's distribution (all of the vocabulary). */
  private logprob(out: { next: { probabilities?: Map<number, number> } } | undefined, token: number): number {
    const p = out?.next.probabilities;
    if (!p || p.size !== this.vocab) throw new Error(`llama.cpp gave ${p ? p.size : 'no'} probabilities, expected the whole vocabulary (${this.vocab})`);
    let max = -Infinity;
    for (const v of p.values()) max = Math.max(max, PROBS_TEMPERATURE * Math.log(v));
    let sum = 0;
    for (const v of p.values()) sum += Math.exp(PROBS_TEMPERATURE * Math.log(v) - max);
    return PROBS_TEMPERATURE * Math.log(p.get(token) ?? 0) - (max + Math.log(sum));
  }

  /** Harness way: each (context, choice) evaluated in full from an empty cache. */
  async harness(items: readonly PeerPlan[][], want: Want = 'token'): Promise<ItemLogprobs[]> {
    const out: ItemLogprobs[] = [];
    for (const plans of items) {
      const item: number[][] = [];
      for (const p of plans) {
        await this.seq.clearHistory();
        const r = row(p);
        const res = await this.seq.controlledEvaluate(ask(r, p.prefix.length - 1, want));
        item.push(want === 'probabilities' ? p.tokens.map((t, j) => this.logprob(res[p.prefix.length - 1 + j], t)) : []);
      }
      out.push(item);
    }
    return out;
  }

  /** At its best: the shared context once, each choice on its cache, then erased. */
  async kv(items: readonly PeerPlan[][], want: Want = 'token'): Promise<ItemLogprobs[]> {
    const out: ItemLogprobs[] = [];
    for (const plans of items) {
      await this.seq.clearHistory();
      const n = commonPrefix(plans);
      // The context's last token gives the first choice token's distribution when a plan's prefix is the shared one.
      const ctx = await this.seq.controlledEvaluate(ask(plans[0].prefix.slice(0, n), n - 1, want));
      const item: number[][] = [];
      for (const p of plans) {
        const rest = row(p).slice(n);
        const res = rest.length ? await this.seq.controlledEvaluate(ask(rest, Math.max(0, p.prefix.length - 1 - n), want)) : [];
        if (want === 'probabilities')
          item.push(
            p.tokens.map((t, j) => {
              const at = p.prefix.length - 1 + j;
              return this.logprob(at < n ? ctx[at] : res[at - n], t);
            }),
          );
        else item.push([]);
        if (this.seq.nextTokenIndex > n) await this.seq.eraseContextTokenRanges([{ start: n, end: this.seq.nextTokenIndex }]);
      }
      out.push(item);
    }
    return out;
  }

  async close(): Promise<void> {
    this.seq.dispose();
    await this.context.dispose();
    await this.model.dispose();
    await this.llama.dispose();
  }
}

/** Float32's unit roundoff. */
const F32_U = 2 ** -24;

/**
 * γ_K = K·u / (1 − K·u): the worst-case relative rounding error of a float32 dot product of length
 * K summed in any order (Higham's bound), relative to the sum of the terms' magnitudes.
 */
export function float32DotBound(k: number): number {
  if (!(k >= 1) || k * F32_U >= 1) throw new Error(`no float32 dot-product bound for length ${k}`);
  return (k * F32_U) / (1 - k * F32_U);
}

/**
 * Largest |a − b| over every scored token (Infinity where a value is not finite); `relative`:
 * each difference over max(1, |b|), float32's error growing with the size of the values.
 */
export function maxAbsDiff(a: readonly ItemLogprobs[], b: readonly ItemLogprobs[], relative = false): number {
  let max = 0;
  a.forEach((item, i) =>
    item.forEach((cand, k) => {
      if (cand.length !== b[i][k].length) throw new Error(`item ${i} candidate ${k}: ${cand.length} vs ${b[i][k].length} scored tokens`);
      cand.forEach((v, j) => {
        const d = Math.abs(v - b[i][k][j]) / (relative ? Math.max(1, Math.abs(b[i][k][j])) : 1);
        max = Number.isFinite(d) ? Math.max(max, d) : Infinity;
      });
    }),
  );
  return max;
}

/** The plans lengthlens scores an item with, as token ids for the peer. */
export function peerPlans(m: LoadedModel, items: readonly BenchItem[]): PeerPlan[][] {
  return items.map((it) => benchPlans(m, it).map((p) => ({ prefix: p.prefixIds, tokens: p.tokens.map((t) => t.id) })));
}

/** What the peer rows need from lengthlens's own run, taken before its model is unloaded. */
export interface PeerInputs {
  model: string;
  dtype: string;
  vocab: number;
  plans: PeerPlan[][];
  /** lengthlens's per-token log-probs of the same items (its app path). */
  logprobs: ItemLogprobs[];
  /** lengthlens's app path in the same run, items/s (chunks' best, as the benchmark reports it). */
  appItemsPerS: number;
  contextSize: number;
}

export async function peerInputs(m: LoadedModel, items: readonly BenchItem[], appItemsPerS: number): Promise<PeerInputs> {
  return {
    model: m.info.id.split(/[\\/]/).pop() ?? m.info.id,
    dtype: m.info.dtype,
    vocab: m.info.vocabSize,
    plans: peerPlans(m, items),
    logprobs: await appPath(m, items),
    appItemsPerS,
    contextSize: Math.min(m.info.maxLength, 1024),
  };
}

/** The GGUF type a lengthlens dtype is compared with (null: no peer row at this dtype). */
export function peerQuant(dtype: string): GgufQuant | null {
  return dtype === 'fp32' ? 'f32' : dtype === 'q8' ? 'q8_0' : null;
}

/**
 * llama.cpp's two ways on lengthlens's items: log-probs (whole distributions, untimed), then
 * `rounds` timed rounds, each way over every chunk of `chunk` items, which way goes first
 * alternating, each (way, chunk) keeping its fastest time, as the benchmark times its own paths.
 */
export async function runLlamaCppPeer(
  inp: PeerInputs,
  opts: { gguf: string; quant: GgufQuant; threads: number; rounds: number; chunk: number; root?: string },
): Promise<PeerRow[] | null> {
  const peer = await LlamaCppPeer.open(opts.gguf, { vocab: inp.vocab, threads: opts.threads, contextSize: inp.contextSize, root: opts.root });
  if (!peer) return null;
  try {
    const ways = { harness: (its: PeerPlan[][], w?: Want) => peer.harness(its, w), kv: (its: PeerPlan[][], w?: Want) => peer.kv(its, w), 'kv-decode-only': (its: PeerPlan[][]) => peer.kv(its, 'none') };
    const got = { harness: await ways.harness(inp.plans, 'probabilities'), kv: await ways.kv(inp.plans, 'probabilities') };
    const diff = { harness: maxAbsDiff(got.harness, inp.logprobs), kv: maxAbsDiff(got.kv, inp.logprobs) };
    const rel = { harness: maxAbsDiff(got.harness, inp.logprobs, true), kv: maxAbsDiff(got.kv, inp.logprobs, true) };
    const chunks: PeerPlan[][][] = [];
    for (let i = 0; i < inp.plans.length; i += opts.chunk) chunks.push(inp.plans.slice(i, i + opts.chunk));
    const order = ['harness', 'kv', 'kv-decode-only'] as const;
    const best = { harness: chunks.map(() => Infinity), kv: chunks.map(() => Infinity), 'kv-decode-only': chunks.map(() => Infinity) };
    for (const w of order) await ways[w](inp.plans.slice(0, 2));
    for (let r = 0; r < opts.rounds; r++)
      for (const w of r % 2 === 0 ? order : [...order].reverse())
        for (const [c, chunk] of chunks.entries()) {
          const t0 = performance.now();
          await ways[w](chunk);
          best[w][c] = Math.min(best[w][c], performance.now() - t0);
        }
    return order.map((w) => {
      const ips = inp.plans.length / (best[w].reduce((a, b) => a + b, 0) / 1000);
      return {
        peer: `llama.cpp-${w}`,
        model: inp.model,
        dtype: opts.quant === 'f32' ? 'fp32' : 'Q8_0',
        against: `lengthlens node ${inp.dtype}`,
        environment: `node (node-llama-cpp ${NODE_LLAMA_CPP_VERSION}, CPU, ${opts.threads} thread${opts.threads === 1 ? '' : 's'})`,
        threads: opts.threads,
        items: inp.plans.length,
        items_per_s: ips,
        app_items_per_s: inp.appItemsPerS,
        app_vs_peer: inp.appItemsPerS / ips,
        max_abs_logprob_diff: w === 'kv-decode-only' ? null : diff[w],
        max_rel_logprob_diff: w === 'kv-decode-only' ? null : rel[w],
      };
    });
  } finally {
    await peer.close();
  }
}
