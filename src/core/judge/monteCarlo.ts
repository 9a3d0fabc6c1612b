// Monte Carlo of the estimators with binary verdicts: each replication draws fresh prompts and
// one verdict per order, then asks each estimator whether A beats B at a one-sided 5% test
// (estimate − ½ over its standard error). How often does each one name the worse model?
import { createRng } from './rng';
import { sigmoid } from './logistic';
import { bothOrdersTable, samplePrompts, QUALITY_MEAN, type JudgeParams } from './simulate';
import { fitLengthControlled } from './lengthControlled';
import { mean, sampleSd } from '../metrics/stats';
import { expectedSigmoidOfNormal, Z_ONE_SIDED_5 } from './stats';

export const ESTIMATORS = ['unbiased', 'fixedOrder', 'aSecond', 'swap', 'lc'] as const;
export type EstimatorName = (typeof ESTIMATORS)[number];

export const ESTIMATOR_LABELS: Record<EstimatorName, string> = {
  unbiased: 'Bias-free judge (one order)',
  fixedOrder: 'Fixed order (A first)',
  aSecond: 'A second',
  swap: 'Swap-averaged',
  lc: 'Length-controlled',
};

export interface MonteCarloParams {
  judge: Omit<JudgeParams, 'n'>;
  /** Prompts per replication (805 as in AlpacaEval). */
  prompts: number;
  replications: number;
}

export interface EstimatorSummary {
  name: EstimatorName;
  mean: number;
  /** Standard deviation of the estimate across replications. */
  spread: number;
  /** Share of replications declaring A the winner (estimate significantly above ½). */
  declaresA: number;
  /** Share declaring B the winner. */
  declaresB: number;
  /** Share declaring the worse model the winner (A when the population target is below ½). */
  declaresWorse: number;
  /** Every replication's estimate, for the spread chart. */
  estimates: number[];
}

export interface MonteCarloResult {
  /** Population bias-free win rate E σ(d). */
  populationTarget: number;
  worse: 'A' | 'B' | 'neither';
  replications: number;
  prompts: number;
  estimators: EstimatorSummary[];
}

export const DEFAULT_MC = { prompts: 805, replications: 2000 };

type Decision = 1 | -1 | 0;
function decide(estimate: number, se: number): Decision {
  if (!(se > 0)) return estimate > 0.5 ? 1 : estimate < 0.5 ? -1 : 0;
  const z = (estimate - 0.5) / se;
  return z > Z_ONE_SIDED_5 ? 1 : z < -Z_ONE_SIDED_5 ? -1 : 0;
}

/**
 * Runs the replications in chunks, calling `onProgress(done, total)` between chunks; a caller in
 * a Worker reports progress from it, and may return `false` to stop early.
 */
export function runMonteCarlo(
  params: MonteCarloParams,
  onProgress?: (done: number, total: number) => boolean | void,
): MonteCarloResult {
  const { judge, prompts: n, replications } = params;
  if (!Number.isInteger(n) || n < 10) throw new RangeError('prompts must be an integer ≥ 10');
  if (!Number.isInteger(replications) || replications < 1) throw new RangeError('replications must be an integer ≥ 1');
  const rng = createRng(judge.seed);
  const populationTarget = expectedSigmoidOfNormal(QUALITY_MEAN);
  const worse = populationTarget < 0.5 ? 'A' : populationTarget > 0.5 ? 'B' : 'neither';
  const estimates: Record<EstimatorName, number[]> = { unbiased: [], fixedOrder: [], aSecond: [], swap: [], lc: [] };
  const decisions: Record<EstimatorName, Decision[]> = { unbiased: [], fixedOrder: [], aSecond: [], swap: [], lc: [] };
  const y0 = new Float64Array(n);
  const y1 = new Float64Array(n);
  const y2 = new Float64Array(n);
  const swapScore = new Float64Array(n);
  const table = bothOrdersTable(n);
  const record = (name: EstimatorName, estimate: number, se: number) => {
    estimates[name].push(estimate);
    decisions[name].push(decide(estimate, se));
  };
  const perPromptSe = (scores: Float64Array) => sampleSd(scores) / Math.sqrt(n);
  const chunk = 25;
  for (let rep = 0; rep < replications; rep++) {
    const sample = samplePrompts({ ...judge, n }, n, rng);
    for (let i = 0; i < n; i++) {
      y0[i] = rng.uniform() < sigmoid(sample.d[i]) ? 1 : 0;
      y1[i] = rng.uniform() < sample.p1[i] ? 1 : 0;
      y2[i] = rng.uniform() < sample.p2[i] ? 1 : 0;
      swapScore[i] = (y1[i] + y2[i]) / 2;
      table.x[2 * i] = table.x[2 * i + 1] = sample.x[i];
      table.y[2 * i] = y1[i];
      table.y[2 * i + 1] = y2[i];
    }
    record('unbiased', mean(y0), perPromptSe(y0));
    record('fixedOrder', mean(y1), perPromptSe(y1));
    record('aSecond', mean(y2), perPromptSe(y2));
    record('swap', mean(swapScore), perPromptSe(swapScore));
    const fit = fitLengthControlled(table, { robustSe: true });
    record('lc', fit.lc, fit.lcSe);
    if (onProgress && ((rep + 1) % chunk === 0 || rep + 1 === replications)) {
      if (onProgress(rep + 1, replications) === false) break;
    }
  }
  const done = estimates.unbiased.length;
  return {
    populationTarget,
    worse,
    replications: done,
    prompts: n,
    estimators: ESTIMATORS.map((name) => {
      const ds = decisions[name];
      const share = (v: Decision) => ds.filter((x) => x === v).length / done;
      const declaresA = share(1);
      const declaresB = share(-1);
      return {
        name,
        mean: mean(estimates[name]),
        spread: sampleSd(estimates[name]),
        declaresA,
        declaresB,
        declaresWorse: worse === 'A' ? declaresA : worse === 'B' ? declaresB : declaresA + declaresB,
        estimates: estimates[name],
      };
    }),
  };
}
