// The benchmark inside a Web Worker, as the app's engine runs: same Engine, same scoring path.
import * as Comlink from 'comlink';
import { Engine } from '../engine';
import { wasmThreadsInForce, type EngineConfig } from '../runtime';
import type { Device, Dtype } from '../types';
import { DEFAULT_BENCH_CONFIG, runBenchmark, type BenchResult } from './run';
import { benchEnvironment } from './report';

export interface BenchWorkerRequest {
  config: EngineConfig;
  model: string;
  device: Device;
  dtype: Dtype;
  items: number;
  rounds: number;
  warmupItems: number;
}

const api = {
  async run(req: BenchWorkerRequest): Promise<BenchResult> {
    const engine = new Engine();
    await engine.configure(req.config);
    await engine.load({ source: { kind: 'served', name: req.model }, device: req.device, dtype: req.dtype });
    try {
      // Threads asked for but not granted (no cross-origin isolation): no row, rather than a 1-thread row under a threaded name.
      const threads = req.config.wasmThreads;
      if (threads && threads > 1 && wasmThreadsInForce() !== threads)
        throw new Error(`ONNX Runtime runs ${wasmThreadsInForce() ?? '?'} wasm thread(s), asked for ${threads} (crossOriginIsolated: ${String(self.crossOriginIsolated)})`);
      return await runBenchmark(engine.current()!, benchEnvironment(req.device, threads), { ...DEFAULT_BENCH_CONFIG, items: req.items, rounds: req.rounds, warmupItems: req.warmupItems });
    } finally {
      await engine.unload();
    }
  },
};

export type BenchWorkerApi = typeof api;
Comlink.expose(api);
