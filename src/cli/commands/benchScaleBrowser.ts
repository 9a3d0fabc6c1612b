// `lengthlens bench --scale --browser yes`: the browser half (scripts/bench-scale-browser.ts) in a
// child process, as `bench` runs its own browser half (it needs vite and playwright, which the
// CLI does not load). Its rows join the Node rows under "scale".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { InputError } from '../errors';
import type { PeerRow } from '../../engine/nodeFace';

export interface ScaleBrowserArgs {
  /** Style and dtype pairs of the Node run; the browser runs each that has a generated folder name. */
  styles: string[];
  dtypes: string[];
  keystrokes: number;
  taskItems: number;
  /** Story items streamed in the bench Worker for its memory figures (0: none). */
  streamItems?: number;
  dir?: string;
  /** The Node half's peer inputs (plain style): wllama's rows on the same items. */
  peers?: ReadonlyArray<{ dtype: string }>;
}

/** The generated folder of a style, as scripts/make_scale_models.py names it: every dtype's file is in it (onnx/model_quantized.onnx for q8). */
const folderOf = (style: string) => `smollm2-135m-${style}`;

export function runScaleBrowser(args: ScaleBrowserArgs, log: (s: string) => void): { rows: Record<string, unknown>[]; peers: PeerRow[]; skipped: Record<string, string> } {
  const script = path.resolve('scripts/bench-scale-browser.ts');
  const tsx = path.resolve('node_modules/.bin/tsx');
  if (!fs.existsSync(script) || !fs.existsSync(tsx)) throw new InputError('scripts/bench-scale-browser.ts or tsx not found (run from the repository root)');
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) throw new InputError(`Chromium not found at ${chromium} (set CHROMIUM_PATH)`);
  const rows: Record<string, unknown>[] = [];
  const peers: PeerRow[] = [];
  const skipped: Record<string, string> = {};
  const peerFile = path.join(os.tmpdir(), `lengthlens-bench-scale-peers-${process.pid}.json`);
  if (args.peers?.length) fs.writeFileSync(peerFile, JSON.stringify(args.peers));
  let first = true;
  for (const style of args.styles) {
    for (const dtype of args.dtypes) {
      const model = folderOf(style);
      const out = path.join(os.tmpdir(), `lengthlens-bench-scale-browser-${process.pid}.json`);
      log(`chromium-wasm ${model} ${dtype}: scripts/bench-scale-browser.ts ...`);
      const argv = [script, '--model', model, '--style', style, '--dtype', dtype, '--keystrokes', String(args.keystrokes), '--engine-keystrokes', String(args.keystrokes), '--task-items', String(args.taskItems), '--out', out];
      if (args.dir) argv.push('--models-dir', args.dir);
      if (args.streamItems) argv.push('--stream-items', String(args.streamItems));
      // The peers' GGUF is written from the plain graph (the Node half's peer inputs are plain only).
      if (style === 'plain' && args.peers?.some((p) => p.dtype === dtype)) argv.push('--peer-inputs', peerFile);
      // WebGPU "works" once (a software adapter here: slow, no speed figures).
      argv.push('--webgpu', first ? 'yes' : 'no');
      first = false;
      const r = spawnSync(tsx, argv, { stdio: ['ignore', 'ignore', 'inherit'] });
      if (r.status !== 0 || !fs.existsSync(out)) {
        skipped[`chromium-wasm ${model} ${dtype}`] = `the browser benchmark failed (exit ${r.status ?? r.signal})`;
        continue;
      }
      const got = JSON.parse(fs.readFileSync(out, 'utf8')) as { scale: Record<string, unknown>[]; peers?: PeerRow[]; skipped?: Record<string, string> };
      rows.push(...got.scale);
      peers.push(...(got.peers ?? []));
      Object.assign(skipped, got.skipped);
      fs.rmSync(out, { force: true });
    }
  }
  fs.rmSync(peerFile, { force: true });
  return { rows, peers, skipped };
}
