// The Judge lab: a seeded simulation of a judge with position and verbosity bias, sweeps, a
// Monte Carlo of the estimators, and an audit of the user's own verdicts.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { DEFAULT_PARAMS, type JudgeParams } from '../../core/judge/simulate';
import { SliderPanel } from './Sliders';
import { SimulationView, useSimulation } from './SimulationView';
import { SweepCharts } from './SweepCharts';
import { MonteCarloView } from './MonteCarloView';
import { AuditView } from './AuditView';
import { formatJudgeHash, parseJudgeHash, type JudgeTab } from './judgeHash';
import './judge.css';

const TABS: { id: JudgeTab; label: string }[] = [
  { id: 'simulation', label: 'Simulation' },
  { id: 'sweeps', label: 'Sweeps' },
  { id: 'montecarlo', label: 'Monte Carlo' },
  { id: 'audit', label: 'Audit' },
];

export default function JudgeLab() {
  const [initial] = useState(() => parseJudgeHash(window.location.hash));
  const [tab, setTab] = useState<JudgeTab>(initial.tab);
  const [params, setParams] = useState<JudgeParams>(initial.params);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  useEffect(() => {
    const onHash = () => {
      const next = parseJudgeHash(window.location.hash);
      setTab(next.tab);
      setParams((prev) => (JSON.stringify(prev) === JSON.stringify(next.params) ? prev : next.params));
    };
    window.addEventListener('hashchange', onHash);
    // A hash change between the first render and this subscription is not lost.
    onHash();
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  // Slider moves rewrite the link in place (no history entry per step); views push one.
  useEffect(() => {
    const hash = formatJudgeHash(tab, params);
    if (window.location.hash !== hash) window.history.replaceState(null, '', hash);
  }, [tab, params]);
  const select = (id: JudgeTab, focus = false) => {
    const hash = formatJudgeHash(id, params);
    if (window.location.hash !== hash) window.location.hash = hash;
    setTab(id);
    if (focus) tabRefs.current[id]?.focus();
  };
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = TABS.findIndex((t) => t.id === tab);
    const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    select(TABS[(next + TABS.length) % TABS.length].id, true);
  };
  const sim = useSimulation(params);
  return (
    <section className="judge" aria-labelledby="judge-title">
      <header className="judge-intro">
        <h1 id="judge-title">Judge lab</h1>
        <p>
          An LLM judge that favours the answer shown first (position bias <em>b</em>) and the longer answer (verbosity
          bias <em>λ</em>). Model A is slightly worse than B on average but usually longer. Which win rate tells the
          truth? P(A wins | A first) = σ(d + b + λx), P(A wins | A second) = σ(d − b + λx), with d the true quality
          gap and x = ln(len A / len B).
        </p>
      </header>
      <div role="tablist" aria-label="Judge lab views" className="judge-tabs">
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => { tabRefs.current[t.id] = el; }}
            role="tab"
            type="button"
            id={`judge-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`judge-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => select(t.id)}
            onKeyDown={onTabKey}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className={tab === 'audit' ? 'judge-body' : 'judge-body judge-with-sliders'}>
        {tab !== 'audit' && <SliderPanel params={params} onChange={setParams} onReset={() => setParams(DEFAULT_PARAMS)} />}
        <div role="tabpanel" id={`judge-panel-${tab}`} aria-labelledby={`judge-tab-${tab}`} className="judge-panel">
          {tab === 'simulation' && <SimulationView params={params} result={sim.result} ms={sim.ms} />}
          {tab === 'sweeps' && <SweepCharts params={params} />}
          {tab === 'montecarlo' && <MonteCarloView params={params} />}
          {tab === 'audit' && <AuditView />}
        </div>
      </div>
    </section>
  );
}
