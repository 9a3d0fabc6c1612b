// Small statistics with the exact conventions of numpy / lm-eval-harness.

/** np.argmax: the first index of the maximum wins ties; the first NaN wins outright. */
export function npArgmax(xs: readonly number[]): number {
  let best = 0;
  for (let i = 0; i < xs.length; i++) {
    if (Number.isNaN(xs[i])) return i;
    if (xs[i] > xs[best]) best = i;
  }
  return best;
}

/** [min, max] of any number of values ([Infinity, -Infinity] for none): a loop, since Math.min(...xs) overflows the call stack at about 125,000 values. */
export function extent(xs: ArrayLike<number>): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < xs.length; i++) {
    if (xs[i] < lo) lo = xs[i];
    if (xs[i] > hi) hi = xs[i];
  }
  return [lo, hi];
}

export function mean(xs: ArrayLike<number>): number {
  if (xs.length === 0) return NaN;
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i];
  return s / xs.length;
}

function sumOfSquaredDeviations(xs: ArrayLike<number>): number {
  const mu = mean(xs);
  let ss = 0;
  for (let i = 0; i < xs.length; i++) {
    const d = xs[i] - mu;
    ss += d * d;
  }
  return ss;
}

/** Sample standard deviation (n − 1). NaN for fewer than 2 values. */
export function sampleSd(xs: ArrayLike<number>): number {
  const n = xs.length;
  return n < 2 ? NaN : Math.sqrt(sumOfSquaredDeviations(xs) / (n - 1));
}

/** Population standard deviation (n). NaN for no values. */
export function populationSd(xs: ArrayLike<number>): number {
  const n = xs.length;
  return n === 0 ? NaN : Math.sqrt(sumOfSquaredDeviations(xs) / n);
}

/** lm-eval-harness mean_stderr: sample std (n − 1) / √n. NaN for fewer than 2 values. */
export function meanStderr(xs: readonly number[]): number {
  return sampleSd(xs) / Math.sqrt(xs.length);
}

/** Ranks 1..n with ties given their average rank. */
export function averageRanks(xs: readonly number[]): number[] {
  const order = xs.map((_, i) => i).sort((a, b) => xs[a] - xs[b]);
  const ranks = new Array<number>(xs.length);
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j + 1 < order.length && xs[order[j + 1]] === xs[order[i]]) j++;
    const r = (i + j) / 2 + 1;
    for (let t = i; t <= j; t++) ranks[order[t]] = r;
    i = j + 1;
  }
  return ranks;
}

/** Means and centred sums of squares and products of paired values (n ≥ 1). */
export function centredMoments(
  x: readonly number[],
  y: readonly number[],
): { mx: number; my: number; sxx: number; sxy: number; syy: number } {
  const mx = mean(x);
  const my = mean(y);
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    const dx = x[i] - mx;
    const dy = y[i] - my;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  return { mx, my, sxx, sxy, syy };
}

/** Every value equal to the first: a constant series (its float mean may still leave residues). */
function isConstant(v: readonly number[]): boolean {
  return v.every((a) => a === v[0]);
}

/** Pearson's r; NaN for fewer than 2 pairs or a constant side (as scipy.stats.pearsonr). */
export function pearson(x: readonly number[], y: readonly number[]): number {
  if (x.length < 2 || x.length !== y.length) return NaN;
  // Checked on the values, not on sxx: the mean of [0.1, 0.1, 0.1] is 0.10000000000000002.
  if (isConstant(x) || isConstant(y)) return NaN;
  const { sxx, sxy, syy } = centredMoments(x, y);
  if (sxx === 0 || syy === 0) return NaN;
  return sxy / Math.sqrt(sxx * syy);
}

/**
 * Spearman's ρ (Pearson correlation of average ranks, as scipy.stats.spearmanr). Pairs with a
 * non-finite value are left out; NaN when fewer than 2 pairs remain or either side is constant.
 */
export function spearman(x: readonly number[], y: readonly number[]): number {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < x.length; i++) {
    if (Number.isFinite(x[i]) && Number.isFinite(y[i])) {
      xs.push(x[i]);
      ys.push(y[i]);
    }
  }
  return pearson(averageRanks(xs), averageRanks(ys));
}

/** numpy's _lerp: a + t(b − a), computed from b's side when t ≥ 0.5, as np.quantile does. */
function lerp(a: number, b: number, t: number): number {
  const diff = b - a;
  return t >= 0.5 ? b - diff * (1 - t) : a + diff * t;
}

/** np.quantile of already sorted values, 'linear' method: virtual index (n − 1)·p, then _lerp. */
export function sortedQuantile(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * p;
  const lo = Math.min(Math.max(Math.floor(h), 0), n - 1);
  const hi = Math.min(lo + 1, n - 1);
  return lerp(sorted[lo], sorted[hi], h - Math.floor(h));
}

/** np.quantile(xs, p) with the default 'linear' method. */
export function npQuantile(xs: readonly number[], p: number): number {
  return sortedQuantile([...xs].sort((a, b) => a - b), p);
}

/** np.linspace(0, 1, count): i·step, with the end point exact. */
export function npLinspace01(count: number): number[] {
  const step = 1 / (count - 1);
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? 1 : i * step));
}
