// Byte alignment of two tokenisations: hand-worked cases, and properties over random tilings of a
// string's bytes (the group boundaries are exactly the offsets where both sides end a token).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { alignOnBytes, groupCosts, type ByteSpan } from '../../../src/core/compare/byteAlign';

const FC_RUNS = Number(process.env.FC_RUNS ?? 200);

/** Spans that tile [0, n) with cuts at the given offsets. */
function tiling(n: number, cuts: readonly number[]): ByteSpan[] {
  const ends = [...new Set(cuts.filter((c) => c > 0 && c < n))].sort((x, y) => x - y);
  const bounds = [0, ...ends, n];
  return bounds.slice(1).map((e, k) => [bounds[k], e] as const);
}

const tilings = fc
  .integer({ min: 1, max: 40 })
  .chain((n) => fc.tuple(fc.constant(n), fc.array(fc.integer({ min: 1, max: n }), { maxLength: n }), fc.array(fc.integer({ min: 1, max: n }), { maxLength: n })))
  .map(([n, ca, cb]) => ({ n, a: tiling(n, ca), b: tiling(n, cb) }));

describe('alignOnBytes', () => {
  it('lines one token up with the tokens that spell the same bytes', () => {
    // " Lily." as one model might split it: " Lily" "." against " L" "ily" ".".
    const a: ByteSpan[] = [[0, 5], [5, 6]];
    const b: ByteSpan[] = [[0, 2], [2, 5], [5, 6]];
    expect(alignOnBytes(a, b)).toEqual([
      { bytes: [0, 5], a: [0, 1], b: [0, 2] },
      { bytes: [5, 6], a: [1, 2], b: [2, 3] },
    ]);
  });

  it('merges crossing tokens until both sides end together', () => {
    // a: |ab|cd|  b: |a|bc|d|  — no common cut inside, one group.
    expect(alignOnBytes([[0, 2], [2, 4]], [[0, 1], [1, 3], [3, 4]])).toEqual([{ bytes: [0, 4], a: [0, 2], b: [0, 3] }]);
  });

  it('keeps a zero-width token in the group it falls in and puts mismatched tails in one last group', () => {
    expect(alignOnBytes([[0, 0], [0, 3]], [[0, 3]])).toEqual([{ bytes: [0, 3], a: [0, 2], b: [0, 1] }]);
    expect(alignOnBytes([[0, 2], [2, 4]], [[0, 2], [2, 5]])).toEqual([
      { bytes: [0, 2], a: [0, 1], b: [0, 1] },
      { bytes: [2, 5], a: [1, 2], b: [1, 2] },
    ]);
    expect(alignOnBytes([], [[0, 2]])).toEqual([{ bytes: [0, 2], a: [0, 0], b: [0, 1] }]);
    expect(alignOnBytes([], [])).toEqual([]);
  });

  it('has its group boundaries exactly where both tilings cut, and each group covers its bytes on both sides', () => {
    fc.assert(
      fc.property(tilings, ({ n, a, b }) => {
        const groups = alignOnBytes(a, b);
        const cutsA = new Set(a.map((s) => s[1]));
        const common = b.map((s) => s[1]).filter((e) => cutsA.has(e));
        expect(groups.map((g) => g.bytes[1])).toEqual(common);
        expect(groups[groups.length - 1].bytes[1]).toBe(n);
        groups.forEach((g, k) => {
          expect(g.bytes[0]).toBe(k === 0 ? 0 : groups[k - 1].bytes[1]);
          expect(g.a[0]).toBe(k === 0 ? 0 : groups[k - 1].a[1]);
          expect(g.b[0]).toBe(k === 0 ? 0 : groups[k - 1].b[1]);
          for (const [side, [from, to]] of [[a, g.a], [b, g.b]] as const) {
            expect(to).toBeGreaterThan(from);
            expect(side[from][0]).toBe(g.bytes[0]);
            expect(side[to - 1][1]).toBe(g.bytes[1]);
          }
        });
        expect(groups[groups.length - 1].a[1]).toBe(a.length);
        expect(groups[groups.length - 1].b[1]).toBe(b.length);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('is symmetric, and gives one group per token for the same tokenisation', () => {
    fc.assert(
      fc.property(tilings, ({ a, b }) => {
        const swapped = alignOnBytes(b, a).map((g) => ({ bytes: g.bytes, a: g.b, b: g.a }));
        expect(swapped).toEqual(alignOnBytes(a, b));
        expect(alignOnBytes(a, a)).toEqual(a.map((s, k) => ({ bytes: [s[0], s[1]], a: [k, k + 1], b: [k, k + 1] })));
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('puts every token in exactly one group, in order, for any spans (also ones that do not tile)', () => {
    const span = fc.tuple(fc.nat(20), fc.nat(5)).map(([s, w]) => [s, s + w] as const);
    const sorted = (xs: (readonly [number, number])[]) => [...xs].sort((x, y) => x[1] - y[1] || x[0] - y[0]);
    fc.assert(
      fc.property(fc.array(span, { maxLength: 12 }).map(sorted), fc.array(span, { maxLength: 12 }).map(sorted), (a, b) => {
        const groups = alignOnBytes(a, b);
        const flat = (side: 'a' | 'b') => groups.flatMap((g) => Array.from({ length: g[side][1] - g[side][0] }, (_, k) => g[side][0] + k));
        expect(flat('a')).toEqual(a.map((_, k) => k));
        expect(flat('b')).toEqual(b.map((_, k) => k));
      }),
      { numRuns: FC_RUNS },
    );
  });
});

describe('groupCosts', () => {
  it('sums each side\'s bits (a straddling token by its weight) and divides by the group\'s bytes', () => {
    const a = [{ bytes: [0, 5] as const, bits: 6 }, { bytes: [5, 6] as const, bits: 1.5 }];
    const b = [{ bytes: [0, 2] as const, bits: 3, weight: 0.5 }, { bytes: [2, 5] as const, bits: 4 }, { bytes: [5, 6] as const, bits: 2 }];
    const [g0, g1] = alignOnBytes(a.map((t) => t.bytes), b.map((t) => t.bytes));
    const [a0, b0] = groupCosts(g0, a, b);
    expect(a0.bits).toBe(6);
    expect(a0.bitsPerByte).toBeCloseTo(6 / 5, 12);
    expect(b0.bits).toBe(5.5);
    expect(b0.bitsPerByte).toBeCloseTo(5.5 / 5, 12);
    expect(groupCosts(g1, a, b).map((c) => c.bits)).toEqual([1.5, 2]);
    expect(groupCosts({ bytes: [3, 3], a: [0, 0], b: [0, 0] }, a, b)[0].bitsPerByte).toBeNaN();
  });

  it('adds up, over the groups, to each side\'s total bits', () => {
    fc.assert(
      fc.property(tilings, fc.array(fc.double({ min: 0, max: 30, noNaN: true }), { minLength: 40, maxLength: 40 }), ({ a, b }, bits) => {
        const ta = a.map((s, k) => ({ bytes: s, bits: bits[k] }));
        const tb = b.map((s, k) => ({ bytes: s, bits: bits[39 - k] }));
        const costs = alignOnBytes(a, b).map((g) => groupCosts(g, ta, tb));
        const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
        expect(sum(costs.map((c) => c[0].bits))).toBeCloseTo(sum(ta.map((t) => t.bits)), 9);
        expect(sum(costs.map((c) => c[1].bits))).toBeCloseTo(sum(tb.map((t) => t.bits)), 9);
      }),
      { numRuns: FC_RUNS },
    );
  });
});
