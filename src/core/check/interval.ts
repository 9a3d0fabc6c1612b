// 95% intervals for the check report's shares.

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface Share {
  /** successes / n (NaN when n is 0). */
  share: number;
  successes: number;
  n: number;
  /** Wilson score 95% interval [lo, hi]: it stays inside [0, 1] and is sound for shares near 0 or 1 and small n. */
  interval: [number, number];
}

/** The Wilson score interval for successes out of n. */
export function wilson(successes: number, n: number, z = Z95): [number, number] {
  if (n === 0) return [NaN, NaN];
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

export function share(successes: number, n: number): Share {
  return { share: n ? successes / n : NaN, successes, n, interval: wilson(successes, n) };
}

/** Where a share's interval lies against a value: wholly above, wholly below, or around it. */
export function against(s: Share, value: number): 'above' | 'below' | 'consistent' {
  if (!(s.n > 0) || !Number.isFinite(value)) return 'consistent';
  if (s.interval[0] > value) return 'above';
  if (s.interval[1] < value) return 'below';
  return 'consistent';
}
