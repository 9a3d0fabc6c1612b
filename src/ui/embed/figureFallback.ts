// What a <lengthlens-figure> holds for a reader whose page never runs its script (an RSS reader, a
// newsletter, a page with scripts off): the same snapshot as plain HTML, inside the element — the
// item, which answer each deciding rule picks, and a link to the figure. Once the script runs, the
// element's shadow root (which has no slot) draws the figure and none of these children.
import type { RuleName } from '../../core/scoring/types';
import { DECIDING_COLUMNS } from '../../core/scoring/rules';
import { escapeHtml } from '../../core/text/html';
import type { ScorerSnapshot } from '../../state/snapshot';
import { candidateLetter } from '../scorer/format';

/** A candidate quoted, its leading and trailing spaces shown as · (they are what the figure is about); inner spaces read as spaces. */
const quoted = (text: string) => `“${escapeHtml(text.replace(/^ +| +$/g, (m) => '·'.repeat(m.length)))}”`;

/** The snapshot as plain HTML: a heading line, the item, one line per deciding rule, the gold, and a link to open it. */
export function figureFallbackHtml(snap: ScorerSnapshot, openHref: string): string {
  const { result, indices } = snap;
  const model = `${snap.model.id} (${snap.model.dtype})`;
  const answers = result.candidates.map((c, p) => `${candidateLetter(indices[p])}: ${quoted(c.text)}`).join(' · ');
  const rules = DECIDING_COLUMNS.map((r) => {
    const w = result.winners[r.names.winner as RuleName];
    const name = `${r.phrase}${r.harness ? ` (${r.harness})` : ''}`;
    const pick = w === undefined || w < 0 ? 'no winner (no value)' : `${candidateLetter(indices[w])} ${quoted(result.candidates[w].text)}`;
    return `<li>${escapeHtml(name)}: ${pick}</li>`;
  });
  const gold = snap.gold === null ? '' : ` The right answer is ${candidateLetter(snap.gold)}.`;
  return [
    `<p><strong>Which answer wins under each scoring rule</strong> (lengthlens, ${escapeHtml(model)}; a leading space is shown as ·)</p>`,
    `<p>“${escapeHtml(result.context)}” → ${answers}</p>`,
    `<ul>${rules.join('')}</ul>`,
    `<p>${gold.trim() ? `${gold.trim()} ` : ''}<a href="${escapeHtml(openHref)}">Open this figure in lengthlens</a></p>`,
  ].join('\n');
}
