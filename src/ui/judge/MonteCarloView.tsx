import { useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { DEFAULT_MC, ESTIMATOR_LABELS, type MonteCarloResult } from '../../core/judge/monteCarlo';
import type { JudgeParams } from '../../core/judge/simulate';
import { ChartFrame } from '../common/ChartFrame';
import { downloadText } from '../common/download';
import { pct, SERIES, TOOLTIP_STYLE } from './format';
import { useJudgeWorker } from './useJudgeWorker';

type State =
  | { phase: 'idle' }
  | { phase: 'running'; done: number; total: number }
  | { phase: 'done'; result: MonteCarloResult; ms: number }
  | { phase: 'error'; message: string };

/** Histogram of each estimator's estimates, as shares of replications per 1-point bin. */
function spreadData(result: MonteCarloResult) {
  const width = 0.01;
  const all = result.estimators.flatMap((e) => e.estimates);
  const lo = Math.floor(Math.min(...all) / width) * width;
  const hi = Math.ceil(Math.max(...all) / width) * width;
  const bins = Math.max(1, Math.round((hi - lo) / width));
  const rows = Array.from({ length: bins }, (_, k) => ({ x: 100 * (lo + (k + 0.5) * width) }) as Record<string, number>);
  for (const e of result.estimators) {
    for (const row of rows) row[e.name] = 0;
    for (const v of e.estimates) rows[Math.min(bins - 1, Math.floor((v - lo) / width))][e.name] += 100 / e.estimates.length;
  }
  return rows;
}

export function MonteCarloView({ params }: { params: JudgeParams }) {
  const [prompts, setPrompts] = useState(DEFAULT_MC.prompts);
  const [replications, setReplications] = useState(DEFAULT_MC.replications);
  const [state, setState] = useState<State>({ phase: 'idle' });
  const worker = useJudgeWorker();
  const run = () => {
    const t0 = performance.now();
    const { n: _n, ...judge } = params;
    setState({ phase: 'running', done: 0, total: replications });
    worker.start({ kind: 'montecarlo', params: { judge, prompts, replications } }, (reply) => {
      if (reply.kind === 'progress') setState({ phase: 'running', done: reply.done, total: reply.total });
      else if (reply.kind === 'montecarlo') setState({ phase: 'done', result: reply.result, ms: performance.now() - t0 });
      else if (reply.kind === 'error') setState({ phase: 'error', message: reply.message });
    });
  };
  const cancel = () => {
    worker.stop();
    setState({ phase: 'idle' });
  };
  const valid = Number.isInteger(prompts) && prompts >= 10 && prompts <= 20000 && Number.isInteger(replications) && replications >= 10 && replications <= 20000;
  return (
    <div className="judge-mc">
      <p>
        Binary verdicts, one per order, on fresh prompts each replication. Each estimator declares a winner when its
        win rate is above (or below) 50% at a one-sided 5% test, using the standard error of the per-prompt scores
        (for LC, a sandwich standard error clustered by prompt). Uses the sliders’ b, λ, m, s, ρ and seed.
      </p>
      <form
        className="judge-mc-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid && state.phase !== 'running') run();
        }}
      >
        <label>
          Prompts per replication
          <input type="number" min={10} max={20000} step={1} value={prompts} onChange={(e) => setPrompts(Math.floor(Number(e.target.value)))} />
        </label>
        <label>
          Replications
          <input type="number" min={10} max={20000} step={10} value={replications} onChange={(e) => setReplications(Math.floor(Number(e.target.value)))} />
        </label>
        <button type="submit" className="primary" disabled={!valid || state.phase === 'running'}>Run Monte Carlo</button>
        {state.phase === 'running' && <button type="button" onClick={cancel}>Cancel</button>}
      </form>
      {!valid && <p className="error" role="alert">Prompts and replications must be whole numbers from 10 to 20,000.</p>}
      {state.phase === 'running' && (
        <p className="judge-progress">
          <label htmlFor="judge-mc-progress">Replications done</label>
          <progress id="judge-mc-progress" max={state.total} value={state.done} />
          <span aria-live="polite">{state.done} / {state.total}</span>
        </p>
      )}
      {state.phase === 'error' && <p className="error" role="alert">{state.message}</p>}
      {state.phase === 'done' && <MonteCarloResults result={state.result} ms={state.ms} />}
    </div>
  );
}

function MonteCarloResults({ result, ms }: { result: MonteCarloResult; ms: number }) {
  const data = spreadData(result);
  const worse = result.worse === 'neither' ? 'either model (they are equal)' : `${result.worse} (the worse model)`;
  return (
    <>
      <table className="judge-table" aria-label="Monte Carlo results" data-testid="mc-table">
        <caption>
          {result.replications.toLocaleString('en-US')} replications × {result.prompts} prompts in {(ms / 1000).toFixed(1)} s.
          Population target {pct(result.populationTarget)}: the worse model is {result.worse}.
        </caption>
        <thead>
          <tr><th>Estimator</th><th>Mean</th><th>Spread (sd)</th><th>Declares A</th><th>Declares B</th><th>Names {worse}</th></tr>
        </thead>
        <tbody>
          {result.estimators.map((e) => (
            <tr key={e.name}>
              <td>{ESTIMATOR_LABELS[e.name]}</td>
              <td>{pct(e.mean)}</td>
              <td>{pct(e.spread, 2)}</td>
              <td>{pct(e.declaresA)}</td>
              <td>{pct(e.declaresB)}</td>
              <td data-testid={`mc-worse-${e.name}`} data-value={e.declaresWorse}><strong>{pct(e.declaresWorse)}</strong></td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        onClick={() => {
          const slim = { ...result, estimators: result.estimators.map(({ estimates: _e, ...rest }) => rest) };
          downloadText(JSON.stringify(slim, null, 2), 'judge-montecarlo.json', 'application/json');
        }}
      >
        Download results (JSON)
      </button>
      <ChartFrame
        title="Spread of each estimator across replications"
        filename="judge-montecarlo-spread"
        note="Each curve is the distribution of one estimator over the replications. Biased estimators are tight but centred in the wrong place — often on the wrong side of 50% — which is why they name the worse model so reliably; LC is centred near the target but wider, since it also estimates the length effect."
      >
        <div className="judge-chart" data-testid="mc-chart">
          <ResponsiveContainer width="100%" height={280}>
            <LineChart data={data} margin={{ top: 8, right: 16, bottom: 24, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="x" type="number" domain={['dataMin', 'dataMax']} unit="%" tickFormatter={(v) => Number(v).toFixed(0)} label={{ value: 'estimated win rate of A', position: 'insideBottom', offset: -14 }} />
              <YAxis unit="%" width={48} />
              <Tooltip formatter={(v) => `${Number(v).toFixed(1)}% of replications`} labelFormatter={(v) => `win rate ≈ ${Number(v).toFixed(1)}%`} contentStyle={TOOLTIP_STYLE} />
              <Legend verticalAlign="top" itemSorter={null} wrapperStyle={{ paddingBottom: 6 }} />
              <ReferenceLine x={50} stroke="currentColor" strokeDasharray="1 3" label={{ value: '50%', position: 'insideTopLeft' }} />
              <ReferenceLine x={100 * result.populationTarget} stroke={SERIES.target.color} label={{ value: 'target', position: 'insideTopRight' }} />
              {result.estimators.map((e) => (
                <Line key={e.name} dataKey={e.name} name={ESTIMATOR_LABELS[e.name]} stroke={SERIES[e.name].color} strokeDasharray={e.name === 'unbiased' ? '6 4' : undefined} dot={false} strokeWidth={2} isAnimationActive={false} />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
      </ChartFrame>
    </>
  );
}
