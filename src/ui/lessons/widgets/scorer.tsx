// A Scorer item on the lesson model: the table, traces and banner (or, as 'extensivity', the sums
// against length); its item is shown under the step's text, its candidates are a question's options,
// its `winners` are claims, and Try it edits it after the reveal.
import { withLengthConvention } from '../../../core/scoring/lengthConvention';
import type { ItemScore, RuleName } from '../../../core/scoring/types';
import { scorerDifferences, scorerSnapshot } from '../../../state/snapshot';
import { onDemand } from '../../common/onDemand';
import { candidateLetter, RULE_LABEL, visible } from '../../scorer/format';
import { LESSON_LENGTHS, winnerClaims } from '../content';
import { onLessonModel } from './live';
import type { WidgetKind } from './types';

export interface ScorerWidget {
  kind: 'scorer';
  context: string;
  candidates: string[];
  /** PMI's unconditional context ('' = BOS only). */
  unconditionalContext?: string;
  /** The rules this step is about: their columns are highlighted. */
  focus: RuleName[];
  /** Winners the text states, by rule (candidate index): checked live. */
  winners: Partial<Record<RuleName, number>>;
  /** 'extensivity': the raw sums drawn against length beside the line −L×H (ExtensivityFigure), not the Scorer table. */
  view?: 'extensivity';
}

export interface ScorerFacts {
  kind: 'scorer';
  result: ItemScore;
}

const Table = onDemand(() => import('../LessonFigures').then((m) => m.ScorerFigure));
const Extensivity = onDemand(() => import('../LessonFigures').then((m) => m.ExtensivityFigure));
const TryIt = onDemand(() => import('../TryIt').then((m) => m.TryIt));

/** The item under the step's text: its context and candidates (before the reveal too: the question is about them). */
function Item(props: { widget: ScorerWidget }) {
  const w = props.widget;
  return (
    <div className="lesson-item panel">
      <div className="muted small">Context</div>
      <div className="lesson-context">{w.context}</div>
      {w.unconditionalContext !== undefined && (
        <div className="muted small">
          Unconditional context for PMI: “{w.unconditionalContext}”
        </div>
      )}
      <ol className="lesson-candidates" type="A">
        {w.candidates.map((c, i) => (
          <li key={i}>
            <code>{visible(c)}</code>
          </li>
        ))}
      </ol>
    </div>
  );
}

export const scorerKind: WidgetKind<ScorerWidget, ScorerFacts> = {
  kind: 'scorer',
  needsModel: true,
  async live(w) {
    const { scoreItems } = await import('../lessonEngine');
    const [raw] = await scoreItems([{ context: w.context, candidates: w.candidates }], w.unconditionalContext ?? '');
    const result = withLengthConvention(raw, LESSON_LENGTHS);
    return onLessonModel({ kind: 'scorer', result });
  },
  preload: () => Promise.all([Table.preload(), Extensivity.preload()]).then(() => undefined),
  Figure: (p) => (p.widget.view === 'extensivity' ? <Extensivity.Component facts={p.facts} /> : <Table.Component widget={p.widget} facts={p.facts} taught={p.taught} />),
  options: (w) => w.candidates.map((c, i) => `${candidateLetter(i)}: “${visible(c)}”`),
  claims: (w) => winnerClaims(w.winners, w.candidates, (r) => RULE_LABEL[r]),
  Item,
  Tools: (p) => <TryIt.Component widget={p.widget} base={p.facts.result} taught={p.taught} />,
  snapshot: {
    read: (s) => (s.kind === 'scorer' ? { kind: 'scorer', result: s.result } : null),
    write: (f, model) => scorerSnapshot(model, f.result, { indices: f.result.candidates.map((_, i) => i), gold: null, unconditionalContext: '', boundaryPolicy: 'whole' }),
    differences: (s, f) => (s.kind === 'scorer' ? scorerDifferences(s.result, f.result) : []),
  },
};
