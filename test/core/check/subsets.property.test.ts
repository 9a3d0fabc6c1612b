// The subset breakdown's correction and the preference pairs' order-freedom, as properties:
// Holm's adjusted p-values; one subset flagged exactly when its Wilson interval lies off chance;
// a pair's figures the same whichever answer the file lists first; and hand-counted figures.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { erfc, holm, scoreTestP, SubsetBreakdown } from '../../../src/core/check/subsets';
import { PairsCheck, quantile } from '../../../src/core/check/pairs';
import { against, share } from '../../../src/core/check/interval';

const pValues = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 60 });

describe("Holm's correction", () => {
  it('never lowers a p-value, keeps the order of the raw ones, stays at most 1, and is the raw p for one test', () => {
    fc.assert(
      fc.property(pValues, (ps) => {
        const adj = holm(ps);
        ps.forEach((p, i) => {
          expect(adj[i]).toBeGreaterThanOrEqual(p);
          expect(adj[i]).toBeLessThanOrEqual(1);
        });
        for (let i = 0; i < ps.length; i++) for (let j = 0; j < ps.length; j++) if (ps[i] < ps[j]) expect(adj[i]).toBeLessThanOrEqual(adj[j]);
        if (ps.length === 1) expect(adj[0]).toBe(ps[0]);
      }),
    );
  });

  it('rejects at α no more than the uncorrected test does, and at least what Bonferroni rejects', () => {
    fc.assert(
      fc.property(pValues, (ps) => {
        const adj = holm(ps);
        ps.forEach((p, i) => {
          if (adj[i] < 0.05) expect(p).toBeLessThan(0.05);
          if (p * ps.length < 0.05) expect(adj[i]).toBeLessThan(0.05);
        });
      }),
    );
  });

  it('matches hand-computed values', () => {
    // Sorted 0.01, 0.02, 0.03, 0.5 → ×4, ×3, ×2, ×1 with a running maximum: 0.04, 0.06, 0.06, 0.5.
    const adj = holm([0.5, 0.01, 0.03, 0.02]);
    expect(adj[0]).toBe(0.5);
    expect(adj[1]).toBeCloseTo(0.04, 12);
    expect(adj[2]).toBeCloseTo(0.06, 12);
    expect(adj[3]).toBeCloseTo(0.06, 12);
  });
});

describe('the score test', () => {
  it('with one subset, flags a share exactly when its Wilson 95% interval lies off chance', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.nat(), fc.double({ min: 0.02, max: 0.98, noNaN: true }), (n, s, e) => {
        const x = s % (n + 1);
        const { p } = scoreTestP(x, n, e);
        const side = against(share(x, n), e);
        // Away from the boundary (|p − 0.05| tiny is rounding), the two agree.
        if (Math.abs(p - 0.05) > 1e-9) expect(side !== 'consistent').toBe(p < 0.05);
      }),
    );
  });

  it('erfc agrees with reference values to 1e-14 relative', () => {
    const ref: [number, number][] = [
      [0.1, 0.8875370839817152],
      [0.5, 0.4795001221869535],
      [1.5, 0.033894853524689274],
      [3, 2.209049699858544e-5],
      [5, 1.5374597944280349e-12],
      [-1, 1.8427007929497148],
    ];
    for (const [x, want] of ref) expect(Math.abs(erfc(x) - want) / want).toBeLessThan(1e-14);
  });
});

describe('subset breakdown', () => {
  it('counts each subset as the pooled check does, and puts flagged subsets first', () => {
    const b = new SubsetBreakdown('subject');
    // "long": the gold is the only longest choice in 30 of 30 items (chance 1/3): flagged.
    for (let i = 0; i < 30; i++) b.add('long', ['a', 'bbbbb', 'c'], [1]);
    // "even": gold longest in 1 of 3 items.
    b.add('even', ['aaa', 'b', 'c'], [0]);
    b.add('even', ['aaa', 'b', 'c'], [1]);
    b.add('even', ['aaa', 'b', 'c'], [2]);
    b.add('even', ['aaa', 'b'], []); // no gold: left out
    const r = b.report();
    expect(r.rows.map((x) => x.subset)).toEqual(['long', 'even']);
    expect(r.flagged_above).toEqual(['long']);
    expect(r.rows[1]).toMatchObject({ n_items: 3, gold_longest: { successes: 1, n: 3, expected: 1 / 3, against: 'consistent' } });
    expect(r.rows[0].gold_longest.p_adjusted).toBe(Math.min(1, 2 * r.rows[0].gold_longest.p));
  });
});

describe('preference pairs', () => {
  const pair = fc.record({ id: fc.string(), subset: fc.constantFrom('a', 'b', 'c'), chosen: fc.string({ maxLength: 30 }), rejected: fc.string({ maxLength: 30 }) });

  it('are order-free: swapping the listed order of pairs, or of each pair\u2019s keys, changes no figure', () => {
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 40 }), (pairs) => {
        const one = new PairsCheck();
        for (const p of pairs) one.add(p);
        const two = new PairsCheck();
        for (const p of [...pairs].reverse()) two.add({ rejected: p.rejected, chosen: p.chosen, subset: p.subset, id: p.id });
        const a = one.report();
        const b = two.report();
        expect(b.chosen_longer).toEqual(a.chosen_longer);
        expect(b.baseline_longer).toBe(a.baseline_longer);
        expect(b.length_ratio).toEqual(a.length_ratio);
        expect(b.subsets).toEqual(a.subsets);
      }),
    );
  });

  it('count chosen-longer, ties and the baseline by hand', () => {
    const c = new PairsCheck();
    c.add({ id: '1', chosen: 'long answer', rejected: 'no' });
    c.add({ id: '2', chosen: 'é', rejected: 'ab' }); // 2 bytes each: a tie
    c.add({ id: '3', chosen: 'x', rejected: 'yyyy' });
    c.add({ id: '4', chosen: 'same', rejected: 'same' });
    const r = c.report();
    expect(r).toMatchObject({ n_pairs: 4, n_tied: 2, chosen_longer: { successes: 1, n: 2 }, baseline_longer: (1 + 2 / 2) / 4 });
    expect(r.identical.ids).toEqual(['4']);
    expect(r.length_ratio.quantiles.median).toBeCloseTo(quantile([Math.log2(1 / 4), 0, 0, Math.log2(11 / 2)], 0.5), 12);
  });
});
