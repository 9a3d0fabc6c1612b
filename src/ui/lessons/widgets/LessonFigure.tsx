// A step's live widget, drawn by its kind's figure from its facts (each kind's code is fetched when shown).
import { DECIDING_RULES, type RuleName } from '../../../core/scoring/rules';
import { preloadFigures, widgetKind, type Facts, type Widget } from './index';

/** `taught`: the rules a scorer figure may show (all deciding rules when absent). */
export function LessonFigure(props: { widget: Widget; facts: Facts; taught?: readonly RuleName[] }) {
  const { widget: w, facts: f } = props;
  const taught = props.taught ?? DECIDING_RULES.map((r) => r.names.winner as RuleName);
  // The first figure fetches them all (idempotent): later steps' figures need no second fetch.
  void preloadFigures();
  if (w.kind !== f.kind) return <p className="error">This figure does not match its data.</p>;
  const { Figure } = widgetKind(w.kind);
  return <Figure widget={w} facts={f} taught={taught} />;
}
