// The benchmark at real size (bench/scale.ts) inside a Web Worker, as the app's engine runs: the
// same Engine and scoring path, the model loaded from the app's served models folder (through the
// browser's cache when the app has loaded it before). Used by diagnostics.html?mode=scale.
import * as Comlink from 'comlink';
import { Engine } from '../engine';
import { encodeWithPieces } from '../encode';
import type { EngineConfig } from '../runtime';
import type { Device, Dtype } from '../types';
import { generateBenchItems, type BenchItem } from './items';
import { RssSampler, runScaleBench, SCALE_SHAPE, type ScaleResult } from './scale';

export interface ScaleWorkerRequest {
  config: EngineConfig;
  model: string;
  style: string;
  shape: string;
  device: Device;
  dtype: Dtype;
  keystrokes: number;
  taskItems: number;
  /** Story items streamed through the task path for the memory figures (0 or absent: none). */
  streamItems?: number;
  /** Streamed items between memory readings (default 100). */
  streamStep?: number;
}

export interface ScaleWorkerResult {
  result: ScaleResult;
  /** The item the keystrokes were typed into (the same seed as in Node), for the app's own run. */
  item: BenchItem;
}

const api = {
  /**
   * `workerMemory` (the page's): this Worker's memory in bytes, read while streaming. A Worker
   * cannot measure itself; the page's performance.measureUserAgentSpecificMemory() attributes
   * memory to it, WebAssembly memory included.
   */
  async run(req: ScaleWorkerRequest, log?: (s: string) => void, workerMemory?: (items: number) => Promise<number>): Promise<ScaleWorkerResult> {
    const engine = new Engine();
    // No process in a Worker: the sampler reads NaN, and the page measures the Worker's memory.
    const sampler = new RssSampler();
    await engine.configure(req.config);
    const t0 = performance.now();
    await engine.load({ source: { kind: 'served', name: req.model }, device: req.device, dtype: req.dtype });
    const loadMs = performance.now() - t0;
    try {
      const m = engine.current()!;
      const [item] = generateBenchItems(SCALE_SHAPE, (t) => encodeWithPieces(m, t, false).length);
      const result = await runScaleBench(engine, {
        shape: req.shape,
        style: req.style,
        environment: `chromium-${req.device}`,
        loadMs,
        sampler,
        keystrokes: req.keystrokes,
        taskItems: req.taskItems,
        streamItems: workerMemory ? (req.streamItems ?? 0) : 0,
        streamStep: req.streamStep,
        ...(workerMemory ? { streamMemory: { read: workerMemory, source: 'worker (measureUserAgentSpecificMemory)' } } : {}),
        log: (s) => log?.(s),
      });
      return { result, item };
    } finally {
      sampler.stop();
      await engine.unload();
    }
  },
};

export type ScaleWorkerApi = typeof api;
Comlink.expose(api);
