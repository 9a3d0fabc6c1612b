// A Scorer figure drawn from a snapshot: the parts asked for (banner, winner-per-rule table, full
// table, traces, cumulative chart, comparison), at once and with no engine code. "Run live" loads
// the live-run code and the model only on the click, scores the same input, and says plainly
// whether the live result reproduces the snapshot. The iframe embed and <lengthlens-figure> both
// draw this; each part's code is loaded only when that part is shown (the views: ../scorer/views).
import { useMemo, useState } from 'react';
import type { ItemScore } from '../../core/scoring/types';
import { sameModel, scorerDifferences, type ScorerSnapshot, type SnapshotParse } from '../../state/snapshot';
import type { Units } from '../../state/workspaceSchema';
import { candidateLetter } from '../scorer/format';
import type { FigureOptions } from './figureOptions';
import type { LiveState } from './liveRun';
import { FigureViews } from '../scorer/views/ViewList';

const choiceName = (m: ScorerSnapshot['model']) => (m.choice.kind === 'served' ? m.choice.name : m.choice.id);
const deviceName = (d: string) => (d === 'webgpu' ? 'WebGPU' : d === 'wasm' ? 'WASM' : 'CPU');

export interface SnapshotFigureProps {
  parsed: SnapshotParse;
  options: FigureOptions;
  /** Where "Open lengthlens" goes (the app that served the figure). */
  openHref: string;
  /** Loads the live-run code (the iframe and the element each load it from their own host). */
  loadLive?: () => Promise<{ runLive(snap: ScorerSnapshot, report: (s: LiveState) => void): Promise<void> }>;
}

const defaultLoadLive = () => import('./liveRun');

export function SnapshotFigure({ parsed, options, openHref, loadLive = defaultLoadLive }: SnapshotFigureProps) {
  const snap = parsed.ok && parsed.snapshot.kind === 'scorer' ? parsed.snapshot : null;
  const [units, setUnits] = useState<Units>('bits');
  const [liveState, setLiveState] = useState<LiveState | null>(null);
  const run = async () => {
    if (!snap || liveState) return;
    setLiveState({ phase: 'loading', loadingModels: snap.compare ? 2 : 1, live: null, liveOther: null, info: null, otherInfo: null, loadError: null, error: null });
    try {
      const { runLive } = await loadLive();
      await runLive(snap, setLiveState);
    } catch (e) {
      setLiveState((s) => s && { ...s, phase: 'error', error: e instanceof Error ? e.message : String(e) });
    }
  };
  // A comparison is live once both models have scored; until then the snapshot's stays on screen.
  const live: ItemScore | null = liveState?.phase === 'done' ? liveState.live : null;
  const liveOther = live ? liveState!.liveOther : null;
  const other = snap?.compare ? (live ? liveOther : snap.compare.result) : null;
  const differences = useMemo(() => {
    if (!snap || !live) return [];
    const out = scorerDifferences(snap.result, live);
    if (liveOther && snap.compare) out.push(...scorerDifferences(snap.compare.result, liveOther).map((d) => `second model: ${d}`));
    return out;
  }, [snap, live, liveOther]);

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
  const info = liveState?.info ?? null;
  const otherInfo = liveState?.otherInfo ?? null;
  const otherModel = live && info && !sameModel(snap.model, { ...snap.model, id: info.id, dtype: info.dtype });
  const busy = liveState !== null && (liveState.phase === 'loading' || liveState.phase === 'scoring');
  const second = snap.compare?.model;
  const labelA = `${choiceName(snap.model)} ${snap.model.dtype}`;
  const labelB = second ? `${choiceName(second)} ${second.dtype}${snap.compare?.chatTemplate ? ' with its chat template' : ''}` : '';
  const buttonText = !busy
    ? snap.model.choice.kind === 'hub'
      ? 'Run live (downloads the model from huggingface.co)'
      : 'Run live'
    : liveState.phase === 'loading'
      ? liveState.loadingModels === 2
        ? 'Loading the models…'
        : 'Loading the model…'
      : 'Scoring…';

  return (
    <section className="scorer embed" aria-label="lengthlens Scorer figure" data-testid="scorer" data-origin={live ? 'live' : 'snapshot'} data-parts={options.parts.join(',')}>
      <p className="small embed-head">
        {live ? (
          <span className="badge live-badge">live</span>
        ) : (
          <span className="badge" data-testid="snapshot-badge">
            snapshot
          </span>
        )}{' '}
        {live
          ? `Scored just now on ${info ? `${info.id} (${info.dtype}, ${deviceName(info.device)})` : choiceName(snap.model)}${otherInfo ? ` beside ${otherInfo.id} (${otherInfo.dtype}, ${deviceName(otherInfo.device)})` : ''}.`
          : `Computed on ${choiceName(snap.model)} (${snap.model.dtype}, ${deviceName(snap.model.device)}${second ? `) beside ${choiceName(second)} (${second.dtype}, ${deviceName(second.device)}) with lengthlens ${snap.app}` : `, lengthlens ${snap.app})`}; nothing has been downloaded.`}{' '}
        {!live && (
          <button type="button" onClick={() => void run()} disabled={busy} data-testid="run-live">
            {buttonText}
          </button>
        )}
      </p>
      {options.problems.length > 0 && (
        <p className="warning small embed-problems" data-testid="figure-problems">
          This figure&apos;s settings were partly not understood: {options.problems.join('; ')}.
        </p>
      )}
      {live && (
        <p className={differences.length === 0 && !otherModel ? 'ok-line small' : 'warning small'} data-testid="live-diff" data-same={differences.length === 0}>
          {differences.length === 0
            ? 'The live result reproduces the snapshot.'
            : `The live result differs from the snapshot${otherModel ? ' (another model or version)' : ''}: ${differences.join('; ')}.`}
        </p>
      )}
      {liveState?.loadError && (
        <p className="error small" role="alert">
          The model could not be loaded: {liveState.loadError}
        </p>
      )}
      {liveState?.error && (
        <p className="error small" role="alert">
          Scoring failed: {liveState.error}
        </p>
      )}
      <div className="embed-item muted small">
        <span className="embed-context">{snap.result.context}</span>
        {' → '}
        {snap.result.candidates.map((c, i) => (
          <span key={i}>
            {i > 0 && ' · '}
            {candidateLetter(snap.indices[i])}: “{c.text}”
          </span>
        ))}
      </div>
      <FigureViews parts={options.parts} result={result} indices={snap.indices} gold={snap.gold} units={units} onUnits={setUnits} other={other} labelA={labelA} labelB={labelB} />
      <p className="embed-foot muted small">
        <a href={openHref} target="_blank" rel="noopener">
          Open lengthlens
        </a>
      </p>
    </section>
  );
}
