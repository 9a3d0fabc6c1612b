// Two or more runs of the task side by side: every metric with its change from the first run,
// α and β per run, the acc-vs-acc_norm reading, and whether corpus BPB and PriorBPB rank the
// runs differently. Runs are compared on the items all of them have scored.
import { useMemo } from 'react';
import { comparisonToCsv, metricsToJson } from '../../core/formats/metricsExport';
import { compareRuns, type RunComparison } from '../../core/metrics/compare';
import { ACCURACY_RULES, type SliceMetrics } from '../../core/metrics/types';
import { runItems, useTaskLab, type MetricOptions, type RunView } from '../../state/taskStore';
import type { PersistedTask } from '../../state/taskTypes';
import { downloadText } from '../common/download';
import { fmt } from './format';
import { bpbRankings } from './ranking';
import { CompareBpbChart } from './TaskCharts';
import { computeRunMetrics } from './useRunMetrics';

/** Metrics shown first; the rest are behind "all metrics". */
const KEY_METRICS = [
  'corpus_bpb',
  'prior_bpb',
  'prior_bpb_eval_framework',
  'prior_bpb_keep',
  'mean_of_ratios_bpb',
  'alpha',
  'beta',
  'quintile_top_bottom_bpb_ratio',
  ...ACCURACY_RULES,
];

interface Compared {
  comparison?: RunComparison;
  nCommon: number;
  error?: string;
  slices: { label: string; m: SliceMetrics }[];
}

function compare(task: PersistedTask, runs: RunView[], options: MetricOptions): Compared {
  const sets = runs.map((r) => new Set(r.items.keys()));
  const common = new Set(task.set.items.map((it) => it.id).filter((id) => sets.every((s) => s.has(id))));
  if (common.size === 0) return { nCommon: 0, slices: [], error: 'These runs have no scored item in common.' };
  const slices: { label: string; m: SliceMetrics }[] = [];
  for (const r of runs) {
    const items = runItems(task, r).filter((it) => common.has(it.id));
    const { metrics, error } = computeRunMetrics(items, options);
    if (!metrics) return { nCommon: common.size, slices: [], error: error ?? 'no metrics' };
    const m = options.subject && metrics.by_subject[options.subject] ? metrics.by_subject[options.subject] : metrics;
    slices.push({ label: r.label, m });
  }
  try {
    return { comparison: compareRuns(slices.map((s) => ({ label: s.label, metrics: s.m }))), nCommon: common.size, slices };
  } catch (err) {
    return { nCommon: common.size, slices, error: err instanceof Error ? err.message : String(err) };
  }
}

const ESTIMATOR_NAMES: Record<string, string> = { corpus_bpb: 'corpus BPB', mean_of_ratios_bpb: 'mean-of-ratios BPB', prior_bpb: 'PriorBPB' };

function Flips(props: { c: RunComparison }) {
  const rankings = bpbRankings(props.c);
  if (rankings.length === 0) return null;
  return (
    <div className="task-card task-wide" data-testid="ranking">
      <h3>Ranking (lower BPB first)</h3>
      <ul>
        {rankings.map((r) => (
          <li key={r.metric} data-flipped={r.flipped}>
            {ESTIMATOR_NAMES[r.metric] ?? r.metric}: <strong>{r.order.join(' < ')}</strong>{' '}
            {r.metric === 'corpus_bpb' ? null : r.flipped ? (
              <span className="task-flip">ranking flips against corpus BPB</span>
            ) : (
              <span className="muted">same order</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ComparePanel() {
  const task = useTaskLab((s) => s.task);
  const runs = useTaskLab((s) => s.runs);
  const keys = useTaskLab((s) => s.compareKeys);
  const options = useTaskLab((s) => s.options);
  const chosen = keys.map((k) => runs[k]).filter((r): r is RunView => !!r);
  const versions = chosen.map((r) => `${r.key}@${r.version}`).join('|');
  const result = useMemo(
    () => (task && chosen.length >= 2 ? compare(task, chosen, options) : undefined),
    [task, versions, options.mu, options.space, options.subject], // eslint-disable-line react-hooks/exhaustive-deps
  );
  if (!task || Object.keys(runs).length < 2) return null;
  if (!result)
    return (
      <section className="panel task-compare" aria-labelledby="task-compare-title">
        <h2 id="task-compare-title">5. Compare runs</h2>
        <p className="muted">Tick two or more runs above (e.g. one model at fp32, q8 and q4) to compare them.</p>
      </section>
    );
  const c = result.comparison;
  const rows = c ? [...KEY_METRICS.map((k) => c.metrics.find((m) => m.metric === k)).filter((m) => !!m), ...c.metrics.filter((m) => !KEY_METRICS.includes(m.metric))] : [];
  const keyCount = c ? KEY_METRICS.filter((k) => c.metrics.some((m) => m.metric === k)).length : 0;
  const table = (list: typeof rows, testId?: string) => (
    <div className="task-table-wrap">
      <table data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">metric</th>
            {c!.labels.map((l, i) => (
              <th key={l} scope="col">
                {l}
                {i > 0 && <span className="muted"> (Δ)</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.map((m) => (
            <tr key={m!.metric} data-metric={m!.metric}>
              <td>{m!.metric}</td>
              {m!.values.map((v, i) => (
                <td key={i}>
                  {fmt(v)}
                  {m!.stderrs[i] !== undefined && Number.isFinite(m!.stderrs[i]) && <span className="muted"> ±{fmt(m!.stderrs[i], 3)}</span>}
                  {i > 0 && Number.isFinite(m!.deltas[i]) && (
                    <span className={`task-delta ${m!.deltas[i] > 0 ? 'up' : m!.deltas[i] < 0 ? 'down' : ''}`}> ({m!.deltas[i] > 0 ? '+' : ''}{fmt(m!.deltas[i])})</span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  return (
    <section className="panel task-compare" aria-labelledby="task-compare-title" data-testid="compare">
      <h2 id="task-compare-title">5. Compare runs</h2>
      <p className="muted task-note">
        {result.slices.length} runs on the {result.nCommon} items all of them have scored{options.subject ? `, subject ${options.subject}` : ''}; Δ is the change from the first run.
      </p>
      {result.error && <p className="error">{result.error}</p>}
      {c && (
        <>
          <div className="task-exports">
            <button type="button" onClick={() => downloadText(comparisonToCsv(c), `${task.set.name}-comparison.csv`, 'text/csv')}>Comparison CSV</button>
            <button type="button" onClick={() => downloadText(metricsToJson(c), `${task.set.name}-comparison.json`, 'application/json')}>Comparison JSON</button>
          </div>
          <div className="task-cards">
            <Flips c={c} />
            <div className="task-card">
              <h3>Fixed cost α and marginal rate β</h3>
              <table>
                <thead>
                  <tr>
                    <th scope="col">run</th>
                    <th scope="col">α</th>
                    <th scope="col">β</th>
                    <th scope="col">R²</th>
                  </tr>
                </thead>
                <tbody>
                  {c.alpha_beta.map((r) => (
                    <tr key={r.label}>
                      <td>{r.label}</td>
                      <td>{fmt(r.alpha, 3)}</td>
                      <td>{fmt(r.beta)}</td>
                      <td>{fmt(r.r2, 3)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="muted task-note">A growing α with a flat β is a fixed per-answer cost, not a change in capability.</p>
            </div>
            {c.acc_vs_acc_norm.some((r) => r.movement !== 'unknown') && (
              <div className="task-card">
                <h3>acc against acc_norm</h3>
                <ul>
                  {c.acc_vs_acc_norm.map((r) => (
                    <li key={r.label}>
                      {r.label}: Δacc {fmt(r.delta_acc, 3)}, Δacc_norm {fmt(r.delta_acc_norm, 3)}. {r.reading}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
          {table(rows.slice(0, keyCount), 'compare-table')}
          <details>
            <summary>All metrics</summary>
            {table(rows.slice(keyCount))}
          </details>
          <CompareBpbChart
            rows={result.slices.map((s) => ({ label: s.label, corpus: s.m.corpus_bpb, prior: s.m.prior_bpb, meanOfRatios: s.m.mean_of_ratios_bpb }))}
          />
        </>
      )}
    </section>
  );
}
