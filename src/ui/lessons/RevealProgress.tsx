// What a reveal is waiting for, once it has waited more than a second: a cold first step loads the
// lesson model (and, on a first visit, ONNX Runtime's WebAssembly) before anything is scored, which
// took tens of seconds on a slow machine. The phase and the seconds so far say that it is moving.
import { useEffect, useState } from 'react';
import { useEngine } from '../../state/engineSession';
import { loadPhase } from '../scorer/loadPhase';

/** Shown from this many milliseconds on: a warm reveal is over before anything flickers. */
const QUIET_MS = 1000;

export function RevealProgress() {
  const load = useEngine((s) => s.load);
  const [since] = useState(() => Date.now());
  const [now, setNow] = useState(since);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  const waited = now - since;
  if (waited < QUIET_MS) return <p className="muted" data-testid="facts-loading">Computing on the live model…</p>;
  const phase = load.status === 'loading' ? loadPhase(load.progress) : null;
  const p = load.status === 'loading' ? load.progress : null;
  return (
    <div className="reveal-progress" data-testid="facts-loading" data-phase={phase?.phase ?? 'scoring'}>
      <p className="muted" role="status">
        {!phase ? 'Scoring on the live model…' : phase.phase === 'starting' ? 'Loading the lesson model…' : phase.phase === 'downloading' ? `Loading the lesson model: ${phase.label}.` : phase.label} {Math.floor(waited / 1000)} s so far.
      </p>
      <progress aria-label="Progress of the reveal" value={phase?.determinate && p ? p.loaded : undefined} max={phase?.determinate && p ? p.total : undefined} />
    </div>
  );
}
