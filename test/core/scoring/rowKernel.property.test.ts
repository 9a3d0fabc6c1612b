// The WebAssembly row passes against distribution.ts's JavaScript: every statistic equal bit for bit
// (Object.is), on random float32 rows with ties, signed zeros, −Infinity logits, spreads wide
// enough to reach exp's subnormal and underflow ranges and the skipped terms, every length modulo
// four (the kernel's blocks and its tail), and full 49,152-entry rows; rows the kernel leaves to JavaScript (NaN, an infinite
// maximum) give the JavaScript numbers too. The word-final mass (rowLogMass) is checked the same way.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rowLogMass, rowLogMassJs, rowLogprob, rowLogprobJs, rowStats, rowStatsJs, type RowStats } from '../../../src/core/scoring/distribution';
import { rowKernelAvailable, rowPassesWasm } from '../../../src/core/scoring/rowKernel';

const RUNS = { seed: Number(process.env.FC_SEED ?? 20261130), numRuns: Number(process.env.FC_RUNS ?? 300) } as const;

function sameStats(a: RowStats, b: RowStats): void {
  expect(Object.is(a.logprob, b.logprob), `logprob ${a.logprob} vs ${b.logprob}`).toBe(true);
  expect(Object.is(a.entropy, b.entropy), `entropy ${a.entropy} vs ${b.entropy}`).toBe(true);
  expect(a.rank).toBe(b.rank);
  expect(a.argmax).toBe(b.argmax);
  expect(a.top.map((e) => e.id)).toEqual(b.top.map((e) => e.id));
  a.top.forEach((e, j) => expect(Object.is(e.prob, b.top[j].prob), `top ${j}`).toBe(true));
}

function sameEverywhere(row: Float32Array, target: number, topK: number): void {
  sameStats(rowStats(row, target, topK), rowStatsJs(row, target, topK));
  const a = rowLogprob(row, target);
  const b = rowLogprobJs(row, target);
  expect(Object.is(a.logprob, b.logprob), `rowLogprob ${a.logprob} vs ${b.logprob}`).toBe(true);
  expect(a.argmax).toBe(b.argmax);
  // The word-final mass: both sums with their skipped terms against every term summed in JavaScript
  // (every third id: sets long enough for the set's own cut to be renewed and to skip).
  const n = row.length;
  const every3 = Array.from({ length: Math.ceil(n / 3) }, (_, i) => (i * 3 + target) % n);
  for (const ids of [[target], [target, (target * 7 + 3) % n, n, -1], [], every3]) {
    const m = rowLogMass(row, ids);
    const j = rowLogMassJs(row, ids);
    expect(Object.is(m, j), `rowLogMass ${m} vs ${j}`).toBe(true);
  }
}

/** A logit: ordinary, a tie value, a signed zero, −Infinity, far below the others, or any float32. */
const logit = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: -40, max: 40, noNaN: true }) },
  { weight: 2, arbitrary: fc.constantFrom(-2, 0, -0, 1.5, 7) },
  { weight: 1, arbitrary: fc.constant(-Infinity) },
  { weight: 2, arbitrary: fc.double({ min: -760, max: -690, noNaN: true }) },
  { weight: 1, arbitrary: fc.double({ min: -3e38, max: 3e38, noNaN: true, noDefaultInfinity: true }) },
);

const rowAndTarget = fc
  .tuple(fc.array(logit, { minLength: 0, maxLength: 700 }), fc.double({ min: -20, max: 20, noNaN: true }), fc.nat(), fc.integer({ min: 0, max: 12 }))
  .map(([xs, finite, t, k]) => {
    const row = Float32Array.from([...xs, finite]);
    return { row, target: t % row.length, topK: k };
  });

describe('row statistics in WebAssembly', () => {
  it('is in use here (so the tests below compare two implementations)', () => {
    expect(rowKernelAvailable()).toBe(true);
    expect(rowPassesWasm(Float32Array.from([1, 2, 3]), 0, 2, false)).toBeDefined();
  });

  it('equals the JavaScript passes bit for bit on random rows', () => {
    fc.assert(
      fc.property(rowAndTarget, ({ row, target, topK }) => sameEverywhere(row, target, topK)),
      RUNS,
    );
  });

  it('computes exp(d) as Math.exp does over its whole range below 0', () => {
    // Row [0, d]: Σ exp(d)·d = exp(d)·d exactly, and for tiny exp(d) the entropy is exactly its
    // negation; a one-ulp difference in exp shows in the statistics.
    const d = fc.oneof(
      fc.double({ min: -746, max: 0, noNaN: true }),
      fc.double({ min: -1.2, max: 0, noNaN: true }),
      fc.double({ min: -1e-7, max: 0, noNaN: true }),
      fc.constantFrom(-0.34657359, -0.3465736, -1.0397205, -1.0397206, -708.39, -708.4, -745.13, -745.14, -(2 ** -28), -(2 ** -27)),
    );
    fc.assert(
      fc.property(d, fc.boolean(), (x, first) => {
        const row = Float32Array.from(first ? [0, x] : [x, 0]);
        sameEverywhere(row, 0, 2);
        sameEverywhere(row, 1, 0);
      }),
      { ...RUNS, numRuns: 2000 },
    );
    // The same through the kernel's blocks of four and its one-at-a-time tail: d in every lane of
    // a block (before the first renewed cut), and in each place of the last one to three entries.
    fc.assert(
      fc.property(d, fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), (x, at, extra) => {
        const block = [x, x, x, x];
        block[at] = 0;
        const row = Float32Array.from([...block, ...Array.from({ length: extra }, () => x)]);
        sameEverywhere(row, at, 2);
        const tail = Float32Array.from([0, 0, 0, 0, ...Array.from({ length: extra + 1 }, () => x)]);
        sameEverywhere(tail, 4, 0);
      }),
      { ...RUNS, numRuns: 1000 },
    );
  });

  it('equals them on full-vocabulary rows (49,152 logits), peaked and flat', () => {
    let seed = 12345;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed / 2147483648);
    for (const spread of [0.5, 8, 60, 900]) {
      const row = new Float32Array(49152);
      for (let i = 0; i < row.length; i++) row[i] = (rnd() - 0.5) * spread;
      row[777] = spread; // one clear maximum
      sameEverywhere(row, 777, 10);
      sameEverywhere(row, 40000, 5);
      sameEverywhere(row.subarray(1, 49152), 3, 0); // odd length, an offset view
    }
  });

  it('leaves NaN rows and infinite maxima to JavaScript, with its numbers', () => {
    for (const row of [
      Float32Array.from([1, NaN, 2]),
      Float32Array.from([1, Infinity, 2]),
      Float32Array.from([-Infinity, -Infinity]),
    ]) {
      expect(rowPassesWasm(row, 0, 1, false)).toBeUndefined();
      const a = rowStats(row, 0, 2);
      const b = rowStatsJs(row, 0, 2);
      expect(Object.is(a.logprob, b.logprob) && Object.is(a.entropy, b.entropy)).toBe(true);
      expect(Object.is(rowLogMass(row, [0, 2]), rowLogMassJs(row, [0, 2]))).toBe(true);
    }
    expect(rowPassesWasm(new Float32Array(0), 0, 0, false)).toBeUndefined();
    expect(rowPassesWasm(Float32Array.from([1, 2]), 2, 0, false)).toBeUndefined();
  });
});
