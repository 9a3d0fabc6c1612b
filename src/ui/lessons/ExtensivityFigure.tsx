// The extensivity step's figure: the expected raw sum −L×H as a line, the item's answers as points
// at their real (L, sum), and a length the learner moves along the line (a range input, so the
// keyboard moves it too).
import { useState } from 'react';
import { CartesianGrid, LabelList, Legend, ReferenceDot, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '../common/ChartFrame';
import { candidateLetter, fmt, snippet } from '../scorer/format';
import { expectedSum, extensivity } from './extensivityFacts';
import type { Facts } from './types';

const AXIS = { stroke: 'var(--muted)', tick: { fill: 'var(--fg)', fontSize: 12 } } as const;
const MAX_L = 40;

export function ExtensivityFigure(props: { facts: Extract<Facts, { kind: 'scorer' }> }) {
  const { result } = props.facts;
  const e = extensivity(result);
  const [L, setL] = useState(10);
  const line = [0, MAX_L].map((x) => ({ L: x, sum: expectedSum(x, e.H) }));
  const points = e.points.map((p, i) => ({ L: p.L, sum: p.sumBits, letter: candidateLetter(i), name: `${candidateLetter(i)} “${snippet(result.candidates[i].text, 18)}”` }));
  // Whole multiples of 25 bits down to the line's end at MAX_L.
  const bottom = Math.floor(expectedSum(MAX_L, e.H) / 25) * 25;
  const yTicks = Array.from({ length: -bottom / 25 + 1 }, (_, i) => -25 * i);
  return (
    <div className="extensivity" data-testid="extensivity" data-h={e.H}>
      <ChartFrame
        title="Raw sum (bits) against length in tokens: the line −L×H and the answers"
        filename="lesson-extensivity"
        note={`H = ${fmt(e.H, 2)} bits per token, an estimate: the mean surprisal per token over the ${e.tokens} tokens of this item’s ${e.points.length} answers (their bits over their tokens).`}
      >
        <ResponsiveContainer width="100%" height={300}>
          <ScatterChart margin={{ top: 10, right: 16, bottom: 24, left: 8 }}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis type="number" dataKey="L" name="length (tokens)" domain={[0, MAX_L]} {...AXIS} label={{ value: 'length L (tokens)', position: 'insideBottom', offset: -12, fill: 'var(--fg)' }} />
            <YAxis type="number" dataKey="sum" name="raw sum (bits)" domain={[bottom, 0]} ticks={yTicks} {...AXIS} tickFormatter={(v: number) => fmt(v, 0)} label={{ value: 'raw sum (bits)', angle: -90, position: 'insideLeft', fill: 'var(--fg)' }} />
            <Tooltip contentStyle={{ background: 'var(--bg)', border: '1px solid var(--border)', color: 'var(--fg)' }} formatter={(v) => fmt(Number(v), 1)} />
            <Legend wrapperStyle={{ color: 'var(--fg)', fontSize: 13 }} verticalAlign="top" />
            <Scatter data={line} name="expected sum −L×H" legendType="line" fill="var(--lesson-c1)" line={{ stroke: 'var(--lesson-c1)', strokeWidth: 2 }} shape={() => <g />} isAnimationActive={false} />
            <Scatter data={points} name="the answers, scored" fill="var(--lesson-c2)" isAnimationActive={false}>
              <LabelList dataKey="letter" position="top" fill="var(--fg)" fontSize={13} />
            </Scatter>
            <ReferenceDot x={L} y={expectedSum(L, e.H)} r={7} fill="var(--bg)" stroke="var(--lesson-c1)" strokeWidth={3} ifOverflow="visible" />
          </ScatterChart>
        </ResponsiveContainer>
      </ChartFrame>
      <label className="field lesson-mu">
        <span className="field-label">
          Length L = {L} tokens: expected sum <strong data-testid="extensivity-expected" data-value={expectedSum(L, e.H)}>{fmt(expectedSum(L, e.H), 1)} bits</strong>
        </span>
        <input type="range" min={1} max={MAX_L} step={1} value={L} onChange={(ev) => setL(Number(ev.target.value))} aria-label="Length L of an answer, in tokens" data-testid="extensivity-length" />
      </label>
      <ul className="muted small extensivity-points">
        {points.map((p, i) => (
          <li key={i}>
            {p.name}: L = {p.L}, sum {fmt(p.sum, 1)} bits; the line says {fmt(expectedSum(p.L, e.H), 1)}.
          </li>
        ))}
      </ul>
    </div>
  );
}
