// The Scorer: one context, N candidates, one model; every scoring rule side by side, with
// per-token surprisal. `embed` renders the chrome-less view for iframes.
import { use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { withLengthConvention } from '../../core/scoring/lengthConvention';
import { useEngine } from '../../state/engineSession';
import { applyInitialWorkspace, startWorkspaceSync, useLinkStatus } from '../../state/sync';
import { useWorkspace } from '../../state/workspace';
import { Editor } from './Editor';
import { ModelPanel, useAutoLoad } from './ModelPanel';
import { deviceSupport, resolveDevice } from '../../state/devices';
import { OpenedItem } from './OpenedItem';
import { Presets } from './Presets';
import type { Preset } from './presets';
import { ShareBar } from './ShareBar';
import { useLiveScoring } from './useLiveScoring';
import { preloadRoomViews } from './views';
import { RoomViews } from './views/ViewList';
import { FIRST_LESSON, FIRST_VISIT, firstVisitScores } from './firstVisit';
import { lessonHash } from '../route';
import { useReportHeight } from '../embed/useReportHeight';
import './scorer.css';

// The views' code (views/), fetched as this module loads: the room's first render waits for it, so
// every view is drawn at once, as when the room imported each.
const viewsReady = preloadRoomViews();

export default function ScorerRoom(props: { embed?: boolean }) {
  use(viewsReady);
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

  const { input, options } = useLiveScoring();
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

  // Before the first live result, the default item shows its build-time scores (firstVisit.ts):
  // labelled, and replaced by the live ones as soon as they come.
  const model = useWorkspace((s) => s.model);
  const dtype = useWorkspace((s) => s.dtype);
  const chatTemplate = useWorkspace((s) => s.chatTemplate);
  const early =
    !embed && !scoring.result && !scoring.error
      ? firstVisitScores({ model, dtype, chatTemplate, context: input.context, candidates: input.candidates, boundaryPolicy: options.boundaryPolicy, unconditionalContext: options.unconditionalContext })
      : null;
  // The engine counts lengths as typed; the table shows the chosen convention (lm-eval-harness's by default).
  const result = useMemo(() => {
    const shown = scoring.result ?? early;
    return shown ? withLengthConvention(shown, lengths) : null;
  }, [scoring.result, early, lengths]);
  const indices = scoring.result ? (scoring.input?.indices ?? []) : early ? input.indices : [];
  const stale =
    scoring.running ||
    (result !== null && (scoring.input?.context !== input.context || scoring.input?.candidates.join('\u0000') !== input.candidates.join('\u0000')));
  const chatAvailable = load.status === 'ready' && load.info.hasChatTemplate;

  const results = (
    <>
      {early && (
        <p className="first-visit-note" data-testid="first-visit-note">
          <span className="badge">ahead of time</span> These numbers were computed when this page was built, on {FIRST_VISIT.model} ({FIRST_VISIT.dtype}); the live
          scores from the model in your browser replace them as soon as it has loaded. New here? <a href={lessonHash(FIRST_LESSON, 0)}>Lesson 1</a> walks through this item.
        </p>
      )}
      <RoomViews
        result={result}
        templated={scoring.templated ? withLengthConvention(scoring.templated, lengths) : null}
        early={early !== null}
        embed={embed}
        input={input}
        scoring={scoring}
        loadStatus={load.status}
        indices={indices}
        gold={gold}
        units={units}
        onUnits={setUnits}
        candidateCount={candidateCount}
        stale={stale}
        lengths={lengths}
        onLengths={setLengths}
        onRendered={early ? undefined : onRendered}
        compareWanted={compareWanted}
      />
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
        <div className="scorer-results" id="results" tabIndex={-1} aria-label="Results" data-origin={early ? 'first-visit' : scoring.result ? 'live' : 'none'}>
          {results}
        </div>
      </div>
    </section>
  );
}
