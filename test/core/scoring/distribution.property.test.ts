// The two-pass rowStats against the straightforward computation (a max pass, a softmax pass, a
// top-k sort), on random rows with ties, −Infinity logits and large magnitudes: equal to 1e-9.
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
