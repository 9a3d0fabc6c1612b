// The Judge lab's simulation at a step's parameters (no model: it computes at once, also in an embed).
import type { JudgeParams, SimulationResult } from '../../../core/judge/simulate';
import { onDemand } from '../../common/onDemand';
import type { WidgetKind } from './types';

export interface JudgeWidget {
  kind: 'judge';
  params: Partial<JudgeParams>;
}

export interface JudgeFacts {
  kind: 'judge';
  sim: SimulationResult;
  params: JudgeParams;
  ms: number;
}

const Figure = onDemand(() => import('../LessonFigures').then((m) => m.JudgeFigure));

export const judgeKind: WidgetKind<JudgeWidget, JudgeFacts> = {
  kind: 'judge',
  needsModel: false,
  async live(w) {
    const { DEFAULT_PARAMS, simulateJudge } = await import('../../../core/judge/simulate');
    const params = { ...DEFAULT_PARAMS, ...w.params };
    const t0 = performance.now();
    const sim = simulateJudge(params);
    return { status: 'ready', facts: { kind: 'judge', sim, params, ms: performance.now() - t0 }, origin: 'live', model: null };
  },
  preload: Figure.preload,
  Figure: (p) => <Figure.Component params={p.facts.params} sim={p.facts.sim} ms={p.facts.ms} />,
};
