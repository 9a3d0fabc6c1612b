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
