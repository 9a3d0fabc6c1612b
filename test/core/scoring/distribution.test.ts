// One logits row's statistics against values derived by hand.
import { describe, expect, it } from 'vitest';
import { rowLogprob, rowStats } from '../../../src/core/scoring/distribution';

describe('rowStats', () => {
  it('a uniform row: log-prob −ln n, entropy ln n, every token rank 1, argmax the first', () => {
    const row = [0.5, 0.5, 0.5, 0.5];
    const s = rowStats(row, 2, 2);
    expect(s.logprob).toBeCloseTo(-Math.log(4), 14);
    expect(s.entropy).toBeCloseTo(Math.log(4), 14);
    expect(s.rank).toBe(1);
    expect(s.argmax).toBe(0);
    expect(s.top).toEqual([
      { id: 0, prob: expect.closeTo(0.25, 14) },
      { id: 1, prob: expect.closeTo(0.25, 14) },
    ]);
  });

  it('logits ln 1, ln 2, ln 3, ln 4: probabilities 1/10 … 4/10, ranks 4 … 1, entropy −Σ p ln p', () => {
    const row = [Math.log(1), Math.log(2), Math.log(3), Math.log(4)];
    const p = [0.1, 0.2, 0.3, 0.4];
    const H = -p.reduce((s, x) => s + x * Math.log(x), 0); // 1.2798542258336676
    expect(H).toBeCloseTo(1.2798542258336676, 15);
    for (let t = 0; t < 4; t++) {
      const s = rowStats(row, t, 3);
      expect(s.logprob).toBeCloseTo(Math.log(p[t]), 14);
      expect(s.rank).toBe(4 - t);
      expect(s.entropy).toBeCloseTo(H, 14);
      expect(s.argmax).toBe(3);
      expect(s.top.map((a) => a.id)).toEqual([3, 2, 1]);
      s.top.forEach((a) => expect(a.prob).toBeCloseTo(p[a.id], 14));
    }
  });

  it('rank counts only strictly higher logits (ties share the better rank); argmax is the first maximum', () => {
    const row = [1, 3, 3, 2, 3];
    expect(rowStats(row, 2, 0).rank).toBe(1);
    expect(rowStats(row, 3, 0).rank).toBe(4);
    expect(rowStats(row, 0, 0).rank).toBe(5);
    expect(rowStats(row, 0, 0).argmax).toBe(1);
    expect(rowStats(row, 0, 0).top).toEqual([]);
    // Top-k keeps the first of equal logits first, and k larger than the row gives the whole row.
    expect(rowStats(row, 0, 3).top.map((a) => a.id)).toEqual([1, 2, 4]);
    expect(rowStats(row, 0, 9).top.map((a) => a.id)).toEqual([1, 2, 4, 3, 0]);
  });

  it('a near-certain token: entropy near 0 and positive, log-prob near 0 and negative', () => {
    const s = rowStats([20, 0, 0], 0, 1);
    // p1 = p2 = e^-20 / (1 + 2e^-20); H = -Σ p ln p
    const e = Math.exp(-20);
    const z = 1 + 2 * e;
    const H = -(1 / z) * Math.log(1 / z) - 2 * (e / z) * Math.log(e / z);
    expect(s.entropy).toBeGreaterThan(0);
    expect(s.entropy).toBeCloseTo(H, 14);
    expect(s.logprob).toBeCloseTo(-Math.log(z), 14);
    expect(s.logprob).toBeLessThan(0);
  });

  it('is shift-invariant and stable for large logits', () => {
    const a = rowStats([1000, 1001, 999], 1, 2);
    const b = rowStats([0, 1, -1], 1, 2);
    expect(a.logprob).toBeCloseTo(b.logprob, 12);
    expect(a.entropy).toBeCloseTo(b.entropy, 12);
    expect(Number.isFinite(a.logprob)).toBe(true);
  });
});

describe('rowLogprob', () => {
  it('equals rowStats on log-prob and argmax', () => {
    const row = [0.3, -1.2, 2.5, 2.5, 0];
    for (let t = 0; t < row.length; t++) {
      const full = rowStats(row, t, 0);
      const lean = rowLogprob(row, t);
      expect(lean.logprob).toBeCloseTo(full.logprob, 14);
      expect(lean.argmax).toBe(2);
    }
    expect(rowLogprob([Math.log(1), Math.log(3)], 0).logprob).toBeCloseTo(Math.log(0.25), 14);
  });
});
