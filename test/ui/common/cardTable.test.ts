// A summary card's table on a narrow card: wrapped and cut before it is scaled, so a phone card keeps
// readable text and whole row labels. Widths here are the card's own estimate (no canvas in Node).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { layoutCardTable, type CardTable } from '../../../src/ui/common/CardSvg';

const estimate = (text: string, bold: boolean) => text.length * 13 * (bold ? 0.6 : 0.52);
const noSpaces = (s: string) => s.replace(/\s+/g, '');
const fullWidth = (l: ReturnType<typeof layoutCardTable>) => l.widths.reduce((a, b) => a + b, 0) * l.k;

const LC_TRUST: CardTable = {
  head: ['model', 'answer longer', 'raw', 'LC: fit / AlpacaEval'],
  rows: [
    ['gpt4_gamed', '3.9%', '3.7%', '70.4% / 12.2%'],
    ['FuseChat-Gemma-2-9B', '52.5%', '70.5%', '71.2% / 70.2%'],
  ],
};

describe('a card table laid out for its width', () => {
  it('a table that fits keeps one line a cell at full size', () => {
    const l = layoutCardTable(LC_TRUST, 520, estimate);
    expect(l.k).toBe(1);
    expect([...l.head, ...l.rows.flat()].every((c) => c.length === 1)).toBe(true);
  });

  it('on a 320 px card the four-column table wraps instead of shrinking to 7 px: text at 11 px or more, no label cut', () => {
    const l = layoutCardTable(LC_TRUST, 320 - 40, estimate);
    expect(13 * l.k).toBeGreaterThanOrEqual(11);
    expect(l.rows.map((r) => noSpaces(r[0].join('')))).toEqual(['gpt4_gamed', 'FuseChat-Gemma-2-9B']);
    expect(l.head[1]).toEqual(['answer', 'longer']);
    expect(fullWidth(l)).toBeLessThanOrEqual(280 + 1e-9);
  });

  it('scales down to 11 px before it cuts a label, and cuts the widest column only below that', () => {
    // Wrapped, this table is a little too wide: 11 px text fits it whole.
    const t: CardTable = { head: ['30 questions', 'acc', 'acc_norm', 'chance'], rows: [['full-text answers', '30.0%', '23.3%', '25.0%'], ['letter keys (A–D)', '16.7%', '16.7%', '25.0%']] };
    const snug = layoutCardTable(t, 270, estimate);
    expect(snug.k).toBeLessThan(1);
    expect(13 * snug.k).toBeGreaterThanOrEqual(11);
    expect(snug.rows.flat(2).some((x) => x.endsWith('…'))).toBe(false);
    // Far too narrow for 11 px: the widest column is cut first.
    const tight = layoutCardTable({ head: ['label', 'value'], rows: [['an unbreakablelabelthatisverylong', '1.0']] }, 150, estimate);
    expect(tight.rows[0][0].join('')).toContain('…');
  });

  it('never loses text but to an ellipsis, never exceeds the width, and breaks a cell in two at most', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9%.\-/]{1,14}$/);
    const cell = fc.array(word, { minLength: 1, maxLength: 4 }).map((ws) => ws.join(' '));
    const table = fc.integer({ min: 1, max: 5 }).chain((cols) =>
      fc.record({ head: fc.array(cell, { minLength: cols, maxLength: cols }), rows: fc.array(fc.array(cell, { minLength: cols, maxLength: cols }), { minLength: 1, maxLength: 5 }) }),
    );
    fc.assert(
      fc.property(table, fc.integer({ min: 200, max: 700 }), (t, avail) => {
        const l = layoutCardTable(t, avail, estimate);
        expect(fullWidth(l)).toBeLessThanOrEqual(avail + 1e-9);
        t.head.forEach((h, j) => expect(noSpaces(l.head[j].join(''))).toBe(noSpaces(h)));
        t.rows.forEach((r, i) =>
          r.forEach((c, j) => {
            const got = l.rows[i][j];
            expect(got.length).toBeLessThanOrEqual(2);
            if (!got.some((x) => x.endsWith('…'))) expect(noSpaces(got.join(''))).toBe(noSpaces(c));
          }),
        );
      }),
    );
  });
});
