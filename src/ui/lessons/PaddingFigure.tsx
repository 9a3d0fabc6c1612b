// The padding sweep: as A's answers grow longer than the baseline's, the win rates the judge
// lesson compares (the bias-free target, the swap-average, LC) on one chart, and the share of
// prompts still near equal length on a second one below it, on the same axis of padding.
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '../common/ChartFrame';
import { inDrawingOrder } from '../common/legendOrder';
import { pct } from '../common/format';
import type { PaddingPoint } from './paddingFacts';
import { NEAR_EQUAL_LOG } from './paddingFacts';

const AXIS = { stroke: 'var(--muted)', tick: { fill: 'var(--fg)', fontSize: 12 } } as const;
const GRID = { stroke: 'var(--border)', strokeDasharray: '3 3' } as const;
const TOOLTIP = { contentStyle: { background: 'var(--bg)', border: '1px solid var(--border)', color: 'var(--fg)' }, labelStyle: { color: 'var(--fg)' } } as const;
const LEGEND = { wrapperStyle: { color: 'var(--fg)', fontSize: 13 } } as const;

/** The x axis: A's typical length as a multiple of the baseline's (e^m), one decimal. */
const times = (m: number) => `${Math.exp(m).toFixed(1)}×`;

export function PaddingFigure(props: { points: PaddingPoint[] }) {
  const data = props.points.map((p) => ({
    name: times(p.m),
    'bias-free target': 100 * p.target,
    'swap-average': 100 * p.swap,
    LC: 100 * p.lc,
    'near equal length': 100 * p.nearEqual,
  }));
  const last = props.points[props.points.length - 1];
  return (
    <div data-testid="padding-figure" data-points={props.points.length}>
      <ChartFrame
        title="Win rates as A pads its answers"
        filename="lesson-padding-rates"
        note={`x: A’s typical answer length as a multiple of the baseline’s (e^m, m from 0 to ${last ? last.m.toFixed(1) : '—'}); the judge, the quality and the seed are held.`}
      >
        <ResponsiveContainer width="100%" height={260}>
          <LineChart data={data} margin={{ top: 10, right: 16, bottom: 24, left: 8 }}>
            <CartesianGrid {...GRID} />
            <XAxis dataKey="name" {...AXIS} label={{ value: 'A’s length ÷ the baseline’s', position: 'insideBottom', offset: -12, fill: 'var(--fg)' }} />
            <YAxis {...AXIS} domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} />
            <Tooltip {...TOOLTIP} formatter={(v) => `${Number(v).toFixed(1)}%`} />
            <Legend wrapperStyle={{ ...LEGEND.wrapperStyle, paddingBottom: 10 }} verticalAlign="top" itemSorter={inDrawingOrder(['bias-free target', 'swap-average', 'LC'])} />
            <Line dataKey="bias-free target" stroke="var(--muted)" strokeDasharray="4 3" dot={false} strokeWidth={2} isAnimationActive={false} />
            <Line dataKey="swap-average" stroke="var(--lesson-c2)" dot={false} strokeWidth={2} isAnimationActive={false} />
            <Line dataKey="LC" stroke="var(--lesson-c1)" dot={{ r: 2 }} strokeWidth={2} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </ChartFrame>
      <ChartFrame
        title="Prompts whose two answers are near equal length"
        filename="lesson-padding-overlap"
        note={`Near equal: the length ratio within a factor e^${NEAR_EQUAL_LOG} ≈ ${Math.exp(NEAR_EQUAL_LOG).toFixed(2)} of 1 either way.${last ? ` At ${times(last.m)}: ${pct(last.nearEqual)} of the prompts.` : ''}`}
      >
        <ResponsiveContainer width="100%" height={170}>
          <LineChart data={data} margin={{ top: 10, right: 16, bottom: 24, left: 8 }}>
            <CartesianGrid {...GRID} />
            <XAxis dataKey="name" {...AXIS} label={{ value: 'A’s length ÷ the baseline’s', position: 'insideBottom', offset: -12, fill: 'var(--fg)' }} />
            <YAxis {...AXIS} domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} />
            <Tooltip {...TOOLTIP} formatter={(v) => `${Number(v).toFixed(1)}%`} />
            <Line dataKey="near equal length" stroke="var(--lesson-c1)" dot={{ r: 2 }} strokeWidth={2} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </ChartFrame>
    </div>
  );
}
