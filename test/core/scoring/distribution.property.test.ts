// The two-pass rowStats against the straightforward computation (a max pass, a softmax pass, a
// top-k sort), on random rows with ties, −Infinity logits and large magnitudes: equal to 1e-9; and
// its sums (and rowLogprob's) bit for bit those of summing every term, though it skips tiny ones.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rowLogprob, rowStats } from '../../../src/core/scoring/distribution';

const RUNS = { seed: Number(process.env.FC_SEED ?? 20261130), numRuns: Number(process.env.FC_RUNS ?? 300) } as const;

/** The textbook statistics of one row: each quantity on its own, probabilities summed in index order. */
function straightforward(row: readonly number[], target: number, topK: number) {
  const max = Math.max(...row);
  const argmax = row.indexOf(max);
  let z = 0;
  for (const v of row) z += Math.exp(v - max);
  const lse = max + Math.log(z);
  let entropy = 0;
  for (const v of row) {
    const p = Math.exp(v - max) / z;
    if (p > 0) entropy -= p * (v - lse);
  }
  const rank = 1 + row.filter((v) => v > row[target]).length;
  // Stable sort: equal logits keep index order.
  const order = row.map((v, i) => ({ v, i })).sort((a, b) => b.v - a.v || a.i - b.i);
  const top = order.slice(0, Math.max(0, topK)).map(({ v, i }) => ({ id: i, prob: Math.exp(v - lse) }));
  return { logprob: row[target] - lse, rank, entropy, argmax, top };
}

/** A logit: ordinary, one of a few repeated values (ties), −Infinity, or very large (float32 range). */
const logit = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: -60, max: 60, noNaN: true }) },
  { weight: 3, arbitrary: fc.constantFrom(-2, 0, 1.5, 7) },
  { weight: 1, arbitrary: fc.constant(-Infinity) },
  { weight: 1, arbitrary: fc.double({ min: -3e38, max: 3e38, noNaN: true, noDefaultInfinity: true }) },
);

/** A row with at least one finite logit, as float32 (what the model gives) or as float64. */
const rowAndTarget = fc
  .tuple(fc.array(logit, { minLength: 1, maxLength: 200 }), fc.double({ min: -20, max: 20, noNaN: true }), fc.nat(), fc.integer({ min: 0, max: 12 }), fc.boolean())
  .map(([xs, finite, t, k, f32]) => {
    const row = [...xs, finite];
    return { row: f32 ? Array.from(Float32Array.from(row)) : row, target: t % row.length, topK: k };
  });

/** Equal to 1e-9, relative for large values; the same infinity where one is infinite. */
function near(a: number, b: number): void {
  if (!Number.isFinite(b)) expect(a).toBe(b);
  else expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(b)));
}

/** Every term summed in index order, exp evaluated for each (the code before terms too small to count were skipped). */
function everyTerm(row: ArrayLike<number>, target: number) {
  let max = -Infinity;
  for (let i = 0; i < row.length; i++) if (row[i] > max) max = row[i];
  let sumExp = 0;
  let sumExpLogit = 0;
  for (let i = 0; i < row.length; i++) {
    const e = Math.exp(row[i] - max);
    sumExp += e;
    sumExpLogit += e * (row[i] - max);
  }
  const lse = max + Math.log(sumExp);
  return { logprob: row[target] - lse, entropy: Math.log(sumExp) - sumExpLogit / sumExp, harness: row[target] - max - Math.log(sumExp) };
}

/** Finite logits of a wide spread (most terms far too small to count) or a narrow one, as float32. */
const finiteRow = fc
  .tuple(fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 3000 }), fc.constantFrom(3, 20, 100, 400, 2000), fc.nat())
  .map(([xs, spread, t]) => ({ row: Float32Array.from(xs, (x) => x * spread), target: t % xs.length }));

describe('rowStats and rowLogprob skip only terms that cannot change a sum', () => {
  it('log-prob and entropy equal, bit for bit, summing every term in index order', () => {
    fc.assert(
      fc.property(finiteRow, ({ row, target }) => {
        const want = everyTerm(row, target);
        const got = rowStats(row, target, 3);
        expect(Object.is(got.logprob, want.logprob)).toBe(true);
        expect(Object.is(got.entropy, want.entropy)).toBe(true);
        expect(Object.is(rowLogprob(row, target).logprob, want.harness)).toBe(true);
      }),
      { ...RUNS, numRuns: 200 },
    );
  });

  it('the same on full-size rows (49,152 logits, spreads as at 135M shape and wider), where most terms are skipped', () => {
    let seed = 12345;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    for (const spread of [15, 100, 1000]) {
      const row = Float32Array.from({ length: 49152 }, () => rand() * spread * Math.abs(rand()));
      for (const target of [0, 777, 49151]) {
        const want = everyTerm(row, target);
        const got = rowStats(row, target, 5);
        expect([Object.is(got.logprob, want.logprob), Object.is(got.entropy, want.entropy), Object.is(rowLogprob(row, target).logprob, want.harness)]).toEqual([true, true, true]);
      }
    }
  });
});

describe('rowStats (two passes) equals the straightforward computation', () => {
  it('log-prob, rank, entropy, argmax and top-k on random rows (ties, −Infinity, large magnitudes)', () => {
    fc.assert(
      fc.property(rowAndTarget, ({ row, target, topK }) => {
        const want = straightforward(row, target, topK);
        for (const input of [row, Float64Array.from(row)]) {
          const got = rowStats(input, target, topK);
          near(got.logprob, want.logprob);
          near(got.entropy, want.entropy);
          expect(got.rank).toBe(want.rank);
          expect(got.argmax).toBe(want.argmax);
          expect(got.top.map((a) => a.id)).toEqual(want.top.map((a) => a.id));
          got.top.forEach((a, j) => near(a.prob, want.top[j].prob));
          // The harness's log-prob pass agrees with it.
          near(rowLogprob(input, target).logprob, want.logprob);
        }
      }),
      RUNS,
    );
  });

  it('a −Infinity logit adds nothing to the entropy (no NaN)', () => {
    const s = rowStats([Math.log(1), -Infinity, Math.log(3)], 1, 3);
    expect(s.logprob).toBe(-Infinity);
    expect(s.rank).toBe(3);
    near(s.entropy, -(0.25 * Math.log(0.25) + 0.75 * Math.log(0.75)));
    expect(s.top.map((a) => a.id)).toEqual([2, 0, 1]);
    expect(s.top[2].prob).toBe(0);
  });
});
