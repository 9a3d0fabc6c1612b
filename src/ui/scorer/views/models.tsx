// The room's "Compare with…": a second model loaded beside the first, scored on the same input.
import { onDemand } from '../../common/onDemand';
import type { ScorerView } from './types';

const Models = onDemand(() => import('../ModelComparison').then((m) => m.ModelComparison));

export const modelsView: ScorerView = {
  key: 'models',
  label: 'the comparison with a second model',
  lazy: true,
  preload: Models.preload,
  room: (p) => p.result && !p.early && (!p.embed || p.compareWanted) && <Models.Component result={p.result} indices={p.indices} embed={p.embed} />,
};
