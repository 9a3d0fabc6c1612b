// The live numbers behind a step's widget: scored on the lesson model, simulated, or audited.
// An embed with a snapshot starts from the snapshot and computes nothing until asked.
import { useEffect, useState } from 'react';
import { DEFAULT_PARAMS, simulateJudge } from '../../core/judge/simulate';
import type { Snapshot, SnapshotModel, TaskRunSnapshot } from '../../state/snapshot';
import { withLengthConvention } from '../../core/scoring/lengthConvention';
import { loadAuditFacts } from './auditFacts';
import { fertilityFacts } from './fertilityFacts';
import { LESSON_LENGTHS } from './content';
import { lessonModel, scoreItems } from './lessonEngine';
import { bpbRuns, letterRuns } from './taskFacts';
import { pmiBytesRows, pmiSet, sharpenRequests, sharpenRows, sharpenSet, TEMPERATURES, type SharpenRow } from './leftoverFacts';
import { scoreTempered, type TemperedCandidate } from '../../state/engineSession';
import type { AlpacaModel, Facts, Widget } from './types';

export type FactsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; facts: Facts; origin: 'live' | 'snapshot' | 'summary'; model: SnapshotModel | null; deviceReason?: string; loadId?: number }
  | { status: 'error'; message: string };

let bpb: Promise<TaskRunSnapshot[]> | null = null;
let letters: Promise<TaskRunSnapshot[]> | null = null;
let sharpen: Promise<SharpenRow[]> | null = null;

/** The sharpening table: every item scored once at all temperatures, on the lesson model. */
async function sharpenFacts(): Promise<SharpenRow[]> {
  await lessonModel();
  const set = sharpenSet();
  const scored: TemperedCandidate[][] = [];
  for (const req of sharpenRequests(set)) scored.push(await scoreTempered({ ...req, temperatures: [...TEMPERATURES] }));
  return sharpenRows(set, scored, TEMPERATURES);
}
const ALPACA: AlpacaModel[] = ['gpt4_gamed', 'FuseChat-Gemma-2-9B-Instruct'];

/** Whether a widget needs the language model (and so a download in an embed). */
export const needsModel = (w: Widget) => w.kind === 'scorer' || w.kind === 'task' || w.kind === 'sharpen' || w.kind === 'pmiBytes' || w.kind === 'fertility';

/** Compute a widget's facts live. */
export async function liveFacts(w: Widget): Promise<Extract<FactsState, { status: 'ready' }>> {
  switch (w.kind) {
    case 'scorer': {
      const [raw] = await scoreItems([{ context: w.context, candidates: w.candidates }], w.unconditionalContext ?? '');
      const result = withLengthConvention(raw, LESSON_LENGTHS);
      const m = await lessonModel();
      return { status: 'ready', facts: { kind: 'scorer', result }, origin: 'live', model: m.snapshotModel, deviceReason: m.deviceReason, loadId: m.loadId };
    }
    case 'task': {
      const p = w.view === 'accuracy' ? (letters ??= letterRuns()) : (bpb ??= bpbRuns());
      const runs = await p.catch((e: unknown) => {
        if (w.view === 'accuracy') letters = null;
        else bpb = null;
        throw e;
      });
      const m = await lessonModel();
      return { status: 'ready', facts: { kind: 'task', runs }, origin: 'live', model: m.snapshotModel, deviceReason: m.deviceReason, loadId: m.loadId };
    }
    case 'judge': {
      const params = { ...DEFAULT_PARAMS, ...w.params };
      const t0 = performance.now();
      const sim = simulateJudge(params);
      return { status: 'ready', facts: { kind: 'judge', sim, params, ms: performance.now() - t0 }, origin: 'live', model: null };
    }
    case 'sharpen': {
      const rows = await (sharpen ??= sharpenFacts()).catch((e: unknown) => {
        sharpen = null;
        throw e;
      });
      const m = await lessonModel();
      return { status: 'ready', facts: { kind: 'sharpen', items: sharpenSet().items.length, rows }, origin: 'live', model: m.snapshotModel, deviceReason: m.deviceReason, loadId: m.loadId };
    }
    case 'pmiBytes': {
      const set = pmiSet();
      const results = await scoreItems(sharpenRequests(set), '', false);
      const m = await lessonModel();
      return { status: 'ready', facts: { kind: 'pmiBytes', items: set.items.length, ...pmiBytesRows(set, results) }, origin: 'live', model: m.snapshotModel, deviceReason: m.deviceReason, loadId: m.loadId };
    }
    case 'fertility': {
      const facts = await fertilityFacts(w);
      const m = await lessonModel();
      return { status: 'ready', facts, origin: 'live', model: m.snapshotModel, deviceReason: m.deviceReason, loadId: m.loadId };
    }
    case 'audit': {
      const audits = await Promise.all(ALPACA.map(loadAuditFacts));
      return { status: 'ready', facts: { kind: 'audit', audits }, origin: audits.every((a) => a.source === 'live') ? 'live' : 'summary', model: null };
    }
  }
}

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
    liveFacts(w).then(
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
