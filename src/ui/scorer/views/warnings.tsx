// What the scores should be read with: the engine's warnings and the input's problems.
import { onDemand } from '../../common/onDemand';
import type { ScorerView } from './types';

const WarningList = onDemand(() => import('../Warnings').then((m) => m.Warnings));

export const warningsView: ScorerView = {
  key: 'warnings',
  label: 'the warnings',
  lazy: true,
  preload: WarningList.preload,
  room: (p) => <WarningList.Component warnings={p.result?.warnings ?? []} indices={p.indices} problems={p.input.problems} />,
};
