// The plain-HTML fallback inside a <lengthlens-figure> (for pages that never run its script): one
// line per deciding rule naming the answer that rule's winner is in the snapshot, the right answer,
// and a link; and, whatever the candidates' text, no markup but its own (the embed code is pasted
// into someone's page).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DECIDING_RULES } from '../../../src/core/scoring/rules';
import type { RuleName } from '../../../src/core/scoring/types';
import { scorerSnapshot, type ScorerSnapshot } from '../../../src/state/snapshot';
import { escapeHtml } from '../../../src/core/text/html';
import { figureFallbackHtml } from '../../../src/ui/embed/figureFallback';
import { elementSnippet } from '../../../src/ui/embed/embedCode';
import { FIRST_VISIT } from '../../../src/ui/scorer/firstVisit';

function snapshotOf(result = FIRST_VISIT.result, indices = [0, 1, 2], gold: number | null = 1): ScorerSnapshot {
  const s = scorerSnapshot({ id: 'stories260K', choice: { kind: 'served', name: 'stories260K' }, dtype: 'fp32', device: 'wasm' }, result, { indices, gold, unconditionalContext: '', boundaryPolicy: 'whole', lengths: 'harness' });
  if (!s.ok) throw new Error(s.error);
  return s.snapshot;
}

/** Every tag the fallback may write. */
const OWN_TAGS = /<\/?(p|strong|ul|li)>|<a href="[^"<>]*">|<\/a>/g;

describe('the figure fallback', () => {
  it('names each deciding rule\'s winner as the snapshot does, the right answer and the link', () => {
    const snap = snapshotOf();
    const html = figureFallbackHtml(snap, 'https://example.org/app/?embed=1#snap=abc');
    const lines = [...html.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]);
    expect(lines.length).toBe(DECIDING_RULES.length);
    for (const r of DECIDING_RULES) {
      const w = snap.result.winners[r.names.winner as RuleName];
      const line = lines.filter((l) => l.startsWith(`${escapeHtml(r.phrase)}${r.harness ? ` (${r.harness})` : ''}: `));
      expect(line, r.id).toHaveLength(1);
      expect(line[0]).toContain(`: ${'ABC'[w]} “`);
    }
    // The towel item: the raw sum picks A (“ hat.”), per char B.
    expect(lines[0]).toBe('raw sum (acc): A “·hat.”');
    expect(html).toContain('The right answer is B.');
    expect(html).toContain('<a href="https://example.org/app/?embed=1#snap=abc">Open this figure in lengthlens</a>');
    expect(html).toContain('stories260K (fp32)');
    // Only the candidates' edge spaces are marked; the context and inner spaces read as written.
    expect(html).toContain('“Tim got out of the pool.');
    expect(html).toContain('B: “·big soft towel so he could dry off.”');
  });

  it('letters follow the workspace (a reordered result) and say when there is no gold', () => {
    const snap = snapshotOf(FIRST_VISIT.result, [2, 0, 1], null);
    const html = figureFallbackHtml(snap, 'https://example.org/');
    // Position 0 (“ hat.”) is candidate C in the workspace.
    expect(html).toContain('raw sum (acc): C “·hat.”');
    expect(html).not.toContain('right answer');
  });

  it('writes no markup of the text it quotes, whatever the candidates and the link hold', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 }), { minLength: 3, maxLength: 3 }), fc.string({ maxLength: 12 }), fc.string({ maxLength: 20 }), (texts, context, href) => {
        const result = { ...FIRST_VISIT.result, context, candidates: FIRST_VISIT.result.candidates.map((c, i) => ({ ...c, text: texts[i] })) };
        const html = figureFallbackHtml({ ...snapshotOf(), result }, href);
        expect(html.replace(OWN_TAGS, '')).not.toMatch(/[<>]/);
        // In the element, the fallback's text cannot end the element or open a script.
        const code = elementSnippet('https://example.org/', 'payload', { fallback: html });
        expect(code.match(/<\/lengthlens-figure>/g)!.length).toBe(1);
        expect(code.match(/<script/g)!.length).toBe(1);
      }),
      { numRuns: 300, examples: [[['</lengthlens-figure><script>x()</script>', '"><img src=x onerror=y>', "' & <"], '<b>', 'javascript:"><script>']] },
    );
  });
});
