// Constants and integrals of the judge estimators (means, sds and quantiles: metrics/stats.ts).
import { sigmoid } from './logistic';

/** The one-sided 5% critical value of the standard normal. */
export const Z_ONE_SIDED_5 = 1.6448536269514722;

/** E σ(μ + Z), Z standard normal, by the trapezoid rule on ±10 sd (error far below 1e-9). */
export function expectedSigmoidOfNormal(mu: number, sd = 1): number {
  const steps = 4000;
  const h = 20 / steps;
  let total = 0;
  for (let k = 0; k <= steps; k++) {
    const z = -10 + k * h;
    const w = k === 0 || k === steps ? 0.5 : 1;
    total += w * sigmoid(mu + sd * z) * Math.exp(-0.5 * z * z);
  }
  return (total * h) / Math.sqrt(2 * Math.PI);
}
