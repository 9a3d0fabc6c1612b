// diagnostics.html?mode=bench: the §9 benchmark in this browser, inside a Worker, on one device,
// for each dtype asked; then the Scorer's live-typing latency through the app's engine Worker.
// Query: device=wasm|webgpu, dtypes=fp32,q8, items=50, rounds=3, warmup=2, model=bench-llama-6M,
// latency=1, keystrokes=40, threads (ONNX Runtime's wasm threads; the page is cross-origin isolated).
import { useEffect, useState } from 'react';
import * as Comlink from 'comlink';
import { appUrl, createEngineClient } from '../engine/client';
import { ORT_WASM_FILES } from '../engine/models';
import { isDtype, type Device, type Dtype } from '../engine/types';
import type { BenchResult, LatencyResult } from '../engine/bench/run';
import { liveTypingLatency } from '../engine/bench/run';
import type { BenchWorkerApi } from '../engine/bench/worker';
import { benchEnvironment } from '../engine/bench/report';
import { DEFAULT_SCORE_OPTIONS } from '../core/scoring/types';

interface BenchPageResult {
  status: 'running' | 'done' | 'error';
  progress?: string;
  environments: Record<string, BenchResult>;
  live_typing: Record<string, LatencyResult>;
  skipped: Record<string, string>;
  error?: string;
}

async function benchInWorker(device: Device, dtype: Dtype, model: string, items: number, rounds: number, warmupItems: number, threads: number | undefined): Promise<BenchResult> {
  const worker = new Worker(new URL('../engine/bench/worker.ts', import.meta.url), { type: 'module', name: 'lengthlens-bench' });
  const api = Comlink.wrap<BenchWorkerApi>(worker);
  try {
    return await api.run({
      config: {
        localModelPath: new URL('models/', document.baseURI).pathname,
        wasmPaths: { mjs: appUrl(`ort/${ORT_WASM_FILES.mjs}`), wasm: appUrl(`ort/${ORT_WASM_FILES.wasm}`) },
        useCache: false,
        ...(threads ? { wasmThreads: threads } : {}),
      },
      model,
      device,
      dtype,
      items,
      rounds,
      warmupItems,
    });
  } finally {
    worker.terminate();
  }
}

export function BenchMode() {
  const [result, setResult] = useState<BenchPageResult>({ status: 'running', environments: {}, live_typing: {}, skipped: {} });
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    const device: Device = q.get('device') === 'webgpu' ? 'webgpu' : 'wasm';
    const dtypes = (q.get('dtypes') ?? 'fp32,q8').split(',').filter(isDtype);
    const items = Math.max(1, Number(q.get('items') ?? 50) || 50);
    const rounds = Math.max(1, Number(q.get('rounds') ?? 3) || 3);
    const model = q.get('model') ?? 'bench-llama-6M';
    const warmup = Math.max(0, Number(q.get('warmup') ?? 2) || 0);
    const keystrokes = Math.max(1, Number(q.get('keystrokes') ?? 40) || 40);
    const threads = q.get('threads') ? Math.max(1, Number(q.get('threads')) || 1) : undefined;
    const acc: BenchPageResult = { status: 'running', environments: {}, live_typing: {}, skipped: {} };
    const update = (patch: Partial<BenchPageResult>) => setResult({ ...Object.assign(acc, patch) });
    (async () => {
      for (const dtype of dtypes) {
        const key = `${benchEnvironment(device, threads)}-${dtype}`;
        update({ progress: `${key}: ${items} items x ${rounds} rounds` });
        try {
          acc.environments[key] = await benchInWorker(device, dtype, model, items, rounds, warmup, threads);
        } catch (e) {
          acc.skipped[key] = e instanceof Error ? e.message : String(e);
        }
        update({});
      }
      if (q.get('latency') !== '0') {
        update({ progress: 'live typing latency (stories260K)' });
        const client = createEngineClient();
        try {
          await client.load({ source: { kind: 'served', name: 'stories260K' }, device, dtype: 'fp32' });
          acc.live_typing[`chromium-${device}`] = await liveTypingLatency(
            (context, candidates) => client.api.score({ context, candidates, options: DEFAULT_SCORE_OPTIONS }),
            { model: 'stories260K', device },
            keystrokes,
          );
        } finally {
          client.terminate();
        }
      }
      update({ status: 'done', progress: undefined });
    })().catch((e: unknown) => update({ status: 'error', error: e instanceof Error ? e.message : String(e) }));
  }, []);
  return (
    <main className="app-main">
      <h1>Scoring benchmark</h1>
      <p data-testid="status">{result.status}</p>
      {result.progress && <p>{result.progress}</p>}
      {result.error && <p className="error" role="alert">{result.error}</p>}
      <pre data-testid="result" style={{ whiteSpace: 'pre-wrap', fontSize: '0.8rem' }}>{JSON.stringify(result, null, 1)}</pre>
    </main>
  );
}
