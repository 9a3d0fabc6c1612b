import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, ErrorBar, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { LC_PLAUSIBLE_GAMMA_MAX, LENGTH_FEATURES, type AuditResult, type ChecklistStatus, type EstimateSet, type LcSupport, type LengthFeatureKind } from '../../core/judge/audit';
import type { ParsedVerdicts } from '../../core/judge/verdicts';
import { ChartFrame } from '../common/ChartFrame';
import { downloadText } from '../common/download';
import { readUserFile } from '../common/readUserFile';
import { fixed, pct, SERIES, TOOLTIP_STYLE } from './format';
import { useJudgeWorker } from './useJudgeWorker';

const SAMPLE_URL = 'samples/judge-verdicts.csv';
const SHOWN_ERRORS = 20;

type State =
  | { phase: 'idle' }
  | { phase: 'running'; name: string; done: number; total: number }
  | { phase: 'done'; name: string; parsed: ParsedVerdicts; result: AuditResult | null; ms: number }
  | { phase: 'error'; message: string };

export function AuditView() {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const [reps, setReps] = useState(1000);
  const [feature, setFeature] = useState<LengthFeatureKind>('log-ratio');
  const worker = useJudgeWorker();
  const audit = (text: string, name: string) => {
    const t0 = performance.now();
    setState({ phase: 'running', name, done: 0, total: 0 });
    worker.start({ kind: 'audit', text, bootstrapReps: reps, lengthFeature: feature }, (reply) => {
      if (reply.kind === 'progress') setState({ phase: 'running', name, done: reply.done, total: reply.total });
      else if (reply.kind === 'audit') setState({ phase: 'done', name, parsed: reply.parsed, result: reply.result, ms: performance.now() - t0 });
      else if (reply.kind === 'error') setState({ phase: 'error', message: `${name}: ${reply.message}` });
    });
  };
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const read = await readUserFile(file);
    if (read.ok) audit(read.text, file.name);
    else setState({ phase: 'error', message: read.message });
  };
  const loadSample = async () => {
    try {
      const res = await fetch(SAMPLE_URL);
      if (!res.ok) throw new Error(`could not load the sample file (HTTP ${res.status})`);
      audit(await res.text(), 'judge-verdicts.csv (sample)');
    } catch (err) {
      setState({ phase: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  };
  return (
    <div className="judge-audit">
      <section className="panel" aria-labelledby="judge-audit-input">
        <h3 id="judge-audit-input">Your judge’s verdicts</h3>
        <p>
          CSV (with a header) or JSONL, one row per judgment. Columns: <code>prompt_id</code>; <code>a_first</code> (true/false or
          1/0: was A shown first?); <code>verdict</code> (<code>A</code>, <code>B</code>, <code>tie</code>, or P(A wins) in [0, 1]);
          <code> len_a</code> and <code>len_b</code> (lengths in any one unit); optional <code>category</code> and <code>human</code>
          {' '}(a human verdict A/B/tie for a labelled subset). Judge each prompt in both orders where you can. A JSON array of such
          rows works too, and so does AlpacaEval’s <code>annotations.json</code> as it is: A is the evaluated model
          (<code>output_2</code>), P(A wins) = <code>preference</code> − 1, and the order the judge saw is rebuilt with AlpacaEval’s own rule.
        </p>
        <div className="judge-audit-actions">
          <label className="judge-file">
            <span>Upload verdicts</span>
            <input type="file" accept=".csv,.jsonl,.json,.txt,text/csv" data-testid="audit-file" onChange={(e) => { void onFile(e.target.files?.[0]); e.target.value = ''; }} />
          </label>
          <button type="button" onClick={() => void loadSample()}>Use the sample file</button>
          <a href={SAMPLE_URL} download="judge-verdicts.csv">Download the sample</a>
          <label>
            Bootstrap replicates
            <select value={reps} onChange={(e) => setReps(Number(e.target.value))}>
              {[200, 1000, 2000, 5000].map((r) => <option key={r} value={r}>{r.toLocaleString('en-US')}</option>)}
            </select>
          </label>
          <label>
            LC length feature
            <select value={feature} onChange={(e) => setFeature(e.target.value as LengthFeatureKind)} data-testid="audit-feature">
              <option value="log-ratio">log ratio ln(len A / len B)</option>
              <option value="char-difference">difference len A − len B (AlpacaEval)</option>
            </select>
          </label>
        </div>
      </section>
      {state.phase === 'running' && (
        <p className="judge-progress" role="status">
          <span>Auditing {state.name}: bootstrap</span>
          <progress max={state.total || 1} value={state.done} aria-label="Bootstrap replicates done" />
          <span>{state.done} / {state.total || '…'}</span>
          <button type="button" onClick={() => { worker.stop(); setState({ phase: 'idle' }); }}>Cancel</button>
        </p>
      )}
      {state.phase === 'error' && <p className="error" role="alert">{state.message}</p>}
      {state.phase === 'done' && <AuditReport name={state.name} parsed={state.parsed} result={state.result} ms={state.ms} />}
    </div>
  );
}

function BadLines({ parsed }: { parsed: ParsedVerdicts }) {
  if (!parsed.errors.length) return null;
  const listed = parsed.errors.filter((e) => e.line > 0);
  const more = parsed.errors.find((e) => e.line === 0);
  return (
    <div className="error" role="alert" data-testid="audit-errors">
      {parsed.rows.length ? (
        <>
          <strong>{listed.length + (more ? Number(/\d+/.exec(more.message)?.[0] ?? 0) : 0)} bad line(s) skipped</strong> — the other{' '}
          {parsed.rows.length} verdicts were used.
        </>
      ) : (
        <strong>No valid verdicts in this file.</strong>
      )}
      <ul>
        {listed.slice(0, SHOWN_ERRORS).map((e) => <li key={e.line}>Line {e.line}: {e.message}</li>)}
        {listed.length > SHOWN_ERRORS && <li>…and {listed.length - SHOWN_ERRORS} more</li>}
        {more && <li>{more.message}</li>}
      </ul>
    </div>
  );
}

/** Three significant digits: a median ratio of 0.033 is not shown as 0.03 or 0.00. */
const ratio = (v: number) => (Number.isFinite(v) ? (v >= 100 ? v.toFixed(0) : v.toPrecision(3)) : '—');

const STATUS_LABEL: Record<ChecklistStatus, string> = { ok: '✓ done', warn: '! check', missing: '✗ missing', info: 'i note' };

function IntervalRow({ label, iv, testid }: { label: string; iv: EstimateSet['raw']; testid: string }) {
  return (
    <tr>
      <td>{label}</td>
      <td data-testid={testid} data-value={iv.estimate}>{pct(iv.estimate)}</td>
      <td>{pct(iv.lo)} – {pct(iv.hi)}</td>
    </tr>
  );
}

/** LC's row: a point and interval only where the lengths support it, else the plausible range. */
function LcRow({ iv, support }: { iv: EstimateSet['lc']; support: LcSupport }) {
  if (support.supported) return <IntervalRow label="Length-controlled" iv={iv} testid="audit-lc" />;
  return (
    <tr className="judge-unsupported">
      <td>Length-controlled</td>
      <td data-testid="audit-lc" data-value={iv.estimate} data-supported="false">not supported</td>
      <td>
        {support.lcRange ? <>range {pct(support.lcRange.low)} – {pct(support.lcRange.high)}</> : 'no range'}
      </td>
    </tr>
  );
}

/** The support verdict beside LC: can these lengths identify the judge's length effect at equal length? */
function LcSupportBox({ support, lc, feature }: { support: LcSupport; lc: EstimateSet['lc']; feature: LengthFeatureKind }) {
  return (
    <div className={`judge-support ${support.supported ? 'supported' : 'unsupported'}`} data-testid="audit-lc-support" data-supported={String(support.supported)}>
      <strong>{support.supported ? '✓ LC is supported by these lengths' : '! LC is not supported by these lengths'}</strong>
      {support.supported || !support.reason ? (
        <p>
          A’s answer is the longer on <b>{pct(support.aLongerShare)}</b> of prompts, B’s on <b>{pct(support.bLongerShare)}</b>
          {support.supported ? ': both sides are well represented, so the fit sees the judge at and around equal length.' : '.'}
        </p>
      ) : (
        <p>{support.reason[0].toUpperCase() + support.reason.slice(1)}.</p>
      )}
      {!support.supported && support.lcRange && (
        <p>
          With the judge’s length effect anywhere from none to γ = {LC_PLAUSIBLE_GAMMA_MAX} (well-overlapping AlpacaEval models fit 0.9–1.6),
          LC lies between <b>{pct(support.lcRange.low)}</b> and <b>{pct(support.lcRange.high)}</b>. The fit’s own {pct(lc.estimate)} is an
          extrapolation, not an estimate.
        </p>
      )}
      {lc.dropped > 0 && <p className="muted">{lc.dropped} bootstrap resamples were left out of LC’s interval (separated or saturated fits).</p>}
      <p className="muted">Length feature: {LENGTH_FEATURES[feature]}.</p>
    </div>
  );
}

function AuditReport({ name, parsed, result, ms }: { name: string; parsed: ParsedVerdicts; result: AuditResult | null; ms: number }) {
  if (!result) {
    return (
      <>
        <h3>{name}</h3>
        <BadLines parsed={parsed} />
      </>
    );
  }
  const c = result.counts;
  const est = result.estimates;
  const support = result.lcSupport;
  const lcRange = !support.supported && support.lcRange ? support.lcRange : null;
  const bars = (['raw', 'swap', 'lc'] as const).map((k) => {
    const asRange = k === 'lc' && lcRange !== null;
    return {
      key: k,
      name: k === 'raw' ? 'Raw' : k === 'swap' ? 'Swap-avg' : asRange ? 'LC (range)' : 'LC',
      // An unsupported LC is drawn as its plausible range (a floating bar), without an error bar.
      value: asRange ? [100 * lcRange.low, 100 * lcRange.high] : 100 * est[k].estimate,
      err: asRange ? null : [100 * (est[k].estimate - est[k].lo), 100 * (est[k].hi - est[k].estimate)],
      color: k === 'raw' ? SERIES.fixedOrder.color : SERIES[k].color,
      faded: asRange || (k === 'lc' && !support.supported),
    };
  });
  const hist = result.lengthRatio.histogram.map((b) => ({ x: Math.exp((b.from + b.to) / 2), count: b.count }));
  const overlap = result.lengthRatio.featureHistogram.map((b) => {
    const mid = (b.from + b.to) / 2;
    return { x: mid, count: b.count, side: mid > 0 ? 'A' : 'B' };
  });
  return (
    <div className="judge-report" data-testid="audit-report">
      <h3>
        {name} <span className="muted">({parsed.format === 'alpacaeval' ? 'AlpacaEval annotations' : parsed.format.toUpperCase()}, audited in {(ms / 1000).toFixed(1)} s)</span>
      </h3>
      {parsed.notes.length > 0 && (
        <ul className="judge-notes muted" data-testid="audit-notes">
          {parsed.notes.map((n) => <li key={n}>{n}</li>)}
        </ul>
      )}
      <BadLines parsed={parsed} />
      <p data-testid="audit-counts">
        {c.verdicts} verdicts on {c.prompts} prompts: {c.bothOrders} judged in both orders, {c.onlyAFirst} with A first only,{' '}
        {c.onlyASecond} with A second only; {c.ties} {c.ties === 1 ? 'tie' : 'ties'}
        {c.probabilities ? `, ${c.probabilities} ${c.probabilities === 1 ? 'probability' : 'probabilities'}` : ''}.
      </p>
      {result.warnings.map((w) => <p key={w} className="warning" role="status">{w}</p>)}
      <div className="judge-report-grid">
        <div>
          <table className="judge-table" aria-label="Audit win rates">
            <thead><tr><th>Win rate of A</th><th>Estimate</th><th>95% interval</th></tr></thead>
            <tbody>
              <IntervalRow label="Raw (as judged)" iv={est.raw} testid="audit-raw" />
              <IntervalRow label="Swap-averaged" iv={est.swap} testid="audit-swap" />
              <LcRow iv={est.lc} support={support} />
            </tbody>
          </table>
          <p className="muted">Intervals: {result.bootstrapReps.toLocaleString('en-US')} bootstrap resamples of prompts, both orders of a prompt kept together.</p>
          <LcSupportBox support={support} lc={est.lc} feature={result.lengthFeature} />
          <dl className="judge-stats">
            <div><dt>First-slot win rate</dt><dd data-testid="audit-first-slot">{pct(result.firstSlot)}</dd></div>
            <div><dt>Inconsistency rate</dt><dd data-testid="audit-inconsistency">{pct(result.inconsistency)}</dd></div>
            <div><dt>φ (position)</dt><dd>{fixed(result.phi)}</dd></div>
            <div><dt>γ (length) ± se</dt><dd>{fixed(result.gamma)} ± {fixed(result.gammaSe)}</dd></div>
            <div><dt>Spread of length feature</dt><dd>{fixed(result.featureSd)}</dd></div>
            <div><dt>Mean length A / B</dt><dd data-testid="audit-mean-lengths">{result.lengthRatio.meanLenA.toFixed(0)} / {result.lengthRatio.meanLenB.toFixed(0)}</dd></div>
            {result.human && <div><dt>Agreement with humans</dt><dd>{pct(result.human.agreement)} of {result.human.verdicts}</dd></div>}
          </dl>
        </div>
        <div className="judge-charts-column">
        <ChartFrame
          title="Length overlap: where LC is evaluated"
          filename="judge-audit-length-overlap"
          note={`The LC model's length feature, one value per prompt: right of 0 A's answer is the longer (${pct(support.aLongerShare)} of prompts), left of 0 B's (${pct(support.bLongerShare)}). LC is the fit read at 0; with few prompts on one side it is an extrapolation.`}
        >
          <div className="judge-chart" data-testid="audit-overlap-chart">
            <ResponsiveContainer width="100%" height={200}>
              <BarChart data={overlap} margin={{ top: 8, right: 24, bottom: 24, left: 0 }} barCategoryGap={1}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis
                  type="number"
                  dataKey="x"
                  domain={[-1.1, 1.1]}
                  ticks={[-1, -0.5, 0, 0.5, 1]}
                  tickFormatter={(v: number) => (v === 0 ? '0 equal' : v === -1 ? '−1 B' : v === 1 ? '+1 A' : String(v).replace('-', '−'))}
                  // Short enough to sit inside the chart at phone width (the note says what the feature is).
                  label={{ value: 'length feature (B longer ← → A longer)', position: 'insideBottom', offset: -14, fontSize: 12 }}
                />
                <YAxis allowDecimals={false} width={40} />
                <Tooltip formatter={(v) => `${v} prompts`} labelFormatter={(v) => `feature ≈ ${Number(v).toFixed(2)}`} contentStyle={TOOLTIP_STYLE} />
                <ReferenceLine x={0} stroke="currentColor" strokeDasharray="4 3" />
                <Bar dataKey="count" isAnimationActive={false} barSize={14}>
                  {overlap.map((b) => <Cell key={b.x} fill={b.side === 'A' ? SERIES.lc.color : SERIES.swap.color} />)}
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          </div>
        </ChartFrame>
        <ChartFrame title="Audit win rates with 95% intervals" filename="judge-audit-win-rates">
          <div className="judge-chart" data-testid="audit-chart">
            <ResponsiveContainer width="100%" height={240}>
              <BarChart data={bars} margin={{ top: 12, right: 12, bottom: 4, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="name" interval={0} tick={{ fontSize: 12 }} />
                <YAxis domain={[0, 100]} unit="%" width={48} />
                <Tooltip formatter={(v) => `${Number(v).toFixed(1)}%`} contentStyle={TOOLTIP_STYLE} />
                <ReferenceLine y={50} stroke="currentColor" strokeDasharray="1 3" />
                <Bar dataKey="value" isAnimationActive={false}>
                  {bars.map((b) => <Cell key={b.key} fill={b.color} fillOpacity={b.faded ? 0.35 : 1} stroke={b.faded ? b.color : undefined} strokeDasharray={b.faded ? '4 3' : undefined} />)}
                  <ErrorBar dataKey="err" width={8} stroke="currentColor" />
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          </div>
        </ChartFrame>
        </div>
      </div>
      <ChartFrame
        title="Length ratio len A / len B"
        filename="judge-audit-length-ratio"
        note={`Median ${ratio(result.lengthRatio.quantiles[2].ratio)}×, middle 90% ${ratio(result.lengthRatio.quantiles[0].ratio)}× – ${ratio(result.lengthRatio.quantiles[4].ratio)}×; A is longer in ${pct(result.lengthRatio.aLonger)} of prompts, B in ${pct(result.lengthRatio.bLonger)}. A verbose judge rewards whichever side sits right of 1×.`}
      >
        <div className="judge-chart" data-testid="audit-length-chart">
          <ResponsiveContainer width="100%" height={220}>
            <BarChart data={hist} margin={{ top: 8, right: 12, bottom: 24, left: 0 }} barCategoryGap={1}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="x" tickFormatter={(v) => `${ratio(Number(v))}×`} label={{ value: 'len A / len B per prompt (log bins)', position: 'insideBottom', offset: -14, fontSize: 12 }} />
              <YAxis allowDecimals={false} width={40} />
              <Tooltip formatter={(v) => `${v} prompts`} labelFormatter={(v) => `≈ ${Number(v).toFixed(2)}×`} contentStyle={TOOLTIP_STYLE} />
              <Bar dataKey="count" fill={SERIES.swap.color} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </ChartFrame>
      {result.categories.length > 0 && (
        <div className="judge-scroll">
        <table className="judge-table judge-categories" aria-label="Per-category results" data-testid="audit-categories">
          <caption>Per category (each fitted on its own; intervals by the same bootstrap)</caption>
          <thead><tr><th>Category</th><th>Prompts</th><th>Raw</th><th>Swap-averaged</th><th>LC</th><th>γ</th></tr></thead>
          <tbody>
            {result.categories.map((cat) => (
              <tr key={cat.category}>
                <td>{cat.category}</td>
                <td>{cat.prompts}</td>
                <td>{pct(cat.estimates.raw.estimate)} <small className="muted">[{pct(cat.estimates.raw.lo, 0)}, {pct(cat.estimates.raw.hi, 0)}]</small></td>
                <td>{pct(cat.estimates.swap.estimate)} <small className="muted">[{pct(cat.estimates.swap.lo, 0)}, {pct(cat.estimates.swap.hi, 0)}]</small></td>
                <td title={cat.lcSupport.reason ?? undefined}>
                  {cat.lcSupport.supported ? (
                    <>{pct(cat.estimates.lc.estimate)} <small className="muted">[{pct(cat.estimates.lc.lo, 0)}, {pct(cat.estimates.lc.hi, 0)}]</small></>
                  ) : (
                    <>not supported{cat.lcSupport.lcRange && <small className="muted"> range {pct(cat.lcSupport.lcRange.low, 0)} – {pct(cat.lcSupport.lcRange.high, 0)}</small>}</>
                  )}
                </td>
                <td>{fixed(cat.gamma, 2)}{cat.gammaIdentified ? '' : ' (not identified)'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
      <section aria-labelledby="judge-checklist-title">
        <h3 id="judge-checklist-title">Audit checklist</h3>
        <ul className="judge-checklist" data-testid="audit-checklist">
          {result.checklist.map((item) => (
            <li key={item.point} className={`status-${item.status}`}>
              <span className="judge-status">{STATUS_LABEL[item.status]}</span>
              <div><strong>{item.point}</strong><br />{item.finding}</div>
            </li>
          ))}
        </ul>
      </section>
      <button type="button" onClick={() => downloadText(JSON.stringify({ file: name, ...result, badLines: parsed.errors }, null, 2), 'judge-audit.json', 'application/json')}>
        Download audit (JSON)
      </button>
    </div>
  );
}
