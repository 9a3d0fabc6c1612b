// Model, device and dtype, and the batch: score / pause / resume / cancel with a progress bar,
// items per second and the time left.
import { useEffect, useState } from 'react';
import { appUrl } from '../../state/engine';
import { CURATED_HUB_MODELS, DEFAULT_SERVED_MODEL, runnableDtypes, servedDtypes } from '../../state/engine';
import { ALL_DTYPES, type Dtype } from '../../state/engine';
import { useTaskLab } from '../../state/taskStore';
import { holds, modelLabel, sourceOf, useEngine } from '../../state/engineSession';
import { useHubModels } from '../../state/hubModels';
import { resolveDevice, speedEvidence, speedKey, type DevicePreference } from '../../state/devices';
import { AutoReason, DeviceSelect } from '../common/DeviceSelect';
import { useDeviceSupport } from '../common/useDeviceSupport';
import { duration } from './format';

/** dtypes the chosen model ships: HEAD requests for a served model, the hub's file listing for the hub. */
function useShippedDtypes(source: 'served' | 'hub', name: string, chosen: boolean): Dtype[] | null {
  const [dtypes, setDtypes] = useState<Dtype[] | null>(null);
  const hub = useHubModels((s) => (source === 'hub' ? s.listings[name] : undefined));
  useEffect(() => {
    let live = true;
    setDtypes(null);
    if (source === 'hub') {
      // The hub is asked only about a model the user chose here (a restored choice asks nothing).
      const t = setTimeout(() => (chosen ? useHubModels.getState().pick(name) : useHubModels.getState().request(name)), 400);
      return () => clearTimeout(t);
    }
    const t = setTimeout(() => {
      void servedDtypes(appUrl(`models/${encodeURIComponent(name)}/`)).then((d) => live && setDtypes(d));
    }, 250);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [source, name, chosen]);
  // Unknown (not asked, or the listing failed): offer every dtype; a missing file is named when it loads.
  if (source === 'hub') return hub?.status === 'ok' ? hub.listing.dtypes : hub?.status === 'loading' ? null : ALL_DTYPES;
  return dtypes;
}

export function BatchPanel() {
  const task = useTaskLab((s) => s.task);
  const model = useTaskLab((s) => s.model);
  const batch = useTaskLab((s) => s.batch);
  const setModel = useTaskLab((s) => s.setModel);
  const startRun = useTaskLab((s) => s.startRun);
  const pause = useTaskLab((s) => s.pause);
  const resume = useTaskLab((s) => s.resume);
  const cancel = useTaskLab((s) => s.cancel);
  const support = useDeviceSupport();
  const [chosen, setChosen] = useState(false);
  const source = model.model.kind;
  const name = modelLabel(model.model);
  const shipped = useShippedDtypes(source, name, chosen);
  // The Scorer's decision for the same model and dtype (its probe timing, when one was measured).
  const speed = speedEvidence(speedKey(name, model.dtype));
  const device = resolveDevice(model.device, support, speed);
  const load = useEngine((s) => s.load);
  const loadedHere = holds(load, sourceOf(model.model), model.dtype, model.device, device);
  const offered = shipped ? runnableDtypes(shipped, device, support?.shaderF16 ?? false) : [];
  const busy = batch.status === 'loading' || batch.status === 'running' || batch.status === 'paused';

  useEffect(() => {
    if (offered.length > 0 && !offered.includes(model.dtype) && !busy) setModel({ dtype: offered[0] });
  }, [offered.join(','), model.dtype, busy]); // eslint-disable-line react-hooks/exhaustive-deps

  const logged = task?.kind === 'log_samples';
  const canRun = !!task && task.set.items.length > 0 && !busy && offered.includes(model.dtype);
  const fraction = batch.total > 0 ? batch.done / batch.total : 0;

  return (
    <section className="panel task-batch" aria-labelledby="task-batch-title">
      <h2 id="task-batch-title">2. Model and scoring</h2>
      <div className="task-controls">
        <label>
          Source{' '}
          <select
            value={source}
            disabled={busy}
            onChange={(e) => {
              setChosen(true);
              setModel({ model: e.target.value === 'served' ? { kind: 'served', name: DEFAULT_SERVED_MODEL } : { kind: 'hub', id: CURATED_HUB_MODELS[0].id } });
            }}
          >
            <option value="served">served by this app</option>
            <option value="hub">Hugging Face hub</option>
          </select>
        </label>
        <label>
          Model{' '}
          <input
            value={name}
            disabled={busy}
            list="task-model-list"
            onChange={(e) => {
              const typed = e.target.value.trim();
              setChosen(true);
              setModel({ model: source === 'served' ? { kind: 'served', name: typed } : { kind: 'hub', id: typed } });
            }}
            data-testid="model-name"
            size={28}
          />
          <datalist id="task-model-list">
            {source === 'served' ? <option value={DEFAULT_SERVED_MODEL} /> : CURATED_HUB_MODELS.map((m) => <option key={m.id} value={m.id}>{m.label}</option>)}
          </datalist>
        </label>
        <label>
          Device{' '}
          <DeviceSelect value={model.device} disabled={busy} onChange={(device: DevicePreference) => setModel({ device })} support={support} resolved={device} testId="device" />
        </label>
        <label>
          dtype{' '}
          <select value={model.dtype} disabled={busy || offered.length === 0} onChange={(e) => setModel({ dtype: e.target.value as Dtype })} data-testid="dtype">
            {(offered.length ? offered : [model.dtype]).map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="muted task-note" data-testid="session-model" data-load-id={load.status === 'ready' ? load.loadId : undefined}>
        {load.status === 'ready' ? (
          <>
            Loaded in the app: <strong>{load.info.id}</strong> · {load.info.dtype} · {load.info.device === 'webgpu' ? 'WebGPU' : 'WASM'}
            {loadedHere ? ' (every room scores with it).' : '. Score loads the model chosen above in its place, for every room.'}
          </>
        ) : load.status === 'loading' ? (
          `Loading ${load.request.dtype} on ${load.request.device === 'webgpu' ? 'WebGPU' : 'WASM'}…`
        ) : (
          'No model is loaded yet: Score loads the model chosen above.'
        )}
      </p>
      {model.device === 'auto' && <AutoReason support={support} speed={speed} />}
      {shipped !== null && shipped.length === 0 && source === 'served' && (
        <p className="warning">No model named “{name}” is served by this app (its onnx files are missing).</p>
      )}
      {source === 'hub' && (
        <p className="muted task-note">Scoring downloads this model from the Hugging Face hub once (then it is cached in the browser).</p>
      )}
      {logged && <p className="muted task-note">The scores lm-eval-harness logged are shown as a run of their own; score the documents here to add per-token metrics.</p>}
      <div className="task-run-buttons">
        <button type="button" className="primary" disabled={!canRun} onClick={() => void startRun()} data-testid="run">
          Score {task ? `${task.set.items.length} items` : ''}
        </button>
        {batch.status === 'paused' ? (
          <button type="button" onClick={resume} data-testid="resume">
            Resume
          </button>
        ) : (
          <button type="button" onClick={pause} disabled={batch.status !== 'running'} data-testid="pause">
            Pause
          </button>
        )}
        <button type="button" onClick={cancel} disabled={!busy} data-testid="cancel">
          Cancel
        </button>
      </div>
      {batch.status !== 'idle' && (
        <div className="task-progress" aria-live="polite">
          {batch.status === 'loading' ? (
            <>
              <label htmlFor="task-load-progress">Loading the model…</label>
              <progress id="task-load-progress" max={1} value={load.status === 'loading' && load.progress && load.progress.total > 0 ? Math.min(1, load.progress.loaded / load.progress.total) : 0} />
            </>
          ) : (
            <progress max={batch.total || 1} value={batch.done} aria-label="Items scored" data-testid="progress" />
          )}
          <p data-testid="batch-status" data-status={batch.status}>
            <strong>{batch.status}</strong> · <span data-testid="batch-done">{batch.done}</span> / {batch.total} items ({Math.round(fraction * 100)}%)
            {batch.skipped > 0 && <> · {batch.skipped} already scored, skipped</>}
            {Number.isFinite(batch.itemsPerSec) && batch.status === 'running' && <> · {batch.itemsPerSec.toFixed(1)} items/s</>}
            {batch.status === 'running' && <> · ETA {duration(batch.etaSec)}</>}
          </p>
          {batch.message && <p className={batch.status === 'error' ? 'error' : 'warning'} role={batch.status === 'error' ? 'alert' : undefined}>{batch.message}</p>}
          {batch.failures.length > 0 && (
            <details className="warning">
              <summary>{batch.failures.length} item(s) could not be scored</summary>
              <ul>
                {batch.failures.slice(0, 100).map((f) => (
                  <li key={f.id}>
                    {f.id}: {f.message}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}
    </section>
  );
}
