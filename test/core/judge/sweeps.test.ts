import { describe, expect, it } from 'vitest';
import { runSweep, SWEEPS } from '../../../src/core/judge/sweeps';
import { DEFAULT_PARAMS } from '../../../src/core/judge/simulate';

const decimals = (from: number, count: number) => Array.from({ length: count }, (_, k) => Number((from + k / 10).toFixed(1)));

describe('parameter sweeps', () => {
  it('run over round tenths, without float drift', () => {
    expect(SWEEPS.position.values).toEqual(decimals(0, 21));
    expect(SWEEPS.correlation.values).toEqual(decimals(-0.9, 19));
    expect(SWEEPS.gameability.values).toEqual(decimals(-1, 26));
    expect(SWEEPS.correlation.values).toContain(0.3);
    expect(SWEEPS.gameability.values).toContain(0);
  });

  it('move only their own parameter (position also switches verbosity bias off)', () => {
    const base = { ...DEFAULT_PARAMS, lambda: 0.8, b: 0.5, rho: 0.2, m: 0.4 };
    expect(SWEEPS.position.at(base, 1.5)).toEqual({ ...base, b: 1.5, lambda: 0 });
    expect(SWEEPS.correlation.at(base, -0.7)).toEqual({ ...base, rho: -0.7 });
    expect(SWEEPS.gameability.at(base, 1.2)).toEqual({ ...base, m: 1.2 });
    expect(SWEEPS.position.kind).toBe('position');
    expect(SWEEPS.correlation.kind).toBe('correlation');
    expect(SWEEPS.gameability.kind).toBe('gameability');
  });

  it('use common random numbers: one target, and no position effect at b = 0', () => {
    const base = { ...DEFAULT_PARAMS, n: 100 };
    const points = runSweep('position', base);
    expect(points.map((p) => p.value)).toEqual(SWEEPS.position.values);
    // The quality gaps are the same draws at every point, so the bias-free target is one number.
    for (const p of points) expect(p.target).toBe(points[0].target);
    // b = 0 and λ = 0: the judge is the bias-free one in either order, σ(d + 0) = σ(d).
    expect(points[0].fixedOrder).toBe(points[0].target);
    expect(points[0].aSecond).toBe(points[0].target);
    for (let k = 1; k < points.length; k++) {
      expect(points[k].fixedOrder).toBeGreaterThan(points[k - 1].fixedOrder);
      expect(points[k].aSecond).toBeLessThan(points[k - 1].aSecond);
      expect(points[k].swap).toBeCloseTo((points[k].fixedOrder + points[k].aSecond) / 2, 14);
      // Position only: LC recovers the target's neighbourhood at every b.
      expect(Math.abs(points[k].lc - points[0].lc)).toBeLessThan(0.02);
    }
    const verbose = runSweep('gameability', base);
    expect(verbose).toHaveLength(26);
    // λ = 0.8 > 0: the longer A is, the more often it wins in either order.
    for (let k = 1; k < verbose.length; k++) expect(verbose[k].aSecond).toBeGreaterThan(verbose[k - 1].aSecond);
    const corr = runSweep('correlation', base);
    expect(corr.map((p) => p.value)).toEqual(SWEEPS.correlation.values);
    expect(corr[0].target).toBe(points[0].target);
  });
});
