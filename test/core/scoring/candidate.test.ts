// Per-candidate scores from per-token scores, against hand-derived values.
import { describe, expect, it } from 'vitest';
import { candidateScore } from '../../../src/core/scoring/candidate';
import type { TokenScore } from '../../../src/core/scoring/types';

function tok(logprob: number, bytes: [number, number], greedy = true): TokenScore {
  return { id: 0, piece: '', text: '', bytes, logprob, bits: -logprob / Math.LN2, rank: greedy ? 1 : 2, entropy: 1, top: [], greedy };
}
const LN2 = Math.LN2;

describe('candidateScore', () => {
  // " héllo": 6 code points, 7 UTF-8 bytes; tokens " h" (2 bytes), "é" (2), "llo" (3).
  // Bits 2, 4, 3 (log-probs −2 ln 2, −4 ln 2, −3 ln 2): sum −9 ln 2.
  const tokens = [tok(-2 * LN2, [0, 2]), tok(-4 * LN2, [2, 4], false), tok(-3 * LN2, [4, 7])];
  const base = { text: ' héllo', continuation: ' héllo', tokens, unconditionalLogprob: -12 * LN2, boundary: 'ok' as const, opts: { mu: 2 } };

  it('sums, normalisations, PMI, first-token bits and greedy', () => {
    const c = candidateScore(base);
    expect(c.n_tokens).toBe(3);
    expect(c.n_bytes).toBe(7);
    expect(c.n_chars).toBe(6);
    expect(c.sum_logprob).toBeCloseTo(-9 * LN2, 14);
    expect(c.per_token).toBeCloseTo(-3 * LN2, 14);
    expect(c.per_char).toBeCloseTo((-9 * LN2) / 6, 14);
    expect(c.per_byte).toBeCloseTo((-9 * LN2) / 7, 14);
    expect(c.bits_per_byte).toBeCloseTo(9 / 7, 14);
    expect(c.pmi).toBeCloseTo(3 * LN2, 14);
    expect(c.unconditional_logprob).toBeCloseTo(-12 * LN2, 14);
    expect(c.first_token_bits).toBeCloseTo(2, 14);
    expect(c.is_greedy).toBe(false);
    expect(candidateScore({ ...base, tokens: [tokens[0], tokens[2]] }).is_greedy).toBe(true);
    expect(c.boundary).toBe('ok');
    expect(c).not.toHaveProperty('boundary_info');
    expect(c).not.toHaveProperty('byte_note');
  });

  it('PriorBPB drops the leading space byte: per-byte costs 1 | 2 2 | 1 1 1 → content 1, 2, 2, 1, 1, 1', () => {
    // mu = 2: weights (1/2)^(k-1) = 1, 1/2, 1/4, 1/8, 1/16, 1/32.
    const w = [1, 1 / 2, 1 / 4, 1 / 8, 1 / 16, 1 / 32];
    const r = [1, 2, 2, 1, 1, 1];
    const want = r.reduce((s, x, k) => s + w[k] * x, 0) / w.reduce((s, x) => s + x, 0);
    expect(candidateScore(base).prior_bpb).toBeCloseTo(want, 14);
    // Without a leading space every byte counts: costs 1, 1, 2, 2, 1, 1, 1.
    const noSpace = candidateScore({ ...base, continuation: 'xhéllo' });
    const r7 = [1, 1, 2, 2, 1, 1, 1];
    const w7 = [...w, 1 / 64];
    expect(noSpace.prior_bpb).toBeCloseTo(r7.reduce((s, x, k) => s + w7[k] * x, 0) / w7.reduce((s, x) => s + x, 0), 14);
  });

  it('weights scale a straddling token in the sum and in PriorBPB', () => {
    const c = candidateScore({ ...base, weights: [0.5, 1, 1] });
    expect(c.sum_logprob).toBeCloseTo(-8 * LN2, 14);
    expect(c.first_token_bits).toBeCloseTo(2, 14);
  });

  it('no tokens: every score undefined (NaN), never 0, and not greedy', () => {
    const c = candidateScore({ ...base, tokens: [] });
    for (const k of ['sum_logprob', 'per_token', 'per_char', 'per_byte', 'bits_per_byte', 'pmi', 'prior_bpb', 'first_token_bits'] as const) expect(c[k], k).toBeNaN();
    expect(c.is_greedy).toBe(false);
  });

  it('carries boundary information and byte notes through', () => {
    const c = candidateScore({ ...base, boundary: 'merged', boundaryInfo: { policy: 'whole' }, byteNote: 'why' });
    expect(c.boundary).toBe('merged');
    expect(c.boundary_info).toEqual({ policy: 'whole' });
    expect(c.byte_note).toBe('why');
  });
});
