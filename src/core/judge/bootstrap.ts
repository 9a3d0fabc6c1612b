// Bootstrap over prompts: each replicate draws prompts with replacement and keeps every verdict
// of a drawn prompt (both orders together), so the interval reflects how the two orders of one
// prompt move together.
import type { Rng } from './rng';
import { sortedQuantile } from '../metrics/stats';

export interface Interval {
  estimate: number;
  lo: number;
  hi: number;
  /** Replicates left out because the statistic was not finite there (a degenerate resample). */
  dropped: number;
}

/** Indices of `count` prompts drawn with replacement. */
export function resamplePrompts(count: number, rng: Rng): Int32Array {
  const out = new Int32Array(count);
  for (let i = 0; i < count; i++) out[i] = rng.int(count);
  return out;
}

/**
 * Runs `statistics` on `reps` resamples of the prompts and returns a percentile interval (95% by
 * default) for each statistic it returns. Non-finite replicate values are left out and counted.
 */
export function clusterBootstrap(
  promptCount: number,
  reps: number,
  rng: Rng,
  statistics: (prompts: Int32Array) => number[],
  estimates: number[],
  level = 0.95,
  onReplicate?: () => void,
): Interval[] {
  const samples: number[][] = estimates.map(() => []);
  for (let r = 0; r < reps; r++) {
    const values = statistics(resamplePrompts(promptCount, rng));
    values.forEach((v, k) => {
      if (Number.isFinite(v)) samples[k].push(v);
    });
    onReplicate?.();
  }
  const tail = (1 - level) / 2;
  return estimates.map((estimate, k) => {
    const sorted = samples[k].sort((a, b) => a - b);
    // With every replicate dropped the quantiles of no values are NaN.
    return { estimate, lo: sortedQuantile(sorted, tail), hi: sortedQuantile(sorted, 1 - tail), dropped: reps - sorted.length };
  });
}
