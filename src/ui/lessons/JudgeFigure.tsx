// A judge step's simulation with its own b, λ and ρ sliders: the learner moves them and every
// estimate is simulated again. The step's text and claims stay tied to the step's own setting
// (the facts), which one button restores.
import { useMemo, useState } from 'react';
import { simulateJudge, type JudgeParams, type SimulationResult } from '../../core/judge/simulate';
import { SimulationView } from '../judge/SimulationView';
import { JudgeSlider, SLIDERS } from '../judge/Sliders';
import { LESSON_JUDGE_NOTE, LESSON_JUDGE_TERMS } from './figureNotes';

/** The parameters a lesson lets the learner move. */
const MOVABLE = ['b', 'lambda', 'rho'] as const;
type Movable = (typeof MOVABLE)[number];
// b may go negative here: a real judge can favour the second slot (the lesson's larger-model box).
const SPECS = SLIDERS.filter((s): s is (typeof SLIDERS)[number] & { key: Movable } => (MOVABLE as readonly string[]).includes(s.key)).map((s) =>
  s.key === 'b' ? { ...s, min: -2, hint: 'logits added to whichever answer is shown first (below 0: the second slot is favoured)' } : s,
);

const setting = (p: JudgeParams) => SPECS.map((s) => `${s.key === 'lambda' ? 'λ' : s.key === 'rho' ? 'ρ' : s.key} = ${s.format(p[s.key])}`).join(', ');

export function JudgeFigure(props: { params: JudgeParams; sim: SimulationResult; ms: number }) {
  const [moved, setMoved] = useState<Pick<JudgeParams, Movable> | null>(null);
  const params: JudgeParams = moved ? { ...props.params, ...moved } : props.params;
  // Simulated only when moved: at the step's setting the facts are the result.
  const live = useMemo(() => {
    if (!moved) return null;
    const t0 = performance.now();
    const result = simulateJudge(params);
    return { result, ms: performance.now() - t0 };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [moved, props.params]);
  const result = live ? live.result : props.sim;
  const ms = live ? live.ms : props.ms;
  const set = (key: Movable, value: number) => setMoved({ b: params.b, lambda: params.lambda, rho: params.rho, [key]: value });
  return (
    <div className="lesson-judge">
      <fieldset className="panel lesson-judge-sliders" data-testid="lesson-judge-sliders">
        <legend>Move the judge and the prompts</legend>
        {SPECS.map((s) => (
          <JudgeSlider key={s.key} spec={s} value={params[s.key]} id={`lesson-judge-${s.key}`} testId={`lesson-value-${s.key}`} onChange={(v) => set(s.key, v)} />
        ))}
        {moved ? (
          <p className="warning small" role="status" data-testid="lesson-judge-moved">
            Moved from this step’s setting ({setting(props.params)}): the text and the checked claims refer to that setting, the figure to yours.{' '}
            <button type="button" onClick={() => setMoved(null)}>Back to the step’s setting</button>
          </p>
        ) : (
          <p className="muted small">This step’s setting: {setting(props.params)}. The text and the checked claims refer to it.</p>
        )}
      </fieldset>
      <SimulationView params={params} result={result} ms={ms} note={LESSON_JUDGE_NOTE} terms={LESSON_JUDGE_TERMS} />
    </div>
  );
}
