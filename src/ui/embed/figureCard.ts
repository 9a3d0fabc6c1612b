// A Scorer snapshot as a card (CardSvg): the figure's static image for papers and newsletters,
// saved as SVG or PNG from the same snapshot the embed code carries. One row per deciding rule:
// the answer it picks and every answer's score under it (log-probabilities in bits, ★ the winner),
// as the figure's winner table shows them.
import type { RuleName } from '../../core/scoring/types';
import { DECIDING_COLUMNS } from '../../core/scoring/rules';
import type { ScorerSnapshot } from '../../state/snapshot';
import type { CardTable } from '../common/CardSvg';
import { candidateLetter, ruleScoreText, snippet } from '../scorer/format';

export interface FigureCard {
  title: string;
  takeaway: string;
  table: CardTable;
  foot: string;
}

export function figureCard(snap: ScorerSnapshot): FigureCard {
  const { result, indices } = snap;
  const head = ['rule', 'winner', ...result.candidates.map((c, p) => `${candidateLetter(indices[p])}${snap.gold === indices[p] ? ' (gold)' : ''} ${snippet(c.text, 14)}`)];
  const rows = DECIDING_COLUMNS.map((r) => {
    const w = result.winners[r.names.winner as RuleName];
    return [
      `${r.label}${r.harness ? ` (${r.harness})` : ''}`,
      w === undefined || w < 0 ? 'none' : candidateLetter(indices[w]),
      ...result.candidates.map((c, p) => `${ruleScoreText(r, c, 'bits')}${p === w ? ' ★' : ''}`),
    ];
  });
  const context = Array.from(result.context);
  const contextShown = context.length > 80 ? `${context.slice(0, 79).join('')}…` : result.context;
  const answers = result.candidates.map((c, p) => `${candidateLetter(indices[p])} “${snippet(c.text, 40)}”`).join(', ');
  return {
    title: 'Which answer wins under each scoring rule',
    takeaway: `After “${contextShown}”: ${answers}. Log-probabilities in bits, higher is better; ★ marks each rule's winner.`,
    table: { head, rows },
    foot: `lengthlens · ${snap.model.id} (${snap.model.dtype}) · a space in an answer is shown as ·`,
  };
}
