// Presets that teach; loading one replaces the item (and the model, when the preset names one).
import { PRESETS, type Preset } from './presets';

export function Presets(props: { activeId: string | null; onLoad(p: Preset): void }) {
  const active = PRESETS.find((p) => p.id === props.activeId);
  return (
    <section className="presets panel" aria-labelledby="presets-title">
      <h2 id="presets-title">Presets</h2>
      <ul className="preset-list">
        {PRESETS.map((p) => (
          <li key={p.id}>
            <button type="button" onClick={() => props.onLoad(p)} aria-pressed={p.id === props.activeId} data-preset={p.id}>
              {p.title}
            </button>
          </li>
        ))}
      </ul>
      {active && (
        <p className="preset-notice" role="status" data-testid="preset-notice">
          <strong>What to notice:</strong> {active.notice}
        </p>
      )}
    </section>
  );
}
