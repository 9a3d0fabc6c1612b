import { describe, expect, it } from 'vitest';
import { fitLogistic, fitLogisticColumns, sigmoid } from '../../../src/core/judge/logistic';
import { fitLengthControlled, lengthFeature, type JudgmentTable } from '../../../src/core/judge/lengthControlled';

// Edges of the Newton fit and the LC model that the numpy-referenced fits do not reach: step
// halving, the iteration budget, rows of weight 0, a first column that is not the intercept, a
// length feature collinear with the slot, weights summing to 1, and scratch buffers of the wrong size.

// Reference values: test/fixtures/make/judge_logistic_expected.py (the same rows as logisticWeighted.test.ts).
const rows = [[1, 1, 0.3], [1, -1, -0.5], [1, 1, 0.9], [1, -1, 0.1], [1, 1, -0.7], [1, -1, 0.6], [1, 1, 0.2], [1, -1, -0.2]];
const y = Float64Array.from([0.9, 0.2, 1.0, 0.4, 0.3, 0.5, 0.7, 0.0]);
const w = Float64Array.from([1, 2, 0.5, 1, 3, 1, 0, 1.5]);
const offset = Float64Array.from([0.1, -0.2, 0.0, 0.3, 0.1, 0.0, 5.0, -0.1]);
const col = (j: number) => Float64Array.from(rows, (r) => r[j]);
const three = { beta: [-0.16183284468833145, 0.974559712223788, 2.307833906369761], se: [0.8670751374027519, 0.9352428652308721, 1.8443634095937402] };

describe('Newton iterations', () => {
  it('halves a step that lowers the likelihood, and still reaches the maximum', () => {
    // Intercept only, mean ½: from β = 3 the full Newton step lands at β = −7.0…, where the
    // likelihood is lower; half of it (β = −2.0…) is accepted, and the fit goes on to logit(½) = 0.
    const data = { x: Float64Array.of(1, 1, 1, 1), p: 1, y: Float64Array.of(1, 0, 1, 0) };
    const fit = fitLogistic(data, { start: [3] });
    expect(fit.converged).toBe(true);
    expect(fit.beta[0]).toBeCloseTo(0, 12);
    expect(fit.inverseHessian[0][0]).toBeCloseTo(1, 12); // 1 / (4 · ¼)
    expect(fit.logLik).toBeCloseTo(-4 * Math.log(2), 12);
    const byColumns = fitLogisticColumns({ columns: [null], y: data.y }, { start: [3] });
    expect(byColumns.beta[0]).toBeCloseTo(0, 12);
    expect(byColumns.converged).toBe(true);
  });

  it('stops after maxIter steps, with the information and likelihood at that point', () => {
    // Intercept only, y = 1, 1, 1, 0: from 0 the first step is Σ(y − ½) / (4 · ¼) = 1.
    const data = { x: Float64Array.of(1, 1, 1, 1), p: 1, y: Float64Array.of(1, 1, 1, 0) };
    const one = fitLogistic(data, { maxIter: 1 });
    expect(one.beta).toEqual([1]);
    expect(one.iterations).toBe(1);
    expect(one.converged).toBe(false);
    const s = sigmoid(1);
    expect(one.inverseHessian[0][0]).toBeCloseTo(1 / (4 * s * (1 - s)), 12);
    expect(one.logLik).toBeCloseTo(3 - 4 * Math.log1p(Math.E), 12);
    // No step at all: the start, no information, no likelihood.
    const none = fitLogistic(data, { maxIter: 0 });
    expect(none).toEqual({ beta: [0], inverseHessian: [], iterations: 0, converged: false, logLik: -Infinity });
  });

  it('skips a row of weight 0 even when its values are not finite', () => {
    const ones = Float64Array.of(1, 1, 1, 1, 1);
    const yy = Float64Array.of(1, 1, 1, 0, 0.5);
    const ww = Float64Array.of(1, 1, 1, 1, 0);
    const bad = Float64Array.of(0, 0, 0, 0, Infinity);
    const plain = fitLogistic({ x: ones.subarray(0, 4), p: 1, y: yy.subarray(0, 4) });
    const withRow = fitLogistic({ x: ones, p: 1, y: yy, w: ww, offset: bad });
    expect(withRow.beta[0]).toBeCloseTo(Math.log(3), 12);
    expect(withRow.beta).toEqual(plain.beta);
    expect(withRow.logLik).toBe(plain.logLik);
    const byColumns = fitLogisticColumns({ columns: [null], y: yy, w: ww, offset: bad });
    expect(byColumns.beta[0]).toBeCloseTo(Math.log(3), 12);
    expect(byColumns.logLik).toBeCloseTo(plain.logLik, 12);
  });

  it('by columns, with a first column that is not the intercept: the same fit and standard errors, permuted', () => {
    // Columns [x, s, 1] are the numpy design [1, s, x] reordered.
    const fit = fitLogisticColumns({ columns: [col(2), col(1), null], y, w, offset });
    const order = [2, 1, 0];
    order.forEach((j, k) => {
      expect(fit.beta[k]).toBeCloseTo(three.beta[j], 9);
      expect(Math.sqrt(fit.inverseHessian[k][k])).toBeCloseTo(three.se[j], 9);
    });
    const two = fitLogisticColumns({ columns: [col(2), null], y, w, offset });
    const rowMajor = fitLogistic({ x: Float64Array.from(rows.flatMap((r) => [r[2], 1])), p: 2, y, w, offset });
    expect(two.beta[0]).toBeCloseTo(rowMajor.beta[0], 12);
    expect(two.inverseHessian[0][0]).toBeCloseTo(rowMajor.inverseHessian[0][0], 12);
    expect(two.inverseHessian[1][0]).toBeCloseTo(rowMajor.inverseHessian[1][0], 12);
  });
});

/** Four prompts in both orders with soft verdicts; x per row. */
function table(x: number[], weights?: number[]): JudgmentTable {
  return {
    prompt: Int32Array.of(0, 0, 1, 1, 2, 2, 3, 3),
    s: Float64Array.of(1, -1, 1, -1, 1, -1, 1, -1),
    x: Float64Array.from(x),
    y: Float64Array.of(0.8, 0.5, 0.6, 0.3, 0.9, 0.4, 0.7, 0.6),
    promptCount: 4,
    ...(weights ? { w: Float64Array.from(weights) } : {}),
  };
}

describe('length-controlled fit edges', () => {
  it('drops a length feature collinear with the slot (a singular design) and fits θ and φ alone', () => {
    // x = +1 when A is first, −1 when second: tanh(x / sd x) = ±tanh 1, a multiple of s.
    const collinear = fitLengthControlled(table([1, -1, 1, -1, 1, -1, 1, -1]), { robustSe: true });
    const noLength = fitLengthControlled(table([0, 0, 0, 0, 0, 0, 0, 0]), { robustSe: true });
    expect(collinear.featureSd).toBeCloseTo(Math.tanh(1), 12);
    expect(Number.isNaN(collinear.gamma)).toBe(true);
    expect(Number.isNaN(collinear.gammaSe)).toBe(true);
    expect(collinear.gammaIdentified).toBe(false);
    expect(collinear.beta).toHaveLength(2);
    expect(collinear.theta).toBeCloseTo(noLength.theta, 12);
    expect(collinear.phi).toBeCloseTo(noLength.phi, 12);
    expect(collinear.lc).toBeCloseTo(noLength.lc, 12);
    expect(collinear.lcSe).toBeCloseTo(noLength.lcSe, 12);
    // Two soft-verdict means per slot, so σ(θ ± φ) are the slot means: 0.75 and 0.45.
    expect(sigmoid(collinear.theta + collinear.phi)).toBeCloseTo(0.75, 10);
    expect(sigmoid(collinear.theta - collinear.phi)).toBeCloseTo(0.45, 10);
  });

  it('keeps the position term when the weights sum to 1 (the same fit as equal weights)', () => {
    const x = [0.3, 0.3, -0.2, -0.2, 0.5, 0.5, -0.4, -0.4];
    const unit = fitLengthControlled(table(x));
    const quarter = fitLengthControlled(table(x, [0.125, 0.125, 0.125, 0.125, 0.125, 0.125, 0.125, 0.125]));
    expect(quarter.positionIdentified).toBe(true);
    expect(quarter.theta).toBeCloseTo(unit.theta, 9);
    expect(quarter.phi).toBeCloseTo(unit.phi, 9);
    expect(quarter.gamma).toBeCloseTo(unit.gamma, 9);
    expect(quarter.lc).toBeCloseTo(unit.lc, 12);
  });

  it('ignores scratch buffers of the wrong length', () => {
    const x = [0.3, 0.3, -0.2, -0.2, 0.5, 0.5, -0.4, -0.4];
    const plain = fitLengthControlled(table(x), { fixedGamma: 1.5 });
    for (const scratch of [
      { feature: new Float64Array(3), offset: new Float64Array(8) },
      { feature: new Float64Array(8), offset: new Float64Array(3) },
    ]) {
      const fit = fitLengthControlled(table(x), { fixedGamma: 1.5, scratch });
      expect(fit.beta).toEqual(plain.beta);
      expect(fit.lc).toBe(plain.lc);
    }
  });

  it('gives sd 0 (not NaN) for the sample sd of a single value', () => {
    expect(lengthFeature(Float64Array.of(3), undefined, true)).toEqual({ feature: Float64Array.of(0), sdX: 0 });
    expect(lengthFeature(Float64Array.of(3, 5), Float64Array.of(0.5, 0.5), true).sdX).toBe(0);
  });
});
