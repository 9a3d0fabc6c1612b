// The padding sweep of the judge lesson: the evaluated model A writes ever longer answers (its
// typical log length ratio m from 0 to 1.5, i.e. from as long as the baseline to e^1.5 ≈ 4.5 times
// as long) under the lesson's verbose judge, every point on the same seed. Beside each point's win
// rates, the share of its prompts still near equal length: what the LC fit has to anchor on.
import { createRng } from '../../core/judge/rng';
import { DEFAULT_PARAMS, samplePrompts, type JudgeParams } from '../../core/judge/simulate';
import { runSweep, SWEEPS } from '../../core/judge/sweeps';

export interface PaddingPoint {
  /** A's typical log length ratio (the sweep's value). */
  m: number;
  target: number;
  swap: number;
  lc: number;
  /** Share of prompts whose length ratio is within a factor e^±NEAR_EQUAL_LOG of 1. */
  nearEqual: number;
}

/** "Near equal length": |ln(len A / len B)| under this, as in the LC lesson's bins. */
export const NEAR_EQUAL_LOG = 0.5;
/** The padding the lesson sweeps: from none (m = 0) to m = 1.5. */
export const PADDING_FROM = 0;

export function paddingSweep(base: Partial<JudgeParams>): PaddingPoint[] {
  const params: JudgeParams = { ...DEFAULT_PARAMS, ...base };
  return runSweep('gameability', params)
    .filter((p) => p.value >= PADDING_FROM - 1e-9)
    .map((p) => {
      // The very prompts the sweep point simulated: same parameters, same seed.
      const { x } = samplePrompts(SWEEPS.gameability.at(params, p.value), params.n, createRng(params.seed));
      const near = x.reduce((k, v) => k + (Math.abs(v) < NEAR_EQUAL_LOG ? 1 : 0), 0);
      return { m: p.value, target: p.target, swap: p.swap, lc: p.lc, nearEqual: near / x.length };
    });
}
