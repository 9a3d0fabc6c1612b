// Variants of the item (edited candidates) scored beside it.
import { onDemand } from '../../common/onDemand';
import type { ScorerView } from './types';

const VariantList = onDemand(() => import('../Variants').then((m) => m.Variants));

export const variantsView: ScorerView = {
  key: 'variants',
  label: 'the variants of the item',
  lazy: true,
  preload: VariantList.preload,
  room: (p) => p.result && p.scoring.input && !p.embed && <VariantList.Component input={p.scoring.input} indices={p.indices} />,
};
