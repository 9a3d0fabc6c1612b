// The biased-judge simulation. Each prompt has a true quality gap d ~ N(−0.2, 1) (A minus B, on
// the logit scale) and a log length ratio x = m + s·(ρ·z + √(1−ρ²)·z′), z being d's standard
// score. The judge prefers A with P = σ(d + b + λx) when A is shown first and σ(d − b + λx) when
// second: b is position bias, λ verbosity bias.
import { createRng, type Rng } from './rng';
import { sigmoid } from './logistic';
import { fitLengthControlled, type JudgmentTable } from './lengthControlled';

export const QUALITY_MEAN = -0.2;

export interface JudgeParams {
  /** Position bias b (logits toward the first slot). */
  b: number;
  /** Verbosity bias λ (logits per unit of log length ratio). */
  lambda: number;
  /** Mean log length ratio of A over B (A's typical length ratio is e^m). */
  m: number;
  /** Spread (sd) of the log length ratio. */
  s: number;
  /** Correlation between length and true quality. */
  rho: number;
  /** Number of prompts. */
  n: number;
  seed: number;
}

export const DEFAULT_PARAMS: JudgeParams = { b: 0.5, lambda: 0.8, m: 0.47, s: 0.5, rho: 0, n: 2000, seed: 1 };

export interface SimulatedPrompts {
  d: Float64Array;
  x: Float64Array;
  /** P(A wins | A first). */
  p1: Float64Array;
  /** P(A wins | A second). */
  p2: Float64Array;
}

export function checkParams(p: JudgeParams): string | null {
  for (const key of ['b', 'lambda', 'm', 's', 'rho', 'n', 'seed'] as const) {
    if (!Number.isFinite(p[key])) return `${key} must be a finite number`;
  }
  if (!Number.isInteger(p.seed) || p.seed < 0 || p.seed > Number.MAX_SAFE_INTEGER) return `seed must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`;
  if (p.s < 0) return 's (the spread of the length ratio) must be ≥ 0';
  if (p.rho < -1 || p.rho > 1) return 'rho must lie in [−1, 1]';
  if (!Number.isInteger(p.n) || p.n < 2) return 'n must be an integer ≥ 2';
  if (p.n > 1_000_000) return 'n must be at most 1,000,000';
  return null;
}

export function samplePrompts(p: JudgeParams, n: number, rng: Rng): SimulatedPrompts {
  const d = new Float64Array(n);
  const x = new Float64Array(n);
  const p1 = new Float64Array(n);
  const p2 = new Float64Array(n);
  const other = Math.sqrt(Math.max(0, 1 - p.rho * p.rho));
  for (let i = 0; i < n; i++) {
    const z = rng.normal();
    const zLen = rng.normal();
    d[i] = QUALITY_MEAN + z;
    x[i] = p.m + p.s * (p.rho * z + other * zLen);
    const common = d[i] + p.lambda * x[i];
    p1[i] = sigmoid(common + p.b);
    p2[i] = sigmoid(common - p.b);
  }
  return { d, x, p1, p2 };
}

export interface SimulationResult {
  /** Bias-free win rate: mean σ(d). */
  target: number;
  /** Mean P(A wins) with A always shown first. */
  fixedOrder: number;
  /** Mean P(A wins) with A always shown second. */
  aSecond: number;
  /** Both orders averaged. */
  swap: number;
  /** Length-controlled win rate. */
  lc: number;
  theta: number;
  phi: number;
  gamma: number;
  gammaIdentified: boolean;
  featureSd: number;
  /** Share of verdicts going to whichever answer was shown first. */
  firstSlot: number;
  /** Chance the verdict flips when the order is swapped: mean p1(1−p2) + p2(1−p1). */
  inconsistency: number;
  /** Newton iterations the LC fit took. */
  iterations: number;
}

/** Both orders of every prompt as rows with the expected (soft) verdicts. */
/** Rows 2i (A first, s = +1) and 2i + 1 (A second, s = −1) for n prompts; x and y left at 0. */
export function bothOrdersTable(n: number): JudgmentTable {
  const table: JudgmentTable = {
    prompt: new Int32Array(2 * n),
    s: new Float64Array(2 * n),
    x: new Float64Array(2 * n),
    y: new Float64Array(2 * n),
    promptCount: n,
  };
  for (let i = 0; i < n; i++) {
    table.prompt[2 * i] = table.prompt[2 * i + 1] = i;
    table.s[2 * i] = 1;
    table.s[2 * i + 1] = -1;
  }
  return table;
}

export function softJudgments(prompts: SimulatedPrompts): JudgmentTable {
  const n = prompts.d.length;
  const table = bothOrdersTable(n);
  for (let i = 0; i < n; i++) {
    table.x[2 * i] = prompts.x[i];
    table.x[2 * i + 1] = prompts.x[i];
    table.y[2 * i] = prompts.p1[i];
    table.y[2 * i + 1] = prompts.p2[i];
  }
  return table;
}

export function summarise(prompts: SimulatedPrompts): SimulationResult {
  const n = prompts.d.length;
  let target = 0;
  let first = 0;
  let second = 0;
  let inconsistency = 0;
  for (let i = 0; i < n; i++) {
    const a = prompts.p1[i];
    const c = prompts.p2[i];
    target += sigmoid(prompts.d[i]);
    first += a;
    second += c;
    inconsistency += a * (1 - c) + c * (1 - a);
  }
  target /= n;
  first /= n;
  second /= n;
  inconsistency /= n;
  const fit = fitLengthControlled(softJudgments(prompts));
  return {
    target,
    fixedOrder: first,
    aSecond: second,
    swap: (first + second) / 2,
    lc: fit.lc,
    theta: fit.theta,
    phi: fit.phi,
    gamma: fit.gamma,
    gammaIdentified: fit.gammaIdentified,
    featureSd: fit.featureSd,
    firstSlot: (first + (1 - second)) / 2,
    inconsistency,
    iterations: fit.iterations,
  };
}

export function simulateJudge(params: JudgeParams): SimulationResult {
  const problem = checkParams(params);
  if (problem) throw new RangeError(problem);
  return summarise(samplePrompts(params, params.n, createRng(params.seed)));
}
