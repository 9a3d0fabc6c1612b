// The sharpening steps' moving part: a temperature slider (T from 0.25 to 4, even on a log scale)
// over acc and acc_norm plotted against T, the current T marked, and one item's answers token by
// token at T = 1 and at the chosen T.
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '../common/ChartFrame';
import { inDrawingOrder } from '../common/legendOrder';
import { pct } from '../common/format';
import { candidateLetter, fmt } from '../scorer/format';
import { CURVE_TEMPERATURES, type SharpenTrace } from './leftoverFacts';
import type { Facts, SharpenWidget } from './types';

const AXIS = { stroke: 'var(--muted)', tick: { fill: 'var(--fg)', fontSize: 12 } } as const;
const TOOLTIP = { contentStyle: { background: 'var(--bg)', border: '1px solid var(--border)', color: 'var(--fg)' }, labelStyle: { color: 'var(--fg)' } } as const;
const ONE = CURVE_TEMPERATURES.indexOf(1);
const tLabel = (T: number) => (Number.isInteger(Math.log2(T)) ? String(T) : T.toFixed(2));
const showPiece = (p: string) => p.replace(/▁/g, '·');

export function SharpenCurveFigure(props: { widget: SharpenWidget; facts: Extract<Facts, { kind: 'sharpen' }> }) {
  const { curve, trace } = props.facts;
  const norm = props.widget.show.includes('acc_norm');
  const [k, setK] = useState(CURVE_TEMPERATURES.indexOf(0.5));
  const T = CURVE_TEMPERATURES[k];
  const row = curve[k];
  const data = curve.map((r) => ({ T: r.T, acc: r.acc, ...(norm ? { acc_norm: r.accNorm } : {}) }));
  return (
    <div className="sharpen-curve" data-testid="sharpen-curve">
      <ChartFrame title={norm ? 'acc and acc_norm against the temperature T' : 'acc against the temperature T'} filename="lesson-sharpen-curve" note={`${props.facts.items} stories, 4 choices; T on a log scale. The dashed line marks the T chosen below.`}>
        <ResponsiveContainer width="100%" height={260}>
          <LineChart data={data} margin={{ top: 10, right: 16, bottom: 24, left: 8 }}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis type="number" dataKey="T" scale="log" domain={[0.25, 4]} ticks={[0.25, 0.5, 1, 2, 4]} {...AXIS} label={{ value: 'temperature T', position: 'insideBottom', offset: -12, fill: 'var(--fg)' }} />
            <YAxis {...AXIS} domain={[0, 1]} tickFormatter={(v: number) => `${Math.round(100 * v)}%`} label={{ value: 'accuracy', angle: -90, position: 'insideLeft', fill: 'var(--fg)' }} />
            <Tooltip {...TOOLTIP} formatter={(v) => pct(Number(v))} labelFormatter={(t) => `T = ${tLabel(Number(t))}`} />
            <Legend wrapperStyle={{ color: 'var(--fg)', fontSize: 13 }} verticalAlign="top" />
            <ReferenceLine x={T} stroke="var(--muted)" strokeDasharray="4 3" />
            <Line dataKey="acc" stroke="var(--lesson-c1)" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
            {norm && <Line dataKey="acc_norm" stroke="var(--lesson-c2)" strokeWidth={2} strokeDasharray="6 3" dot={{ r: 3 }} isAnimationActive={false} />}
          </LineChart>
        </ResponsiveContainer>
      </ChartFrame>
      <label className="field lesson-mu">
        <span className="field-label" data-testid="sharpen-at" data-t={T} data-acc={row.acc} data-acc-norm={row.accNorm}>
          T = {tLabel(T)}: acc {pct(row.acc)}
          {norm && `, acc_norm ${pct(row.accNorm)}`}
        </span>
        <input type="range" min={0} max={CURVE_TEMPERATURES.length - 1} step={1} value={k} onChange={(e) => setK(Number(e.target.value))} aria-label="Temperature T (log scale, 0.25 to 4)" aria-valuetext={`T = ${tLabel(T)}`} data-testid="sharpen-temperature" />
      </label>
      {trace && <TraceAtTwo trace={trace} k={k} />}
    </div>
  );
}

/** The item's right ending token by token at T = 1 and at the chosen T, and which ending acc picks at each. */
function TraceAtTwo(props: { trace: SharpenTrace; k: number }) {
  const { trace, k } = props;
  const T = CURVE_TEMPERATURES[k];
  const g = trace.gold;
  const sum = (c: number, at: number) => trace.bits[c][at].reduce((s, b) => s + b, 0);
  const pick = (at: number) => trace.choices.reduce((best, _, c) => (sum(c, at) < sum(best, at) ? c : best), 0);
  const one = `T = 1`;
  const here = `T = ${tLabel(T)}`;
  const data = trace.pieces[g].map((p, j) => ({ piece: `${j + 1} ${showPiece(p)}`, [one]: trace.bits[g][ONE][j], ...(k === ONE ? {} : { [here]: trace.bits[g][k][j] }) }));
  const says = (at: number) => `at T = ${tLabel(CURVE_TEMPERATURES[at])} acc picks ${candidateLetter(pick(at))}${pick(at) === g ? ' (right)' : ''}: the right ending costs ${fmt(sum(g, at), 1)} bits, the cheapest other one ${fmt(Math.min(...trace.choices.map((_, c) => (c === g ? Infinity : sum(c, at)))), 1)}`;
  return (
    <ChartFrame title={`One story’s right ending, token by token, at T = 1 and ${here}`} filename="lesson-sharpen-trace" note={`The right ending is ${candidateLetter(g)}, “${trace.choices[g].trim()}”; ${says(ONE)}; ${says(k)}.`}>
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={data} margin={{ top: 10, right: 16, bottom: 24, left: 8 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="piece" {...AXIS} interval="preserveStartEnd" label={{ value: 'token of the right ending', position: 'insideBottom', offset: -12, fill: 'var(--fg)' }} />
          <YAxis {...AXIS} tickFormatter={(v: number) => fmt(v, 0)} label={{ value: 'bits', angle: -90, position: 'insideLeft', fill: 'var(--fg)' }} />
          <Tooltip {...TOOLTIP} formatter={(v) => fmt(Number(v), 2)} />
          <Legend wrapperStyle={{ color: 'var(--fg)', fontSize: 13 }} verticalAlign="top" itemSorter={inDrawingOrder([one, here])} />
          <Bar dataKey={one} fill="var(--lesson-c1)" isAnimationActive={false} />
          {k !== ONE && <Bar dataKey={here} fill="var(--lesson-c2)" isAnimationActive={false} />}
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
