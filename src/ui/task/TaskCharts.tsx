// The Task lab's charts, each in a ChartFrame (PNG/SVG export) and each taking plain data.
import { useState } from 'react';
import {
  Area,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  ErrorBar,
  Legend,
  Line,
  LineChart,
  ReferenceDot,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartFrame } from '../common/ChartFrame';
import type { AccuracyReport, AccuracyRule, QuintileReport } from '../../core/metrics/types';
import { ACCURACY_RULES } from '../../core/metrics/types';
import { extent } from '../../core/metrics/stats';
import { DECIDING_RULES } from '../../core/scoring/rules';
import type { BitsBytesPoint, PriorMuPoint, RatePoint } from './chartData';
import { fmt } from './format';

const AXIS = { stroke: 'var(--muted)', tick: { fill: 'var(--fg)', fontSize: 12 } } as const;
const GRID = { stroke: 'var(--border)', strokeDasharray: '3 3' } as const;
const TOOLTIP = {
  contentStyle: { background: 'var(--bg)', border: '1px solid var(--border)', color: 'var(--fg)' },
  labelStyle: { color: 'var(--fg)' },
} as const;
// itemSorter null: the legend lists series in drawing order (Recharts 3 otherwise sorts them by name).
const LEGEND = { wrapperStyle: { color: 'var(--fg)', fontSize: 13 }, itemSorter: null } as const;
const HEIGHT = 280;

const tipNum = (v: unknown) => (typeof v === 'number' ? fmt(v) : String(v));

export function BitsBytesChart(props: { points: BitsBytesPoint[]; alpha: number; beta: number; corpusBpb: number; title?: string }) {
  const { points, alpha, beta } = props;
  const xs = points.map((p) => p.bytes);
  const [x0, x1] = extent(xs);
  const fitOk = Number.isFinite(alpha) && Number.isFinite(beta) && points.length > 1;
  return (
    <ChartFrame
      title={props.title ?? 'Bits against bytes per gold answer'}
      filename="task-bits-vs-bytes"
      note={
        fitOk ? (
          <>
            Fitted line: bits ≈ α + β·bytes with α = {fmt(alpha, 3)} bits (fixed cost per answer) and β = {fmt(beta, 4)} bits/byte.
            Corpus BPB {fmt(props.corpusBpb)} = α/mean(n) + β.
          </>
        ) : (
          'Too few answers (or all of one length) for a line.'
        )
      }
    >
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <ScatterChart margin={{ top: 10, right: 16, bottom: 24, left: 8 }}>
          <CartesianGrid {...GRID} />
          <XAxis type="number" dataKey="bytes" name="bytes" {...AXIS} label={{ value: 'gold length (UTF-8 bytes)', position: 'insideBottom', offset: -12, fill: 'var(--fg)' }} />
          <YAxis type="number" dataKey="bits" name="bits" {...AXIS} label={{ value: 'bits', angle: -90, position: 'insideLeft', fill: 'var(--fg)' }} />
          <Tooltip {...TOOLTIP} formatter={tipNum} cursor={{ strokeDasharray: '3 3' }} />
          <Scatter name="items" data={points} fill="var(--task-c1)" fillOpacity={0.65} isAnimationActive={false} />
          {fitOk && (
            <ReferenceLine
              segment={[
                { x: x0, y: alpha + beta * x0 },
                { x: x1, y: alpha + beta * x1 },
              ]}
              stroke="var(--task-c2)"
              strokeWidth={2}
              ifOverflow="extendDomain"
            />
          )}
        </ScatterChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

export function RateCurveChart(props: { points: RatePoint[]; space: string }) {
  return (
    <ChartFrame
      title="R(k): mean cost of byte k, with coverage"
      filename="task-rate-curve"
      note={`R(k) averages the k-th content byte's bits over the answers at least k bytes long (leading space: ${props.space}). The shaded band is coverage(k), the share of answers that reach byte k: where it is thin, R(k) rests on few answers.`}
    >
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <ComposedChart data={props.points} margin={{ top: 10, right: 8, bottom: 24, left: 8 }}>
          <CartesianGrid {...GRID} />
          <XAxis type="number" dataKey="k" domain={[1, 'dataMax']} {...AXIS} label={{ value: 'content byte k', position: 'insideBottom', offset: -12, fill: 'var(--fg)' }} />
          <YAxis yAxisId="r" {...AXIS} label={{ value: 'bits per byte', angle: -90, position: 'insideLeft', fill: 'var(--fg)' }} />
          <YAxis yAxisId="c" orientation="right" domain={[0, 1]} {...AXIS} tickFormatter={(v: number) => `${Math.round(v * 100)}%`} />
          <Tooltip {...TOOLTIP} formatter={tipNum} labelFormatter={(k) => `k = ${k}`} />
          <Legend {...LEGEND} verticalAlign="top" />
          <Area yAxisId="c" type="stepAfter" dataKey="coverage" name="coverage(k)" fill="var(--task-c3)" fillOpacity={0.18} stroke="var(--task-c3)" strokeOpacity={0.5} isAnimationActive={false} />
          <Line yAxisId="r" type="linear" dataKey="R" name="R(k)" stroke="var(--task-c1)" dot={false} strokeWidth={2} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

export function PriorMuChart(props: { points: PriorMuPoint[]; mu: number; corpusBpb: number; crossMu?: number }) {
  const { points, corpusBpb } = props;
  const atMu = points.find((p) => p.mu === props.mu);
  return (
    <ChartFrame
      title="PriorBPB as a function of the prior's mean μ"
      filename="task-priorbpb-mu"
      note={
        <>
          Both leading-space modes; the dashed level is corpus BPB ({fmt(corpusBpb)})
          {props.crossMu !== undefined ? <>, which PriorBPB (eval-framework) equals at μ ≈ {fmt(props.crossMu, 1)}</> : <>, which PriorBPB does not reach on this μ range</>}
          . The vertical line marks the chosen μ = {fmt(props.mu, 1)}.
        </>
      }
    >
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <LineChart data={points} margin={{ top: 10, right: 16, bottom: 24, left: 8 }}>
          <CartesianGrid {...GRID} />
          <XAxis
            type="number"
            dataKey="mu"
            scale="log"
            domain={['dataMin', 'dataMax']}
            ticks={[1.05, 2, 5, 10, 20, 50, 111, 200, 500, 1000].filter((t) => t >= points[0]?.mu && t <= points[points.length - 1]?.mu)}
            tickFormatter={(v: number) => (v < 2 ? v.toFixed(2) : String(Math.round(v)))}
            {...AXIS}
            label={{ value: 'μ, mean of the length prior (bytes)', position: 'insideBottom', offset: -12, fill: 'var(--fg)' }}
          />
          <YAxis {...AXIS} domain={['auto', 'auto']} tickFormatter={(v: number) => v.toFixed(2)} label={{ value: 'bits per byte', angle: -90, position: 'insideLeft', fill: 'var(--fg)' }} />
          <Tooltip {...TOOLTIP} formatter={tipNum} labelFormatter={(mu) => `μ = ${fmt(Number(mu), 2)}`} />
          <Legend {...LEGEND} verticalAlign="top" />
          {Number.isFinite(corpusBpb) && (
            <ReferenceLine y={corpusBpb} stroke="var(--task-c4)" strokeDasharray="6 4" label={{ value: 'corpus BPB', position: 'insideTopRight', fill: 'var(--fg)', fontSize: 12 }} />
          )}
          <ReferenceLine x={props.mu} stroke="var(--muted)" strokeDasharray="2 3" />
          <Line dataKey="evalFramework" name="PriorBPB (eval-framework)" stroke="var(--task-c1)" dot={false} strokeWidth={2} isAnimationActive={false} />
          <Line dataKey="keep" name="PriorBPB (keep space)" stroke="var(--task-c2)" dot={false} strokeWidth={2} strokeDasharray="5 3" isAnimationActive={false} />
          {atMu && <ReferenceDot x={atMu.mu} y={atMu.evalFramework} r={4} fill="var(--task-c1)" stroke="var(--bg)" />}
          {props.crossMu !== undefined && <ReferenceDot x={props.crossMu} y={corpusBpb} r={5} fill="var(--task-c4)" stroke="var(--bg)" />}
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

type QuintileMetric = 'corpus_bpb' | 'mean_of_ratios_bpb' | AccuracyRule;

const QUINTILE_LABELS: Record<QuintileMetric, string> = {
  corpus_bpb: 'corpus BPB',
  mean_of_ratios_bpb: 'mean-of-ratios BPB',
  ...(Object.fromEntries(DECIDING_RULES.map((r) => [r.id, r.accuracyLabel ?? r.id])) as Record<AccuracyRule, string>),
};

export function QuintileChart(props: { quintiles: QuintileReport }) {
  const q = props.quintiles;
  const hasAcc = q.bins.some((b) => Object.keys(b.accuracy).length > 0);
  const metrics: QuintileMetric[] = ['corpus_bpb', 'mean_of_ratios_bpb', ...(hasAcc ? ACCURACY_RULES : [])];
  const [metric, setMetric] = useState<QuintileMetric>('corpus_bpb');
  const m = metrics.includes(metric) ? metric : 'corpus_bpb';
  const data = q.bins.map((b, i) => ({
    bin: `Q${i + 1}: ${Math.round(b.lo)}–${Math.round(b.hi)} B`,
    n: b.n,
    value: m === 'corpus_bpb' ? b.corpus_bpb : m === 'mean_of_ratios_bpb' ? b.mean_of_ratios_bpb : (b.accuracy[m] ?? NaN),
  }));
  return (
    <ChartFrame
      title={`Gold-length quintiles: ${QUINTILE_LABELS[m]}`}
      filename={`task-quintiles-${m}`}
      note={<>Items split into five quintiles of gold length (bytes). Longest / shortest quintile corpus BPB: {fmt(q.top_bottom_ratio, 3)}.</>}
    >
      <label className="task-inline">
        Metric{' '}
        <select value={m} onChange={(e) => setMetric(e.target.value as QuintileMetric)} data-testid="quintile-metric">
          {metrics.map((k) => (
            <option key={k} value={k}>
              {QUINTILE_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <BarChart data={data} margin={{ top: 10, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid {...GRID} vertical={false} />
          <XAxis dataKey="bin" {...AXIS} interval={0} tick={{ fill: 'var(--fg)', fontSize: 11 }} />
          <YAxis {...AXIS} tickFormatter={(v: number) => (ACCURACY_RULES.includes(m as AccuracyRule) ? `${Math.round(v * 100)}%` : v.toFixed(2))} />
          <Tooltip {...TOOLTIP} formatter={tipNum} cursor={{ fill: 'var(--panel)' }} />
          <Bar dataKey="value" name={QUINTILE_LABELS[m]} fill="var(--task-c1)" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

export function AccuracyChart(props: { accuracy: AccuracyReport }) {
  const a = props.accuracy;
  const chance = a.chance_normalised.acc?.chance;
  const data = ACCURACY_RULES.filter((r) => a.rules[r]).map((r) => ({
    rule: r,
    value: a.rules[r]!.value,
    // 95% interval half-width from the standard error.
    err: Number.isFinite(a.rules[r]!.stderr) ? 1.96 * a.rules[r]!.stderr : 0,
  }));
  return (
    <ChartFrame
      title="Accuracy under each scoring rule"
      filename="task-accuracy-per-rule"
      note={<>Bars show accuracy with ±1.96 standard errors over {a.n_items} multiple-choice items{chance !== undefined ? <>; the dashed line is chance ({fmt(chance, 3)})</> : null}.</>}
    >
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <BarChart data={data} margin={{ top: 10, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid {...GRID} vertical={false} />
          <XAxis dataKey="rule" {...AXIS} interval={0} tick={{ fill: 'var(--fg)', fontSize: 11 }} />
          <YAxis {...AXIS} domain={[0, 1]} tickFormatter={(v: number) => `${Math.round(v * 100)}%`} />
          <Tooltip {...TOOLTIP} formatter={tipNum} cursor={{ fill: 'var(--panel)' }} />
          {chance !== undefined && <ReferenceLine y={chance} stroke="var(--task-c4)" strokeDasharray="6 4" />}
          <Bar dataKey="value" name="accuracy" fill="var(--task-c1)" isAnimationActive={false}>
            <ErrorBar dataKey="err" width={6} stroke="var(--fg)" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

const RUN_COLOURS = ['var(--task-c1)', 'var(--task-c2)', 'var(--task-c3)', 'var(--task-c4)', 'var(--muted)'];

/**
 * Each run's value under each BPB estimator, one line per run: where two lines cross between
 * corpus BPB and PriorBPB, the estimators rank the runs differently.
 */
export function CompareBpbChart(props: { rows: { label: string; corpus: number; prior: number; meanOfRatios: number }[] }) {
  const estimators = [
    { name: 'corpus BPB', key: 'corpus' },
    { name: 'mean-of-ratios BPB', key: 'meanOfRatios' },
    { name: 'PriorBPB', key: 'prior' },
  ] as const;
  const data = estimators.map((e) => {
    const point: Record<string, string | number> = { estimator: e.name };
    props.rows.forEach((r, i) => (point[`run${i}`] = r[e.key]));
    return point;
  });
  return (
    <ChartFrame
      title="Each run under each BPB estimator"
      filename="task-compare-bpb"
      note="One line per run; lower is better. Lines that cross between two estimators mean those estimators rank the runs differently."
    >
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <LineChart data={data} margin={{ top: 10, right: 24, bottom: 8, left: 8 }}>
          <CartesianGrid {...GRID} />
          <XAxis dataKey="estimator" {...AXIS} interval={0} padding={{ left: 30, right: 30 }} />
          <YAxis {...AXIS} domain={['auto', 'auto']} tickFormatter={(v: number) => v.toFixed(3)} label={{ value: 'bits per byte', angle: -90, position: 'insideLeft', fill: 'var(--fg)' }} />
          <Tooltip {...TOOLTIP} formatter={tipNum} />
          <Legend {...LEGEND} verticalAlign="top" />
          {props.rows.map((r, i) => (
            <Line key={r.label} dataKey={`run${i}`} name={r.label} stroke={RUN_COLOURS[i % RUN_COLOURS.length]} strokeWidth={2} dot={{ r: 4 }} isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
