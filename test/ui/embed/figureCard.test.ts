// The Scorer figure's static image (a card): one row per deciding rule naming the winner the
// snapshot names, ★ on that answer's score and on no other, every score in bits as the figure's
// winner table writes it; the gold marked in the header.
import { describe, expect, it } from 'vitest';
import { DECIDING_RULES } from '../../../src/core/scoring/rules';
import type { RuleName } from '../../../src/core/scoring/types';
import { scorerSnapshot } from '../../../src/state/snapshot';
import { figureCard } from '../../../src/ui/embed/figureCard';
import { FIRST_VISIT } from '../../../src/ui/scorer/firstVisit';

const snap = (() => {
  const s = scorerSnapshot({ id: 'stories260K', choice: { kind: 'served', name: 'stories260K' }, dtype: 'fp32', device: 'wasm' }, FIRST_VISIT.result, { indices: [0, 1, 2], gold: 1, unconditionalContext: '', boundaryPolicy: 'whole', lengths: 'harness' });
  if (!s.ok) throw new Error(s.error);
  return s.snapshot;
})();

describe('the figure card', () => {
  it('names each rule\'s winner and stars its score alone', () => {
    const card = figureCard(snap);
    expect(card.table.head).toEqual(['rule', 'winner', 'A ·hat.', 'B (gold) ·big·soft·tow…', 'C ·zebra.']);
    expect(card.table.rows.length).toBe(DECIDING_RULES.length);
    for (const r of DECIDING_RULES) {
      const row = card.table.rows.find((x) => x[0] === `${r.label}${r.harness ? ` (${r.harness})` : ''}`)!;
      const w = snap.result.winners[r.names.winner as RuleName];
      expect(row[1], r.id).toBe('ABC'[w]);
      row.slice(2).forEach((cell, p) => expect(cell.endsWith(' ★'), `${r.id} ${p}`).toBe(p === w));
    }
    // The raw sum in bits, with a true minus sign: −10.124 for “ hat.”.
    const sum = card.table.rows.find((x) => x[0] === 'sum log-prob (acc)')!;
    expect(sum[2]).toBe(`−${(-FIRST_VISIT.result.candidates[0].sum_logprob / Math.LN2).toFixed(3)} ★`);
    expect(card.foot).toBe('lengthlens · stories260K (fp32) · a space in an answer is shown as ·');
    expect(card.takeaway).toContain('After “Tim got out of the pool. He was wet and cold. His mom gave him a”: A “·hat.”');
  });
});
