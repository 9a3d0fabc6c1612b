// Raw context vs the same context as a user turn of the model's chat template, side by side.
// The template adds a fixed cost to every answer (the PriorBPB note's α), which can move winners.
import type { ItemScore, RuleName } from '../../core/scoring/types';
import type { Units } from '../../state/workspaceSchema';
import { candidateLetter, fmt, inUnits, RULE_LABEL, RULE_ORDER, snippet } from './format';

export function TemplateComparison(props: { raw: ItemScore; templated: ItemScore; indices: number[]; units: Units }) {
  const { raw, templated, indices, units } = props;
  const u = units === 'bits' ? 'bits' : 'nats';
  const moved = RULE_ORDER.filter((r: RuleName) => raw.winners[r] !== templated.winners[r]);
  const letter = (p: number) => (p >= 0 ? candidateLetter(indices[p] ?? p) : '–');
  return (
    <section className="template-compare" aria-labelledby="template-title" data-testid="template-compare">
      <h2 id="template-title">Raw context vs chat template</h2>
      <p className={moved.length ? 'banner disagree' : 'banner agree'} role="status">
        {moved.length
          ? `The chat template changes the winner under ${moved.map((r) => `${RULE_LABEL[r]} (${letter(raw.winners[r])} → ${letter(templated.winners[r])})`).join(', ')}.`
          : 'The chat template changes no winner here.'}
      </p>
      <div className="table-scroll">
        <table className="score-table">
          <caption className="sr-only">Sum log-prob, per-byte score and first-token bits of each candidate, raw and with the chat template</caption>
          <thead>
            <tr>
              <th scope="col">candidate</th>
              <th scope="col">sum raw ({u})</th>
              <th scope="col">sum template ({u})</th>
              <th scope="col">change</th>
              <th scope="col">per byte raw</th>
              <th scope="col">per byte template</th>
              <th scope="col">first-token bits raw</th>
              <th scope="col">first-token bits template</th>
            </tr>
          </thead>
          <tbody>
            {raw.candidates.map((c, p) => {
              const t = templated.candidates[p];
              if (!t) return null;
              return (
                <tr key={p}>
                  <th scope="row">
                    <span className="cand-letter">{letter(p)}</span> <span className="cand-text">{snippet(c.text, 24)}</span>
                  </th>
                  <td>{fmt(inUnits(c.sum_logprob, units))}</td>
                  <td>{fmt(inUnits(t.sum_logprob, units))}</td>
                  <td>{fmt(inUnits(t.sum_logprob - c.sum_logprob, units))}</td>
                  <td>{fmt(inUnits(c.per_byte, units))}</td>
                  <td>{fmt(inUnits(t.per_byte, units))}</td>
                  <td>{fmt(c.first_token_bits)}</td>
                  <td>{fmt(t.first_token_bits)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="table-note muted">
        The template puts the answer after an assistant header, which shifts the cost of the first tokens: a fixed per-answer cost that length
        normalisation divides differently for short and long answers.
      </p>
    </section>
  );
}
