// The full table: every quantity of every candidate, each rule's winner marked.
import { onDemand } from '../../common/onDemand';
import type { ScorerView } from './types';

const Table = onDemand(() => import('../ScoreTable').then((m) => m.ScoreTable));

export const tableView: ScorerView = {
  key: 'table',
  part: 'table',
  label: 'the full table of every quantity',
  lazy: true,
  preload: Table.preload,
  room: (p) => (
    <Table.Component
      result={p.result}
      indices={p.indices}
      candidateCount={p.candidateCount}
      problems={p.input.problems}
      gold={p.gold}
      units={p.units}
      onUnits={p.onUnits}
      stale={p.stale}
      rescoring={p.scoring.rescoring}
      pmiPending={p.scoring.pmiPending}
      wordFinalPending={p.scoring.wordFinalPending}
      onRendered={p.onRendered}
      lengths={p.lengths}
      onLengths={p.onLengths}
    />
  ),
  figure: (p) => <Table.Component result={p.result} indices={p.indices} candidateCount={p.indices.length} problems={[]} gold={p.gold} units={p.units} onUnits={p.onUnits} stale={false} />,
};
