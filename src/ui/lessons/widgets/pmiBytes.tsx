// The PMI-per-byte step: the full-text story questions under PMI, and PMI divided by bytes.
import { onDemand } from '../../common/onDemand';
import type { PmiBytesRow } from '../leftoverFacts';
import { onLessonModel } from './live';
import type { WidgetKind } from './types';

export interface PmiBytesWidget {
  kind: 'pmiBytes';
}

export interface PmiBytesFacts {
  kind: 'pmiBytes';
  items: number;
  goldShortest: number;
  rows: PmiBytesRow[];
}

const Figure = onDemand(() => import('../LessonFigures').then((m) => m.PmiBytesFigure));

export const pmiBytesKind: WidgetKind<PmiBytesWidget, PmiBytesFacts> = {
  kind: 'pmiBytes',
  needsModel: true,
  async live() {
    const [{ scoreItems }, { pmiBytesRows, pmiSet, sharpenRequests }] = await Promise.all([import('../lessonEngine'), import('../leftoverFacts')]);
    const set = pmiSet();
    const results = await scoreItems(sharpenRequests(set), '', false);
    return onLessonModel({ kind: 'pmiBytes', items: set.items.length, ...pmiBytesRows(set, results) });
  },
  preload: Figure.preload,
  Figure: (p) => <Figure.Component facts={p.facts} />,
};
