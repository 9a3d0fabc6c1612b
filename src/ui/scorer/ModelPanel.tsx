// Which model scores: a served folder, a curated hub model, any hub id. Device and dtype
// (only what the model ships and the device runs), download progress with cancel, and the
// WebGPU-vs-WASM probe verdict. Hub models download only when the user clicks.
import { loadPhase } from './loadPhase';
import { useEffect, useMemo, useState } from 'react';
import type { Dtype, LoadProgress, LoadRequest, ModelSource } from '../../state/engine';
import { ALL_DTYPES, CURATED_HUB_MODELS, DEFAULT_HUB_MODEL, DEFAULT_SERVED_MODEL, runnableDtypes } from '../../state/engine';
import { holds, modelLabel, sourceOf as toSource, useEngine } from '../../state/engineSession';
import { addModelFolder, DISK_PREFIX, useDiskModels, type DiskModel } from '../../state/diskModels';
import { deviceSupport, resolveDevice, speedEvidence, speedKey } from '../../state/devices';
import { AutoReason, DeviceSelect } from '../common/DeviceSelect';
import { listServedModels, probeServedModel, type ServedModel } from '../../state/servedModels';
import { hubDtypes, useHubModels, type HubListingState } from '../../state/hubModels';
import { useWorkspace } from '../../state/workspace';
import { HUB_ID_PATTERN, type DevicePreference, type ModelChoice } from '../../state/workspaceSchema';
import { useDeviceSupport } from '../common/useDeviceSupport';
import { fmt } from './format';
import { WeightsSize } from './WeightsSize';
import { describePassCost } from '../../core/passCost';

type Kind = 'served' | 'curated' | 'hub' | 'disk';
const HUB_MODELS = CURATED_HUB_MODELS;
const findHubModel = (id: string) => HUB_MODELS.find((m) => m.id === id);
const sizeText = (bytes: number | undefined) => {
  if (!bytes) return undefined;
  const mb = Math.round(bytes / 1e6);
  return mb >= 1000 ? `${(mb / 1000).toFixed(2)} GB` : `${mb} MB`;
};

/** The served models the app knows of, plus the chosen one (a link may name any served folder). */
function useServedModels(chosen: string | null): ServedModel[] | null {
  const [m, setM] = useState<ServedModel[] | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all([listServedModels(), chosen ? probeServedModel(chosen) : null]).then(([known, extra]) => {
      if (live) setM(extra && !known.some((k) => k.name === extra.name) ? [...known, extra] : known);
    });
    return () => {
      live = false;
    };
  }, [chosen]);
  return m;
}

/** dtypes the chosen model ships (null: unknown, e.g. while the hub's listing is asked). */
function shippedDtypes(model: ModelChoice, served: ServedModel[] | null, disk: Record<string, DiskModel>, hub: HubListingState | undefined): Dtype[] | null {
  if (model.kind === 'served') return disk[model.name]?.dtypes ?? served?.find((s) => s.name === model.name)?.dtypes ?? null;
  return hubDtypes(hub);
}

/**
 * What the hub lists for a hub model, once the user has picked it here (a link or a restored
 * workspace asks nothing); a typed id counts as picked once typing pauses.
 */
function useHubListing(model: ModelChoice, typing: boolean): HubListingState | undefined {
  const id = model.kind === 'hub' ? model.id : null;
  const listing = useHubModels((s) => (id ? s.listings[id] : undefined));
  useEffect(() => {
    if (!id) return;
    const hub = useHubModels.getState();
    if (!typing) return hub.request(id);
    const t = setTimeout(() => hub.pick(id), 400);
    return () => clearTimeout(t);
  }, [id, typing]);
  return listing;
}

const sourceName = (s: ModelSource) => (s.kind === 'hub' ? s.id : s.kind === 'path' ? s.path : s.name);

/**
 * At start: fall back to the curated hub default when the served default is missing (never
 * downloading it), and load a served model at once.
 */
let autoLoadDone = false;
export function useAutoLoad(enabled: boolean) {
  useEffect(() => {
    if (!enabled || autoLoadDone) return;
    autoLoadDone = true;
    void (async () => {
      const ws = useWorkspace.getState();
      if (ws.model.kind !== 'served') return;
      const served = await probeServedModel(ws.model.name);
      if (!served) {
        if (ws.model.name === DEFAULT_SERVED_MODEL) ws.setModel({ kind: 'hub', id: DEFAULT_HUB_MODEL.id }, DEFAULT_HUB_MODEL.defaultDtype);
        return;
      }
      const support = await deviceSupport();
      const now = useWorkspace.getState();
      const device = resolveDevice(now.device, support);
      const dtype = served.dtypes.includes(now.dtype) ? now.dtype : (served.dtypes[0] ?? now.dtype);
      if (dtype !== now.dtype) now.setDtype(dtype);
      if (useEngine.getState().load.status === 'idle') void useEngine.getState().loadModel({ source: toSource(now.model), dtype, device }, { auto: now.device === 'auto' });
    })();
  }, [enabled]);
}

function ProgressView(props: { progress: LoadProgress | null }) {
  const p = props.progress;
  const files = p ? Object.entries(p.files) : [];
  const phase = loadPhase(p);
  return (
    <div className="load-progress">
      <label className="field">
        <span className="field-label" data-testid="load-phase" data-phase={phase.phase}>
          {phase.label}
        </span>
        <progress value={phase.determinate ? p!.loaded : undefined} max={phase.determinate ? p!.total : undefined} />
      </label>
      {files.length > 0 && (
        <ul className="file-progress">
          {files.map(([name, f]) => (
            <li key={name}>
              <span className="file-name">{name}</span>
              <progress value={f.total > 0 ? f.loaded : undefined} max={f.total > 0 ? f.total : undefined} aria-label={`${name} download`} />
              <span className="muted">{f.total > 0 ? `${Math.round((100 * f.loaded) / f.total)}%` : ''}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ModelPanel(props: { embed?: boolean }) {
  const model = useWorkspace((s) => s.model);
  const dtype = useWorkspace((s) => s.dtype);
  const devicePref = useWorkspace((s) => s.device);
  const setModel = useWorkspace((s) => s.setModel);
  const setDtype = useWorkspace((s) => s.setDtype);
  const setDevice = useWorkspace((s) => s.setDevice);
  const load = useEngine((s) => s.load);
  const probe = useEngine((s) => s.probe);
  const support = useDeviceSupport();
  const served = useServedModels(model.kind === 'served' && !model.name.startsWith(DISK_PREFIX) ? model.name : null);
  const disk = useDiskModels();
  const [hubText, setHubText] = useState(model.kind === 'hub' && !findHubModel(model.id) ? model.id : '');
  const [pickingDisk, setPickingDisk] = useState(false);
  const [typingId, setTypingId] = useState(model.kind === 'hub' && !findHubModel(model.id));
  const isDisk = model.kind === 'served' && model.name.startsWith(DISK_PREFIX);
  const kind: Kind = pickingDisk || isDisk ? 'disk' : typingId ? 'hub' : model.kind === 'served' ? 'served' : findHubModel(model.id) ? 'curated' : 'hub';

  // Auto also weighs the probe timing of this model, where it was measured (devices.ts).
  const device = resolveDevice(devicePref, support, speedEvidence(speedKey(modelLabel(model), dtype)));
  const hubListing = useHubListing(model, typingId);
  const hubBytes = hubListing?.status === 'ok' ? hubListing.listing.bytes : {};
  const shipped = shippedDtypes(model, served, disk.models, hubListing);
  const offered = useMemo(
    () => (support ? runnableDtypes(shipped ?? ALL_DTYPES, device, support.shaderF16) : (shipped ?? ALL_DTYPES)),
    [shipped, support, device],
  );
  // Keep the dtype one that the model ships and the device runs.
  useEffect(() => {
    if (offered.length === 0 || offered.includes(dtype)) return;
    const preferred = model.kind === 'hub' ? findHubModel(model.id)?.defaultDtype : undefined;
    setDtype(preferred && offered.includes(preferred) ? preferred : offered[0]);
  }, [offered, dtype, model, setDtype]);

  const request: LoadRequest = { source: toSource(model), dtype, device };
  const loadedMatches = holds(load, request.source, dtype, devicePref, device);
  // A typed id enters the workspace (and the link) only once it is well-formed.
  const hubInvalid = kind === 'hub' && !HUB_ID_PATTERN.test(hubText);
  const servedMissing = model.kind === 'served' && !isDisk && served !== null && !served.some((s) => s.name === model.name);
  const diskModel = model.kind === 'served' ? disk.models[model.name] : undefined;
  const diskMissing = isDisk && !diskModel;
  const curated = model.kind === 'hub' ? findHubModel(model.id) : undefined;
  const size = sizeText(hubBytes[dtype]);
  const isHub = model.kind === 'hub';
  const loadLabel = isHub ? `Download and load${size ? ` (${size})` : ''}` : 'Load model';
  const start = () => {
    if (model.kind === 'hub') useHubModels.getState().pick(model.id);
    void useEngine.getState().loadModel(request, { auto: devicePref === 'auto' });
  };

  const chooseKind = (k: Kind) => {
    setPickingDisk(k === 'disk');
    setTypingId(k === 'hub');
    if (k === 'disk') return;
    if (k === 'served') setModel({ kind: 'served', name: served?.[0]?.name ?? DEFAULT_SERVED_MODEL }, served?.[0]?.dtypes[0] ?? 'fp32');
    else if (k === 'curated') {
      useHubModels.getState().pick(HUB_MODELS[0].id);
      setModel({ kind: 'hub', id: HUB_MODELS[0].id }, HUB_MODELS[0].defaultDtype);
    }
    else if (HUB_ID_PATTERN.test(hubText)) setModel({ kind: 'hub', id: hubText }, dtype);
  };

  if (props.embed && load.status !== 'loading' && !(load.status === 'ready' && loadedMatches)) {
    return (
      <div className="embed-load panel">
        <p>
          Model: <strong>{modelLabel(model)}</strong> ({dtype}, {device === 'webgpu' ? 'WebGPU' : 'WASM'}).{' '}
          {isHub ? `It downloads from huggingface.co${size ? ` (${size})` : ''} only when you click.` : 'It loads when you click.'}
        </p>
        {load.status === 'error' && <p className="error" role="alert">{load.message}</p>}
        <button type="button" className="primary" onClick={start} disabled={hubInvalid || servedMissing || diskMissing} data-testid="load-model">
          Load model and score
        </button>
      </div>
    );
  }

  return (
    <section className={`model-panel panel ${props.embed ? 'compact' : ''}`} aria-labelledby="model-title">
      <h2 id="model-title">Model</h2>
      {!props.embed && (
        <>
          <fieldset className="source-kind">
            <legend className="sr-only">Model source</legend>
            {(
              [
                ['served', 'Served by this app'],
                ['curated', 'Hub: curated'],
                ['hub', 'Hub: any id'],
                ['disk', 'Folder on disk'],
              ] as const
            ).map(([k, label]) => (
              <label key={k}>
                <input type="radio" name="model-kind" checked={kind === k} onChange={() => chooseKind(k)} /> {label}
              </label>
            ))}
          </fieldset>
          {kind === 'disk' && (
            <div className="field">
              <label className="field">
                <span className="field-label">A model folder (config.json, tokenizer.json, onnx/model*.onnx)</span>
                <input
                  type="file"
                  webkitdirectory=""
                  multiple
                  onChange={(e) => {
                    const m = addModelFolder(Array.from(e.currentTarget.files ?? []));
                    if (m) {
                      setPickingDisk(false);
                      setModel({ kind: 'served', name: m.name }, m.dtypes[0]);
                    }
                  }}
                  data-testid="folder-input"
                />
              </label>
              {disk.error && <span className="error small" role="alert">{disk.error}</span>}
              {diskModel && (
                <span className="muted small">
                  “{diskModel.folder}”: {diskModel.files.length} files, {fmt(diskModel.bytes / 1e6, 1)} MB, dtypes {diskModel.dtypes.join(', ')}. Nothing is uploaded; a link to this view cannot carry the folder.
                </span>
              )}
              {diskMissing && <span className="muted small">Pick the folder again: folders from disk are not kept across reloads.</span>}
            </div>
          )}
          {kind === 'served' && (
            <label className="field">
              <span className="field-label">Served model</span>
              <select
                value={model.kind === 'served' ? model.name : ''}
                onChange={(e) => setModel({ kind: 'served', name: e.target.value }, served?.find((s) => s.name === e.target.value)?.dtypes[0] ?? dtype)}
              >
                {model.kind === 'served' && !served?.some((s) => s.name === model.name) && <option value={model.name}>{model.name}</option>}
                {served?.map((s) => (
                  <option key={s.name} value={s.name}>
                    {s.name}
                  </option>
                ))}
              </select>
              {served !== null && served.length === 0 && <span className="muted">This app serves no models; pick a hub model.</span>}
              {servedMissing && <span className="error">This app does not serve “{model.kind === 'served' ? model.name : ''}”.</span>}
            </label>
          )}
          {kind === 'curated' && (
            <label className="field">
              <span className="field-label">Hub model</span>
              <select
                value={model.kind === 'hub' ? model.id : ''}
                onChange={(e) => {
                  const m = findHubModel(e.target.value);
                  if (!m) return;
                  useHubModels.getState().pick(m.id);
                  setModel({ kind: 'hub', id: m.id }, m.defaultDtype);
                }}
              >
                {HUB_MODELS.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.label} ({m.id})
                  </option>
                ))}
              </select>
            </label>
          )}
          {kind === 'hub' && (
            <label className="field">
              <span className="field-label">Hub id (owner/name, an ONNX causal LM)</span>
              <input
                type="text"
                value={hubText}
                placeholder="owner/model-name"
                onChange={(e) => {
                  const id = e.target.value.trim();
                  setHubText(id);
                  if (HUB_ID_PATTERN.test(id)) setModel({ kind: 'hub', id }, dtype);
                }}
                aria-invalid={hubInvalid || undefined}
                spellCheck={false}
              />
              {hubInvalid && <span className="error">A hub id looks like owner/name.</span>}
            </label>
          )}
        </>
      )}
      {/* Device and dtype side by side, each label over its select: one row, not two. */}
      <div className="device-dtype">
        <label className="field">
          <span className="field-label">Device</span>
          <DeviceSelect value={devicePref} onChange={setDevice} support={support} resolved={device} />
        </label>
        <label className="field">
          <span className="field-label">dtype</span>
          <select value={dtype} onChange={(e) => setDtype(e.target.value as Dtype)}>
            {offered.map((d) => (
              <option key={d} value={d}>
                {d}
                {hubBytes[d] ? ` (${sizeText(hubBytes[d])})` : ''}
              </option>
            ))}
          </select>
        </label>
      </div>
      {(() => {
        // Without WebGPU, Auto's own line below says so; the panel says it once (and keeps the candidates near the top).
        const supportText =
          support === null
            ? 'Checking for WebGPU…'
            : support.webgpu
              ? `WebGPU available${support.shaderF16 ? ' with shader-f16' : ' without shader-f16 (no fp16 or q4f16)'}.`
              : devicePref === 'auto'
                ? ''
                : 'WASM only: this browser has no usable WebGPU adapter.';
        const hubText =
          model.kind !== 'hub'
            ? ''
            : hubListing?.status === 'loading'
              ? ' Asking the hub which dtypes this model ships…'
              : hubListing?.status === 'ok' && hubListing.listing.dtypes.length === 0
                ? ' The hub lists no ONNX graph (onnx/model*.onnx) for this id.'
                : hubListing?.status === 'error'
                  ? ` The hub's file listing failed (${hubListing.message}); the dtypes are unknown until it loads, and a missing file is named.`
                  : '';
        const text = (supportText + hubText).trim();
        return text ? <p className="muted small">{text}</p> : null;
      })()}
      {devicePref === 'auto' && (
        <AutoReason support={support} speed={speedEvidence(speedKey(modelLabel(model), dtype))} loadedReason={load.status === 'ready' && load.deviceReason ? load.deviceReason : undefined} />
      )}
      {isHub && !loadedMatches && load.status !== 'loading' && (
        <p className="consent muted small">
          {modelLabel(model)} downloads from huggingface.co{size ? ` (${size})` : ''} only when you click, then stays in the browser cache.
        </p>
      )}
      <div className="row-actions">
        {load.status === 'loading' ? (
          <button type="button" onClick={() => useEngine.getState().cancelLoad()} data-testid="cancel-load">
            Cancel
          </button>
        ) : (
          <button type="button" className={loadedMatches ? '' : 'primary'} onClick={start} disabled={hubInvalid || servedMissing || diskMissing} data-testid="load-model">
            {loadedMatches ? 'Reload' : loadLabel}
          </button>
        )}
      </div>
      <div aria-live="polite">
        {load.status === 'loading' && (
          <>
            <p className="small">
              Loading {modelLabel(model)} ({load.request.dtype}, {load.request.device})…
            </p>
            <ProgressView progress={load.progress} />
          </>
        )}
        {load.status === 'ready' && (
          <p className="small ok-line" data-testid="model-status" data-load-id={load.loadId}>
            Loaded <strong>{load.info.id}</strong>
            {load.request.source.kind === 'files' ? ' (folder on disk)' : ''} · {load.info.dtype} · {load.info.device === 'webgpu' ? 'WebGPU' : 'WASM'} · vocab{' '}
            {load.info.vocabSize.toLocaleString('en')} · context {load.info.maxLength.toLocaleString('en')} tokens · <WeightsSize bytes={load.info.weightBytes} />
            {!loadedMatches && <span className="muted"> (your choice above differs: press Load)</span>}
          </p>
        )}
        {load.status === 'ready' && load.info.plan && (
          <details className={`small ${load.info.plan.style === 'unknown' ? 'warning' : 'muted'}`} data-testid="model-plan" open={load.info.plan.style === 'unknown'}>
            <summary>
              Scoring plan: <strong>{load.info.plan.plan}</strong> ({load.info.plan.style} graph{load.info.plan.cacheType === 'float16' ? ', float16 cache' : ''})
            </summary>
            {load.info.plan.note}. <span data-testid="model-pass-cost">{describePassCost(load.info.plan.cost)}</span>
          </details>
        )}
        {load.status === 'ready' && load.note && <p className="warning small">{load.note}</p>}
        {load.status === 'ready' && load.failed && (
          <p className="error small" role="alert" data-testid="load-failed">
            Could not load {sourceName(load.failed.request.source)} ({load.failed.request.dtype}): {load.failed.message}. {load.info.id} is still loaded and scoring.
          </p>
        )}
        {load.status === 'idle' && load.message && <p className="muted small">{load.message}</p>}
        {load.status === 'error' && (
          <p className="error small" role="alert">
            {load.message}
          </p>
        )}
        {probe.status === 'running' && <p className="muted small">Checking WebGPU against WASM on a probe text…</p>}
        {probe.status === 'done' && (
          <p className={`small ${probe.check.ok ? 'ok-line' : 'error'}`} data-testid="probe-verdict">
            {probe.check.ok ? '✓ WebGPU agrees with WASM' : '✗ WebGPU disagrees with WASM'}: sum log-prob {fmt(probe.check.sumLogprobDevice, 4)} vs{' '}
            {fmt(probe.check.sumLogprobWasm, 4)} nats (difference <span className="nowrap">{probe.check.absDiff.toExponential(1)}</span>, tolerance {probe.check.tolerance}).
            {!probe.check.ok && ' This GPU gives wrong numbers for this dtype: switch the device to WASM.'}
          </p>
        )}
        {probe.status === 'error' && <p className="warning small">The WebGPU-vs-WASM check failed to run: {probe.message}</p>}
      </div>
    </section>
  );
}
