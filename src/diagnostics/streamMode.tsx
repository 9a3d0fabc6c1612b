// diagnostics.html?mode=stream: a large task streamed through the app's engine Worker
// (streamScores → scoreChunk), with the page's memory measured before, during and after.
// Query: n=10000, chunk=32, device=wasm, model=stories260K, dtype=fp32, samples=10.
// The page keeps only each item's four sums and its acc winner (the results themselves).
import { useEffect, useState } from 'react';
import { createEngineClient } from '../engine/client';
import { streamScores } from '../engine/stream';
import { storyItems } from '../engine/bench/items';
import { isDtype, type Device, type Dtype } from '../engine/types';
import { DEFAULT_SCORE_OPTIONS } from '../core/scoring/types';

export interface MemorySample {
  /** Items scored when the sample was taken. */
  items: number;
  phase: 'before' | 'during' | 'after';
  /** performance.measureUserAgentSpecificMemory(): page + its workers (wasm memory included). */
  uaBytes: number | null;
  /** Of which in dedicated workers (the engine). */
  uaWorkerBytes: number | null;
  /** performance.memory.usedJSHeapSize of the page's own heap. */
  jsHeapUsed: number | null;
  ms: number;
}

interface StreamPageResult {
  status: 'running' | 'done' | 'error';
  n: number;
  chunk: number;
  device?: Device;
  dtype?: Dtype;
  model?: string;
  done: number;
  items_per_s?: number;
  acc?: number;
  resultsBytes?: number;
  samples: MemorySample[];
  measureApi: string;
  error?: string;
}

interface UaMemory {
  bytes: number;
  breakdown: { bytes: number; attribution: { scope?: string }[] }[];
}

async function measure(items: number, phase: MemorySample['phase'], t0: number): Promise<MemorySample> {
  const perf = performance as Performance & { measureUserAgentSpecificMemory?: () => Promise<UaMemory>; memory?: { usedJSHeapSize: number } };
  let uaBytes: number | null = null;
  let uaWorkerBytes: number | null = null;
  if (typeof perf.measureUserAgentSpecificMemory === 'function' && self.crossOriginIsolated) {
    const m = await perf.measureUserAgentSpecificMemory();
    uaBytes = m.bytes;
    uaWorkerBytes = m.breakdown.filter((b) => b.attribution.some((a) => a.scope === 'DedicatedWorkerGlobalScope')).reduce((s, b) => s + b.bytes, 0);
  }
  return { items, phase, uaBytes, uaWorkerBytes, jsHeapUsed: perf.memory?.usedJSHeapSize ?? null, ms: performance.now() - t0 };
}

export function StreamMode() {
  const [result, setResult] = useState<StreamPageResult>({ status: 'running', n: 0, chunk: 0, done: 0, samples: [], measureApi: '' });
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    const n = Math.max(1, Number(q.get('n') ?? 10000) || 10000);
    const chunk = Math.max(1, Number(q.get('chunk') ?? 32) || 32);
    const device: Device = q.get('device') === 'webgpu' ? 'webgpu' : 'wasm';
    const dtypeRaw = q.get('dtype') ?? 'fp32';
    const dtype = isDtype(dtypeRaw) ? dtypeRaw : 'fp32';
    const model = q.get('model') ?? 'stories260K';
    const every = Math.max(1, Math.floor(n / Math.max(1, Number(q.get('samples') ?? 10) || 10)));
    const perf = performance as Performance & { measureUserAgentSpecificMemory?: unknown; memory?: unknown };
    const state: StreamPageResult = {
      status: 'running', n, chunk, device, dtype, model, done: 0, samples: [],
      measureApi: [typeof perf.measureUserAgentSpecificMemory === 'function' && self.crossOriginIsolated ? 'measureUserAgentSpecificMemory' : '', perf.memory ? 'performance.memory' : ''].filter(Boolean).join(' + ') || 'none',
    };
    const update = () => setResult({ ...state, samples: [...state.samples] });
    const client = createEngineClient();
    (async () => {
      const t0 = performance.now();
      await client.load({ source: { kind: 'served', name: model }, device, dtype });
      // Warm up on a few items that are not part of the task.
      for await (const _ of streamScores(client.api, storyItems(chunk, 99), { options: DEFAULT_SCORE_OPTIONS, chunkSize: chunk, stats: 'logprob' })) void _;
      state.samples.push(await measure(0, 'before', t0));
      update();
      // The results themselves: four sums and a winner per item, in preallocated arrays.
      const sums = new Float64Array(n * 4);
      const winners = new Int8Array(n);
      let correct = 0;
      const tStart = performance.now();
      for await (const { index, item, result } of streamScores(client.api, storyItems(n), { options: DEFAULT_SCORE_OPTIONS, chunkSize: chunk, stats: 'logprob' })) {
        result.candidates.forEach((c, k) => (sums[index * 4 + k] = c.sum_logprob));
        winners[index] = result.winners.acc;
        if (result.winners.acc === item.label) correct++;
        state.done = index + 1;
        if (state.done % every === 0 && state.done < n) {
          state.samples.push(await measure(state.done, 'during', t0));
          state.items_per_s = (state.done * 1000) / (performance.now() - tStart);
          update();
        }
      }
      state.items_per_s = (n * 1000) / (performance.now() - tStart);
      state.acc = correct / n;
      state.resultsBytes = sums.byteLength + winners.byteLength;
      state.samples.push(await measure(n, 'after', t0));
      state.status = 'done';
      update();
    })()
      .catch((e: unknown) => {
        state.status = 'error';
        state.error = e instanceof Error ? e.message : String(e);
        update();
      })
      .finally(() => client.terminate());
  }, []);
  return (
    <main className="app-main">
      <h1>Streaming a large task</h1>
      <p data-testid="status">{result.status}</p>
      <p>
        {result.done} / {result.n} items{result.items_per_s ? `, ${result.items_per_s.toFixed(1)} items/s` : ''}
      </p>
      {result.error && <p className="error" role="alert">{result.error}</p>}
      <pre data-testid="result" style={{ whiteSpace: 'pre-wrap', fontSize: '0.8rem' }}>{JSON.stringify(result, null, 1)}</pre>
    </main>
  );
}
