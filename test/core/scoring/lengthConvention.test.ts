// The length convention: lm-eval-harness divides by the choice without its leading delimiter;
// "as typed" by the whole candidate. Hand-derived values and properties.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { candidateScore } from '../../../src/core/scoring/candidate';
import { conventionMatters, lengthText, withLengthConvention } from '../../../src/core/scoring/lengthConvention';
import { winners } from '../../../src/core/scoring/winners';
import type { ItemScore, TokenScore } from '../../../src/core/scoring/types';

const LN2 = Math.LN2;
function tok(bits: number, bytes: [number, number]): TokenScore {
  return { id: 0, piece: '', text: '', bytes, logprob: -bits * LN2, bits, rank: 1, entropy: 1, top: [], greedy: true };
}
/** A candidate whose tokens are one byte each at `bits` bits: its sum is −bits·bytes·ln 2. */
function cand(text: string, bits: number) {
  const n = new TextEncoder().encode(text).length;
  const tokens = Array.from({ length: n }, (_, i) => tok(bits, [i, i + 1]));
  return candidateScore({ text, continuation: text, tokens, unconditionalLogprob: NaN, boundary: 'ok', opts: { mu: 111 } });
}
function item(texts: string[], bits: number[]): ItemScore {
  const candidates = texts.map((t, i) => cand(t, bits[i]));
  return { context: 'c', candidates, winners: winners(candidates), warnings: [] };
}

describe('lengthText', () => {
  it('drops one leading space under the harness convention, nothing as typed', () => {
    expect(lengthText(' hat.', 'harness')).toBe('hat.');
    expect(lengthText(' hat.', 'typed')).toBe(' hat.');
    expect(lengthText('  two', 'harness')).toBe(' two');
    expect(lengthText('hat', 'harness')).toBe('hat');
    // A candidate that is only the delimiter keeps its one character (no division by zero).
    expect(lengthText(' ', 'harness')).toBe(' ');
    expect(conventionMatters([' A', 'B'])).toBe(true);
    expect(conventionMatters(['A', 'B', ' '])).toBe(false);
  });
});

describe('withLengthConvention', () => {
  it('" hat." (5 typed, 4 counted) against "zebra" (5): per char −2·5·ln2/4 and −2·5·ln2/5', () => {
    // Both cost 2 bits per byte as typed: " hat." 10 bits, "zebra" 10 bits.
    const r = item([' hat.', 'zebra'], [2, 2]);
    expect(r.candidates[0].per_char).toBeCloseTo((-10 * LN2) / 5, 12);
    expect(r.winners.acc_norm).toBe(0); // a tie: the first maximum
    const h = withLengthConvention(r, 'harness');
    expect(h.candidates[0].n_chars).toBe(4);
    expect(h.candidates[0].n_bytes).toBe(4);
    expect(h.candidates[0].per_char).toBeCloseTo((-10 * LN2) / 4, 12);
    expect(h.candidates[0].per_byte).toBeCloseTo((-10 * LN2) / 4, 12);
    expect(h.candidates[0].bits_per_byte).toBeCloseTo(10 / 4, 12);
    // Fewer characters share the same cost: " hat." now loses acc_norm and acc_bytes.
    expect(h.winners.acc_norm).toBe(1);
    expect(h.winners.acc_bytes).toBe(1);
    // The sum, PriorBPB and the other rules are untouched.
    expect(h.candidates[0].sum_logprob).toBe(r.candidates[0].sum_logprob);
    expect(h.candidates[0].prior_bpb).toBe(r.candidates[0].prior_bpb);
    expect(h.winners.acc).toBe(r.winners.acc);
    expect(h.candidates[1]).toBe(r.candidates[1]);
  });

  it('狗 with its leading space: 4 bytes typed, 3 counted; 2 code points typed, 1 counted', () => {
    const h = withLengthConvention(item([' 狗'], [1]), 'harness');
    expect(h.candidates[0].n_bytes).toBe(3);
    expect(h.candidates[0].n_chars).toBe(1);
    expect(h.candidates[0].per_char).toBeCloseTo(-4 * LN2, 12);
  });

  it('["", " hat.", " big soft towel."]: the empty candidate has no length score, and the winners still index all candidates', () => {
    // " hat." 5 bytes at 2 bits (10 bits), counted 4; " big soft towel." 16 bytes at 1 bit (16 bits),
    // counted 15. Per char: −10·ln2/4 = −1.7329 and −16·ln2/15 = −0.7394: candidate 2 wins.
    const r = item(['', ' hat.', ' big soft towel.'], [1, 2, 1]);
    const h = withLengthConvention(r, 'harness');
    expect(h.candidates.map((c) => c.n_chars)).toEqual([0, 4, 15]);
    expect(h.candidates[0].per_char).toBeNaN();
    expect(h.candidates[0].per_byte).toBeNaN();
    expect(h.candidates[1].per_char).toBeCloseTo((-10 * LN2) / 4, 12);
    expect(h.candidates[2].per_char).toBeCloseTo((-16 * LN2) / 15, 12);
    expect(h.candidates[2].per_byte).toBeCloseTo((-16 * LN2) / 15, 12);
    expect(h.winners.acc_norm).toBe(2);
    expect(h.winners.acc_bytes).toBe(2);
    // The rules the convention does not touch keep the engine's winners.
    expect(h.winners.acc).toBe(r.winners.acc);
    expect(h.winners.per_token).toBe(2);
  });

  it('property: with empty candidates among them, a length rule\'s winner is the argmax over the candidates with a number', () => {
    const text = fc.oneof(fc.constant(''), fc.string({ minLength: 1, maxLength: 8 }).map((s) => ' ' + (s.replace(/^ +/, '') || 'x')));
    fc.assert(
      fc.property(fc.array(fc.tuple(text, fc.double({ min: 0.01, max: 20, noNaN: true })), { minLength: 1, maxLength: 5 }), (rows) => {
        const h = withLengthConvention(item(rows.map((x) => x[0]), rows.map((x) => x[1])), 'harness');
        for (const [rule, field] of [['acc_norm', 'per_char'], ['acc_bytes', 'per_byte']] as const) {
          const best = h.candidates.reduce((b, c, i) => (!Number.isNaN(c[field]) && (b < 0 || c[field] > h.candidates[b][field]) ? i : b), -1);
          expect(h.winners[rule]).toBe(best);
        }
      }),
    );
  });

  it('as typed is the engine result itself', () => {
    const r = item([' a', ' bb'], [1, 2]);
    expect(withLengthConvention(r, 'typed')).toBe(r);
  });

  it('properties: typed is the identity; harness equals scoring the stripped text; winners are the argmax', () => {
    const text = fc.string({ minLength: 1, maxLength: 8 }).map((s) => s.replace(/^ +/, '') || 'x');
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), text, fc.double({ min: 0.01, max: 20, noNaN: true })), { minLength: 1, maxLength: 5 }), (rows) => {
        const texts = rows.map(([space, t]) => (space ? ' ' : '') + t);
        const r = item(texts, rows.map((x) => x[2]));
        expect(withLengthConvention(r, 'typed')).toBe(r);
        const h = withLengthConvention(r, 'harness');
        h.candidates.forEach((c, i) => {
          const stripped = rows[i][1];
          expect(c.n_chars).toBe([...stripped].length);
          expect(c.n_bytes).toBe(new TextEncoder().encode(stripped).length);
          expect(Math.abs(c.per_char * c.n_chars - c.sum_logprob)).toBeLessThan(1e-9);
          expect(Math.abs(c.per_byte * c.n_bytes - c.sum_logprob)).toBeLessThan(1e-9);
        });
        const best = (k: 'per_char' | 'per_byte') => h.candidates.reduce((b, c, i) => (c[k] > h.candidates[b][k] ? i : b), 0);
        expect(h.winners.acc_norm).toBe(best('per_char'));
        expect(h.winners.acc_bytes).toBe(best('per_byte'));
        expect(h.winners.acc).toBe(r.winners.acc);
        // Idempotent: the stripped text no longer starts with the delimiter.
        expect(withLengthConvention(h, 'harness').candidates.map((c) => c.n_chars)).toEqual(h.candidates.map((c) => c.n_chars));
      }),
    );
  });
});
