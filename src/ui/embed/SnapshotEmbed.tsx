// `?embed=1#snap=<payload>`: a Scorer figure rendered at once from the snapshot its link carries,
// with no model download. "Run live" loads the model, scores the same input, and says plainly
// whether the live result reproduces the snapshot.
import { useMemo, useState } from 'react';
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

const modelName = (s: ScorerSnapshot) => (s.model.choice.kind === 'served' ? s.model.choice.name : s.model.choice.id);

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
    await useEngine.getState().score({
      context: snap.result.context,
      candidates: snap.result.candidates.map((c) => c.text),
      indices: snap.indices,
      options: { ...DEFAULT_SCORE_OPTIONS, boundaryPolicy: snap.boundaryPolicy, unconditionalContext: snap.unconditionalContext },
      compareTemplate: false,
    });
  };
  const live: ItemScore | null = asked && scoring.result && !scoring.running ? scoring.result : null;
  return { asked, run, live, load, error: scoring.error };
}

export default function SnapshotEmbed() {
  const parsed = useMemo(() => decodeSnapshot(window.location.hash.slice(SNAPSHOT_HASH_PREFIX.length)), []);
  const snap = parsed.ok && parsed.snapshot.kind === 'scorer' ? parsed.snapshot : null;
  const [units, setUnits] = useState<Units>('bits');
  const { asked, run, live, load, error } = useLiveRun(snap);
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
  const liveModel = load.status === 'ready' ? { id: load.info.id, dtype: load.info.dtype } : null;
  const otherModel = live && liveModel && !sameModel(snap.model, { ...snap.model, id: liveModel.id, dtype: liveModel.dtype });
  const loading = asked && !live && !error && load.status !== 'error';
  const device = snap.model.device === 'webgpu' ? 'WebGPU' : snap.model.device === 'wasm' ? 'WASM' : 'CPU';

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
          ? `Scored just now on ${load.status === 'ready' ? `${load.info.id} (${load.info.dtype}, ${load.info.device === 'webgpu' ? 'WebGPU' : 'WASM'})` : modelName(snap)}.`
          : `Computed on ${modelName(snap)} (${snap.model.dtype}, ${device}, lengthlens ${snap.app}); nothing has been downloaded.`}{' '}
        {!live && (
          <button type="button" onClick={() => void run()} disabled={loading} data-testid="run-live">
            {loading ? (load.status === 'loading' ? 'Loading the model…' : 'Scoring…') : snap.model.choice.kind === 'hub' ? 'Run live (downloads the model from huggingface.co)' : 'Run live'}
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
      <p className="embed-foot muted small">
        <a href={window.location.pathname} target="_blank" rel="noopener">
          Open lengthlens
        </a>
      </p>
    </section>
  );
}
