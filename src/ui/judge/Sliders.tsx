import type { JudgeParams } from '../../core/judge/simulate';

export interface SliderSpec {
  key: keyof JudgeParams;
  label: string;
  min: number;
  max: number;
  step: number;
  format: (v: number) => string;
  hint: string;
}

export const SLIDERS: SliderSpec[] = [
  { key: 'b', label: 'Position bias b', min: 0, max: 2, step: 0.05, format: (v) => v.toFixed(2), hint: 'logits added to whichever answer is shown first' },
  { key: 'lambda', label: 'Verbosity bias λ', min: 0, max: 2, step: 0.05, format: (v) => v.toFixed(2), hint: 'logits per unit of ln(len A / len B)' },
  { key: 'm', label: 'A’s typical length ratio', min: -1, max: 1.5, step: 0.01, format: (v) => `${Math.exp(v).toFixed(2)}× (m = ${v.toFixed(2)})`, hint: 'e^m: how much longer A usually is' },
  { key: 's', label: 'Spread of the length ratio s', min: 0, max: 1.5, step: 0.05, format: (v) => v.toFixed(2), hint: 'sd of ln(len A / len B)' },
  { key: 'rho', label: 'Length–quality correlation ρ', min: -0.95, max: 0.95, step: 0.05, format: (v) => v.toFixed(2), hint: 'ρ > 0: longer answers really are better' },
  { key: 'n', label: 'Prompts n', min: 100, max: 10000, step: 100, format: (v) => v.toLocaleString('en-US'), hint: 'both orders judged for each' },
];

/** One slider: its label and value, the range input, and its hint (the Judge lab's panel and the lessons' judge steps). */
export function JudgeSlider(props: { spec: SliderSpec; value: number; id: string; testId: string; onChange: (value: number) => void }) {
  const { spec: s, value, id } = props;
  return (
    <div className="judge-slider">
      <label htmlFor={id}>
        <span>{s.label}</span>
        <output htmlFor={id} data-testid={props.testId}>{s.format(value)}</output>
      </label>
      <input
        id={id}
        type="range"
        min={s.min}
        max={s.max}
        step={s.step}
        value={value}
        aria-valuetext={s.format(value)}
        aria-describedby={`${id}-hint`}
        onChange={(e) => props.onChange(Number(e.target.value))}
      />
      <small id={`${id}-hint`} className="muted">{s.hint}</small>
    </div>
  );
}

export function SliderPanel(props: { params: JudgeParams; onChange: (next: JudgeParams) => void; onReset: () => void }) {
  const { params, onChange } = props;
  const set = (key: keyof JudgeParams, value: number) => onChange({ ...params, [key]: value });
  return (
    <fieldset className="judge-sliders panel">
      <legend>Judge and prompts</legend>
      {SLIDERS.map((s) => (
        <JudgeSlider key={s.key} spec={s} value={params[s.key]} id={`judge-slider-${s.key}`} testId={`value-${s.key}`} onChange={(v) => set(s.key, v)} />
      ))}
      <div className="judge-slider judge-seed">
        <label htmlFor="judge-seed">Seed</label>
        <input
          id="judge-seed"
          type="number"
          min={1}
          max={1_000_000}
          step={1}
          value={params.seed}
          onChange={(e) => {
            const v = Math.floor(Number(e.target.value));
            if (Number.isFinite(v) && v >= 1 && v <= 1_000_000) set('seed', v);
          }}
        />
        <button type="button" onClick={() => set('seed', params.seed + 1)}>New draw</button>
        <button type="button" onClick={props.onReset}>Defaults</button>
      </div>
    </fieldset>
  );
}
