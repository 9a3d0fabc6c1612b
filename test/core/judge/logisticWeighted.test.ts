import { describe, expect, it } from 'vitest';
import { fitLogistic, fitLogisticColumns, invertSpd, logit, sigmoid, SingularFitError } from '../../../src/core/judge/logistic';

// Reference values: test/fixtures/make/judge_logistic_expected.py (numpy Newton, weights and an offset;
// the row of weight 0 carries an offset of 5 that must not matter).
const rows = [[1, 1, 0.3], [1, -1, -0.5], [1, 1, 0.9], [1, -1, 0.1], [1, 1, -0.7], [1, -1, 0.6], [1, 1, 0.2], [1, -1, -0.2]];
const y = Float64Array.from([0.9, 0.2, 1.0, 0.4, 0.3, 0.5, 0.7, 0.0]);
const w = Float64Array.from([1, 2, 0.5, 1, 3, 1, 0, 1.5]);
const offset = Float64Array.from([0.1, -0.2, 0.0, 0.3, 0.1, 0.0, 5.0, -0.1]);
const col = (j: number) => Float64Array.from(rows, (r) => r[j]);

const expected = {
  three: { beta: [-0.16183284468833145, 0.974559712223788, 2.307833906369761], se: [0.8670751374027519, 0.9352428652308721, 1.8443634095937402], ll: -4.996018765336645 },
  two: { beta: [-0.3477984849977185, 1.6221992857848575], se: [0.7394874072307522, 1.4420996796353727], ll: -5.681197398916563 },
  one: { beta: [-0.5934523728688341], se: [0.6604989730448247], ll: -6.393826406635451 },
};

function expectFit(fit: { beta: number[]; inverseHessian: number[][]; logLik: number; converged: boolean }, e: { beta: number[]; se: number[]; ll: number }) {
  expect(fit.converged).toBe(true);
  fit.beta.forEach((b, j) => expect(b).toBeCloseTo(e.beta[j], 9));
  fit.inverseHessian.forEach((row, j) => expect(Math.sqrt(row[j])).toBeCloseTo(e.se[j], 9));
  expect(fit.logLik).toBeCloseTo(e.ll, 10);
  // The inverse Hessian is symmetric.
  for (let j = 0; j < e.beta.length; j++) for (let k = 0; k < j; k++) expect(fit.inverseHessian[j][k]).toBeCloseTo(fit.inverseHessian[k][j], 12);
}

describe('weighted logistic fits with an offset (numpy reference)', () => {
  it('row-major design', () => {
    expectFit(fitLogistic({ x: Float64Array.from(rows.flat()), p: 3, y, w, offset }), expected.three);
  });

  it('by columns, with the intercept as null, for three, two and one columns', () => {
    expectFit(fitLogisticColumns({ columns: [null, col(1), col(2)], y, w, offset }), expected.three);
    expectFit(fitLogisticColumns({ columns: [null, col(2)], y, w, offset }), expected.two);
    expectFit(fitLogisticColumns({ columns: [null], y, w, offset }), expected.one);
    // An explicit column of ones is the intercept, in any place.
    expectFit(fitLogisticColumns({ columns: [col(0), col(1), col(2)], y, w, offset }), expected.three);
    const swapped = fitLogisticColumns({ columns: [col(2), null], y, w, offset });
    expect(swapped.beta[0]).toBeCloseTo(expected.two.beta[1], 9);
    expect(swapped.beta[1]).toBeCloseTo(expected.two.beta[0], 9);
    const last = fitLogisticColumns({ columns: [col(1), col(2), null], y, w, offset });
    expect(last.beta[2]).toBeCloseTo(expected.three.beta[0], 9);
    expect(last.beta[0]).toBeCloseTo(expected.three.beta[1], 9);
  });

  it('takes one to three columns', () => {
    expect(() => fitLogisticColumns({ columns: [], y })).toThrow(new RangeError('fitLogisticColumns takes one to three columns'));
    expect(() => fitLogisticColumns({ columns: [null, col(1), col(2), col(2)], y })).toThrow(RangeError);
  });

  it('starts from given coefficients, and from 0 when they are unusable', () => {
    const from = fitLogisticColumns({ columns: [null, col(1), col(2)], y, w, offset }, { start: expected.three.beta });
    expectFit(from, expected.three);
    expect(from.iterations).toBeLessThanOrEqual(2);
    for (const start of [[NaN, 0, 0], [1, 2]]) {
      const f = fitLogisticColumns({ columns: [null, col(1), col(2)], y, w, offset }, { start });
      expectFit(f, expected.three);
      expect(f.iterations).toBeGreaterThan(2);
    }
  });

  it('stops at maxIter without claiming convergence, and a loose tol stops early', () => {
    const capped = fitLogistic({ x: Float64Array.from(rows.flat()), p: 3, y, w, offset }, { maxIter: 1 });
    expect(capped.converged).toBe(false);
    expect(capped.iterations).toBe(1);
    const loose = fitLogistic({ x: Float64Array.from(rows.flat()), p: 3, y, w, offset }, { tol: 10 });
    expect(loose.converged).toBe(true);
    expect(loose.iterations).toBe(1);
  });
});

describe('separated data', () => {
  it('end with converged false at a large coefficient, not a throw', () => {
    // y = 1 exactly where x > 0: the slope runs off to infinity.
    const x = [-2, -1, -0.5, 0.5, 1, 2];
    const fit = fitLogisticColumns({ columns: [null, Float64Array.from(x)], y: Float64Array.from(x, (v) => (v > 0 ? 1 : 0)) });
    expect(fit.converged).toBe(false);
    expect(fit.beta[1]).toBeGreaterThan(10);
    expect(fit.logLik).toBeLessThanOrEqual(0);
    expect(fit.logLik).toBeGreaterThan(-1e-3);
  });
});

describe('small pieces', () => {
  it('sigmoid and logit', () => {
    expect(sigmoid(-1e-300)).toBe(0.5);
    expect(sigmoid(-2)).toBeCloseTo(0.11920292202211755, 16);
    expect(sigmoid(2)).toBeCloseTo(0.8807970779778823, 16);
    expect(logit(0.75)).toBeCloseTo(Math.log(3), 15);
    expect(logit(0.5)).toBe(0);
  });

  it('inverts with pivoting, and names a singular matrix', () => {
    // A zero on the diagonal needs a row swap.
    const inv = invertSpd([[0, 2], [2, 1]]);
    expect(inv[0][0]).toBeCloseTo(-0.25, 15);
    expect(inv[0][1]).toBeCloseTo(0.5, 15);
    expect(inv[1][0]).toBeCloseTo(0.5, 15);
    expect(inv[1][1]).toBeCloseTo(0, 15);
    const m = [[4, 2, 0.6], [2, 5, 1], [0.6, 1, 3]];
    const mi = invertSpd(m);
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++) expect(m[i].reduce((s, v, k) => s + v * mi[k][j], 0)).toBeCloseTo(i === j ? 1 : 0, 14);
    expect(invertSpd([[2]])).toEqual([[0.5]]);
    // Singular relative to the scale of the matrix, not in absolute terms.
    expect(() => invertSpd([[1e-20, 0], [0, 1]])).toThrow(new SingularFitError('the design is singular'));
    expect(invertSpd([[1e-20, 0], [0, 1e-20]])[0][0]).toBeCloseTo(1e20, -6);
    expect(new SingularFitError('x').name).toBe('SingularFitError');
  });
});
