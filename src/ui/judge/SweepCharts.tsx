import { useDeferredValue, useMemo } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { JudgeParams } from '../../core/judge/simulate';
import { runSweep, type SweepKind, type SweepPoint } from '../../core/judge/sweeps';
import { ChartFrame } from '../common/ChartFrame';
import { SERIES, TOOLTIP_STYLE } from './format';

type SeriesKey = 'target' | 'fixedOrder' | 'aSecond' | 'swap' | 'lc';

interface SweepView {
  kind: SweepKind;
  title: string;
  xLabel: string;
  tick: (v: number) => string;
  current: (p: JudgeParams) => number;
  ticks?: number[];
  series: SeriesKey[];
  note: string;
}

const VIEWS: SweepView[] = [
  {
    kind: 'position',
    title: 'Win rates against position bias b (λ = 0)',
    xLabel: 'position bias b',
    tick: (v) => v.toFixed(1),
    current: (p) => p.b,
    series: ['target', 'fixedOrder', 'aSecond', 'swap', 'lc'],
    note:
      'With no verbosity bias, fixed order climbs and A-second falls symmetrically as b grows; swapping and averaging cancels almost all of it, drifting only slightly toward 50% at large b because the judge’s verdicts carry less information. LC, which has a position term, agrees with swap.',
  },
  {
    kind: 'correlation',
    title: 'Win rates against the length–quality correlation ρ',
    xLabel: 'length–quality correlation ρ',
    tick: (v) => v.toFixed(1),
    current: (p) => p.rho,
    series: ['target', 'fixedOrder', 'swap', 'lc'],
    note:
      'When length is real quality (ρ > 0), LC still removes everything that goes with length, so it overcorrects and falls far below the target; with ρ < 0 it overshoots the other way. LC is right only when length and quality are unrelated (ρ = 0).',
  },
  {
    kind: 'gameability',
    title: 'Gameability: A’s length distribution from concise to very verbose',
    xLabel: 'A’s typical length ratio e^m',
    tick: (v) => `${Number(Math.exp(v).toFixed(2))}×`,
    current: (p) => p.m,
    ticks: [0.5, 1, 2, 4].map(Math.log),
    series: ['target', 'fixedOrder', 'swap', 'lc'],
    note:
      'Quality never changes, yet padding A’s answers lifts its fixed-order and swap-averaged win rates steadily. LC stays within about a point of the target while A’s typical length is between about half and twice B’s, then breaks down: when nearly every A answer is much longer (or shorter), tanh(x / sd x) saturates and the fit must extrapolate to equal length from data that never get there.',
  },
];

function SweepChart({ view, params }: { view: SweepView; params: JudgeParams }) {
  const points = useMemo<SweepPoint[]>(() => runSweep(view.kind, params), [view.kind, params]);
  const data = points.map((p) => ({ x: p.value, ...Object.fromEntries(view.series.map((k) => [k, 100 * p[k]])) }));
  const current = view.current(params);
  return (
    <ChartFrame title={view.title} filename={`judge-sweep-${view.kind}`} note={view.note} className={`judge-sweep-${view.kind}`}>
      <div className="judge-chart" data-testid={`sweep-${view.kind}`} data-points={points.length}>
        <ResponsiveContainer width="100%" height={300}>
          <LineChart data={data} margin={{ top: 8, right: 16, bottom: 24, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              dataKey="x"
              type="number"
              domain={['dataMin', 'dataMax']}
              tickFormatter={view.tick}
              ticks={view.ticks}
              label={{ value: view.xLabel, position: 'insideBottom', offset: -14 }}
            />
            <YAxis domain={[0, 100]} unit="%" width={48} />
            <Tooltip
              formatter={(v) => `${Number(v).toFixed(1)}%`}
              labelFormatter={(v) => `${view.xLabel} = ${view.tick(Number(v))}`}
              contentStyle={TOOLTIP_STYLE}
            />
            <Legend verticalAlign="top" itemSorter={null} wrapperStyle={{ paddingBottom: 6 }} />
            <ReferenceLine y={50} stroke="currentColor" strokeDasharray="1 3" />
            {view.kind !== 'position' && <ReferenceLine x={current} stroke="currentColor" strokeDasharray="2 4" label={{ value: 'sliders', position: 'insideTopRight' }} />}
            {view.series.map((k) => (
              <Line
                key={k}
                dataKey={k}
                name={SERIES[k].label}
                stroke={SERIES[k].color}
                strokeWidth={k === 'target' ? 2 : 2.5}
                
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </ChartFrame>
  );
}

export function SweepCharts({ params }: { params: JudgeParams }) {
  // Sweeps rerun the simulation ~20 times each: let slider moves render first.
  const deferred = useDeferredValue(params);
  return (
    <div className="judge-sweeps" aria-busy={deferred !== params}>
      <p className="muted">
        Each chart varies one parameter and holds the others at the sliders’ values, with the same seed at every point.
      </p>
      {VIEWS.map((v) => <SweepChart key={v.kind} view={v} params={deferred} />)}
    </div>
  );
}
