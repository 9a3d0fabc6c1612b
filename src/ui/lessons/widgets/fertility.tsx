// The same candidates tokenised by the lesson model's tokenizer and by a larger one (see FertilityFigure).
import type { ItemScore } from '../../../core/scoring/types';
import { onDemand } from '../../common/onDemand';
import type { TokenizerFacts } from '../types';
import { onLessonModel } from './live';
import type { WidgetKind } from './types';

export interface FertilityWidget {
  kind: 'fertility';
  context: string;
  candidates: string[];
}

/** `result`: the lesson model's scores; `tokenizers`: its tokenizer first, then the other. */
export interface FertilityFacts {
  kind: 'fertility';
  result: ItemScore;
  tokenizers: TokenizerFacts[];
}

const Figure = onDemand(() => import('../LessonFigures').then((m) => m.FertilityFigure));

export const fertilityKind: WidgetKind<FertilityWidget, FertilityFacts> = {
  kind: 'fertility',
  needsModel: true,
  async live(w) {
    const { fertilityFacts } = await import('../fertilityFacts');
    return onLessonModel(await fertilityFacts(w));
  },
  preload: Figure.preload,
  Figure: (p) => <Figure.Component widget={p.widget} facts={p.facts} />,
};
