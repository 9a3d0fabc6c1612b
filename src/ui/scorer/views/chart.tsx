// The cumulative cost of each candidate, byte by byte.
import { memo } from 'react';
import { onDemand } from '../../common/onDemand';
import type { ScorerView } from './types';

// Memoised for the reason the traces are (traces.tsx).
const CostChart = onDemand(() => import('../CumulativeCostChart').then((m) => memo(m.CumulativeCostChart)));

export const chartView: ScorerView = {
  key: 'chart',
  part: 'chart',
  label: 'the cumulative cost chart',
  lazy: true,
  preload: CostChart.preload,
  room: (p) => p.result && <CostChart.Component result={p.result} indices={p.indices} />,
  figure: (p) => <CostChart.Component result={p.result} indices={p.indices} />,
};
