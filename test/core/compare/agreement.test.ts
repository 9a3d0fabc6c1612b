// Agreement between two models' results for one item: winners per rule, fertility, and the
// largest per-token log-prob differences of a dtype comparison. Hand-built results, no model.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareItems, countAgreement, largestTokenDifferences, winnerAgreement } from '../../../src/core/compare/agreement';
import type { CandidateScore, ItemScore, TokenScore } from '../../../src/core/scoring/types';

const FC_RUNS = Number(process.env.FC_RUNS ?? 200);

function token(id: number, bytes: [number, number], logprob: number): TokenScore {
  return { id, piece: `t${id}`, text: `t${id}`, bytes, logprob, bits: -logprob / Math.LN2, rank: 1, entropy: 0, top: [], greedy: false };
}

function candidate(text: string, tokens: TokenScore[]): CandidateScore {
  const sum = tokens.reduce((s, t) => s + t.logprob, 0);
  const n_bytes = Buffer.byteLength(text);
  return {
    text, continuation: text, boundary: 'ok', tokens, n_tokens: tokens.length, n_bytes, n_chars: [...text].length,
    sum_logprob: sum, per_token: sum / tokens.length, per_char: sum / [...text].length, per_byte: sum / n_bytes,
    bits_per_byte: -sum / Math.LN2 / n_bytes, pmi: NaN, prior_bpb: NaN, word_logprob: NaN,
    unconditional_logprob: NaN, word_final_logprob: NaN, first_token_bits: tokens[0]?.bits ?? NaN, is_greedy: false,
  } as CandidateScore;
}

function item(candidates: CandidateScore[], winners: Record<string, number>): ItemScore {
  return { context: 'Once', candidates, winners: winners as ItemScore['winners'], warnings: [] };
}

describe('winnerAgreement', () => {
  it('sorts the rules into same, flipped and undecided', () => {
    const r = winnerAgreement({ acc: 0, acc_norm: 1, acc_bytes: 1, pmi: -1 }, { acc: 0, acc_norm: 0, acc_bytes: 1, pmi: 1 });
    expect(r.same).toEqual(['acc', 'acc_bytes']);
    expect(r.flipped).toEqual(['acc_norm']);
    expect(r.undecided).toEqual(['pmi']);
    expect(r.rules.acc_norm).toEqual({ a: 1, b: 0, same: false });
    expect(r.rules.pmi).toEqual({ a: -1, b: 1, same: null });
  });

  it('partitions the rules, and swapping the models swaps a and b only', () => {
    const winners = fc.dictionary(fc.constantFrom('acc', 'acc_norm', 'acc_bytes', 'per_token', 'pmi', 'acc_word'), fc.integer({ min: -1, max: 3 }), { minKeys: 1 });
    fc.assert(
      fc.property(winners, fc.array(fc.integer({ min: -1, max: 3 }), { minLength: 6, maxLength: 6 }), (a, bw) => {
        const b = Object.fromEntries(Object.keys(a).map((k, n) => [k, bw[n]]));
        const r = winnerAgreement(a, b);
        expect([...r.same, ...r.flipped, ...r.undecided].sort()).toEqual(Object.keys(a).sort());
        for (const k of r.same) expect(a[k]).toBe(b[k]);
        for (const k of r.flipped) expect(a[k]).not.toBe(b[k]);
        const s = winnerAgreement(b, a);
        expect([s.same, s.flipped, s.undecided]).toEqual([r.same, r.flipped, r.undecided]);
        for (const k of Object.keys(a)) expect(s.rules[k]).toEqual({ a: b[k], b: a[k], same: r.rules[k].same });
        expect(countAgreement([r, s])).toEqual(
          Object.fromEntries(Object.keys(a).map((k) => [k, { same: r.same.includes(k) ? 2 : 0, flipped: r.flipped.includes(k) ? 2 : 0, undecided: r.undecided.includes(k) ? 2 : 0 }])),
        );
      }),
      { numRuns: FC_RUNS },
    );
  });
});

describe('compareItems', () => {
  // " Lily." on a big vocabulary (one word token) and on a small one (three tokens).
  const big = item([candidate(' Lily.', [token(100, [0, 5], -2), token(7, [5, 6], -0.5)]), candidate(' Tom.', [token(200, [0, 4], -3), token(7, [4, 5], -0.25)])], { acc: 0, per_token: 1 });
  const small = item(
    [
      candidate(' Lily.', [token(1, [0, 2], -1), token(2, [2, 5], -1.5), token(3, [5, 6], -0.5)]),
      candidate(' Tom.', [token(4, [0, 4], -3.25), token(3, [4, 5], -0.25)]),
    ],
    { acc: 0, per_token: 0 },
  );

  it('gives tokens per byte of each model and the traces lined up on bytes', () => {
    const c = compareItems(big, small);
    expect(c.same).toEqual(['acc']);
    expect(c.flipped).toEqual(['per_token']);
    expect(c.candidates[0]).toMatchObject({ n_bytes: 6, n_chars: 6, n_tokens: [2, 3], tokens_per_byte: [2 / 6, 3 / 6] });
    const [g0, g1] = c.candidates[0].aligned;
    expect(g0.bytes).toEqual([0, 5]);
    expect(g0.tokens).toEqual([[0, 1], [0, 2]]);
    expect(g0.bits[0]).toBeCloseTo(2 / Math.LN2, 12);
    expect(g0.bits[1]).toBeCloseTo(2.5 / Math.LN2, 12);
    expect(g0.bits_per_byte[1]).toBeCloseTo(2.5 / Math.LN2 / 5, 12);
    expect(g1).toMatchObject({ bytes: [5, 6], tokens: [[1, 2], [2, 3]] });
    expect(c.same_tokens).toBe(false);
    expect(c.largest_token_differences).toBeNull();
  });

  it('lists the largest per-token differences of the same tokenisation, largest first', () => {
    const q = item([candidate(' Lily.', [token(100, [0, 5], -2.5), token(7, [5, 6], -0.5)]), candidate(' Tom.', [token(200, [0, 4], -2.75), token(7, [4, 5], -0.5)])], { acc: 1, per_token: 1 });
    const c = compareItems(big, q, 3);
    expect(c.same_tokens).toBe(true);
    expect(c.flipped).toEqual(['acc']);
    expect(c.largest_token_differences).toEqual([
      { candidate: 0, token: 0, piece: 't100', logprob: [-2, -2.5], diff: -0.5 },
      { candidate: 1, token: 0, piece: 't200', logprob: [-3, -2.75], diff: 0.25 },
      { candidate: 1, token: 1, piece: 't7', logprob: [-0.25, -0.5], diff: -0.25 },
    ]);
  });

  it('a token one model gives NaN heads the largest differences, ahead of every finite one', () => {
    // Same tokens as `big`; the second model could not score " Tom."'s first token (NaN) and
    // moved " Lily."'s first by −4 nats, more than any other finite change.
    const q = item([candidate(' Lily.', [token(100, [0, 5], -6), token(7, [5, 6], -0.5)]), candidate(' Tom.', [token(200, [0, 4], NaN), token(7, [4, 5], -1.25)])], { acc: -1 });
    expect(largestTokenDifferences(big, q, 3)).toEqual([
      { candidate: 1, token: 0, piece: 't200', logprob: [-3, NaN], diff: NaN },
      { candidate: 0, token: 0, piece: 't100', logprob: [-2, -6], diff: -4 },
      { candidate: 1, token: 1, piece: 't7', logprob: [-0.25, -1.25], diff: -1 },
    ]);
    // Either side NaN, and two NaNs keep candidate then token order.
    const both = item([candidate(' Lily.', [token(100, [0, 5], -2), token(7, [5, 6], NaN)]), candidate(' Tom.', [token(200, [0, 4], NaN), token(7, [4, 5], -0.25)])], {});
    expect(largestTokenDifferences(q, both, 4)!.map((d) => [d.candidate, d.token, d.diff])).toEqual([
      [0, 1, NaN],
      [1, 0, NaN],
      [0, 0, 4],
      [1, 1, 1],
    ]);
  });

  it('property: every NaN difference comes before every finite one, each group in candidate then token order', () => {
    const lp = fc.oneof(fc.integer({ min: -8, max: 0 }).map((x) => x / 4), fc.constant(NaN));
    fc.assert(
      fc.property(fc.array(fc.array(fc.tuple(lp, lp), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 }), (pairs) => {
        const mk = (side: 0 | 1) => item(pairs.map((ps, i) => candidate(`c${i}`, ps.map((p, k) => token(k, [0, 0], p[side])))), {});
        const d = largestTokenDifferences(mk(0), mk(1), 100)!;
        const nans = pairs.flatMap((ps, i) => ps.flatMap((p, k) => (Number.isNaN(p[1] - p[0]) ? [[i, k]] : [])));
        expect(d.slice(0, nans.length).map((x) => [x.candidate, x.token])).toEqual(nans);
        expect(d.slice(nans.length).every((x) => !Number.isNaN(x.diff))).toBe(true);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('refuses two results of different items', () => {
    expect(() => compareItems(big, item(big.candidates.slice(0, 1), {}))).toThrow(/not of the same item/);
  });

  it('orders token differences by size, ties in candidate then token order', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.tuple(fc.integer({ min: -8, max: 0 }), fc.integer({ min: -8, max: 0 })), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }), fc.nat(30), (pairs, n) => {
        const mk = (side: 0 | 1) => item(pairs.map((ps, i) => candidate(`c${i}`, ps.map((p, k) => token(k, [0, 0], p[side] / 4)))), {});
        const d = largestTokenDifferences(mk(0), mk(1), n)!;
        const total = pairs.reduce((s, ps) => s + ps.length, 0);
        expect(d).toHaveLength(Math.min(n, total));
        for (let k = 1; k < d.length; k++) {
          const [x, y] = [Math.abs(d[k - 1].diff), Math.abs(d[k].diff)];
          expect(x).toBeGreaterThanOrEqual(y);
          if (x === y) expect(d[k - 1].candidate < d[k].candidate || (d[k - 1].candidate === d[k].candidate && d[k - 1].token < d[k].token)).toBe(true);
        }
        for (const x of d) expect(x.diff).toBe(pairs[x.candidate][x.token][1] / 4 - pairs[x.candidate][x.token][0] / 4);
      }),
      { numRuns: FC_RUNS },
    );
  });
});
