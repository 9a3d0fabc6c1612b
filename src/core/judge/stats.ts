// Small statistics helpers shared by the judge estimators.

export function mean(values: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i];
  return s / values.length;
}

/** Sample standard deviation (n − 1). */
export function sampleSd(values: ArrayLike<number>): number {
  const n = values.length;
  if (n < 2) return NaN;
  const m = mean(values);
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (values[i] - m) ** 2;
  return Math.sqrt(ss / (n - 1));
}

/** Quantile by linear interpolation between order statistics (type 7). */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

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
    const t = mu + sd * z;
    const sig = t >= 0 ? 1 / (1 + Math.exp(-t)) : Math.exp(t) / (1 + Math.exp(t));
    total += w * sig * Math.exp(-0.5 * z * z);
  }
  return (total * h) / Math.sqrt(2 * Math.PI);
}
