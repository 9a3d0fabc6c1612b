// The live numbers behind a step's widget: scored on the lesson model, simulated, or audited.
// An embed with a snapshot starts from the snapshot and computes nothing until asked.
import { useEffect, useState } from 'react';
import type { Snapshot, SnapshotModel } from '../../state/snapshot';
import type { Facts, Widget } from './types';

export type FactsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; facts: Facts; origin: 'live' | 'snapshot' | 'summary'; model: SnapshotModel | null; deviceReason?: string; loadId?: number }
  | { status: 'error'; message: string };

/** Whether a widget needs the language model (and so a download in an embed). */
export const needsModel = (w: Widget) => w.kind === 'scorer' || w.kind === 'task' || w.kind === 'sharpen' || w.kind === 'pmiBytes' || w.kind === 'fertility';

/** Facts a snapshot carries for this widget (null when it is not a snapshot of this kind). */
export function snapshotFacts(w: Widget, s: Snapshot | null): Extract<FactsState, { status: 'ready' }> | null {
  if (!s) return null;
  if (w.kind === 'scorer' && s.kind === 'scorer') return { status: 'ready', facts: { kind: 'scorer', result: s.result }, origin: 'snapshot', model: s.model };
  if (w.kind === 'task' && s.kind === 'task') return { status: 'ready', facts: { kind: 'task', runs: s.runs }, origin: 'snapshot', model: s.model };
  return null;
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
    import('./liveFacts')
      .then((m) => m.liveFacts(w))
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
