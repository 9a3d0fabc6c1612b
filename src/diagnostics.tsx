// Engine diagnostics: load a model on a chosen device and dtype, score one item and show the raw
// result as JSON, plus the WebGPU-vs-WASM probe check. Everything is read from the query string,
// e.g. diagnostics.html?model=stories260K&device=wasm&dtype=fp32&context=...&candidate=...&candidate=...
// Two more modes: ?mode=bench (the §9 benchmark, src/diagnostics/benchMode.tsx) and ?mode=stream
// (a large task streamed with memory measured, src/diagnostics/streamMode.tsx), and ?mode=scale
// (the benchmark at real size, src/diagnostics/scaleMode.tsx).
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createEngineClient } from './engine/client';
import { DEFAULT_SCORE_OPTIONS, type ItemScore } from './core/scoring/types';
import type { ProbeCheck } from './engine/api';
import { isDtype, type Device, type Dtype, type ModelSource, type ScoringPlan } from './engine/types';
import { BenchMode } from './diagnostics/benchMode';
import { StreamMode } from './diagnostics/streamMode';
import { ScaleMode } from './diagnostics/scaleMode';
import './ui/styles.css';

/** Resolves with the files of the folder chosen in the page's folder input. */
function pickFolder(): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.getElementById('folder') as HTMLInputElement;
    input.addEventListener('change', () => resolve(Array.from(input.files ?? [])), { once: true });
  });
}

interface Result {
  status: 'running' | 'done' | 'error';
  device?: Device;
  dtype?: Dtype;
  loadMs?: number;
  /** The graph's style and the exact scoring plan the engine chose for it. */
  plan?: ScoringPlan;
  scoreMs?: number;
  item?: ItemScore;
  probe?: ProbeCheck;
  error?: string;
}

function Diagnostics() {
  const [result, setResult] = useState<Result>({ status: 'running' });
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    const device = (q.get('device') === 'webgpu' ? 'webgpu' : 'wasm') as Device;
    const dtypeRaw = q.get('dtype') ?? 'fp32';
    const dtype = isDtype(dtypeRaw) ? dtypeRaw : 'fp32';
    const name = q.get('model') ?? 'stories260K';
    const context = q.get('context') ?? 'Once upon a time, there was a little girl named';
    const candidates = q.getAll('candidate');
    const client = createEngineClient();
    const picked = q.get('source') === 'folder' ? pickFolder() : null;
    // StrictMode runs this effect twice in development: the first run's client is terminated, and
    // its failure must not overwrite the second run's result.
    let live = true;
    (async () => {
      const source: ModelSource = picked ? { kind: 'files', name: 'picked', files: await picked } : { kind: 'served', name };
      const t0 = performance.now();
      const info = await client.load({ source, device, dtype, allowKnownFaults: true });
      const t1 = performance.now();
      const item = await client.api.score({ context, candidates: candidates.length ? candidates : [' Lily.', ' Tom.'], options: DEFAULT_SCORE_OPTIONS });
      const t2 = performance.now();
      const probe = q.get('probe') === '1' ? await client.api.probeCheck() : undefined;
      if (live) setResult({ status: 'done', device, dtype, plan: info.plan, loadMs: t1 - t0, scoreMs: t2 - t1, item, probe });
    })().catch((e: unknown) => live && setResult({ status: 'error', error: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
      client.terminate();
    };
  }, []);
  return (
    <main className="app-main">
      <h1>Engine diagnostics</h1>
      <label>
        Model folder <input id="folder" type="file" {...{ webkitdirectory: '' }} multiple />
      </label>
      <p data-testid="status">{result.status}</p>
      {result.error && <p className="error" role="alert">{result.error}</p>}
      {result.probe && (
        <p className={result.probe.ok ? '' : 'warning'}>
          WebGPU vs WASM probe: |Δ sum log-prob| = {result.probe.absDiff.toExponential(2)} nats ({result.probe.ok ? 'agree' : 'DISAGREE'})
        </p>
      )}
      {result.plan && (
        <p data-testid="plan">
          Scoring plan: <strong>{result.plan.plan}</strong> ({result.plan.style} graph; cache {result.plan.cacheType ?? 'n/a'}
          {result.plan.positionIds ? ', position_ids' : ', no position_ids'}
          {result.plan.logitsToKeep ? `, ${result.plan.logitsToKeep}` : ''}) — {result.plan.note}
        </p>
      )}
      {result.item && (
        <table>
          <caption className="muted">
            {result.device} · {result.dtype} · load {result.loadMs?.toFixed(0)} ms · score {result.scoreMs?.toFixed(0)} ms
          </caption>
          <thead>
            <tr><th>candidate</th><th>tokens</th><th>sum log-prob</th><th>bits/byte</th><th>PMI</th></tr>
          </thead>
          <tbody>
            {result.item.candidates.map((c, i) => (
              <tr key={i}>
                <td>{JSON.stringify(c.text)}</td>
                <td>{c.n_tokens}</td>
                <td>{c.sum_logprob.toFixed(4)}</td>
                <td>{c.bits_per_byte.toFixed(4)}</td>
                <td>{c.pmi.toFixed(4)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <details>
        <summary>Raw result (JSON)</summary>
        <pre data-testid="result" style={{ whiteSpace: 'pre-wrap', fontSize: '0.8rem' }}>{JSON.stringify(result, null, 1)}</pre>
      </details>
    </main>
  );
}

const mode = new URLSearchParams(window.location.search).get('mode');
// No StrictMode for the benchmark modes: its double effect would run them twice.
createRoot(document.getElementById('root')!).render(
  mode === 'bench' ? (
    <BenchMode />
  ) : mode === 'stream' ? (
    <StreamMode />
  ) : mode === 'scale' ? (
    <ScaleMode />
  ) : (
    <StrictMode>
      <Diagnostics />
    </StrictMode>
  ),
);
