import { describe, expect, it } from 'vitest';
import { npArgmax, winners } from '../../../src/core/scoring/winners';
import { candidateScore } from '../../../src/core/scoring/candidate';
import type { TokenScore } from '../../../src/core/scoring/types';
import { DECIDING_RULES } from '../../../src/core/scoring/rules';
import { builtInWinners } from './builtInRules';

function token(logprob: number, bytes: [number, number]): TokenScore {
  return { id: 0, piece: 'x', text: 'x', bytes, logprob, bits: -logprob / Math.LN2, rank: 1, entropy: 0, top: [], greedy: false };
}

/** A candidate whose tokens are given as [logprob, byte width] pairs. */
function cand(text: string, toks: [number, number][], unconditional = 0) {
  let pos = 0;
  const tokens = toks.map(([lp, w]) => token(lp, [pos, (pos += w)]));
  return candidateScore({ text, continuation: text, tokens, unconditionalLogprob: unconditional, boundary: 'ok', opts: { mu: 111 } });
}

describe('argmax with numpy semantics', () => {
  it('first index wins ties', () => {
    expect(npArgmax([-2, -2, -3])).toBe(0);
    expect(npArgmax([-3, -1, -1])).toBe(1);
  });
  it('the first NaN wins', () => {
    expect(npArgmax([-1, NaN, 0, NaN])).toBe(1);
  });
});

describe('per-candidate rules and winners', () => {
  it('computes every normalisation from the string as given', () => {
    const c = cand('😀😀', [[-3, 4], [-1, 4]], -5);
    expect(c.sum_logprob).toBe(-4);
    expect(c.n_chars).toBe(2);
    expect(c.n_bytes).toBe(8);
    expect(c.per_token).toBe(-2);
    expect(c.per_char).toBe(-2);
    expect(c.per_byte).toBe(-0.5);
    expect(c.bits_per_byte).toBeCloseTo(4 / (Math.LN2 * 8), 12);
    expect(c.pmi).toBe(1);
    expect(c.first_token_bits).toBeCloseTo(3 / Math.LN2, 12);
  });

  it('reproduces the harness CJK and emoji cases (acc_norm by code points, acc_bytes by bytes)', () => {
    // research/lm-eval-harness.md §5 D: lls −6.0, −6.5 for "日本語です", "abcdef" → pred 0, pred_norm 1, pred_bytes 0.
    const cjk = [cand('日本語です', [[-6, 15]]), cand('abcdef', [[-6.5, 6]])];
    expect(winners(cjk)).toMatchObject({ acc: 0, acc_norm: 1, acc_bytes: 0 });
    // lls −3.0, −4.0 for "😀😀", "abc" → pred 0, pred_norm 1 (UTF-16 length would give 0), pred_bytes 0.
    const emoji = [cand('😀😀', [[-3, 8]]), cand('abc', [[-4, 3]])];
    expect(winners(emoji)).toMatchObject({ acc: 0, acc_norm: 1, acc_bytes: 0 });
  });

  it('ties go to the first candidate under every rule', () => {
    const tied = [cand('ab', [[-2, 2]]), cand('cd', [[-2, 2]]), cand('e', [[-3, 1]])];
    expect(winners(tied).acc).toBe(0);
    expect(winners(tied).per_token).toBe(0);
  });

  it('raw sum and per-byte pick different winners', () => {
    const cs = [
      cand(' a', [[-1.0, 2]]), // short: best raw sum
      cand(' the long answer', [[-1.2, 4], [-0.2, 5], [-0.2, 7]]), // best per byte/char
      cand(' xy', [[-0.8, 1], [-0.9, 2]]), // best per token
    ];
    const w = winners(cs);
    expect(w.acc).toBe(0);
    expect(w.acc_bytes).toBe(1);
    expect(w.per_token).toBe(1);
    expect(new Set([w.acc, w.acc_bytes])).toEqual(new Set([0, 1]));
  });

  it('skips candidates that could not be scored', () => {
    const cs = [cand('a', [[-9, 1]]), cand('b', [[-1, 1]])];
    expect(winners(cs, new Set([1])).acc).toBe(0);
    expect(winners(cs, new Set([0, 1])).acc).toBe(-1);
  });

  it('skips a candidate under one rule only (PMI without its unconditional term)', () => {
    const cs = [cand('a', [[-1, 1]], NaN), cand('b', [[-2, 1]], -1)];
    // numpy's argmax would pick the NaN; a candidate whose PMI is unknown never wins.
    expect(winners(cs).pmi).toBe(1);
    const w = winners(cs, new Set(), { pmi: new Set([0]) });
    expect(w.pmi).toBe(1);
    expect(w.acc).toBe(0);
  });
});

describe('issue 12: a candidate whose score is NaN never wins (defect 1)', () => {
  it('PMI null (unconditional term not scored) does not win PMI, without any skip set', () => {
    // " there" has PMI 12.04; "<s>" has no unconditional log-prob, so its PMI is NaN (null in JSON).
    const cs = [cand(' there', [[-3.55, 6]], -15.59), cand('<s>', [[-23.16, 3]], NaN)];
    expect(cs[1].pmi).toBeNaN();
    expect(builtInWinners(winners(cs))).toEqual({ acc: 0, acc_norm: 0, acc_bytes: 0, per_token: 0, pmi: 0 });
    // A winner for every deciding row of the table, and nothing else.
    expect(Object.keys(winners(cs)).sort()).toEqual(DECIDING_RULES.map((r) => r.names.winner).sort());
  });
  it('NaN under every rule: the rule has no winner (-1), and the first finite value wins otherwise', () => {
    const cs = [cand('a', [[NaN, 1]], 0), cand('b', [[NaN, 1]], 0)];
    expect(winners(cs).acc).toBe(-1);
    const mixed = [cand('a', [[NaN, 1]], 0), cand('b', [[-2, 1]], 0), cand('c', [[-2, 1]], 0)];
    expect(winners(mixed).acc).toBe(1);
  });
});


describe('issue 12: PMI of identical terms is exactly 0 (defect 2)', () => {
  it('the unconditional term equal to the conditional one gives PMI 0, and ties go to the first index', () => {
    const mk = (text: string, lp: number[]) => {
      let pos = 0;
      const tokens = lp.map((x) => token(x, [pos, (pos += 1)]));
      return candidateScore({ text, continuation: text, tokens, unconditionalLogprob: NaN, unconditionalIsConditional: true, boundary: 'ok', opts: { mu: 111 } });
    };
    // 0.1 + 0.2 style sums that would not cancel to 0 if computed twice in different orders.
    const cs = [mk('ab', [-0.1, -0.2]), mk('cd', [-0.3, -1e-17]), mk('e', [-7])];
    expect(cs.map((c) => c.pmi)).toEqual([0, 0, 0]);
    expect(cs.map((c) => c.unconditional_logprob)).toEqual(cs.map((c) => c.sum_logprob));
    expect(winners(cs).pmi).toBe(0);
  });
});

describe('issue 25 item 14: PMI of a NaN candidate on an empty context', () => {
  const mk = (text: string, lp: number[]) => {
    let pos = 0;
    const tokens = lp.map((x) => token(x, [pos, (pos += 1)]));
    return candidateScore({ text, continuation: text, tokens, unconditionalLogprob: NaN, unconditionalIsConditional: true, boundary: 'ok', opts: { mu: 111 } });
  };
  it('with the unconditional term equal to the conditional one, a NaN token log-prob gives PMI NaN (not 0), and a finite candidate beside it wins PMI', () => {
    const cs = [mk('ab', [-0.5, NaN]), mk('cd', [-0.3, -0.2])];
    expect(Number.isNaN(cs[0].pmi)).toBe(true);
    expect(cs[1].pmi).toBe(0);
    expect(winners(cs).pmi).toBe(1);
    // Either order: the NaN candidate never takes the win from a finite one.
    expect(winners([cs[1], cs[0]]).pmi).toBe(0);
  });
});
