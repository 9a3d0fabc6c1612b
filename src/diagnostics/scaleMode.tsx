// diagnostics.html?mode=scale: the benchmark at real size (`lengthlens bench --scale`) inside a
// Worker in this browser — keystrokes on the Scorer's incremental path, the floor, from scratch
// and the task path — and, with probe=1 on WebGPU, whether the model loads and scores there and
// agrees with WASM. Query: model=smollm2-135m-plain, style=plain, shape=SmolLM2-135M,
// device=wasm|webgpu, dtype=fp32, keystrokes=8, taskItems=2, streamItems=0, streamStep=100, probe=0|1.
import { useEffect, useState } from 'react';
import * as Comlink from 'comlink';
import { appUrl, createEngineClient } from '../engine/client';
import { ORT_WASM_FILES } from '../engine/models';
import { ALL_DTYPES, type Device, type Dtype } from '../engine/types';
import type { ScaleWorkerApi, ScaleWorkerResult } from '../engine/bench/scaleWorker';
import type { ProbeCheck } from '../engine/api';
import { DEFAULT_SCORE_OPTIONS } from '../core/scoring/types';

interface ScalePageResult {
  status: 'running' | 'done' | 'error';
  progress?: string;
  bench?: ScaleWorkerResult;
  /** probe=1: the model loaded and scored one item on this device; the probe compared with WASM. */
  works?: { device: Device; load_ms: number; score_ms: number; probe: ProbeCheck };
  error?: string;
}

/** The bench Worker's memory (JS heap, ArrayBuffers, WebAssembly memory), as the page measures it; NaN where it cannot (no cross-origin isolation). */
async function workerMemoryBytes(): Promise<number> {
  const perf = performance as Performance & { measureUserAgentSpecificMemory?: () => Promise<{ breakdown: { bytes: number; attribution: { scope?: string }[] }[] }> };
  if (typeof perf.measureUserAgentSpecificMemory !== 'function' || !self.crossOriginIsolated) return NaN;
  const m = await perf.measureUserAgentSpecificMemory();
  return m.breakdown.filter((b) => b.attribution.some((a) => a.scope === 'DedicatedWorkerGlobalScope')).reduce((s, b) => s + b.bytes, 0);
}

export function ScaleMode() {
  const [result, setResult] = useState<ScalePageResult>({ status: 'running' });
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    const device: Device = q.get('device') === 'webgpu' ? 'webgpu' : 'wasm';
    const dtypeRaw = q.get('dtype') ?? 'fp32';
    const dtype = ((ALL_DTYPES as string[]).includes(dtypeRaw) ? dtypeRaw : 'fp32') as Dtype;
    const model = q.get('model') ?? 'smollm2-135m-plain';
    const acc: ScalePageResult = { status: 'running' };
    const update = (patch: Partial<ScalePageResult>) => setResult({ ...Object.assign(acc, patch) });
    (async () => {
      if (q.get('probe') === '1') {
        // "Works": one load, one item, and the fixed probe text scored on WASM too (engine.probeCheck).
        update({ progress: `loading ${model} on ${device}` });
        const client = createEngineClient();
        try {
          const t0 = performance.now();
          await client.load({ source: { kind: 'served', name: model }, device, dtype });
          const t1 = performance.now();
          await client.api.score({ context: 'Once upon a time, there was a little girl named', candidates: [' Lily.', ' Tom.'], options: DEFAULT_SCORE_OPTIONS });
          const t2 = performance.now();
          update({ progress: 'probe: the same text on WASM' });
          const probe = await client.api.probeCheck();
          update({ works: { device, load_ms: t1 - t0, score_ms: t2 - t1, probe } });
        } finally {
          client.terminate();
        }
      } else {
        const worker = new Worker(new URL('../engine/bench/scaleWorker.ts', import.meta.url), { type: 'module', name: 'lengthlens-bench-scale' });
        const api = Comlink.wrap<ScaleWorkerApi>(worker);
        try {
          const bench = await api.run(
            {
              config: {
                localModelPath: new URL('models/', document.baseURI).pathname,
                wasmPaths: { mjs: appUrl(`ort/${ORT_WASM_FILES.mjs}`), wasm: appUrl(`ort/${ORT_WASM_FILES.wasm}`) },
                // The app's cache: a model the app loaded before comes from it, as for a returning user.
                useCache: true,
              },
              model,
              style: q.get('style') ?? 'plain',
              shape: q.get('shape') ?? 'SmolLM2-135M',
              device,
              dtype,
              keystrokes: Math.max(1, Number(q.get('keystrokes') ?? 8) || 8),
              taskItems: Math.max(0, Number(q.get('taskItems') ?? 2) || 0),
              streamItems: Math.max(0, Number(q.get('streamItems') ?? 0) || 0),
              streamStep: Math.max(1, Number(q.get('streamStep') ?? 100) || 100),
            },
            Comlink.proxy((s: string) => update({ progress: s })),
            Comlink.proxy(workerMemoryBytes),
          );
          update({ bench });
        } finally {
          worker.terminate();
        }
      }
      update({ status: 'done', progress: undefined });
    })().catch((e: unknown) => update({ status: 'error', error: e instanceof Error ? e.message : String(e) }));
  }, []);
  return (
    <main className="app-main">
      <h1>Benchmark at real size</h1>
      <p data-testid="status">{result.status}</p>
      {result.progress && <p data-testid="progress">{result.progress}</p>}
      {result.error && <p className="error" role="alert">{result.error}</p>}
      <pre data-testid="result" style={{ whiteSpace: 'pre-wrap', fontSize: '0.8rem' }}>{JSON.stringify(result, null, 1)}</pre>
    </main>
  );
}
