// The summary cards' pure parts: the card route, the word wrap, and that every lesson has a card
// whose key step exists and whose table is written from that step's kind of facts.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lessonCardHash, lessonRouteFromHash } from '../../../src/ui/route';
import { wrapText } from '../../../src/ui/common/CardSvg';
import { CARDS } from '../../../src/ui/lessons/cards';
import { JUDGE_SEED, LESSONS } from '../../../src/ui/lessons/content';
import { AUDIT_SUMMARY } from '../../../src/ui/lessons/auditFacts';
import { DEFAULT_PARAMS, simulateJudge } from '../../../src/core/judge/simulate';
import { pct } from '../../../src/ui/common/format';
import type { AuditFacts } from '../../../src/ui/lessons/types';

describe('summary cards', () => {
  it('the card hash is a route of its own, and a step hash is not a card', () => {
    expect(lessonRouteFromHash(lessonCardHash('leftovers'))).toEqual({ lesson: 'leftovers', step: 0, snap: null, card: true });
    expect(lessonRouteFromHash('#/lessons/leftovers/3')).toEqual({ lesson: 'leftovers', step: 2, snap: null, card: false });
    expect(lessonRouteFromHash('#/lessons')).toEqual({ lesson: null, step: 0, snap: null, card: false });
  });

  it('wraps words without losing or reordering any, each line within the width unless one word is longer', () => {
    expect(wrapText('aa bb cc dd', 5)).toEqual(['aa bb', 'cc dd']);
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,12}$/), { maxLength: 30 }), fc.integer({ min: 1, max: 40 }), (words, width) => {
        const lines = wrapText(words.join(' '), width);
        expect(lines.join(' ').split(' ').filter(Boolean)).toEqual(words);
        for (const l of lines) expect(l.length <= width || !l.includes(' ')).toBe(true);
      }),
    );
  });

  it('every lesson has a card, its key step exists, and the card reads that step\'s facts', () => {
    for (const l of LESSONS) {
      const card = CARDS[l.id];
      expect(card, l.id).toBeDefined();
      const step = l.steps.find((s) => s.id === card.step);
      expect(step, `${l.id}: card step ${card.step}`).toBeDefined();
      expect(card.takeaway.length, l.id).toBeLessThan(200);
      // Facts of another kind give no table, never a wrong one.
      const params = { ...DEFAULT_PARAMS, seed: JUDGE_SEED };
      expect(card.table({ kind: 'judge', sim: simulateJudge(params), params, ms: 0 }) === null).toBe(step!.widget.kind !== 'judge');
    }
  });

  it('each card carries its lesson\'s headline number: the judge card the overcorrection, the AlpacaEval card the unregularised LC', () => {
    const params = { ...DEFAULT_PARAMS, seed: JUDGE_SEED };
    const judge = CARDS['judge-bias'].table({ kind: 'judge', sim: simulateJudge(params), params, ms: 0 })!;
    // The lesson's last step: λ = 0, ρ = 0.6 gives LC 34.4% against a truth of 46.3% (claims.test.ts).
    expect(judge.rows.at(-1)).toEqual(['LC at ρ = 0.6', '34.4% (truth 46.3%)']);
    const audits = Object.values(AUDIT_SUMMARY).map((a) => ({ ...a, source: 'summary', lengthCurve: null })) as AuditFacts[];
    const lc = CARDS['lc-trust'].table({ kind: 'audit', audits })!;
    expect(lc.rows[0]).toEqual(['gpt4_gamed', '3.9%', '3.7%', '70.4% / 12.2%']);
    // The takeaway's numbers are the audit's.
    expect(CARDS['lc-trust'].takeaway).toContain(`${pct(AUDIT_SUMMARY.gpt4_gamed.lc)} for a ${pct(AUDIT_SUMMARY.gpt4_gamed.raw)} model`);
  });
});
