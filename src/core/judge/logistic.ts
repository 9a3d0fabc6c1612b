// Logistic regression by Newton–Raphson. Targets may be soft (any value in [0, 1]): the
// simulation fits the judge's expected verdicts, the audit fits observed ones.

export function sigmoid(t: number): number {
  if (t >= 0) return 1 / (1 + Math.exp(-t));
  const e = Math.exp(t);
  return e / (1 + e);
}

export function logit(p: number): number {
  return Math.log(p / (1 - p));
}

export interface LogisticData {
  /** Row-major design matrix, rows × p. */
  x: Float64Array;
  /** Number of columns. */
  p: number;
  /** Targets in [0, 1]. */
  y: Float64Array;
  /** Row weights (default 1); a row of weight 0 is skipped. */
  w?: Float64Array;
  /** A fixed term added to each row's linear predictor (default 0). */
  offset?: Float64Array;
}

export interface LogisticFit {
  beta: number[];
  /** Inverse of the observed information (the model-based covariance of beta). */
  inverseHessian: number[][];
  iterations: number;
  converged: boolean;
  logLik: number;
}

export class SingularFitError extends Error {
  override name = 'SingularFitError';
}

/** Invert a small symmetric positive-definite matrix by Gauss–Jordan; throws when singular. */
export function invertSpd(m: number[][]): number[][] {
  const n = m.length;
  const a = m.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  const scale = Math.max(...m.map((row, i) => Math.abs(row[i])), 1e-300);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    if (Math.abs(a[pivot][col]) < 1e-12 * scale) throw new SingularFitError('the design is singular');
    [a[col], a[pivot]] = [a[pivot], a[col]];
    const inv = 1 / a[col][col];
    for (let j = 0; j < 2 * n; j++) a[col][j] *= inv;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = a[r][col];
      if (f === 0) continue;
      for (let j = 0; j < 2 * n; j++) a[r][j] -= f * a[col][j];
    }
  }
  return a.map((row) => row.slice(n));
}

/**
 * One pass over the rows at β: log-likelihood, gradient and Hessian (lower triangle, row-major
 * p × p). Softplus is written stably: log(1 + e^η).
 */
function evaluate(data: LogisticData, beta: Float64Array, grad: Float64Array, hess: Float64Array): number {
  const { x, p, y, w: weights, offset } = data;
  const rows = y.length;
  grad.fill(0);
  hess.fill(0);
  let ll = 0;
  for (let r = 0, o = 0; r < rows; r++, o += p) {
    const weight = weights ? weights[r] : 1;
    if (weight === 0) continue;
    let eta = offset ? offset[r] : 0;
    for (let j = 0; j < p; j++) eta += x[o + j] * beta[j];
    const e = Math.exp(-Math.abs(eta));
    ll += weight * (y[r] * eta - (eta > 0 ? eta + Math.log1p(e) : Math.log1p(e)));
    const mu = eta >= 0 ? 1 / (1 + e) : e / (1 + e);
    const resid = weight * (y[r] - mu);
    const w = weight * mu * (1 - mu);
    for (let j = 0; j < p; j++) {
      const xj = x[o + j];
      grad[j] += xj * resid;
      const wx = w * xj;
      for (let k = 0; k <= j; k++) hess[j * p + k] += wx * x[o + k];
    }
  }
  return ll;
}

/**
 * Fit by Newton–Raphson from β = 0 (or `start`, which the bootstrap uses to begin at the full fit). Each pass gives the likelihood at the new point with its
 * gradient and Hessian; a step that lowered the likelihood is halved and retried. Separated data
 * end the fit at the last point with `converged: false`; only a singular design throws.
 */
export interface NewtonOptions {
  maxIter?: number;
  tol?: number;
  start?: readonly number[];
}

export function fitLogistic(data: LogisticData, opts: NewtonOptions = {}): LogisticFit {
  return newton(data.p, (beta, grad, hess) => evaluate(data, beta, grad, hess), opts);
}

/**
 * The same fit with the design given by columns — `null` for the intercept, else one value per
 * row — up to three of them. No row-major design is built, and the pass over the rows is written
 * out for three columns: this is the audit bootstrap's hot loop.
 */
export interface ColumnData {
  columns: (Float64Array | null)[];
  y: Float64Array;
  w?: Float64Array;
  offset?: Float64Array;
}

function evaluateColumns(data: ColumnData, beta: Float64Array, grad: Float64Array, hess: Float64Array): number {
  const { y, w: weights, offset, columns } = data;
  const p = columns.length;
  const c0 = columns[0];
  const c1 = p > 1 ? columns[1] : null;
  const c2 = p > 2 ? columns[2] : null;
  const b0 = beta[0];
  const b1 = p > 1 ? beta[1] : 0;
  const b2 = p > 2 ? beta[2] : 0;
  let g0 = 0, g1 = 0, g2 = 0, h00 = 0, h10 = 0, h11 = 0, h20 = 0, h21 = 0, h22 = 0, ll = 0;
  const rows = y.length;
  for (let r = 0; r < rows; r++) {
    const weight = weights ? weights[r] : 1;
    if (weight === 0) continue;
    const x0 = c0 ? c0[r] : 1;
    const x1 = c1 ? c1[r] : p > 1 ? 1 : 0;
    const x2 = c2 ? c2[r] : p > 2 ? 1 : 0;
    const eta = (offset ? offset[r] : 0) + b0 * x0 + b1 * x1 + b2 * x2;
    const e = Math.exp(-Math.abs(eta));
    ll += weight * (y[r] * eta - (eta > 0 ? eta + Math.log1p(e) : Math.log1p(e)));
    const mu = eta >= 0 ? 1 / (1 + e) : e / (1 + e);
    const resid = weight * (y[r] - mu);
    const v = weight * mu * (1 - mu);
    g0 += x0 * resid;
    g1 += x1 * resid;
    g2 += x2 * resid;
    h00 += v * x0 * x0;
    h10 += v * x1 * x0;
    h11 += v * x1 * x1;
    h20 += v * x2 * x0;
    h21 += v * x2 * x1;
    h22 += v * x2 * x2;
  }
  grad[0] = g0;
  hess[0] = h00;
  if (p > 1) {
    grad[1] = g1;
    hess[p] = h10;
    hess[p + 1] = h11;
  }
  if (p > 2) {
    grad[2] = g2;
    hess[2 * p] = h20;
    hess[2 * p + 1] = h21;
    hess[2 * p + 2] = h22;
  }
  return ll;
}

export function fitLogisticColumns(data: ColumnData, opts: NewtonOptions = {}): LogisticFit {
  const p = data.columns.length;
  if (p < 1 || p > 3) throw new RangeError('fitLogisticColumns takes one to three columns');
  return newton(p, (beta, grad, hess) => evaluateColumns(data, beta, grad, hess), opts);
}

function newton(
  p: number,
  evaluatePass: (beta: Float64Array, grad: Float64Array, hess: Float64Array) => number,
  opts: NewtonOptions,
): LogisticFit {
  const maxIter = opts.maxIter ?? 100;
  const tol = opts.tol ?? 1e-10;
  const grad = new Float64Array(p);
  const hess = new Float64Array(p * p);
  let beta = opts.start && opts.start.length === p && opts.start.every(Number.isFinite) ? Float64Array.from(opts.start) : new Float64Array(p);
  let base = beta;
  let step = new Float64Array(p);
  let baseLl = -Infinity;
  let t = 1;
  let converged = false;
  let iterations = 0;
  let inverseHessian: number[][] = [];
  let ll = -Infinity;
  for (let pass = 0; pass < 4 * maxIter; pass++) {
    ll = evaluatePass(beta, grad, hess);
    if (ll < baseLl - 1e-12 * Math.abs(baseLl) && t > 1e-6) {
      t /= 2;
      beta = base.map((b, j) => b + t * step[j]);
      continue;
    }
    const moved = iterations === 0 ? Infinity : t * Math.max(...step.map(Math.abs));
    const full = Array.from({ length: p }, (_, j) => Array.from({ length: p }, (_, k) => (k <= j ? hess[j * p + k] : hess[k * p + j])));
    try {
      inverseHessian = invertSpd(full);
    } catch (err) {
      // At β = 0 a singular information matrix is a singular design. Later it means the weights
      // μ(1 − μ) have underflowed: the verdicts are (nearly) separated and the likelihood keeps
      // rising towards infinite coefficients. Stop at this point and report no convergence.
      if (iterations === 0) throw err;
      break;
    }
    if (moved < tol) {
      converged = true;
      break;
    }
    if (iterations >= maxIter) break;
    iterations++;
    step = Float64Array.from(inverseHessian.map((row) => row.reduce((s, v, k) => s + v * grad[k], 0)));
    base = beta;
    baseLl = ll;
    t = 1;
    beta = base.map((b, j) => b + step[j]);
  }
  return { beta: Array.from(beta), inverseHessian, iterations, converged, logLik: ll };
}
