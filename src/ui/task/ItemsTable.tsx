// Per-item view of the shown run: the gold answer's length, bits, BPB and PriorBPB, and for
// multiple-choice items whether each rule picked the gold. Sortable; long tasks show a page.
import { useMemo, useState } from 'react';
import { itemCorrectness, isMultipleChoice } from '../../core/metrics/accuracy';
import { goldItemScores } from '../../core/metrics/taskMetrics';
import type { ScoredItem } from '../../core/metrics/types';
import type { MetricOptions } from '../../state/taskStore';
import { goldAnswers } from './chartData';
import { fmt } from './format';

interface Row {
  id: string;
  subject?: string;
  bytes: number;
  bits: number;
  bpb: number;
  prior: number;
  acc?: number;
  accNorm?: number;
}

type SortKey = 'order' | 'bytes' | 'bpb' | 'prior';
const PAGE = 100;

export function ItemsTable(props: { items: ScoredItem[]; options: MetricOptions; linkOf?: (id: string) => string | undefined }) {
  const { items, options, linkOf } = props;
  const [sort, setSort] = useState<SortKey>('order');
  const [all, setAll] = useState(false);
  const rows = useMemo<Row[]>(() => {
    const opts = { mu: options.mu, space: options.space, prefixBudgets: [] };
    return goldAnswers(items).map((a) => {
      const s = goldItemScores(a, opts);
      const c = isMultipleChoice(a.item) ? itemCorrectness(a.item) : {};
      return { id: a.item.id, subject: a.item.subject, bytes: a.bytes, bits: a.bits, bpb: a.bits / a.bytes, prior: s.prior_bpb ?? NaN, acc: c.acc, accNorm: c.acc_norm };
    });
  }, [items, options.mu, options.space]);
  const sorted = useMemo(() => {
    if (sort === 'order') return rows;
    const key = (r: Row) => r[sort];
    return [...rows].sort((a, b) => key(a) - key(b));
  }, [rows, sort]);
  const hasMc = rows.some((r) => r.acc !== undefined);
  const hasSubject = rows.some((r) => r.subject);
  const shown = all ? sorted : sorted.slice(0, PAGE);
  const mark = (x?: number) => (x === undefined ? '' : x === 1 ? '✓' : '✗');
  return (
    <details className="task-items">
      <summary>Items ({rows.length} gold answers)</summary>
      <label className="task-inline">
        Sort by{' '}
        <select value={sort} onChange={(e) => setSort(e.target.value as SortKey)}>
          <option value="order">task order</option>
          <option value="bytes">gold length</option>
          <option value="bpb">bits per byte</option>
          <option value="prior">PriorBPB</option>
        </select>
      </label>
      <div className="task-table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col" className="text" title="An item's id opens it in the Scorer">id</th>
              {hasSubject && <th scope="col" className="text">subject</th>}
              <th scope="col">bytes</th>
              <th scope="col">bits</th>
              <th scope="col">bits/byte</th>
              <th scope="col">PriorBPB</th>
              {hasMc && <th scope="col">acc</th>}
              {hasMc && <th scope="col">acc_norm</th>}
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => {
              const href = linkOf?.(r.id);
              return (
              <tr key={r.id}>
                <td className="text">
                  {href ? (
                    <a href={href} title="Open in Scorer">
                      {r.id}
                    </a>
                  ) : (
                    r.id
                  )}
                </td>
                {hasSubject && <td className="text">{r.subject ?? ''}</td>}
                <td>{r.bytes}</td>
                <td>{fmt(r.bits, 2)}</td>
                <td>{fmt(r.bpb, 3)}</td>
                <td>{fmt(r.prior, 3)}</td>
                {hasMc && <td aria-label={r.acc === 1 ? 'correct' : 'wrong'}>{mark(r.acc)}</td>}
                {hasMc && <td aria-label={r.accNorm === 1 ? 'correct' : 'wrong'}>{mark(r.accNorm)}</td>}
              </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {!all && sorted.length > PAGE && (
        <button type="button" onClick={() => setAll(true)}>
          Show all {sorted.length}
        </button>
      )}
    </details>
  );
}
