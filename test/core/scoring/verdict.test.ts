// The verdict sentence on hand-made items: every number in it worked out by hand from the
// candidates' token bits, byte lengths, unconditional and word-final terms.
import { describe, expect, it } from 'vitest';
import { candidateScore } from '../../../src/core/scoring/candidate';
import type { CandidateScore, TokenScore } from '../../../src/core/scoring/types';
import { amount, verdictSentence } from '../../../src/core/scoring/verdict';
import { winners } from '../../../src/core/scoring/winners';

const LN2 = Math.LN2;

/** A candidate of tokens with these bits over these byte counts; PMI's term and the word-final term in bits. */
function cand(text: string, tokenBits: number[], tokenBytes: number[], unconditionalBits: number, wordFinalBits: number): CandidateScore {
  let at = 0;
  const tokens: TokenScore[] = tokenBits.map((b, j) => {
    const bytes: [number, number] = [at, (at += tokenBytes[j])];
    return { id: j, piece: 'x', text: 'x', bytes, logprob: -b * LN2, bits: b, rank: 1, entropy: 0, top: [], greedy: false };
  });
  return candidateScore({ text, continuation: text, tokens, unconditionalLogprob: -unconditionalBits * LN2, wordFinalLogprob: -wordFinalBits * LN2, boundary: 'ok', opts: { mu: 111 } });
}

const letter = (p: number) => 'ABCDEFGH'[p];

describe('verdict sentence', () => {
  it('length: the sum pays for the long answer, per byte shares it out, per token rewards cheap pieces', () => {
    const cs = [
      // 10 bits over 5 bytes in 2 tokens; PMI 20 − 10 = 10 bits; the word ends for free.
      cand(' hat.', [6, 4], [2, 3], 20, 0),
      // 30 bits over 16 bytes in 6 tokens: 1.875 bits/byte, 5 bits/token; PMI 38 − 30 = 8.
      cand(' big soft towel.', [5, 5, 5, 5, 5, 5], [4, 5, 5, 1, 1, 0], 38, 0),
      // 18 bits over 7 bytes in 7 tokens: 2.571 bits/token; PMI 20 − 18 = 2.
      cand(' zebra.', [12, 1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1, 1], 20, 0),
    ];
    const w = winners(cs);
    expect(w).toMatchObject({ acc: 0, per_token: 2, acc_norm: 1, acc_bytes: 1, pmi: 0, acc_word: 0 });
    // B against A: 16 / 5 = 3.2× the bytes, 30 − 10 = 20 more bits, 1.875 < 2 bits per byte.
    expect(verdictSentence(cs, w, letter)).toBe(
      'Raw sum picks A: B is 3.2× longer in bytes and pays 20 more bits in total, though its bits per byte are lower; ' +
        'per-token picks C, split into 7 cheap tokens (2.6 bits per token against 5.0 for A); ' +
        'per-char and per-byte pick B, its 16 chars (as many bytes) share the cost (1.9 bits per char and per byte against 2.0 for A).',
    );
  });

  it('a prefix: the word-final term is named where it is what flips the winner', () => {
    const cs = [
      // " par": 1.5 bits in 2 tokens over 4 bytes; ending the word there costs 14 bits.
      cand(' par', [1, 0.5], [2, 2], 6.5, 14),
      // " park": 1.6 bits in 3 tokens over 5 bytes; the word ends almost surely (0.001 bits).
      cand(' park', [1, 0.5, 0.1], [2, 2, 1], 6.6, 0.001),
    ];
    const w = winners(cs);
    // PMI is 5 bits for both: the first maximum (A) wins.
    expect(w).toMatchObject({ acc: 0, pmi: 0, per_token: 1, acc_norm: 1, acc_bytes: 1, acc_word: 1 });
    // 5 / 4 = 1.25× the bytes, 0.1 more bits, 0.32 < 0.375 bits per byte; the word-final gap
    // (14 − 0.001 bits) is the whole-word sum's reason only: per token, per char and per byte
    // each get their own (1.6 / 3 = 0.53 against 1.5 / 2 = 0.75 bits per token; 0.32 against
    // 0.375 bits per char and per byte).
    expect(verdictSentence(cs, w, letter)).toBe(
      'Raw sum picks A: B is 1.3× longer in bytes and pays 0.10 more bits in total, though its bits per byte are lower; ' +
        'per-token picks B, split into 3 cheap tokens (0.53 bits per token against 0.75 for A); ' +
        'per-char and per-byte pick B, its 5 chars (as many bytes) share the cost (0.32 bits per char and per byte against 0.38 for A); ' +
        'whole-word sum picks B, ending the word after A costs 14.000 bits, after B 0.001.',
    );
  });

  it('PMI: what the context adds to each', () => {
    const cs = [
      // 3 bits, PMI 4 − 3 = 1 bit.
      cand(' Lily.', [2, 1], [5, 1], 4, 0.5),
      // 10 bits over 23 bytes (0.4348 bits/byte against 0.5), PMI 40 − 10 = 30 bits: per byte picks it too.
      cand(' Lily. She ran outside.', [2, 1, 7], [5, 1, 17], 40, 0.5),
    ];
    const w = winners(cs);
    expect(w).toMatchObject({ acc: 0, per_token: 0, acc_norm: 1, acc_bytes: 1, pmi: 1, acc_word: 0 });
    expect(verdictSentence(cs, w, letter)).toBe(
      'Raw sum picks A: B is 3.8× longer in bytes and pays 7.0 more bits in total, though its bits per byte are lower; ' +
        'per-char and per-byte pick B, its 23 chars (as many bytes) share the cost (0.43 bits per char and per byte against 0.50 for A); ' +
        'PMI picks B, the context raises its probability by 30.0 bits and raises A’s probability by 1.0 bits.',
    );
    // PMI alone on B: the context raises B by 30 bits and A by 1.0.
    const pmiOnly = { ...w, acc_norm: 0, acc_bytes: 0 };
    expect(verdictSentence(cs, pmiOnly, letter)).toBe(
      'Raw sum picks A: B is 3.8× longer in bytes and pays 7.0 more bits in total, though its bits per byte are lower; ' +
        'PMI picks B, the context raises its probability by 30.0 bits and raises A’s probability by 1.0 bits.',
    );
  });

  it('nothing to explain when every rule with a winner agrees; a rule without one is left out', () => {
    const cs = [cand(' a', [1], [2], 3, 0), cand(' b', [3], [2], 4, 0)];
    const w = winners(cs);
    expect(verdictSentence(cs, w, letter)).toBeNull();
    expect(verdictSentence(cs, { ...w, pmi: -1 }, letter)).toBeNull();
    // Only PMI disagrees, and the raw sum has no winner: who picks what.
    expect(verdictSentence(cs, { ...w, acc: -1, pmi: 1 }, letter)).toBe('Per-token, per-char, per-byte and whole-word sum pick A; PMI picks B.');
  });

  it('amounts: whole numbers from 10, one decimal from 1, two from 0.01, one significant digit below', () => {
    expect([31.4, 9.96, 2.34, 0.426, 0.00061, 0].map(amount)).toEqual(['31', '10.0', '2.3', '0.43', '0.0006', '0']);
  });
});
