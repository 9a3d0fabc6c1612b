import { describe, expect, it } from 'vitest';
import { runMonteCarlo } from '../../../src/core/judge/monteCarlo';
import { DEFAULT_PARAMS } from '../../../src/core/judge/simulate';
import { expectedSigmoidOfNormal } from '../../../src/core/judge/stats';

describe('Monte Carlo with binary verdicts', () => {
  it('computes the population target E σ(d) to 1e-9', () => {
    // 30-digit quadrature: E σ(Z − 0.2) = 0.458758831114452134.
    expect(expectedSigmoidOfNormal(-0.2)).toBeCloseTo(0.458758831114452134, 9);
    expect(expectedSigmoidOfNormal(0)).toBeCloseTo(0.5, 12);
  });

  const result = runMonteCarlo({ judge: DEFAULT_PARAMS, prompts: 805, replications: 300 });
  const by = Object.fromEntries(result.estimators.map((e) => [e.name, e]));

  it('shows fixed order and swap naming the worse model, LC not', () => {
    expect(result.worse).toBe('A');
    expect(by.fixedOrder.declaresWorse).toBeGreaterThan(0.99);
    expect(by.swap.declaresWorse).toBeGreaterThan(0.6);
    expect(by.lc.declaresWorse).toBeLessThan(0.02);
    expect(by.unbiased.declaresWorse).toBeLessThan(0.02);
    expect(by.lc.declaresB).toBeGreaterThan(0.4);
  });

  it('centres each estimator where the soft simulation says, with sensible spreads', () => {
    expect(by.unbiased.mean).toBeCloseTo(result.populationTarget, 2);
    expect(Math.abs(by.fixedOrder.mean - 0.633)).toBeLessThan(0.005);
    expect(Math.abs(by.swap.mean - 0.534)).toBeLessThan(0.005);
    expect(Math.abs(by.lc.mean - 0.4605)).toBeLessThan(0.006);
    // A binary verdict on 805 prompts: sd ≈ √(p(1−p)/805) ≈ 1.7 points; averaging two orders shrinks it.
    expect(by.fixedOrder.spread).toBeGreaterThan(0.013);
    expect(by.fixedOrder.spread).toBeLessThan(0.021);
    expect(by.swap.spread).toBeLessThan(by.fixedOrder.spread);
    expect(by.lc.spread).toBeGreaterThan(by.swap.spread);
    expect(by.lc.estimates).toHaveLength(300);
  });

  it('is reproducible and can stop early', () => {
    const a = runMonteCarlo({ judge: { ...DEFAULT_PARAMS, seed: 4 }, prompts: 100, replications: 30 });
    const b = runMonteCarlo({ judge: { ...DEFAULT_PARAMS, seed: 4 }, prompts: 100, replications: 30 });
    expect(a).toEqual(b);
    const seen: number[] = [];
    const stopped = runMonteCarlo({ judge: DEFAULT_PARAMS, prompts: 100, replications: 200 }, (done) => {
      seen.push(done);
      return done < 50;
    });
    expect(stopped.replications).toBe(50);
    expect(seen).toEqual([25, 50]);
  });
});
