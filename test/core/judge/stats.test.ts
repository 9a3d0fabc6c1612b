import { describe, expect, it } from 'vitest';
import { expectedSigmoidOfNormal, Z_ONE_SIDED_5 } from '../../../src/core/judge/stats';

// Reference values: numpy trapezoid on ±12 sd with 2,000,001 points of σ(μ + sd·z)·φ(z).
describe('E σ(μ + sd·Z)', () => {
  it('matches a fine numpy quadrature', () => {
    expect(expectedSigmoidOfNormal(-0.2)).toBeCloseTo(0.4587588311144521, 12);
    expect(expectedSigmoidOfNormal(0.7, 2.5)).toBeCloseTo(0.5909302142707314, 10);
    // sd = 0 is σ(μ) itself.
    expect(expectedSigmoidOfNormal(1.3, 0)).toBeCloseTo(1 / (1 + Math.exp(-1.3)), 12);
  });

  it('stays finite where e^t overflows on either side', () => {
    // sd = 100 reaches t = ±1000: σ must be taken from the side where the exponential shrinks.
    expect(expectedSigmoidOfNormal(0, 100)).toBeCloseTo(0.5, 12);
    expect(expectedSigmoidOfNormal(750)).toBeCloseTo(1, 12);
    expect(expectedSigmoidOfNormal(-750)).toBeCloseTo(0, 12);
  });

  it('uses the one-sided 5% normal quantile (scipy.stats.norm.ppf(0.95))', () => {
    expect(Z_ONE_SIDED_5).toBeCloseTo(1.6448536269514722, 15);
  });
});
