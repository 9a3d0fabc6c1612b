// The judge simulation swept over A's padding (its typical log length ratio), the other parameters held.
import type { JudgeParams } from '../../../core/judge/simulate';
import { onDemand } from '../../common/onDemand';
import type { PaddingPoint } from '../paddingFacts';
import type { WidgetKind } from './types';

export interface PaddingWidget {
  kind: 'padding';
  params: Partial<JudgeParams>;
}

export interface PaddingFacts {
  kind: 'padding';
  points: PaddingPoint[];
}

const Figure = onDemand(() => import('../LessonFigures').then((m) => m.PaddingFigure));

export const paddingKind: WidgetKind<PaddingWidget, PaddingFacts> = {
  kind: 'padding',
  needsModel: false,
  async live(w) {
    const { paddingSweep } = await import('../paddingFacts');
    return { status: 'ready', facts: { kind: 'padding', points: paddingSweep(w.params) }, origin: 'live', model: null };
  },
  preload: Figure.preload,
  Figure: (p) => <Figure.Component points={p.facts.points} />,
};
