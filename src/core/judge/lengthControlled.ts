// The length-controlled (LC) win rate: a logistic regression of the verdicts on
// [1, s, tanh(x / sd(x))] — s = +1 when A was shown first, −1 when second; x = ln(len A / len B)
// (or, as AlpacaEval does, the character difference len A − len B with the sample sd) — then the
// win rate with the length term removed, averaged over the two orders: LC = ½[σ(θ + φ) + σ(θ − φ)].
import { populationSd } from '../metrics/stats';
import { fitLogisticColumns, invertSpd, sigmoid, SingularFitError } from './logistic';

/** One verdict per row, struct-of-arrays so fits over thousands of rows stay cheap. */
export interface JudgmentTable {
  /** Prompt index of each row (0-based); the two orders of a prompt share it. */
  prompt: Int32Array;
  /** +1 when A was shown first, −1 when second. */
  s: Float64Array;
  /** Log length ratio ln(len A / len B). */
  x: Float64Array;
  /** P(A wins) or an observed verdict (1 A, 0 B, ½ tie). */
  y: Float64Array;
  /** Number of prompts (clusters); prompt indices run 0..promptCount−1. */
  promptCount: number;
  /** Row weights (default 1): repeated verdicts share a weight, a bootstrap counts draws. */
  w?: Float64Array;
}

export interface LengthControlledOptions {
  robustSe?: boolean;
  /** Standardise x by its sample sd (n − 1), as AlpacaEval does, rather than the population sd. */
  sampleSd?: boolean;
  /** Hold γ at this value and fit only θ and φ (the LC range over plausible length effects). */
  fixedGamma?: number;
  /** Starting coefficients (a bootstrap starts at the full fit). */
  start?: readonly number[];
}

/** Below this spread of tanh(x / sd(x)) the length coefficient is not identified in practice. */
export const LENGTH_FEATURE_MIN_SD = 0.1;

export interface LengthControlledFit {
  theta: number;
  /** NaN when every verdict had A in the same slot (no position term could be fitted). */
  phi: number;
  /** NaN when the length feature does not vary (no length term could be fitted). */
  gamma: number;
  lc: number;
  /** Model-based standard error of γ (NaN when not fitted). */
  gammaSe: number;
  /** Cluster-robust (by prompt) standard error of LC, when asked for. */
  lcSe: number;
  /** Population standard deviation of x over rows. */
  sdX: number;
  /** Population standard deviation of the feature tanh(x / sd(x)). */
  featureSd: number;
  /** False when the length feature barely varies: γ is then not identified. */
  gammaIdentified: boolean;
  /** False when every verdict had A in the same slot. */
  positionIdentified: boolean;
  converged: boolean;
  iterations: number;
  /** The fitted coefficients in design order ([θ, φ?, γ?]): a start for nearby fits. */
  beta: number[];
}

/** Weighted sd of x (population, or with Σw − 1 in the denominator). */
function weightedSd(x: Float64Array, w: Float64Array | undefined, sample: boolean): number {
  if (!w && !sample) return populationSd(x);
  let sw = 0;
  let sx = 0;
  for (let i = 0; i < x.length; i++) {
    const wi = w ? w[i] : 1;
    sw += wi;
    sx += wi * x[i];
  }
  const m = sx / sw;
  let ss = 0;
  for (let i = 0; i < x.length; i++) {
    const wi = w ? w[i] : 1;
    if (wi) ss += wi * (x[i] - m) * (x[i] - m);
  }
  const denominator = sample ? sw - 1 : sw;
  return denominator > 0 ? Math.sqrt(ss / denominator) : 0;
}

/** tanh(x / sd(x)); all zeros when x does not vary at all. */
export function lengthFeature(x: Float64Array, w?: Float64Array, sample = false): { feature: Float64Array; sdX: number } {
  const sdX = weightedSd(x, w, sample);
  const feature = new Float64Array(x.length);
  if (sdX > 1e-12) for (let i = 0; i < x.length; i++) feature[i] = Math.tanh(x[i] / sdX);
  return { feature, sdX };
}

function lcGradient(theta: number, phi: number): [number, number] {
  const a = sigmoid(theta + phi);
  const b = sigmoid(theta - phi);
  const da = a * (1 - a);
  const db = b * (1 - b);
  return [(da + db) / 2, (da - db) / 2];
}

export function fitLengthControlled(table: JudgmentTable, opts: LengthControlledOptions = {}): LengthControlledFit {
  const rows = table.y.length;
  if (rows === 0) throw new Error('no verdicts to fit');
  const w = table.w;
  const { feature, sdX } = lengthFeature(table.x, w, opts.sampleSd ?? false);
  const featureSd = weightedSd(feature, w, false);
  // A column that never varies cannot be told apart from the intercept: leave it out.
  const positionVaries = weightedSd(table.s, w, false) > 0;
  const fixed = opts.fixedGamma;
  const offset = fixed === undefined ? undefined : feature.map((f) => fixed * f);
  const tryFit = (withLength: boolean) => {
    const columns: (Float64Array | null)[] = [null];
    if (positionVaries) columns.push(table.s);
    if (withLength) columns.push(feature);
    const p = columns.length;
    const start = opts.start && opts.start.length === p ? opts.start : undefined;
    return { p, columns, fit: fitLogisticColumns({ columns, y: table.y, w, offset }, { start }) };
  };
  let attempt: ReturnType<typeof tryFit>;
  let lengthFitted = fixed === undefined && featureSd > 1e-6;
  try {
    attempt = tryFit(lengthFitted);
  } catch (err) {
    if (!(err instanceof SingularFitError) || !lengthFitted) throw err;
    lengthFitted = false;
    attempt = tryFit(false);
  }
  const { fit, p, columns } = attempt;
  const theta = fit.beta[0];
  const phi = positionVaries ? fit.beta[1] : NaN;
  const lengthIndex = positionVaries ? 2 : 1;
  const gamma = fixed !== undefined ? fixed : lengthFitted ? fit.beta[lengthIndex] : NaN;
  const gammaSe = lengthFitted ? Math.sqrt(fit.inverseHessian[lengthIndex][lengthIndex]) : NaN;
  // Without both orders there is no position term to average out: LC is then σ(θ).
  const lc = positionVaries ? (sigmoid(theta + phi) + sigmoid(theta - phi)) / 2 : sigmoid(theta);
  let lcSe = NaN;
  if (opts.robustSe) {
    const design = new Float64Array(rows * p);
    for (let r = 0; r < rows; r++) for (let j = 0; j < p; j++) design[r * p + j] = columns[j] ? columns[j]![r] : 1;
    lcSe = clusterRobustLcSe(table, design, p, fit.beta, positionVaries);
  }
  const beta = fit.beta;
  return {
    theta,
    phi,
    gamma,
    lc,
    gammaSe,
    lcSe,
    sdX,
    featureSd,
    gammaIdentified: (lengthFitted || fixed !== undefined) && featureSd >= LENGTH_FEATURE_MIN_SD,
    beta,
    positionIdentified: positionVaries,
    converged: fit.converged,
    iterations: fit.iterations,
  };
}

/** Sandwich covariance clustered by prompt, carried to LC by the delta method. */
function clusterRobustLcSe(table: JudgmentTable, design: Float64Array, p: number, beta: number[], positionVaries: boolean): number {
  const rows = table.y.length;
  const scores = new Float64Array(table.promptCount * p);
  const hess = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  for (let r = 0; r < rows; r++) {
    const o = r * p;
    const weight = table.w ? table.w[r] : 1;
    let eta = 0;
    for (let j = 0; j < p; j++) eta += design[o + j] * beta[j];
    const mu = sigmoid(eta);
    const resid = weight * (table.y[r] - mu);
    const w = weight * mu * (1 - mu);
    const c = table.prompt[r] * p;
    for (let j = 0; j < p; j++) {
      scores[c + j] += design[o + j] * resid;
      for (let k = 0; k < p; k++) hess[j][k] += w * design[o + j] * design[o + k];
    }
  }
  const meat = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  for (let c = 0; c < table.promptCount; c++) {
    for (let j = 0; j < p; j++) for (let k = 0; k < p; k++) meat[j][k] += scores[c * p + j] * scores[c * p + k];
  }
  let bread: number[][];
  try {
    bread = invertSpd(hess);
  } catch (err) {
    // Separated verdicts (see fitLogistic): the information has underflowed, no SE to give.
    if (err instanceof SingularFitError) return NaN;
    throw err;
  }
  const lead = positionVaries ? lcGradient(beta[0], beta[1]) : [sigmoid(beta[0]) * (1 - sigmoid(beta[0]))];
  const g = [...lead, ...new Array<number>(p - lead.length).fill(0)];
  // v = g' H⁻¹ M H⁻¹ g
  const hg = bread.map((row) => row.reduce((s, v, k) => s + v * g[k], 0));
  let variance = 0;
  for (let j = 0; j < p; j++) for (let k = 0; k < p; k++) variance += hg[j] * meat[j][k] * hg[k];
  return Math.sqrt(Math.max(variance, 0));
}
