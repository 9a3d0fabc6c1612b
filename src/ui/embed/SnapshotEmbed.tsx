// `?embed=1#snap=<payload>`: a Scorer figure rendered at once from the snapshot its link carries,
// with no model download, and the comparison with a second model when it carries one. "Run live"
// loads the model (and the second one beside it), scores the same input, and says plainly whether
// the live result reproduces the snapshot.
import { useMemo, useState } from 'react';
import { compareItems } from '../../core/compare/agreement';
import { withLengthConvention } from '../../core/scoring/lengthConvention';
import { useCompare } from '../../state/compareSession';
import { ComparisonView } from '../scorer/ComparisonView';
import { DEFAULT_SCORE_OPTIONS } from '../../core/scoring/types';
import type { ItemScore } from '../../core/scoring/types';
import type { LoadRequest } from '../../state/engine';
import { deviceSupport, resolveDevice } from '../../state/devices';
import { useEngine } from '../../state/engineSession';
import { decodeSnapshot, sameModel, scorerDifferences, SNAPSHOT_HASH_PREFIX, type ScorerSnapshot } from '../../state/snapshot';
import type { Units } from '../../state/workspaceSchema';
import { CumulativeCostChart } from '../scorer/CumulativeCostChart';
import { DisagreementBanner } from '../scorer/DisagreementBanner';
import { candidateLetter } from '../scorer/format';
import { ScoreTable } from '../scorer/ScoreTable';
import { SurprisalTraces } from '../scorer/SurprisalTraces';
import { useReportHeight } from './useReportHeight';
import '../scorer/scorer.css';

const choiceName = (m: ScorerSnapshot['model']) => (m.choice.kind === 'served' ? m.choice.name : m.choice.id);
const modelName = (s: ScorerSnapshot) => choiceName(s.model);
const deviceName = (d: string) => (d === 'webgpu' ? 'WebGPU' : d === 'wasm' ? 'WASM' : 'CPU');

function useLiveRun(snap: ScorerSnapshot | null) {
  const load = useEngine((s) => s.load);
  const scoring = useEngine((s) => s.scoring);
  const [asked, setAsked] = useState(false);
  const run = async () => {
    if (!snap) return;
    setAsked(true);
    const choice = snap.model.choice;
    const source: LoadRequest['source'] = choice.kind === 'served' ? { kind: 'served', name: choice.name } : { kind: 'hub', id: choice.id };
    const engine = useEngine.getState();
    await engine.loadModel({ source, dtype: snap.model.dtype, device: resolveDevice('auto', await deviceSupport()) }, { auto: true });
    if (useEngine.getState().load.status !== 'ready') return;
    const input = {
      context: snap.result.context,
      candidates: snap.result.candidates.map((c) => c.text),
      options: { ...DEFAULT_SCORE_OPTIONS, boundaryPolicy: snap.boundaryPolicy, unconditionalContext: snap.unconditionalContext },
    };
    await useEngine.getState().score({ ...input, indices: snap.indices, compareTemplate: false });
    if (!snap.compare) return;
    // The second model beside the first, in the same Worker, as the Scorer's "Compare with…" loads it.
    const device = snap.compare.model.device === 'webgpu' ? 'webgpu' : 'wasm';
    await useCompare.getState().loadCompare(snap.compare.model.choice, snap.compare.model.dtype, { device, chatTemplate: snap.compare.chatTemplate ?? false });
    await useCompare.getState().score(input);
  };
  // Live results counted as the snapshot's were (its length convention; as typed before it was carried).
  const lengths = snap?.lengths ?? 'typed';
  const raw = asked && scoring.result && !scoring.running ? scoring.result : null;
  const live: ItemScore | null = useMemo(() => (raw ? withLengthConvention(raw, lengths) : null), [raw, lengths]);
  const second = useCompare((s) => s.result);
  const secondLoad = useCompare((s) => s.load);
  const secondError = useCompare((s) => (s.load.status === 'error' ? s.load.message : s.error));
  const liveOther: ItemScore | null = useMemo(() => (asked && second ? withLengthConvention(second, lengths) : null), [asked, second, lengths]);
  return { asked, run, live, liveOther, load, secondLoad, error: scoring.error ?? (asked ? secondError : null) };
}

export default function SnapshotEmbed() {
  const parsed = useMemo(() => decodeSnapshot(window.location.hash.slice(SNAPSHOT_HASH_PREFIX.length)), []);
  const snap = parsed.ok && parsed.snapshot.kind === 'scorer' ? parsed.snapshot : null;
  const [units, setUnits] = useState<Units>('bits');
  const { asked, run, live: liveA, liveOther, load, secondLoad, error } = useLiveRun(snap);
  // A comparison is live once both models have scored; until then the snapshot's stays on screen.
  const live = liveA && (!snap?.compare || liveOther) ? liveA : null;
  const other = snap?.compare ? (live ? liveOther : snap.compare.result) : null;
  const comparison = useMemo(() => (snap && other ? compareItems(live ?? snap.result, other) : null), [snap, live, other]);
  useReportHeight(true);

  if (!parsed.ok || !snap) {
    return (
      <section className="scorer embed" aria-label="lengthlens figure">
        <p className="error" role="alert" data-testid="snapshot-error">
          This figure could not be shown: {parsed.ok ? 'the snapshot is not a Scorer figure' : parsed.error}.
        </p>
      </section>
    );
  }
  const result = live ?? snap.result;
  const differences = live ? scorerDifferences(snap.result, live) : [];
  if (live && liveOther && snap.compare) differences.push(...scorerDifferences(snap.compare.result, liveOther).map((d) => `second model: ${d}`));
  const liveModel = load.status === 'ready' ? { id: load.info.id, dtype: load.info.dtype } : null;
  const otherModel = live && liveModel && !sameModel(snap.model, { ...snap.model, id: liveModel.id, dtype: liveModel.dtype });
  const loading = asked && !live && !error && load.status !== 'error';
  const device = deviceName(snap.model.device);
  const second = snap.compare?.model;
  const labelA = `${modelName(snap)} ${snap.model.dtype}`;
  const labelB = second ? `${choiceName(second)} ${second.dtype}${snap.compare?.chatTemplate ? ' with its chat template' : ''}` : '';

  return (
    <section className="scorer embed" aria-label="lengthlens Scorer figure" data-testid="scorer" data-origin={live ? 'live' : 'snapshot'}>
      <p className="small embed-head">
        {live ? (
          <span className="badge live-badge">live</span>
        ) : (
          <span className="badge" data-testid="snapshot-badge">
            snapshot
          </span>
        )}{' '}
        {live
          ? `Scored just now on ${load.status === 'ready' ? `${load.info.id} (${load.info.dtype}, ${deviceName(load.info.device)})` : modelName(snap)}${secondLoad.status === 'ready' ? ` beside ${secondLoad.info.id} (${secondLoad.info.dtype}, ${deviceName(secondLoad.info.device)})` : ''}.`
          : `Computed on ${modelName(snap)} (${snap.model.dtype}, ${device}${second ? `) beside ${choiceName(second)} (${second.dtype}, ${deviceName(second.device)}) with lengthlens ${snap.app}` : `, lengthlens ${snap.app})`}; nothing has been downloaded.`}{' '}
        {!live && (
          <button type="button" onClick={() => void run()} disabled={loading} data-testid="run-live">
            {loading ? (load.status === 'loading' || secondLoad.status === 'loading' ? (second ? 'Loading the models…' : 'Loading the model…') : 'Scoring…') : snap.model.choice.kind === 'hub' ? 'Run live (downloads the model from huggingface.co)' : 'Run live'}
          </button>
        )}
      </p>
      {live && (
        <p className={differences.length === 0 && !otherModel ? 'ok-line small' : 'warning small'} data-testid="live-diff" data-same={differences.length === 0}>
          {differences.length === 0
            ? 'The live result reproduces the snapshot.'
            : `The live result differs from the snapshot${otherModel ? ' (another model or version)' : ''}: ${differences.join('; ')}.`}
        </p>
      )}
      {load.status === 'error' && asked && (
        <p className="error small" role="alert">
          The model could not be loaded: {load.message}
        </p>
      )}
      {error && asked && (
        <p className="error small" role="alert">
          Scoring failed: {error}
        </p>
      )}
      <div className="embed-item muted small">
        <span className="embed-context">{snap.result.context}</span>
        {' → '}
        {snap.result.candidates.map((c, i) => (
          <span key={i}>
            {i > 0 && ' · '}
            {candidateLetter(i)}: “{c.text}”
          </span>
        ))}
      </div>
      <DisagreementBanner result={result} indices={snap.indices} gold={snap.gold} />
      <ScoreTable result={result} indices={snap.indices} candidateCount={snap.indices.length} problems={[]} gold={snap.gold} units={units} onUnits={setUnits} stale={false} />
      <SurprisalTraces result={result} indices={snap.indices} gold={snap.gold} />
      <CumulativeCostChart result={result} indices={snap.indices} />
      {comparison && other && (
        <section className="model-compare" aria-labelledby="compare-title" data-testid="model-compare">
          <h2 id="compare-title">Two models compared</h2>
          <p className="small muted" data-testid="compare-status" data-status="ready">
            A = {labelA}, B = {labelB}.
          </p>
          <ComparisonView comparison={comparison} result={result} other={other} indices={snap.indices} labelA={labelA} labelB={labelB} />
        </section>
      )}
      <p className="embed-foot muted small">
        <a href={window.location.pathname} target="_blank" rel="noopener">
          Open lengthlens
        </a>
      </p>
    </section>
  );
}
