// The metrics of the shown run (SPEC §4): BPB family with the α/β identity, PriorBPB in both
// leading-space modes, length quintiles, Spearman ρ, accuracies, per subject; charts; exports.
import { useMemo, useState, type ReactNode } from 'react';
import { metricsToCsv, metricsToJson, rateCurveToCsv } from '../../core/formats/metricsExport';
import { APP_REMEDY, logGaps, PER_TOKEN_VIEW, perTokenGap, type LogGap } from '../../core/formats/logViews';
import type { ItemScoreName, SliceMetrics, TaskMetrics } from '../../core/metrics/types';
import { ACCURACY_RULES } from '../../core/metrics/types';
import { SCORE_COLUMNS, itemLabel } from '../../core/scoring/rules';
import { useTaskLab } from '../../state/taskStore';
import { downloadText } from '../common/download';
import { bitsBytesPoints, crossing, goldAnswers, priorMuPoints, ratePoints } from './chartData';
import { fmt, pct } from './format';
import { Num } from './Num';
import { ItemsTable } from './ItemsTable';
import { taskItemLinker } from './scorerLinks';
import { AccuracyChart, BitsBytesChart, PriorMuChart, QuintileChart, RateCurveChart } from './TaskCharts';
import { useRunMetrics } from './useRunMetrics';
import { ScrollX } from '../common/ScrollX';

/** Each per-item score beside its Spearman ρ, in the rule table's column order. */
const SCORE_LABELS = Object.fromEntries(SCORE_COLUMNS.map((r) => [r.names.item, itemLabel(r)])) as Record<ItemScoreName, string>;

/** A column header: its text, or its text and a tooltip. */
type Column = string | { label: string; title: string };

/** A scrolling table with one header row: every table of this view. */
function TaskTable(props: { columns: Column[]; children: ReactNode }) {
  return (
    <ScrollX className="task-table-wrap" label="Table (scrolls sideways)">
      <table>
        <thead>
          <tr>
            {props.columns.map((c) =>
              typeof c === 'string' ? (
                <th key={c} scope="col">{c}</th>
              ) : (
                <th key={c.label} scope="col" title={c.title}>{c.label}</th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </ScrollX>
  );
}

function OptionsBar(props: { subjects: string[] }) {
  const options = useTaskLab((s) => s.options);
  const setOptions = useTaskLab((s) => s.setOptions);
  const [muText, setMuText] = useState(String(options.mu));
  const muValid = Number(muText) > 1 && Number.isFinite(Number(muText));
  return (
    <div className="task-controls" role="group" aria-label="Metric options">
      <label>
        μ (prior mean, bytes){' '}
        <input
          type="number"
          min={1.01}
          step="any"
          value={muText}
          aria-invalid={!muValid}
          onChange={(e) => {
            setMuText(e.target.value);
            const v = Number(e.target.value);
            if (v > 1 && Number.isFinite(v)) setOptions({ mu: v });
          }}
          data-testid="mu"
          style={{ width: '6rem' }}
        />
      </label>
      {!muValid && <span className="error">μ must be a number above 1</span>}
      <label>
        Leading space{' '}
        <select value={options.space} onChange={(e) => setOptions({ space: e.target.value as 'eval-framework' | 'keep' })} data-testid="space">
          <option value="eval-framework">eval-framework (drop it)</option>
          <option value="keep">keep its bits</option>
        </select>
      </label>
      {props.subjects.length > 0 && (
        <label>
          Subject{' '}
          <select value={options.subject} onChange={(e) => setOptions({ subject: e.target.value })} data-testid="subject">
            <option value="">all subjects</option>
            {props.subjects.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}

function BpbFamily(props: { m: SliceMetrics }) {
  const { m } = props;
  return (
    <div className="task-card" data-testid="bpb-family">
      <h3>BPB family (gold answers)</h3>
      <dl className="task-dl">
        <dt>corpus BPB Σbits / Σbytes</dt>
        <dd><Num value={m.corpus_bpb} testId="corpus-bpb" /></dd>
        <dt>mean-of-ratios BPB</dt>
        <dd><Num value={m.mean_of_ratios_bpb} testId="mean-of-ratios-bpb" /></dd>
        <dt>corpus BPB, leading space not counted</dt>
        <dd><Num value={m.space_stripped_corpus_bpb} /></dd>
        <dt>α (bits per answer, fixed)</dt>
        <dd><Num value={m.alpha} testId="alpha" /></dd>
        <dt>β (bits per byte, marginal)</dt>
        <dd><Num value={m.beta} testId="beta" /></dd>
        <dt>R² of the fit</dt>
        <dd><Num value={m.r2} digits={3} /></dd>
      </dl>
      <p className="task-identity" data-testid="identity">
        corpus BPB = α / mean(n) + β = {fmt(m.alpha, 3)} / {fmt(m.mean_bytes, 2)} + {fmt(m.beta)} = <Num value={m.corpus_bpb_from_fit} testId="corpus-bpb-from-fit" />
      </p>
      <p className="muted task-note">
        {m.n_items_answer} gold answers, {fmt(m.bits_per_answer, 2)} bits and {fmt(m.mean_bytes, 1)} bytes each on average.
      </p>
    </div>
  );
}

function PriorCard(props: { m: SliceMetrics; logged: boolean }) {
  const { m } = props;
  if (m.n_items_prior === 0)
    return (
      <div className="task-card">
        <h3>PriorBPB</h3>
        <p className="muted" data-testid="prior-missing">
          {props.logged ? perTokenGap(APP_REMEDY) : 'No per-token scores: score the items with a model to get R(k) and PriorBPB.'}
        </p>
      </div>
    );
  return (
    <div className="task-card" data-testid="prior-card">
      <h3>PriorBPB (μ = {fmt(m.mu, 1)})</h3>
      <dl className="task-dl">
        <dt>eval-framework (drop leading space)</dt>
        <dd><Num value={m.prior_bpb_by_space['eval-framework']} testId="prior-bpb-ef" /></dd>
        <dt>keep (space's bits stay)</dt>
        <dd><Num value={m.prior_bpb_by_space.keep} testId="prior-bpb-keep" /></dd>
        <dt>K, the longest content length</dt>
        <dd><Num value={m.K} digits={0} testId="prior-K" /> bytes</dd>
        <dt>untruncated prior mass within K</dt>
        <dd><Num value={m.prior_mass_within_K} digits={3} testId="prior-mass" /></dd>
        <dt>self-prior PriorBPB (task's own lengths)</dt>
        <dd><Num value={m.self_prior_bpb} /></dd>
        <dt>content corpus BPB</dt>
        <dd><Num value={m.content_corpus_bpb} /></dd>
        {Object.entries(m.prefix_bpb).map(([k, v]) => (
          <FragmentRow key={k} label={`prefix BPB, first ${k} byte${k === '1' ? '' : 's'}`} value={v} />
        ))}
      </dl>
    </div>
  );
}

function FragmentRow(props: { label: string; value: number }) {
  return (
    <>
      <dt>{props.label}</dt>
      <dd><Num value={props.value} /></dd>
    </>
  );
}

function QuintileTable(props: { m: SliceMetrics }) {
  const q = props.m.quintiles;
  if (q.bins.length === 0) return null;
  const filled = q.bins.filter((b) => b.n > 0);
  const first = filled[0];
  const last = filled[filled.length - 1];
  const hasAcc = q.bins.some((b) => Object.keys(b.accuracy).length > 0);
  return (
    <div className={`task-card${hasAcc ? ' task-wide' : ''}`} data-testid="quintiles">
      <h3>Gold-length quintiles</h3>
      <p className="task-identity">
        shortest quintile BPB <Num value={first.corpus_bpb} testId="q-short-bpb" />, longest <Num value={last.corpus_bpb} testId="q-long-bpb" />, ratio
        longest / shortest <strong><Num value={q.top_bottom_ratio} digits={3} testId="q-ratio" /></strong>
      </p>
      <TaskTable columns={['quintile', 'bytes', 'n', 'corpus BPB', 'mean-of-ratios', ...(hasAcc ? ['acc', 'acc_norm'] : [])]}>
        {q.bins.map((b, i) => (
          <tr key={i}>
            <td>Q{i + 1}</td>
            <td>
              {fmt(b.lo, 0)}–{fmt(b.hi, 0)}
            </td>
            <td>{b.n}</td>
            <td><Num value={b.corpus_bpb} /></td>
            <td><Num value={b.mean_of_ratios_bpb} /></td>
            {hasAcc && <td>{pct(b.accuracy.acc)}</td>}
            {hasAcc && <td>{pct(b.accuracy.acc_norm)}</td>}
          </tr>
        ))}
      </TaskTable>
    </div>
  );
}

function SpearmanTable(props: { m: SliceMetrics }) {
  const s = props.m.spearman;
  const names = (Object.keys(SCORE_LABELS) as ItemScoreName[]).filter((n) => s[n] !== undefined);
  if (names.length === 0) return null;
  return (
    <div className="task-card" data-testid="spearman">
      <h3>Length correlation of each per-item score</h3>
      <p className="task-identity">
        Spearman ρ with gold length: bits per byte <Num value={s.bits_per_byte} digits={3} testId="rho-bpb" />, PriorBPB{' '}
        <Num value={s.prior_bpb} digits={3} testId="rho-prior" />
      </p>
      <TaskTable columns={['gold answer score', 'Spearman ρ']}>
        {names.map((n) => (
          <tr key={n}>
            <td>{SCORE_LABELS[n]}</td>
            <td><Num value={s[n]} digits={3} /></td>
          </tr>
        ))}
      </TaskTable>
      <p className="muted task-note">ρ near 0: the score does not track answer length. Log-likelihood falls with length by construction.</p>
    </div>
  );
}

/** The rules an lm-eval log cannot decide, each with its one sentence (docs/scale-out.md). */
function LogGaps(props: { gaps: readonly LogGap[] }) {
  const rules = props.gaps.filter((g) => g.view !== PER_TOKEN_VIEW);
  if (rules.length === 0) return null;
  return (
    <ul className="muted task-note" data-testid="log-gaps">
      {rules.map((g) => (
        <li key={g.view}>{g.sentence}</li>
      ))}
    </ul>
  );
}

function AccuracyTable(props: { m: SliceMetrics; gaps: readonly LogGap[] }) {
  const a = props.m.accuracies;
  if (a.n_items === 0)
    return (
      <div className="task-card" data-testid="accuracy">
        <h3>Accuracy</h3>
        <p className="muted">No multiple-choice items: accuracy under each rule needs two or more choices.</p>
        {a.greedy && (
          <p>
            Greedy match of the gold (lm-eval loglikelihood acc): <Num value={a.greedy.value} digits={3} /> ± <Num value={a.greedy.stderr} digits={3} />
          </p>
        )}
      </div>
    );
  return (
    <div className="task-card" data-testid="accuracy">
      <h3>Accuracy ({a.n_items} multiple-choice items)</h3>
      <TaskTable columns={['rule', 'accuracy', '± stderr', { label: 'chance-norm.', title: '(acc − chance)/(1 − chance): rescaled against guessing, not acc_norm' }]}>
        {ACCURACY_RULES.filter((r) => a.rules[r]).map((r) => (
          <tr key={r}>
            <td>{r}</td>
            <td><Num value={a.rules[r]!.value} digits={4} testId={`acc-${r}`} /></td>
            <td><Num value={a.rules[r]!.stderr} digits={4} /></td>
            <td><Num value={a.chance_normalised[r]?.value} digits={4} /></td>
          </tr>
        ))}
      </TaskTable>
      <p className="muted task-note">
        acc and acc_norm pick different answers on {pct(a.acc_acc_norm_disagreement)} of items; acc picks the shortest choice on {pct(a.acc_picks_shortest)}.
        “Chance-normalised” rescales against random guessing and is not lm-eval’s acc_norm.
      </p>
      <LogGaps gaps={props.gaps} />
    </div>
  );
}

function SubjectTable(props: { metrics: TaskMetrics }) {
  const entries = Object.entries(props.metrics.by_subject);
  if (entries.length === 0) return null;
  const hasAcc = props.metrics.accuracies.n_items > 0;
  return (
    <div className="task-card task-wide" data-testid="by-subject">
      <h3>Per subject</h3>
      <TaskTable columns={['subject', 'n', ...(hasAcc ? ['acc', 'acc_norm'] : []), 'corpus BPB', 'PriorBPB', 'α', 'β']}>
        {entries.map(([s, m]) => (
          <tr key={s}>
            <td>{s}</td>
            <td>{m.n_items}</td>
            {hasAcc && <td>{fmt(m.accuracies.rules.acc?.value, 3)}</td>}
            {hasAcc && <td>{fmt(m.accuracies.rules.acc_norm?.value, 3)}</td>}
            <td>{fmt(m.corpus_bpb)}</td>
            <td>{fmt(m.prior_bpb)}</td>
            <td>{fmt(m.alpha, 3)}</td>
            <td>{fmt(m.beta)}</td>
          </tr>
        ))}
      </TaskTable>
    </div>
  );
}

export function MetricsView() {
  const task = useTaskLab((s) => s.task);
  const runs = useTaskLab((s) => s.runs);
  const activeKey = useTaskLab((s) => s.activeRunKey);
  const options = useTaskLab((s) => s.options);
  const run = activeKey ? runs[activeKey] : undefined;
  const { items, metrics, error } = useRunMetrics(task, run, options);
  const subjects = useMemo(() => (metrics ? Object.keys(metrics.by_subject) : []), [metrics]);
  const slice: SliceMetrics | undefined = metrics && (options.subject && metrics.by_subject[options.subject] ? metrics.by_subject[options.subject] : metrics);
  const answers = useMemo(
    () => goldAnswers(options.subject ? items.filter((it) => it.subject === options.subject) : items),
    [items, options.subject],
  );
  const muPoints = useMemo(() => priorMuPoints(answers, options.mu), [answers, options.mu]);
  const linkOf = useMemo(() => (task ? taskItemLinker(task) : undefined), [task]);
  const gaps = useMemo(() => (run?.kind === 'logged' ? logGaps(items, APP_REMEDY) : []), [run?.kind, items]);
  if (!task || !run) return null;
  const slug = `${task.set.name}-${run.label}`.replace(/[^A-Za-z0-9_.-]+/g, '_');
  const crossMu = slice ? crossing(muPoints, slice.corpus_bpb, 'evalFramework') : undefined;

  return (
    <section className="task-results" aria-labelledby="task-results-title">
      <h2 id="task-results-title">
        4. Metrics: <span data-testid="shown-run">{run.label}</span>{' '}
        <span className="muted">
          ({items.length} of {task.set.items.length} items scored)
        </span>
      </h2>
      <OptionsBar subjects={subjects} />
      {error && <p className="error" role="alert">{error}</p>}
      {!slice && !error && <p className="muted">No scored items yet.</p>}
      {slice && metrics && (
        <>
          <div className="task-exports">
            <button type="button" onClick={() => downloadText(metricsToCsv(metrics), `${slug}-metrics.csv`, 'text/csv')}>Metrics CSV</button>
            <button type="button" onClick={() => downloadText(metricsToJson(metrics), `${slug}-metrics.json`, 'application/json')}>Metrics JSON</button>
            {slice.n_items_prior > 0 && (
              <button type="button" onClick={() => downloadText(rateCurveToCsv(slice), `${slug}-rate-curve.csv`, 'text/csv')}>R(k) CSV</button>
            )}
          </div>
          {metrics.skipped.length > 0 && (
            <p className="warning">
              {metrics.skipped.length} item(s) left out of the BPB family: {metrics.skipped.slice(0, 5).map((s) => `${s.id} (${s.reason})`).join('; ')}
              {metrics.skipped.length > 5 ? '…' : ''}
            </p>
          )}
          {slice.notes.length > 0 && (
            <ul className="warning task-notes" data-testid="notes">
              {slice.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
          <div className="task-cards">
            <BpbFamily m={slice} />
            <PriorCard m={slice} logged={run.kind === 'logged'} />
            <QuintileTable m={slice} />
            <SpearmanTable m={slice} />
            <AccuracyTable m={slice} gaps={gaps} />
            {!options.subject && <SubjectTable metrics={metrics} />}
          </div>
          <ItemsTable items={options.subject ? items.filter((it) => it.subject === options.subject) : items} options={options} linkOf={linkOf} />
          <h3 className="task-charts-title">Charts</h3>
          <div className="task-charts">
            {answers.length > 0 && <BitsBytesChart points={bitsBytesPoints(answers)} alpha={slice.alpha} beta={slice.beta} corpusBpb={slice.corpus_bpb} />}
            {slice.n_items_prior > 0 && <RateCurveChart points={ratePoints(slice)} space={slice.space} />}
            {muPoints.length > 0 && <PriorMuChart points={muPoints} mu={options.mu} corpusBpb={slice.corpus_bpb} crossMu={crossMu} />}
            {slice.quintiles.bins.length > 0 && <QuintileChart quintiles={slice.quintiles} />}
            {slice.accuracies.n_items > 0 && <AccuracyChart accuracy={slice.accuracies} />}
          </div>
        </>
      )}
    </section>
  );
}
