import { describe, expect, it } from 'vitest';
import { fitLogistic, invertSpd, logit, sigmoid, SingularFitError } from '../../../src/core/judge/logistic';

/** Build a design from rows of covariates (intercept included by the caller). */
function data(rows: number[][], y: number[]) {
  const p = rows[0].length;
  return { x: Float64Array.from(rows.flat()), p, y: Float64Array.from(y) };
}

describe('sigmoid and logit', () => {
  it('are inverse and stable at extremes', () => {
    expect(sigmoid(0)).toBe(0.5);
    expect(sigmoid(1)).toBeCloseTo(0.731058578630004879, 15);
    expect(sigmoid(-1)).toBeCloseTo(0.268941421369995121, 15);
    expect(sigmoid(-800)).toBe(0);
    expect(sigmoid(800)).toBe(1);
    for (const p of [0.01, 0.3, 0.5, 0.9]) expect(sigmoid(logit(p))).toBeCloseTo(p, 12);
  });
});

describe('Newton–Raphson logistic fit', () => {
  it('matches the hand-solved two-group case: σ(θ ± φ) equal each group’s share', () => {
    // s = +1 group: 8 of 10 wins (0.8); s = −1 group: 4 of 10 (0.4).
    // θ + φ = ln 4, θ − φ = ln(2/3) ⇒ θ = 0.490414626505863, φ = 0.895879734614028.
    const rows: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 10; i++) {
      rows.push([1, 1]);
      y.push(i < 8 ? 1 : 0);
      rows.push([1, -1]);
      y.push(i < 4 ? 1 : 0);
    }
    const fit = fitLogistic(data(rows, y));
    expect(fit.converged).toBe(true);
    expect(fit.beta[0]).toBeCloseTo(0.490414626505863, 9);
    expect(fit.beta[1]).toBeCloseTo(0.895879734614028, 9);
    // Var(logit p̂) = 1/(n p (1−p)) per group; θ = ½(l₊ + l₋) ⇒ Var θ = ¼(1/1.6 + 1/2.4).
    expect(Math.sqrt(fit.inverseHessian[0][0])).toBeCloseTo(Math.sqrt(0.25 * (1 / 1.6 + 1 / 2.4)), 9);
  });

  it('solves a saturated three-parameter design with soft targets exactly', () => {
    // Three distinct rows [1, s, f] with targets 0.7, 0.2, 0.9: the fit reproduces each target.
    // logit 0.7 = θ + φ, logit 0.2 = θ − φ, logit 0.9 = θ + φ + γ.
    const fit = fitLogistic(data([[1, 1, 0], [1, -1, 0], [1, 1, 1]], [0.7, 0.2, 0.9]));
    const l7 = Math.log(0.7 / 0.3);
    const l2 = Math.log(0.2 / 0.8);
    const l9 = Math.log(9);
    expect(fit.beta[0]).toBeCloseTo((l7 + l2) / 2, 9);
    expect(fit.beta[1]).toBeCloseTo((l7 - l2) / 2, 9);
    expect(fit.beta[2]).toBeCloseTo(l9 - l7, 9);
    expect(fit.iterations).toBeLessThan(15);
  });

  it('reaches the score equations on an unsaturated problem', () => {
    const rows: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 60; i++) {
      const f = Math.sin(i * 1.3);
      rows.push([1, i % 2 ? 1 : -1, f]);
      y.push(((i * 7) % 5) / 4);
    }
    const fit = fitLogistic(data(rows, y));
    const grad = [0, 0, 0];
    rows.forEach((r, i) => {
      const mu = sigmoid(r[0] * fit.beta[0] + r[1] * fit.beta[1] + r[2] * fit.beta[2]);
      for (let j = 0; j < 3; j++) grad[j] += r[j] * (y[i] - mu);
    });
    for (const g of grad) expect(Math.abs(g)).toBeLessThan(1e-9);
  });

  it('refuses a singular design', () => {
    expect(() => fitLogistic(data([[1, 1], [1, 1], [1, 1]], [1, 0, 1]))).toThrow(SingularFitError);
    expect(() => invertSpd([[1, 2], [2, 4]])).toThrow(SingularFitError);
  });
});
