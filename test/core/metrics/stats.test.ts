import { describe, expect, it } from 'vitest';
import { quintileEdges, quintileOf } from '../../../src/core/metrics/quintiles';
import {
  averageRanks,
  meanStderr,
  npArgmax,
  npQuantile,
  populationSd,
  sampleSd,
  sortedQuantile,
  spearman,
} from '../../../src/core/metrics/stats';
import { codePointLength, utf8Length } from '../../../src/core/text/unicode';

describe('np.argmax semantics', () => {
  it('first index wins ties; first NaN wins', () => {
    expect(npArgmax([-2, -2, -3])).toBe(0);
    expect(npArgmax([1, NaN, 5, NaN])).toBe(1);
    expect(npArgmax([-Infinity, -Infinity])).toBe(0);
  });
});

describe("lengths as Python counts them (shared core/text/unicode)", () => {
  it('code points and UTF-8 bytes', () => {
    expect([codePointLength('😀😀'), '😀😀'.length, utf8Length('😀😀')]).toEqual([2, 4, 8]);
    expect([codePointLength('日本語です'), utf8Length('日本語です')]).toEqual([5, 15]);
  });
});

describe('Spearman ρ with average ranks (scipy.stats.spearmanr)', () => {
  it('matches scipy on data with ties', () => {
    expect(averageRanks([1, 2, 2, 3])).toEqual([1, 2.5, 2.5, 4]);
    expect(spearman([1, 2, 2, 3, 5, 4], [10, 20, 20, 25, 21, 30])).toBeCloseTo(0.823529411764706, 14);
    expect(spearman([-1, -2, -3, -4, -5], [1, 2, 2, 4, 5])).toBeCloseTo(-0.9746794344808964, 14);
  });
  it('is NaN for a constant side and skips non-finite pairs', () => {
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNaN();
    expect(spearman([1, NaN, 2, 3], [1, 5, 2, 3])).toBeCloseTo(1, 15);
  });
});

describe('np.quantile edges and quintile bins', () => {
  it('matches numpy linear interpolation', () => {
    expect(quintileEdges([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5])).toEqual([1, 2, 3, 5, 5, 9]);
    expect(quintileEdges([2, 2, 2, 5, 9, 9, 13])).toEqual([2, 2, 3.200000000000001, 7.400000000000002, 9, 13]);
    expect(npQuantile([1, 2], 0.5)).toBe(1.5);
  });
  it('bins are [lo, hi) with the last closed, as searchsorted(right) - 1 clamped', () => {
    const e = quintileEdges([2, 2, 2, 5, 9, 9, 13]);
    expect([2, 5, 9, 13, 0, 99].map((x) => quintileOf(e, x))).toEqual([1, 2, 4, 4, 0, 4]);
  });
});

describe('mean_stderr', () => {
  it('is NaN below two values', () => {
    expect(meanStderr([1])).toBeNaN();
    expect(meanStderr([0, 1, 0, 1])).toBeCloseTo(Math.sqrt(1 / 3) / 2, 15);
  });
});

describe('standard deviations and quantiles shared by the judge estimators (numpy 2.4.6)', () => {
  const x = [0.3, -1.7, 2.25, 0.3, 9.1, -0.05, 4.4];
  it('np.std with ddof 1 and 0', () => {
    expect(Math.abs(sampleSd(x) - 3.6481404264951993)).toBeLessThanOrEqual(1e-15);
    expect(Math.abs(populationSd(Float64Array.from(x)) - 3.3775217336420638)).toBeLessThanOrEqual(1e-15);
    expect(sampleSd([4])).toBeNaN();
    expect(populationSd([])).toBeNaN();
  });
  it('np.quantile of sorted values, exact to the last bit', () => {
    const sorted = [...x].sort((a, b) => a - b);
    expect([0.025, 0.5, 0.975, 0.9].map((q) => sortedQuantile(sorted, q))).toEqual([-1.4525, 0.3, 8.394999999999998, 6.280000000000002]);
    expect([0.025, 0.975].map((q) => npQuantile(x, q))).toEqual([-1.4525, 8.394999999999998]);
  });
});

describe('numpy conventions at the edges', () => {
  it('np.quantile takes a lerp from the upper side from t = ½ on (values from numpy 1.26)', async () => {
    const { npQuantile, sortedQuantile } = await import('../../../src/core/metrics/stats');
    // At t = ½ exactly the two sides round differently: numpy gives 1.387, the lower side 1.3869999999999998.
    expect(npQuantile([2.703, 0.071], 0.5)).toBe(1.387);
    const xs = [0.3, 1.7, -2.2, 5.1, 0.9, 3.3, -0.4];
    expect(npQuantile(xs, 0.55)).toBe(1.1400000000000001);
    expect(npQuantile(xs, 0.7)).toBe(2.0199999999999987);
    expect(npQuantile(xs, 0.9)).toBe(4.0200000000000005);
    expect(npQuantile(xs, 0.95)).toBe(4.559999999999999);
    expect(npQuantile(xs, 1)).toBe(5.1);
    expect(npQuantile(xs, 0)).toBe(-2.2);
    expect(sortedQuantile([1, 2, 3], 1)).toBe(3);
    expect(sortedQuantile([7], 0.3)).toBe(7);
    expect(Number.isNaN(sortedQuantile([], 0.5))).toBe(true);
  });

  it('np.linspace(0, 1, n) ends at exactly 1 where (n − 1)·(1/(n − 1)) does not', async () => {
    const { npLinspace01 } = await import('../../../src/core/metrics/stats');
    const l = npLinspace01(50);
    expect(l).toHaveLength(50);
    expect(l[49]).toBe(1);
    expect(l[48]).toBe(0.9795918367346939);
    expect(l[0]).toBe(0);
  });

  it('Pearson needs two pairs of equal-length series', async () => {
    const { pearson, spearman } = await import('../../../src/core/metrics/stats');
    expect(pearson([1, 2], [3, 5])).toBe(1);
    expect(pearson([1, 2], [5, 3])).toBe(-1);
    expect(Number.isNaN(pearson([1], [2]))).toBe(true);
    expect(Number.isNaN(pearson([1, 2, 3], [1, 2, 3, 4]))).toBe(true);
    expect(Number.isNaN(pearson([1, 2, 3, 4], [1, 2, 3]))).toBe(true);
    expect(Number.isNaN(pearson([2, 2, 2], [1, 2, 3]))).toBe(true);
    // A constant series whose float mean is not exact (0.1 × 3 / 3 = 0.10000000000000002) is still constant.
    expect(Number.isNaN(pearson([0.1, 0.1, 0.1], [1, 2, 4]))).toBe(true);
    expect(Number.isNaN(pearson([1, 2, 4], [0.7, 0.7, 0.7, 0.7].slice(1)))).toBe(true);
    // Spearman of [1..5] with [5, 6, 7, 8, 7] is np.corrcoef of the ranks [1, 2, 3.5, 5, 3.5]: 0.8207826816681233; a NaN pair is left out.
    expect(spearman([1, 2, 3, 4, 5, 6], [5, 6, 7, 8, 7, NaN])).toBeCloseTo(0.8207826816681233, 14);
    expect(spearman([1, Infinity, 3, 4, 5, 6], [5, 9, 6, 7, 8, 7])).toBeCloseTo(0.8207826816681233, 14);
  });
});
