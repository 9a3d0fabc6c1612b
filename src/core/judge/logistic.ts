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

function logLikelihood(data: LogisticData, beta: number[]): number {
  const { x, p, y } = data;
  const rows = y.length;
  let ll = 0;
  for (let r = 0; r < rows; r++) {
    let eta = 0;
    for (let j = 0; j < p; j++) eta += x[r * p + j] * beta[j];
    // y·log σ(η) + (1−y)·log σ(−η), written stably.
    const softplus = eta > 0 ? eta + Math.log1p(Math.exp(-eta)) : Math.log1p(Math.exp(eta));
    ll += y[r] * eta - softplus;
  }
  return ll;
}

/** Fit by Newton–Raphson from β = 0, halving a step whenever it lowers the likelihood. */
export function fitLogistic(data: LogisticData, opts: { maxIter?: number; tol?: number } = {}): LogisticFit {
  const { x, p, y } = data;
  const rows = y.length;
  const maxIter = opts.maxIter ?? 100;
  const tol = opts.tol ?? 1e-10;
  let beta = new Array<number>(p).fill(0);
  let ll = logLikelihood(data, beta);
  let converged = false;
  let iterations = 0;
  let inverseHessian: number[][] = [];
  const grad = new Array<number>(p);
  const hess = Array.from({ length: p }, () => new Array<number>(p));
  for (; iterations < maxIter; iterations++) {
    grad.fill(0);
    for (const row of hess) row.fill(0);
    for (let r = 0; r < rows; r++) {
      const o = r * p;
      let eta = 0;
      for (let j = 0; j < p; j++) eta += x[o + j] * beta[j];
      const mu = sigmoid(eta);
      const resid = y[r] - mu;
      const w = mu * (1 - mu);
      for (let j = 0; j < p; j++) {
        const xj = x[o + j];
        grad[j] += xj * resid;
        const wx = w * xj;
        for (let k = 0; k <= j; k++) hess[j][k] += wx * x[o + k];
      }
    }
    for (let j = 0; j < p; j++) for (let k = 0; k < j; k++) hess[k][j] = hess[j][k];
    inverseHessian = invertSpd(hess);
    const step = inverseHessian.map((row) => row.reduce((s, v, k) => s + v * grad[k], 0));
    let t = 1;
    let next = beta.map((b, j) => b + step[j]);
    let nextLl = logLikelihood(data, next);
    while (nextLl < ll - 1e-12 * Math.abs(ll) && t > 1e-6) {
      t /= 2;
      next = beta.map((b, j) => b + t * step[j]);
      nextLl = logLikelihood(data, next);
    }
    const change = Math.max(...step.map((s) => Math.abs(t * s)));
    beta = next;
    ll = nextLl;
    if (change < tol) {
      converged = true;
      iterations++;
      break;
    }
  }
  return { beta, inverseHessian, iterations, converged, logLik: ll };
}
