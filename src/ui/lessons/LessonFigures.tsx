// The figures of several widget kinds (widgets/), drawn from their facts with the rooms' own
// components: the Scorer's table and traces, Task lab charts, an AlpacaEval audit, the sharpening tables.
import { useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { priorWeightedRate } from '../../core/bpb/perByteCost';
import { withLengthConvention } from '../../core/scoring/lengthConvention';
import { DECIDING_RULES, harnessOrLabel, RULE_TABLE, type RuleName } from '../../core/scoring/rules';
import type { Units } from '../../state/workspaceSchema';
import type { TaskRunSnapshot } from '../../state/snapshot';
import { ChartFrame } from '../common/ChartFrame';
import { ScrollX } from '../common/ScrollX';
import { useMediaQuery } from '../common/useMediaQuery';
import { pct } from '../common/format';
import { inDrawingOrder } from '../common/legendOrder';
import { DisagreementBanner } from '../scorer/DisagreementBanner';
import { ScoreTable } from '../scorer/ScoreTable';
import { SurprisalTraces } from '../scorer/SurprisalTraces';
import { candidateLetter, fmt, snippet, visible } from '../scorer/format';
import { isLetterKeyItem, LESSON_LENGTHS, MIX_WEIGHT } from './content';
import { DEFAULT_MU } from '../../core/scoring/types';
import { LengthCurveFigure } from './LengthCurveFigure';
import { SharpenCurveFigure } from './SharpenCurveFigure';
import type { ItemScore } from '../../core/scoring/types';
import type { AuditFacts, AuditWidget, Facts, ScorerWidget, SharpenWidget, TaskWidget } from './types';

// The other kinds' figures, from their own files: every lesson figure's code comes in this one chunk.
export { ExtensivityFigure } from './ExtensivityFigure';
export { FertilityFigure } from './FertilityFigure';
export { JudgeFigure } from './JudgeFigure';
export { PaddingFigure } from './PaddingFigure';
import '../scorer/scorer.css';
import '../judge/judge.css';

const AXIS = { stroke: 'var(--muted)', tick: { fill: 'var(--fg)', fontSize: 12 } } as const;
const GRID = { stroke: 'var(--border)', strokeDasharray: '3 3' } as const;
const TOOLTIP = { contentStyle: { background: 'var(--bg)', border: '1px solid var(--border)', color: 'var(--fg)' }, labelStyle: { color: 'var(--fg)' } } as const;
// A gap under a top legend, so that a legend that wraps on a phone does not sit on the top tick.
const LEGEND = { wrapperStyle: { color: 'var(--fg)', fontSize: 13, paddingBottom: 8 } } as const;
const RUN_COLORS = ['var(--lesson-c1)', 'var(--lesson-c2)'];

/** The Scorer table's column of each deciding rule. */
const RULE_COLUMN_OF = Object.fromEntries(DECIDING_RULES.map((r) => [r.names.winner, r.names.candidate])) as Record<RuleName, string>;

/** A table column is shown when it is no rule, or a deciding rule taught so far (the BPB measures come in a later lesson). */
function taughtColumn(taught: readonly RuleName[]): (key: string) => boolean {
  return (key) => {
    const rule = RULE_TABLE.find((r) => r.names.candidate === key);
    return !rule || (rule.decides && taught.includes(rule.names.winner as RuleName));
  };
}

export function ScorerFigure(props: { widget: ScorerWidget; facts: Extract<Facts, { kind: 'scorer' }>; taught: readonly RuleName[] }) {
  const [units, setUnits] = useState<Units>('bits');
  // The lessons count lengths as lm-eval-harness does (the leading space is its delimiter).
  const result = withLengthConvention(props.facts.result, LESSON_LENGTHS);
  const indices = result.candidates.map((_, i) => i);
  const focus = props.widget.focus.map((r) => `focus-${r}`).join(' ');
  // Letter keys end no word: their traces leave out the end-of-word bar, as the table leaves out the rule.
  const keys = isLetterKeyItem(props.widget.candidates) ? ' letter-keys' : '';
  return (
    <div className={`lesson-scorer ${focus}${keys}`}>
      <DisagreementBanner result={result} indices={indices} gold={null} rules={props.taught} />
      <ScoreTable result={result} indices={indices} candidateCount={indices.length} problems={[]} gold={null} units={units} onUnits={setUnits} stale={false} lengths={LESSON_LENGTHS} columns={taughtColumn(props.taught)} first={props.widget.focus.map((r) => RULE_COLUMN_OF[r])} />
      {props.widget.focus.includes('pmi') && <PmiBars result={result} />}
      <SurprisalTraces result={result} indices={indices} gold={null} />
    </div>
  );
}

/** Each candidate's cost after the context against its cost under the unconditional context: PMI is the gap. */
function PmiBars(props: { result: ItemScore }) {
  // On a phone four quoted candidates overlap under their bars: the letter alone (the texts are listed above, and in the tooltip).
  const narrow = useMediaQuery('(max-width: 600px)');
  const data = props.result.candidates.map((c, i) => ({
    name: narrow ? candidateLetter(i) : `${candidateLetter(i)} “${snippet(c.text, 15)}”`,
    text: `${candidateLetter(i)} “${visible(c.text)}”`,
    'after the context': -c.sum_logprob / Math.LN2,
    'unconditional': -c.unconditional_logprob / Math.LN2,
    // The difference of two bars tens of bits tall can be a bit or two: drawn on its own scale.
    PMI: c.pmi / Math.LN2,
  }));
  return (
    <>
    <ChartFrame
      title="PMI in bits: how much the context lowered each answer’s cost"
      filename="lesson-pmi"
      note="Each bar is the unconditional cost minus the cost after the context (the two bars of the next chart), on its own scale: the largest PMI wins."
    >
      <div data-testid="pmi-bars">
        <ResponsiveContainer width="100%" height={200}>
          <BarChart data={data} margin={{ top: 10, right: 16, bottom: 24, left: 8 }}>
            <CartesianGrid {...GRID} />
            <XAxis dataKey="name" {...AXIS} interval={0} />
            <YAxis {...AXIS} tickFormatter={(v: number) => fmt(v, 0)} label={{ value: 'PMI, bits', angle: -90, position: 'insideLeft', fill: 'var(--fg)' }} />
            <ReferenceLine y={0} stroke="var(--muted)" />
            <Tooltip {...TOOLTIP} formatter={(v) => fmt(Number(v))} labelFormatter={(_, payload) => String(payload?.[0]?.payload?.text ?? '')} />
            <Bar dataKey="PMI" fill="var(--lesson-c1)" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </ChartFrame>
    <ChartFrame title="Cost in bits after the context and under the unconditional context" filename="lesson-pmi-bars" note="PMI (in bits) is the unconditional bar minus the conditional one: how much the context lowered the cost.">
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={data} margin={{ top: 10, right: 16, bottom: 24, left: 8 }}>
          <CartesianGrid {...GRID} />
          <XAxis dataKey="name" {...AXIS} interval={0} />
          <YAxis {...AXIS} tickFormatter={(v: number) => fmt(v, 0)} label={{ value: 'bits', angle: -90, position: 'insideLeft', fill: 'var(--fg)' }} />
          <Tooltip {...TOOLTIP} formatter={(v) => fmt(Number(v))} labelFormatter={(_, payload) => String(payload?.[0]?.payload?.text ?? '')} />
          <Legend {...LEGEND} verticalAlign="top" />
          <Bar dataKey="after the context" fill="var(--lesson-c1)" isAnimationActive={false} />
          <Bar dataKey="unconditional" fill="var(--lesson-c2)" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
    </>
  );
}

/** The legend name of a run's α / n + β line. */
const fitKey = (label: string) => `α / n + β (${label})`;

function fitLine(r: TaskRunSnapshot): { x: number; y: number }[] {
  const xs = r.points.map((p) => p[0]);
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return [lo, hi].map((x) => ({ x, y: r.alpha + r.beta * x }));
}

export function TaskFigure(props: { widget: TaskWidget; facts: Extract<Facts, { kind: 'task' }>; taught: readonly RuleName[] }) {
  const { runs } = props.facts;
  const [mu, setMu] = useState(DEFAULT_MU);
  const narrow = useMediaQuery('(max-width: 600px)');
  switch (props.widget.view) {
    case 'scatter':
      return (
        <ChartFrame
          title="Bits against bytes per answer, with the fitted line L ≈ α + β·n"
          filename="lesson-bits-vs-bytes"
          note={runs.map((r) => `${r.label}: α = ${fmt(r.alpha, 2)} bits, β = ${fmt(r.beta, 3)} bits/byte`).join(' · ')}
        >
          <ResponsiveContainer width="100%" height={300}>
            <ScatterChart margin={{ top: 10, right: 16, bottom: 24, left: 8 }}>
              <CartesianGrid {...GRID} />
              <XAxis type="number" dataKey="x" name="bytes" {...AXIS} label={{ value: 'answer length n (bytes)', position: 'insideBottom', offset: -12, fill: 'var(--fg)' }} />
              <YAxis type="number" dataKey="y" name="bits" {...AXIS} label={{ value: 'bits L', angle: -90, position: 'insideLeft', fill: 'var(--fg)' }} />
              <Tooltip {...TOOLTIP} formatter={(v) => fmt(Number(v), 1)} />
              <Legend {...LEGEND} verticalAlign="top" />
              {runs.map((r, i) => (
                <Scatter key={r.label} name={r.label} data={r.points.map(([x, y]) => ({ x, y }))} fill={RUN_COLORS[i]} isAnimationActive={false} />
              ))}
              {runs.map((r, i) => (
                <Scatter key={`${r.label}-fit`} name={`fit (${r.label})`} legendType="none" data={fitLine(r)} line={{ stroke: RUN_COLORS[i], strokeWidth: 2 }} shape={() => <g />} isAnimationActive={false} />
              ))}
            </ScatterChart>
          </ResponsiveContainer>
        </ChartFrame>
      );
    case 'quintiles': {
      // Beside each fifth's BPB, what the fit says a typical answer of that length costs per byte.
      const data = (runs[0]?.quintiles ?? []).map((q, k) => ({
        // Each run's own mean length (the opener adds its bytes), as the line is computed at it.
        name: runs.map((r) => Math.round(r.quintiles[k]?.meanBytes ?? NaN)).join(narrow ? '/' : ' / ') + (narrow ? '' : ' B'),
        ...Object.fromEntries(runs.flatMap((r) => {
          const fifth = r.quintiles[k];
          return [[r.label, fifth?.corpus ?? NaN], [fitKey(r.label), fifth ? r.alpha / fifth.meanBytes + r.beta : NaN]];
        })),
      }));
      return (
        <ChartFrame
          title="Bits per byte by answer-length fifth, and the fit’s α / n + β"
          filename="lesson-quintiles"
          note={`Each bar: corpus BPB of one fifth of the answers, labelled by their mean length n in each run (${runs.map((r) => r.label).join(' / ')}). Each line: α / n + β of the run’s fit at the fifth’s mean n: the fixed cost α spread over n bytes, plus β per byte. The fits: ${runs.map((r) => `${r.label}: α = ${fmt(r.alpha, 1)} bits, β = ${fmt(r.beta, 3)}`).join(' · ')}.`}
        >
          <ResponsiveContainer width="100%" height={narrow ? 380 : 300}>
            <ComposedChart data={data} margin={{ top: 10, right: 16, bottom: 24, left: 8 }}>
              <CartesianGrid {...GRID} />
              <XAxis dataKey="name" interval={0} {...AXIS} label={{ value: narrow ? 'mean length of the fifth (bytes)' : 'mean answer length of the fifth', position: 'insideBottom', offset: -12, fill: 'var(--fg)' }} />
              <YAxis {...AXIS} tickFormatter={(v: number) => fmt(v, 1)} label={{ value: 'bits per byte', angle: -90, position: 'insideLeft', fill: 'var(--fg)' }} />
              <Tooltip {...TOOLTIP} formatter={(v) => fmt(Number(v))} />
              <Legend {...LEGEND} verticalAlign="top" />
              {runs.map((r, i) => (
                <Bar key={r.label} dataKey={r.label} fill={RUN_COLORS[i]} fillOpacity={0.75} isAnimationActive={false} />
              ))}
              {runs.map((r, i) => (
                <Line key={fitKey(r.label)} dataKey={fitKey(r.label)} stroke={RUN_COLORS[i]} strokeWidth={2.5} strokeDasharray="6 3" dot={{ r: 4, fill: 'var(--bg)', stroke: RUN_COLORS[i], strokeWidth: 2 }} isAnimationActive={false} />
              ))}
            </ComposedChart>
          </ResponsiveContainer>
        </ChartFrame>
      );
    }
    case 'corpus':
      return (
        <RunTable
          testId="lesson-corpus"
          rows={runs}
          head={['run', 'α (bits)', 'β (bits/byte)', 'mean n (bytes)', 'α / mean(n) + β', 'corpus BPB', 'mean of ratios']}
          cells={(r) => [r.label, fmt(r.alpha, 2), fmt(r.beta, 4), fmt(r.meanBytes, 1), fmt(r.alpha / r.meanBytes + r.beta, 4), fmt(r.corpus, 4), fmt(r.meanOfRatios, 4)]}
        />
      );
    case 'mix': {
      // The two measures side by side for the two mixes: the same answers, weighted differently.
      const data = [
        { name: 'corpus BPB', ...Object.fromEntries(runs.map((r) => [r.label, r.corpus])) },
        { name: `PriorBPB(μ = ${DEFAULT_MU})`, ...Object.fromEntries(runs.map((r) => [r.label, priorWeightedRate(r.R, DEFAULT_MU)])) },
      ];
      return (
        <>
          <ChartFrame title="Two length mixes of the same answers, under corpus BPB and PriorBPB" filename="lesson-length-mix" note={`Both variants are the 50 answers with the opener; the short-heavy one counts each answer of the shorter half ${MIX_WEIGHT} times, the long-heavy one each of the longer half.`}>
            <div data-testid="mix-bars">
              <ResponsiveContainer width="100%" height={260}>
                <BarChart data={data} margin={{ top: 10, right: 16, bottom: 24, left: 8 }}>
                  <CartesianGrid {...GRID} />
                  <XAxis dataKey="name" {...AXIS} interval={0} />
                  <YAxis {...AXIS} domain={[0, 'auto']} tickFormatter={(v: number) => fmt(v, 1)} label={{ value: 'bits per byte', angle: -90, position: 'insideLeft', fill: 'var(--fg)' }} />
                  <Tooltip {...TOOLTIP} formatter={(v) => fmt(Number(v), 3)} />
                  <Legend wrapperStyle={{ ...LEGEND.wrapperStyle, paddingBottom: 10 }} verticalAlign="top" itemSorter={inDrawingOrder(runs.map((r) => r.label))} />
                  {runs.map((r, i) => (
                    <Bar key={r.label} dataKey={r.label} fill={RUN_COLORS[i]} isAnimationActive={false} />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            </div>
          </ChartFrame>
          <RunTable rows={runs} head={['variant', 'mean length (bytes)', 'corpus BPB', `PriorBPB(μ = ${DEFAULT_MU})`]} cells={(r) => [r.label, fmt(r.meanBytes, 1), fmt(r.corpus, 3), fmt(priorWeightedRate(r.R, DEFAULT_MU), 3)]} />
        </>
      );
    }
    case 'prior': {
      const mus = [2, 3, 5, 8, 12, 20, 30, 50, 80, 111, 160, 250, 400];
      const data = mus.map((m) => ({ mu: m, ...Object.fromEntries(runs.map((r) => [r.label, priorWeightedRate(r.R, m)])) }));
      const K = Math.max(...runs.map((r) => r.R.length));
      const curve = Array.from({ length: K }, (_, k) => ({ k: k + 1, ...Object.fromEntries(runs.map((r) => [r.label, r.R[k]])) }));
      return (
        <>
          <ChartFrame title="R(k): the mean cost of byte k, over the answers that reach byte k" filename="lesson-r-of-k" note="Bits spread over the bytes of each token, averaged over the answers at least k bytes long.">
            <ResponsiveContainer width="100%" height={240}>
              <LineChart data={curve} margin={{ top: 10, right: 16, bottom: 24, left: 8 }}>
                <CartesianGrid {...GRID} />
                <XAxis type="number" dataKey="k" domain={[1, K]} {...AXIS} label={{ value: 'byte k of the answer', position: 'insideBottom', offset: -12, fill: 'var(--fg)' }} />
                <YAxis {...AXIS} domain={[0, 'auto']} tickFormatter={(v: number) => fmt(v, 1)} label={{ value: 'bits', angle: -90, position: 'insideLeft', fill: 'var(--fg)' }} />
                <Tooltip {...TOOLTIP} formatter={(v) => fmt(Number(v))} labelFormatter={(k) => `byte ${String(k)}`} />
                <Legend {...LEGEND} verticalAlign="top" />
                {runs.map((r, i) => (
                  <Line key={r.label} dataKey={r.label} stroke={RUN_COLORS[i]} strokeWidth={2} dot={false} isAnimationActive={false} />
                ))}
              </LineChart>
            </ResponsiveContainer>
          </ChartFrame>
          <ChartFrame title="PriorBPB(μ): the per-byte cost curve weighted by a geometric length prior" filename="lesson-priorbpb" note="The dashed line marks the μ chosen below.">
            <ResponsiveContainer width="100%" height={280}>
              <LineChart data={data} margin={{ top: 10, right: 16, bottom: 24, left: 8 }}>
                <CartesianGrid {...GRID} />
                <XAxis type="number" dataKey="mu" scale="log" domain={[2, 400]} ticks={[2, 5, 20, 50, 111, 400]} {...AXIS} label={{ value: 'μ, mean of the length prior (bytes)', position: 'insideBottom', offset: -12, fill: 'var(--fg)' }} />
                <YAxis {...AXIS} domain={['auto', 'auto']} tickFormatter={(v: number) => fmt(v, 1)} label={{ value: 'bits per byte', angle: -90, position: 'insideLeft', fill: 'var(--fg)' }} />
                <Tooltip {...TOOLTIP} formatter={(v) => fmt(Number(v))} labelFormatter={(m) => `μ = ${String(m)}`} />
                <Legend {...LEGEND} verticalAlign="top" />
                <ReferenceLine x={mu} stroke="var(--muted)" strokeDasharray="4 3" />
                {runs.map((r, i) => (
                  <Line key={r.label} dataKey={r.label} stroke={RUN_COLORS[i]} strokeWidth={2} dot={false} isAnimationActive={false} />
                ))}
              </LineChart>
            </ResponsiveContainer>
          </ChartFrame>
          <label className="field lesson-mu">
            <span className="field-label">μ = {mu} bytes</span>
            <input type="range" min={2} max={400} step={1} value={mu} onChange={(e) => setMu(Number(e.target.value))} aria-label="μ, mean of the length prior" />
          </label>
          <RunTable rows={runs} head={['run', `PriorBPB(μ = ${mu})`, 'corpus BPB']} cells={(r) => [r.label, fmt(priorWeightedRate(r.R, mu), 4), fmt(r.corpus, 4)]} />
        </>
      );
    }
    case 'accuracy': {
      // The deciding rules (snapshot keys are the Scorer's names), headed by their lm-eval-harness names.
      const rules = DECIDING_RULES.map((r) => r.names.winner as RuleName).filter((r) => props.taught.includes(r));
      const label = Object.fromEntries(DECIDING_RULES.map((r) => [r.names.winner, harnessOrLabel(r)])) as Record<RuleName, string>;
      return (
        <RunTable
          testId="lesson-accuracy"
          rows={runs}
          head={['30 questions', ...rules.map((r) => label[r]), 'chance (guessing)', 'acc, chance-normalised', 'acc ≠ acc_norm']}
          cells={(r) => [
            r.label,
            ...rules.map((k) => pct(r.accuracies?.[k])),
            pct(r.chance),
            // (acc − chance)/(1 − chance): 0 is guessing, 100% is perfect; not acc_norm.
            r.chance !== undefined && r.accuracies ? pct((r.accuracies.acc - r.chance) / (1 - r.chance)) : '—',
            `${r.accNormDisagreements ?? '—'} items`,
          ]}
        />
      );
    }
  }
}

/** A lesson's table of task runs: one row a run, its cells in the order of `head`. */
function RunTable<T extends { label: string }>(props: { rows: readonly T[]; head: ReactNode[]; cells: (row: T) => ReactNode[]; testId?: string }) {
  return (
    <ScrollX className="lesson-table-scroll" label="Table (scrolls sideways)">
      <table className="lesson-table" data-testid={props.testId}>
        <thead>
          <tr>
            {props.head.map((h, i) => (
              <th key={i}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((r) => (
            <tr key={r.label}>
              {props.cells(r).map((c, i) => (
                <td key={i}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollX>
  );
}

export function AuditFigure(props: { widget: AuditWidget; facts: Extract<Facts, { kind: 'audit' }> }) {
  const shown = props.widget.view === 'honest' ? props.facts.audits : props.facts.audits.filter((a) => a.model === props.widget.model);
  // The per-order split is the contrast step's point (the judge lesson's larger box cites it).
  const split = props.widget.view === 'contrast' || props.widget.view === 'honest';
  return (
    <div className="lesson-audit">
      <ScrollX className="lesson-table-scroll" label="AlpacaEval audit table (scrolls sideways)">
        <table className="lesson-table" data-testid="lesson-audit">
          <thead>
            <tr>
              <th>AlpacaEval 2 model</th>
              <th>prompts</th>
              <th>model’s answer longer</th>
              <th>median length ratio</th>
              <th>raw win rate</th>
              {split && <th>win rate, model shown first / second</th>}
              {props.widget.view !== 'overlap' && <th>LC, unregularised fit [95%]</th>}
              {props.widget.view !== 'overlap' && <th>AlpacaEval’s LC</th>}
            </tr>
          </thead>
          <tbody>
            {shown.map((a: AuditFacts) => (
              <tr key={a.model}>
                <td>{a.model}</td>
                <td>{a.prompts}</td>
                <td>
                  <span className="longer-bar" aria-hidden="true">
                    <span style={{ width: `${Math.max(1, 100 * a.aLonger)}%` }} />
                  </span>{' '}
                  {pct(a.aLonger)}
                </td>
                <td>{fmt(a.medianRatio, 3)}</td>
                <td>{pct(a.raw)}</td>
                {split && (
                  <td data-testid="order-split">
                    {pct(a.winFirst)} / {pct(a.winSecond)}
                  </td>
                )}
                {props.widget.view !== 'overlap' && (
                  <td>
                    {pct(a.lc)} [{pct(a.lcLo)}, {pct(a.lcHi)}]
                  </td>
                )}
                {props.widget.view !== 'overlap' && <td>{pct(a.published.lc)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
      {props.widget.view !== 'overlap' &&
        shown.map((a) => (
          <p key={a.model} className={a.support.supported ? 'ok-line small' : 'warning small'} data-testid="lc-support" data-supported={a.support.supported}>
            {a.model}: {a.support.supported ? 'the lengths overlap enough for a length-controlled point estimate.' : `LC not supported by the data: ${a.support.reason ?? 'too little overlap of lengths'}.`}
            {a.support.range && ` Over plausible length effects LC lies between ${pct(a.support.range.low)} and ${pct(a.support.range.high)}.`}
          </p>
        ))}
      {(props.widget.view === 'fit' || props.widget.view === 'contrast') && shown.map((a) => <LengthCurveFigure key={a.model} audit={a} />)}
    </div>
  );
}

/** acc and acc_norm at each temperature: the sharpening steps' table, with bars so the sizes of the moves are seen. */
export function SharpenFigure(props: { widget: SharpenWidget; facts: Extract<Facts, { kind: 'sharpen' }> }) {
  const f = props.facts;
  const norm = props.widget.show.includes('acc_norm');
  const bar = (v: number, color: string) => (
    <span className="rate-cell">
      <span className="longer-bar" aria-hidden="true">
        <span style={{ width: `${100 * v}%`, background: color }} />
      </span>{' '}
      {pct(v)}
    </span>
  );
  return (
    <>
      <RunTable
        testId="lesson-sharpen"
        rows={f.rows}
        head={[`${f.items} stories, 4 choices`, 'acc', ...(norm ? ['acc_norm'] : [])]}
        cells={(r) => [r.label, bar(r.acc, 'var(--lesson-c1)'), ...(norm ? [bar(r.accNorm, 'var(--lesson-c2)')] : [])]}
      />
      <SharpenCurveFigure widget={props.widget} facts={f} />
    </>
  );
}

/** PMI with and without a division by bytes: accuracy, and how often each rule picks the shortest and the longest choice. */
export function PmiBytesFigure(props: { facts: Extract<Facts, { kind: 'pmiBytes' }> }) {
  const f = props.facts;
  return (
    <>
      <RunTable
        testId="lesson-pmi-bytes"
        rows={f.rows}
        head={[`${f.items} questions`, 'accuracy', 'picks the shortest choice', 'picks the longest choice']}
        cells={(r) => [r.label, pct(r.accuracy), pct(r.shortest), pct(r.longest)]}
      />
      <p className="muted small">The right answer is a shortest choice in {pct(f.goldShortest)} of the questions. A pick counts as the shortest (the longest) when no choice is shorter (longer), ties included. Lengths in bytes, the leading space not counted.</p>
    </>
  );
}
