// A real AlpacaEval 2 result file, audited live (or its cited summary where the data is not served).
import { onDemand } from '../../common/onDemand';
import type { AlpacaModel, AuditFacts } from '../types';
import type { WidgetKind } from './types';

export interface AuditWidget {
  kind: 'audit';
  model: AlpacaModel;
  view: 'overlap' | 'fit' | 'contrast' | 'honest';
}

export interface AuditWidgetFacts {
  kind: 'audit';
  audits: AuditFacts[];
}

const ALPACA: AlpacaModel[] = ['gpt4_gamed', 'FuseChat-Gemma-2-9B-Instruct'];
const Figure = onDemand(() => import('../LessonFigures').then((m) => m.AuditFigure));

export const auditKind: WidgetKind<AuditWidget, AuditWidgetFacts> = {
  kind: 'audit',
  needsModel: false,
  async live() {
    const { loadAuditFacts } = await import('../auditFacts');
    const audits = await Promise.all(ALPACA.map(loadAuditFacts));
    return { status: 'ready', facts: { kind: 'audit', audits }, origin: audits.every((a) => a.source === 'live') ? 'live' : 'summary', model: null };
  },
  preload: Figure.preload,
  Figure: (p) => <Figure.Component widget={p.widget} facts={p.facts} />,
  liveNote: 'Audited live from the served AlpacaEval 2 data.',
};
