// Who wins under each rule, with the numbers that decide it (a figure's compact table).
import { WinnerTable } from '../../embed/WinnerTable';
import type { ScorerView } from './types';

export const winnersView: ScorerView = {
  key: 'winners',
  part: 'winners',
  label: 'the winner-per-rule table',
  lazy: false,
  figure: (p) => <WinnerTable result={p.result} indices={p.indices} gold={p.gold} />,
};
