// The compact table of a blog figure: one row per deciding rule, the answer it picks and every
// answer's score under it (log-probabilities in bits), so the reader sees who wins and by how much.
import type { ItemScore, RuleName } from '../../core/scoring/types';
import { DECIDING_COLUMNS, type ScoreField } from '../../core/scoring/rules';
import { ScrollX } from '../common/ScrollX';
import { WinMark } from '../common/WinMark';
import { candidateLetter, ruleScoreText, snippet } from '../scorer/format';

export function WinnerTable(props: { result: ItemScore; indices: number[]; gold: number | null }) {
  const { result, indices, gold } = props;
  return (
    <section className="winner-table-wrap" aria-labelledby="winner-table-title">
      <h2 id="winner-table-title">Who wins under each rule</h2>
      <ScrollX className="table-scroll" label="Winners table (scrolls sideways)">
        <table className="winner-table" data-testid="winner-table">
          <caption className="sr-only">Each rule&apos;s winning answer and every answer&apos;s score under it; log-probabilities in bits; ★ marks the winner.</caption>
          <thead>
            <tr>
              <th scope="col">rule</th>
              <th scope="col">winner</th>
              {result.candidates.map((c, p) => (
                <th scope="col" key={p} title={c.text} data-candidate={indices[p]}>
                  {candidateLetter(indices[p])}
                  {gold === indices[p] && <span className="gold-mark">gold</span>}
                  <span className="cand-text">{snippet(c.text, 16)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {DECIDING_COLUMNS.map((r) => {
              const rule = r.names.winner as RuleName;
              const field = r.names.candidate as ScoreField;
              const w = result.winners[rule];
              return (
                <tr key={rule} data-rule={rule} data-winner={w >= 0 ? indices[w] : -1}>
                  <th scope="row" title={r.title}>
                    {r.label}
                    {r.harness && <span className="rule-name">{r.harness}</span>}
                  </th>
                  <td className="winner-cell">{w >= 0 ? candidateLetter(indices[w]) : 'none'}</td>
                  {result.candidates.map((c, p) => (
                    <td key={p} data-col={field} data-value={c[field]} className={p === w ? 'win' : undefined}>
                      {ruleScoreText(r, c, 'bits')}
                      {p === w && <WinMark />}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollX>
      <p className="table-note muted small">Log-probabilities in bits, higher is better (per char, per byte and per token: divided by the answer&apos;s length). Ties go to the first answer, as in lm-eval-harness.</p>
    </section>
  );
}
