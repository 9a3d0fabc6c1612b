// Comparing runs of one task (models, dtypes, checkpoints): every metric side by side with its
// change from the first run, alpha and beta per run, and the acc-vs-acc_norm reading (SPEC §4):
// both moving the same way suggests a change in capability; moving apart suggests a change in the
// sharpness or format of the output distribution.
import { flattenSlice } from './flatten';
import type { SliceMetrics } from './types';

export interface RunMetrics {
  /** e.g. "stories260K q8". */
  label: string;
  metrics: SliceMetrics;
}

export interface ComparedMetric {
  metric: string;
  /** One value per run (NaN where a run lacks the metric). */
  values: number[];
  stderrs: (number | undefined)[];
  /** values[i] − values[0]. */
  deltas: number[];
}

export type AccNormMovement = 'together' | 'apart' | 'flat' | 'unknown';

export interface AccNormReading {
  label: string;
  delta_acc: number;
  delta_acc_norm: number;
  movement: AccNormMovement;
  /** One sentence a reader can act on. */
  reading: string;
}

export interface RunComparison {
  labels: string[];
  metrics: ComparedMetric[];
  /** The fixed per-answer cost alpha and the marginal rate beta of each run. */
  alpha_beta: { label: string; alpha: number; beta: number; r2: number }[];
  /** For each run after the first, compared with the first. */
  acc_vs_acc_norm: AccNormReading[];
}

/**
 * How acc and acc_norm moved between two runs. A change smaller than one item (1/n) or than the
 * larger standard error counts as no change; the same sign is "together", opposite signs (or only
 * one of them moving) "apart".
 */
export function accNormMovement(
  dAcc: number,
  dNorm: number,
  threshold: number,
): AccNormMovement {
  if (!Number.isFinite(dAcc) || !Number.isFinite(dNorm)) return 'unknown';
  const movedAcc = Math.abs(dAcc) > threshold;
  const movedNorm = Math.abs(dNorm) > threshold;
  if (!movedAcc && !movedNorm) return 'flat';
  if (movedAcc && movedNorm && Math.sign(dAcc) === Math.sign(dNorm)) return 'together';
  return 'apart';
}

const READINGS: Record<AccNormMovement, string> = {
  together: 'acc and acc_norm moved together: more likely a change in capability.',
  apart: 'acc and acc_norm moved apart: more likely a change in the sharpness or format of the output distribution than in capability.',
  flat: 'acc and acc_norm barely moved (within about one standard error).',
  unknown: 'acc or acc_norm is missing for one of the runs.',
};

export function compareRuns(runs: readonly RunMetrics[]): RunComparison {
  if (runs.length < 2) throw new RangeError('compare needs two or more runs');
  const flat = runs.map((r) => new Map(flattenSlice(r.metrics).map((row) => [row.metric, row])));
  const names: string[] = [];
  for (const f of flat) for (const k of f.keys()) if (!names.includes(k)) names.push(k);
  const metrics = names.map((metric) => {
    const values = flat.map((f) => f.get(metric)?.value ?? NaN);
    return {
      metric,
      values,
      stderrs: flat.map((f) => f.get(metric)?.stderr),
      deltas: values.map((v) => v - values[0]),
    };
  });
  const base = runs[0].metrics.accuracies;
  const readings = runs.slice(1).map((r) => {
    const a = r.metrics.accuracies;
    const dAcc = (a.rules.acc?.value ?? NaN) - (base.rules.acc?.value ?? NaN);
    const dNorm = (a.rules.acc_norm?.value ?? NaN) - (base.rules.acc_norm?.value ?? NaN);
    const se = Math.max(
      a.rules.acc?.stderr ?? 0,
      a.rules.acc_norm?.stderr ?? 0,
      base.rules.acc?.stderr ?? 0,
      base.rules.acc_norm?.stderr ?? 0,
    );
    const threshold = Math.max(a.n_items > 0 ? 1 / a.n_items : 0, Number.isFinite(se) ? se : 0);
    const movement = accNormMovement(dAcc, dNorm, threshold);
    return { label: r.label, delta_acc: dAcc, delta_acc_norm: dNorm, movement, reading: READINGS[movement] };
  });
  return {
    labels: runs.map((r) => r.label),
    metrics,
    alpha_beta: runs.map((r) => ({ label: r.label, alpha: r.metrics.alpha, beta: r.metrics.beta, r2: r.metrics.r2 })),
    acc_vs_acc_norm: readings,
  };
}
