// The Scorer: one context, N candidates, one model; every scoring rule side by side, with
// per-token surprisal. `embed` renders the chrome-less view for iframes.
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { withLengthConvention } from '../../core/scoring/lengthConvention';
import { useEngine } from '../../state/engineSession';
import { applyInitialWorkspace, startWorkspaceSync, useLinkStatus } from '../../state/sync';
import { useWorkspace } from '../../state/workspace';
import { CumulativeCostChart } from './CumulativeCostChart';
import { DisagreementBanner } from './DisagreementBanner';
import { Editor } from './Editor';
import { ModelPanel, useAutoLoad } from './ModelPanel';
import { deviceSupport, resolveDevice } from '../../state/devices';
import { OpenedItem } from './OpenedItem';
import { Presets } from './Presets';
import type { Preset } from './presets';
import { ScoreTable } from './ScoreTable';
import { ShareBar } from './ShareBar';
import { SurprisalTraces } from './SurprisalTraces';
import { TemplateComparison } from './TemplateComparison';
import { ModelComparison } from './ModelComparison';
import { Variants } from './Variants';
import { useLiveScoring } from './useLiveScoring';
import { Warnings } from './Warnings';
import { useReportHeight } from '../embed/useReportHeight';
import './scorer.css';

// A keystroke re-renders the room while the charts' input (the last result) is unchanged: at a
// real model's size (80+ tokens over four rows) redrawing them is main-thread work on every key.
const Traces = memo(SurprisalTraces);
const CostChart = memo(CumulativeCostChart);

export default function ScorerRoom(props: { embed?: boolean }) {
  const embed = props.embed ?? false;
  // The link or saved workspace is in the store before anything below reads it.
  useState(() => applyInitialWorkspace(embed));
  const [synced, setSynced] = useState(false);
  useEffect(() => {
    const stop = startWorkspaceSync(embed);
    setSynced(true);
    return stop;
  }, [embed]);
  useReportHeight(embed);
  useAutoLoad(synced && !embed);

  const { input } = useLiveScoring();
  const units = useWorkspace((s) => s.units);
  const lengths = useWorkspace((s) => s.lengths);
  const setLengths = useWorkspace((s) => s.setLengths);
  const setUnits = useWorkspace((s) => s.setUnits);
  const gold = useWorkspace((s) => s.gold);
  const candidateCount = useWorkspace((s) => s.candidates.length);
  const compareWanted = useWorkspace((s) => s.compare !== undefined);
  const load = useEngine((s) => s.load);
  const scoring = useEngine((s) => s.scoring);
  const link = useLinkStatus();
  const [presetId, setPresetId] = useState<string | null>(null);

  const rootRef = useRef<HTMLElement>(null);
  const onRendered = useCallback(() => {
    const s = useEngine.getState().scoring;
    if (rootRef.current) {
      rootRef.current.dataset.rescoreMs = (performance.now() - s.requestedAt).toFixed(1);
      // How many rows still wait for PMI's term: > 0 when this render is the first phase's.
      rootRef.current.dataset.pmiPending = String(s.pmiPending?.length ?? 0);
      rootRef.current.dataset.wordFinalPending = String(s.wordFinalPending?.length ?? 0);
      rootRef.current.dataset.run = String(s.runId);
    }
  }, []);

  const loadPreset = (p: Preset) => {
    const ws = useWorkspace.getState();
    ws.replace({
      ...ws,
      v: 1,
      context: p.context,
      candidates: p.candidates,
      gold: p.gold,
      unconditionalContext: p.unconditionalContext ?? '',
      ...(p.model ? { model: p.model.choice, dtype: p.model.dtype } : {}),
    });
    setPresetId(p.id);
    // A served model is local: switch to it at once (hub models still wait for a click).
    const engine = useEngine.getState();
    const loaded = engine.load.status === 'ready' || engine.load.status === 'loading' ? engine.load.request : null;
    if (p.model?.choice.kind === 'served') {
      const name = p.model.choice.name;
      const same = loaded?.source.kind === 'served' && loaded.source.name === name && loaded.dtype === p.model.dtype;
      const dtype = p.model.dtype;
      if (!same) void deviceSupport().then((support) => engine.loadModel({ source: { kind: 'served', name }, dtype, device: resolveDevice(ws.device, support) }, { auto: ws.device === 'auto' }));
    }
  };

  // The engine counts lengths as typed; the table shows the chosen convention (lm-eval-harness's by default).
  const result = useMemo(() => (scoring.result ? withLengthConvention(scoring.result, lengths) : null), [scoring.result, lengths]);
  const indices = scoring.input?.indices ?? [];
  const stale =
    scoring.running ||
    (result !== null && (scoring.input?.context !== input.context || scoring.input?.candidates.join('\u0000') !== input.candidates.join('\u0000')));
  const chatAvailable = load.status === 'ready' && load.info.hasChatTemplate;

  const results = (
    <>
      {result && <DisagreementBanner result={result} indices={indices} gold={gold} />}
      {scoring.error && (
        <p className="error" role="alert">
          Scoring failed: {scoring.error}
        </p>
      )}
      {!result && load.status === 'ready' && input.candidates.length > 0 && <p className="muted placeholder">Scoring…</p>}
      {!result && load.status !== 'ready' && (
        <p className="muted placeholder">{embed ? 'Load the model to see the scores.' : 'Load a model to see the scores.'}</p>
      )}
      <ScoreTable
        result={result}
        indices={indices}
        candidateCount={candidateCount}
        problems={input.problems}
        gold={gold}
        units={units}
        onUnits={setUnits}
        stale={stale}
        rescoring={scoring.rescoring}
        pmiPending={scoring.pmiPending}
        wordFinalPending={scoring.wordFinalPending}
        onRendered={onRendered}
        lengths={lengths}
        onLengths={setLengths}
      />
      {result && scoring.templated && <TemplateComparison raw={result} templated={withLengthConvention(scoring.templated, lengths)} indices={indices} units={units} />}
      {result && scoring.input && !embed && <Variants input={scoring.input} indices={indices} />}
      {result && (!embed || compareWanted) && <ModelComparison result={result} indices={indices} embed={embed} />}
      <Warnings warnings={result?.warnings ?? []} indices={indices} problems={input.problems} />
      {result && <Traces result={result} indices={indices} gold={gold} />}
      {result && <CostChart result={result} indices={indices} />}
    </>
  );

  const linkBanner = link.error && (
    <div className="error link-error" role="alert" data-testid="link-error">
      {link.error}{' '}
      <button type="button" onClick={link.dismiss}>
        Dismiss
      </button>
    </div>
  );

  if (embed) {
    return (
      <section className="scorer embed" aria-label="lengthlens Scorer" ref={rootRef} data-testid="scorer">
        {linkBanner}
        <ModelPanel embed />
        <Editor problems={input.problems} chatTemplateAvailable={chatAvailable} compact />
        {results}
        <p className="embed-foot muted">
          <a href={window.location.pathname + window.location.hash} target="_blank" rel="noopener">
            Open in lengthlens
          </a>
        </p>
      </section>
    );
  }
  return (
    <section className="scorer" aria-labelledby="scorer-title" ref={rootRef} data-testid="scorer">
      <div className="scorer-head">
        <div>
          <h1 id="scorer-title">Scorer</h1>
          <p className="muted tagline">One context, several answers, one model: see which answer each scoring rule picks, and why.</p>
        </div>
        <ShareBar />
      </div>
      {linkBanner}
      <OpenedItem result={result} />
      {link.saveError && <p className="warning">{link.saveError}</p>}
      <div className="scorer-grid">
        <div className="scorer-side">
          <ModelPanel />
          <Editor problems={input.problems} chatTemplateAvailable={chatAvailable} />
          <Presets activeId={presetId} onLoad={loadPreset} />
        </div>
        <div className="scorer-results" id="results" tabIndex={-1} aria-label="Results">
          {results}
        </div>
      </div>
    </section>
  );
}
