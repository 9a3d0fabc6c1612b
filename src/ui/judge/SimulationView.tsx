import { useMemo } from 'react';
import { type XAxisTickContentProps, Bar, BarChart, CartesianGrid, Cell, LabelList, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { simulateJudge, type JudgeParams, type SimulationResult } from '../../core/judge/simulate';
import { workedExample } from '../../core/judge/example';
import { ChartFrame } from '../common/ChartFrame';
import { useMediaQuery } from '../common/useMediaQuery';
import { fixed, pct, SERIES, TOOLTIP_STYLE } from './format';

const BARS = ['target', 'fixedOrder', 'aSecond', 'swap', 'lc'] as const;
const SHORT: Record<(typeof BARS)[number], string> = { target: 'Target', fixedOrder: 'A first', aSecond: 'A second', swap: 'Swap-avg', lc: 'LC' };

export function useSimulation(params: JudgeParams): { result: SimulationResult; ms: number } {
  return useMemo(() => {
    const t0 = performance.now();
    const result = simulateJudge(params);
    return { result, ms: performance.now() - t0 };
  }, [params]);
}

/** An axis label broken at its spaces and hyphens, one piece a line. */
function WrappedTick(props: XAxisTickContentProps) {
  const words = String(props.payload.value ?? '').split(/(?<=-)|\s+/);
  return (
    <text x={props.x} y={props.y} textAnchor="middle" fontSize={12} fill="currentColor">
      {words.map((w, i) => (
        <tspan key={i} x={props.x} dy={i === 0 ? 12 : 13}>
          {w}
        </tspan>
      ))}
    </text>
  );
}

/** The Judge lab's note under the bars; what showing A first does follows the sign of b. */
export function simulationNote(b: number): string {
  const first = b > 0 ? 'Showing A first inflates its win rate' : b < 0 ? 'Showing A first deflates its win rate (this judge favours the second slot)' : 'With b = 0 the order alone moves nothing';
  return `The grey bar is what an unbiased judge would report. ${first}; swapping and averaging removes position bias but not verbosity bias; the length-controlled rate removes both (when length says nothing about quality).`;
}

/** The simulation's bars, table, statistics and worked example; `note` replaces the Judge lab's note (the lessons say less). */
export function SimulationView(props: { params: JudgeParams; result: SimulationResult; ms: number; note?: string; terms?: string }) {
  const { params, result: r, ms } = props;
  // On a phone "A second" and "Swap-avg" run into each other: one word a line there.
  const narrow = useMediaQuery('(max-width: 600px)');
  const data = BARS.map((key) => ({ key, name: SHORT[key], value: 100 * r[key], color: SERIES[key].color }));
  return (
    <div className="judge-sim">
      <ChartFrame
        title="Win rate of A under each estimator"
        filename="judge-win-rates"
        note={props.note ?? simulationNote(params.b)}
      >
        <div className="judge-chart">
          <ResponsiveContainer width="100%" height={280}>
            <BarChart data={data} margin={{ top: 24, right: 12, bottom: 4, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" interval={0} tick={narrow ? WrappedTick : { fontSize: 12 }} height={40} />
              <YAxis domain={[0, 100]} unit="%" width={48} />
              <Tooltip formatter={(v) => `${Number(v).toFixed(1)}%`} contentStyle={TOOLTIP_STYLE} />
              <ReferenceLine y={50} stroke="currentColor" strokeDasharray="1 3" />
              <Bar dataKey="value" isAnimationActive={false}>
                {data.map((d) => <Cell key={d.key} fill={d.color} />)}
                <LabelList dataKey="value" position="top" className="judge-bar-label" formatter={(v: unknown) => `${Number(v).toFixed(1)}%`} />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
      </ChartFrame>
      <table className="judge-table" aria-label="Win rates">
        <thead>
          <tr><th>Estimator</th><th>Win rate of A</th><th>Bias vs target</th></tr>
        </thead>
        <tbody>
          {BARS.map((key) => (
            <tr key={key}>
              <td><span className="swatch" style={{ background: SERIES[key].color }} />{SERIES[key].label}</td>
              <td data-testid={`rate-${key}`} data-value={r[key]}>{pct(r[key])}</td>
              <td>{key === 'target' ? '—' : `${r[key] >= r.target ? '+' : '−'}${Math.abs(100 * (r[key] - r.target)).toFixed(1)} pts`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="judge-stats">
        <div><dt>First-slot win rate</dt><dd data-testid="first-slot" data-value={r.firstSlot}>{pct(r.firstSlot)}</dd></div>
        <div><dt>Inconsistency rate</dt><dd data-testid="inconsistency" data-value={r.inconsistency}>{pct(r.inconsistency)}</dd></div>
        <div><dt>Fitted φ (position)</dt><dd data-testid="phi">{fixed(r.phi)}</dd></div>
        <div><dt>Fitted γ (length)</dt><dd data-testid="gamma">{fixed(r.gamma)}</dd></div>
        <div><dt>Recomputed in</dt><dd data-testid="sim-ms" data-value={ms}>{ms.toFixed(1)} ms</dd></div>
      </dl>
      {props.terms && <p className="muted small">{props.terms}</p>}
      {!r.gammaIdentified && (
        <p className="warning" role="status">
          The length feature tanh(x / sd x) barely varies here (sd {fixed(r.featureSd)}): γ is not identified and LC
          is unreliable.
        </p>
      )}
      <WorkedExample b={params.b} lambda={params.lambda} m={params.m} />
    </div>
  );
}

function WorkedExample({ b, lambda, m }: { b: number; lambda: number; m: number }) {
  // The prompt has the simulation's typical length ratio e^m (1.6 at the default m = 0.47).
  const ex = workedExample(b, lambda, 0, Math.exp(m));
  const x = fixed(ex.x);
  const ratio = ex.lengthRatio.toFixed(2).replace(/0$/, '').replace(/\.$/, '');
  const shape = ex.lengthRatio >= 1 ? `A ${ratio}× longer` : `A ${ratio}× as long`;
  return (
    <section className="panel judge-example" aria-labelledby="judge-example-title">
      <h3 id="judge-example-title">Worked example: one prompt, d = 0, {shape}</h3>
      <p className="muted">
        d is A’s true quality advantage over B in log-odds, x the log length ratio, and σ(z) = 1 / (1 + e^−z) turns log-odds into
        a probability. Equal quality (d = 0), so an unbiased judge says 50%. x = ln {ratio} = {x}.
      </p>
      <ul>
        <li>
          A first: σ(d + b + λx) = σ(0 + {fixed(b, 2)} + {fixed(lambda, 2)}×{x}) = σ({fixed(ex.d + b + lambda * ex.x)}) ={' '}
          <strong data-testid="example-first">{ex.aFirst.toFixed(3)}</strong>
        </li>
        <li>
          A second: σ(d − b + λx) = σ({fixed(ex.d - b + lambda * ex.x)}) ={' '}
          <strong data-testid="example-second">{ex.aSecond.toFixed(3)}</strong>
        </li>
        <li>
          Swap-averaged: ½({ex.aFirst.toFixed(3)} + {ex.aSecond.toFixed(3)}) = <strong data-testid="example-swap">{ex.swap.toFixed(3)}</strong>
          {lambda === 0 ? ' — position bias gone; with λ = 0 there is no verbosity bias to leave.' : ' — position bias gone, verbosity bias left.'}
        </li>
        <li>
          Ideal length control (position and length removed): σ(d) = <strong data-testid="example-lc">{ex.lc.toFixed(3)}</strong>
        </li>
      </ul>
    </section>
  );
}
