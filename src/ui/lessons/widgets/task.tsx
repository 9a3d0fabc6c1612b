// Task lab data on the lesson model: the stories cloze sample scored plain and with a fixed opener
// on every answer (the BPB views), or the stories choice sample in full text and with letter keys.
import { APP_VERSION, taskDifferences, type TaskRunSnapshot } from '../../../state/snapshot';
import { onDemand } from '../../common/onDemand';
import { onLessonModel } from './live';
import type { WidgetKind } from './types';

export interface TaskWidget {
  kind: 'task';
  /** 'mix': the opener run in a short-heavy and a long-heavy length mix, under corpus BPB and PriorBPB. */
  view: 'scatter' | 'quintiles' | 'corpus' | 'prior' | 'mix' | 'accuracy';
}

export interface TaskFacts {
  kind: 'task';
  runs: TaskRunSnapshot[];
}

const Figure = onDemand(() => import('../LessonFigures').then((m) => m.TaskFigure));

// Each sample is scored once a session (a failed run is tried again).
let bpb: Promise<TaskRunSnapshot[]> | null = null;
let letters: Promise<TaskRunSnapshot[]> | null = null;
let mixes: Promise<TaskRunSnapshot[]> | null = null;

export const taskKind: WidgetKind<TaskWidget, TaskFacts> = {
  kind: 'task',
  needsModel: true,
  async live(w) {
    const { bpbRuns, lengthMixFacts, letterRuns } = await import('../taskFacts');
    const p = w.view === 'accuracy' ? (letters ??= letterRuns()) : w.view === 'mix' ? (mixes ??= lengthMixFacts()) : (bpb ??= bpbRuns());
    const runs = await p.catch((e: unknown) => {
      if (w.view === 'accuracy') letters = null;
      else if (w.view === 'mix') mixes = null;
      else bpb = null;
      throw e;
    });
    return onLessonModel({ kind: 'task', runs });
  },
  preload: Figure.preload,
  Figure: (p) => <Figure.Component widget={p.widget} facts={p.facts} taught={p.taught} />,
  snapshot: {
    read: (s) => (s.kind === 'task' ? { kind: 'task', runs: s.runs } : null),
    write: (f, model) => ({ ok: true, snapshot: { v: 1, kind: 'task', model, runs: f.runs, app: APP_VERSION } }),
    differences: (s, f) => (s.kind === 'task' ? taskDifferences(s.runs, f.runs) : []),
  },
};
