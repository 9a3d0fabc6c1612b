// The LC fit of an AlpacaEval file drawn over its data: the prompts binned by log length ratio
// (grey steps), the fitted win rate along the ratio (line), each bin's mean verdict (dots), and
// LC as the curve's value at ratio 1 (x = 0). Bands with no prompt at all are shaded.
import { Area, CartesianGrid, ComposedChart, Legend, Line, ReferenceArea, ReferenceDot, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { emptyBands, fittedWinRate } from '../../core/judge/lengthCurve';
import { ChartFrame } from '../common/ChartFrame';
import { inDrawingOrder } from '../common/legendOrder';
import { pct } from '../common/format';
import type { AuditFacts } from './types';

const AXIS = { stroke: 'var(--muted)', tick: { fill: 'var(--fg)', fontSize: 12 } } as const;
const TOOLTIP = { contentStyle: { background: 'var(--bg)', border: '1px solid var(--border)', color: 'var(--fg)' }, labelStyle: { color: 'var(--fg)' } } as const;
/** Curve samples per bin (even, so that each bin's midpoint is a sample and its dot sits on the grid). */
const SAMPLES_PER_BIN = 10;

interface Point {
  x: number;
  /** Fitted P(A wins), in %. */
  fit: number;
  /** Prompts in the bin starting at x (a step, drawn stepAfter). */
  prompts: number;
  /** The bin's mean verdict in % at its midpoint; null elsewhere and for empty bins. */
  binned: number | null;
}

/** The figure's points, on a grid of bin-width / SAMPLES_PER_BIN steps through 0 (counted, not accumulated, so the edges are exact). */
export function lengthCurvePoints(curve: NonNullable<AuditFacts['lengthCurve']>): Point[] {
  const { fit, bins } = curve;
  const width = bins[0].to - bins[0].from;
  const first = Math.round(bins[0].from / width) * SAMPLES_PER_BIN;
  const points: Point[] = [];
  for (let j = 0; j <= bins.length * SAMPLES_PER_BIN; j++) {
    const x = ((first + j) * width) / SAMPLES_PER_BIN;
    const bin = bins[Math.min(bins.length - 1, Math.floor(j / SAMPLES_PER_BIN))];
    const mid = j % SAMPLES_PER_BIN === SAMPLES_PER_BIN / 2 && j < bins.length * SAMPLES_PER_BIN;
    points.push({ x, fit: 100 * fittedWinRate(fit, x), prompts: bin.prompts, binned: mid && bin.prompts > 0 ? 100 * bin.meanWin : null });
  }
  return points;
}

export function LengthCurveFigure(props: { audit: AuditFacts }) {
  const a = props.audit;
  if (!a.lengthCurve) return <p className="muted small" data-testid="lc-curve-missing">The fitted curve needs the verdicts themselves, which are not served here; the table above is the cited summary.</p>;
  const { bins } = a.lengthCurve;
  const points = lengthCurvePoints(a.lengthCurve);
  const bands = emptyBands(bins);
  // One band carries the words (the others are as wide as a bin, often too narrow for them).
  const widest = bands.reduce<(typeof bands)[number] | null>((w, b) => (!w || b.to - b.from > w.to - w.from ? b : w), null);
  const lo = bins[0].from;
  const hi = bins[bins.length - 1].to;
  const ticks = Array.from({ length: Math.floor(hi) - Math.ceil(lo) + 1 }, (_, k) => Math.ceil(lo) + k);
  const lc = 100 * fittedWinRate(a.lengthCurve.fit, 0);
  return (
    <ChartFrame
      title={`${a.model}: the length-controlled fit over its data`}
      filename={`lesson-lc-curve-${a.model}`}
      note={`Grey steps: prompts per bin of ln(len A / len B) (right axis). Line: the fit’s win rate for A at each length ratio, averaged over both orders; dots: each bin’s mean verdict. LC is the line read at ratio 1 (0 on this axis): ${pct(lc / 100)}. Shaded: no prompt at all; there the line describes no verdict.`}
    >
      <div data-testid="lc-curve" data-lc={lc / 100} data-bands={bands.length}>
        <ResponsiveContainer width="100%" height={300}>
          <ComposedChart data={points} margin={{ top: 10, right: 4, bottom: 24, left: 0 }}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
            {bands.map((b) => (
              <ReferenceArea
                key={b.from}
                yAxisId="rate"
                x1={b.from}
                x2={b.to}
                y1={0}
                y2={100}
                fill="var(--lesson-c2)"
                fillOpacity={0.14}
                stroke="var(--lesson-c2)"
                strokeOpacity={0.35}
                strokeDasharray="2 3"
                ifOverflow="hidden"
                label={b === widest ? { value: 'no prompts', angle: -90, position: 'center', fill: 'var(--fg)', fontSize: 11 } : undefined}
              />
            ))}
            <XAxis type="number" dataKey="x" domain={[lo, hi]} ticks={ticks} {...AXIS} tickFormatter={(v: number) => (v === 0 ? '0' : String(v).replace('-', '−'))} label={{ value: 'ln(len A / len B); 0 is equal length', position: 'insideBottom', offset: -12, fill: 'var(--fg)' }} />
            <YAxis yAxisId="rate" domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} width={44} {...AXIS} tickFormatter={(v: number) => `${v}%`} />
            <YAxis yAxisId="count" orientation="right" width={36} {...AXIS} allowDecimals={false} />
            <Tooltip {...TOOLTIP} labelFormatter={(x) => `ln ratio ${Number(x).toFixed(2).replace(/^-/, '−')} (A ${Math.exp(Number(x)).toPrecision(2)}× B’s length)`} formatter={(v, name) => (name === 'prompts in bin' ? String(v) : `${Number(v).toFixed(1)}%`)} />
            <Legend wrapperStyle={{ color: 'var(--fg)', fontSize: 13 }} verticalAlign="top" itemSorter={inDrawingOrder(['prompts in bin', 'fitted win rate of A', 'bin’s mean verdict'])} />
            <Area yAxisId="count" type="stepAfter" dataKey="prompts" name="prompts in bin" legendType="square" fill="var(--muted)" fillOpacity={0.35} stroke="var(--muted)" isAnimationActive={false} />
            <Line yAxisId="rate" type="linear" dataKey="fit" name="fitted win rate of A" stroke="var(--lesson-c1)" strokeWidth={2.5} dot={false} isAnimationActive={false} />
            <Line yAxisId="rate" dataKey="binned" name="bin’s mean verdict" stroke="var(--lesson-c2)" strokeWidth={0} dot={{ r: 3, fill: 'var(--lesson-c2)', stroke: 'var(--lesson-c2)' }} legendType="circle" connectNulls={false} isAnimationActive={false} />
            <ReferenceLine yAxisId="rate" x={0} stroke="var(--fg)" strokeDasharray="4 3" />
            <ReferenceDot yAxisId="rate" x={0} y={lc} r={6} fill="var(--lesson-c1)" stroke="var(--bg)" strokeWidth={2} label={{ value: `LC ${pct(lc / 100)}`, position: 'left', fill: 'var(--fg)', fontSize: 13, fontWeight: 700, stroke: 'var(--bg)', strokeWidth: 4, paintOrder: 'stroke', strokeLinejoin: 'round' }} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </ChartFrame>
  );
}
