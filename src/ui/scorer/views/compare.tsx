// A figure's second model: the snapshot's (or the live run's) second result beside the first.
import { onDemand } from '../../common/onDemand';
import type { ScorerView } from './types';

const Comparison = onDemand(() => import('../../embed/FigureComparison').then((m) => m.default));

export const compareView: ScorerView = {
  key: 'compare',
  part: 'compare',
  label: 'the second model’s comparison',
  lazy: true,
  preload: Comparison.preload,
  figure: (p) => p.other && <Comparison.Component result={p.result} other={p.other} indices={p.indices} labelA={p.labelA} labelB={p.labelB} units={p.units} />,
};
