// The live numbers behind a step's widget: scored on the lesson model, simulated, or audited.
// An embed with a snapshot starts from the snapshot and computes nothing until asked.
import { useEffect, useState } from 'react';
import type { Snapshot } from '../../state/snapshot';
import type { Facts, Widget } from './types';
import { widgetKind } from './widgets';
import type { ReadyFacts } from './widgets/types';

export type FactsState = { status: 'idle' } | { status: 'loading' } | ReadyFacts<Facts> | { status: 'error'; message: string };

/** Whether a widget needs the language model (and so a download in an embed). */
export const needsModel = (w: Widget) => widgetKind(w.kind).needsModel;

/** Facts a snapshot carries for this widget (null when it is not a snapshot of this kind). */
export function snapshotFacts(w: Widget, s: Snapshot | null): ReadyFacts<Facts> | null {
  const facts = s ? (widgetKind(w.kind).snapshot?.read(s) ?? null) : null;
  return s && facts ? { status: 'ready', facts, origin: 'snapshot', model: s.model } : null;
}

/**
 * The facts of a widget. `live` false (an embed): a widget that needs the model waits for
 * `runLive` (or shows its snapshot); the others compute at once.
 */
export function useFacts(w: Widget, live: boolean, snapshot: Snapshot | null): { state: FactsState; liveState: FactsState; runLive(): void } {
  const [liveState, setLive] = useState<FactsState>({ status: 'idle' });
  const [asked, setAsked] = useState(live || !needsModel(w));
  const key = JSON.stringify(w);
  useEffect(() => {
    setAsked(live || !needsModel(w));
    setLive({ status: 'idle' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, live]);
  useEffect(() => {
    if (!asked) return;
    let alive = true;
    setLive({ status: 'loading' });
    Promise.resolve()
      .then(() => widgetKind(w.kind).live(w))
      .then(
      (f) => alive && setLive(f),
      (e: unknown) => alive && setLive({ status: 'error', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, asked]);
  const snap = snapshotFacts(w, snapshot);
  const state = liveState.status === 'ready' || !snap ? liveState : snap;
  return { state, liveState, runLive: () => setAsked(true) };
}
