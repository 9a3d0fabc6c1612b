import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runMonteCarlo } from '../../../src/core/judge/monteCarlo';
import { DEFAULT_PARAMS } from '../../../src/core/judge/simulate';
import { expectedSigmoidOfNormal } from '../../../src/core/judge/stats';
import { underMutation } from './mutationRun';

describe('Monte Carlo with binary verdicts', () => {
  it('computes the population target E σ(d) to 1e-9', () => {
    // 30-digit quadrature: E σ(Z − 0.2) = 0.458758831114452134.
    expect(expectedSigmoidOfNormal(-0.2)).toBeCloseTo(0.458758831114452134, 9);
    expect(expectedSigmoidOfNormal(0)).toBeCloseTo(0.5, 12);
  });

  // Exact decision probabilities, means and spreads from binomial / trinomial sums in numpy
  // (test/fixtures/make/judge_montecarlo_expected.py). A Monte Carlo share of R replications is
  // within 4 standard errors of them, a mean within 4 spreads / √R.
  type Exact = { declaresA: number; declaresB: number; mean: number; spread: number };
  const cases = JSON.parse(readFileSync(path.join(__dirname, '../../fixtures/judge-montecarlo-expected.json'), 'utf8')) as {
    name: string;
    prompts: number;
    populationTarget: number;
    estimators: Record<'unbiased' | 'fixedOrder' | 'aSecond' | 'swap', Exact>;
  }[];
  const shareTolerance = (p: number, reps: number) => 4 * Math.sqrt((p * (1 - p)) / reps) + 1 / reps;
  const runs = [
    { reps: 1000, ref: cases.find((c) => c.prompts === 200)! },
    { reps: 300, ref: cases.find((c) => c.prompts === 805)! },
  ];
  // Run when a test first needs them (not while collecting), once: the first test to ask waits for
  // a run of 300 × 805 prompts, which takes minutes under mutation-test instrumentation.
  const cache = new Map<number, ReturnType<typeof runMonteCarlo>>();
  const result = (k: number) => {
    if (!cache.has(k)) cache.set(k, runMonteCarlo({ judge: DEFAULT_PARAMS, prompts: runs[k].ref.prompts, replications: runs[k].reps }));
    return cache.get(k)!;
  };

  it.skipIf(underMutation).each([0, 1])('declares winners at a one-sided 5 percent test as often as the exact binomial sums say (case %i)', (k) => {
    const { reps, ref } = runs[k];
    const r = result(k);
    expect(r.populationTarget).toBeCloseTo(ref.populationTarget, 12);
    expect(r.worse).toBe('A');
    for (const e of r.estimators) {
      if (e.name === 'lc') continue;
      const exact = ref.estimators[e.name];
      expect(Math.abs(e.declaresA - exact.declaresA), `${e.name} declares A`).toBeLessThan(shareTolerance(exact.declaresA, reps));
      expect(Math.abs(e.declaresB - exact.declaresB), `${e.name} declares B`).toBeLessThan(shareTolerance(exact.declaresB, reps));
      expect(Math.abs(e.mean - exact.mean), `${e.name} mean`).toBeLessThan((4 * exact.spread) / Math.sqrt(reps));
      // The sd of R normal-ish draws has a relative standard error of about 1/√(2R).
      expect(Math.abs(e.spread / exact.spread - 1), `${e.name} spread`).toBeLessThan(4 / Math.sqrt(2 * reps));
      expect(e.declaresWorse).toBe(e.declaresA);
    }
  }, 300_000);

  it.skipIf(underMutation)('tests LC with its own standard error: decisions match the normal approximation from its spread', () => {
    // With a standard error that tracks LC's sampling sd, LC declares B about Φ((½ − mean)/sd − z)
    // of the time. Ignoring the standard error would declare B almost always (Φ((½ − mean)/sd));
    // a two-sided z = 1.96 would declare it Φ((½ − mean)/sd − 1.96).
    const normalCdf = (x: number) => 0.5 * (1 + erf(x / Math.SQRT2));
    for (const [k, { reps }] of runs.entries()) {
      const lc = result(k).estimators.find((e) => e.name === 'lc')!;
      const z = (0.5 - lc.mean) / lc.spread;
      const expected = normalCdf(z - 1.6448536269514722);
      expect(Math.abs(lc.declaresB - expected), `case ${k}: ${lc.declaresB} vs ${expected}`).toBeLessThan(shareTolerance(expected, reps) + 0.03);
      expect(lc.declaresA).toBeLessThan(shareTolerance(normalCdf(-z - 1.6448536269514722), reps) + 0.01);
      expect(lc.estimates).toHaveLength(reps);
    }
  }, 300_000);

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

/** The error function (Abramowitz–Stegun 7.1.26 is too coarse here: use the series / continued fraction). */
function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const a = Math.abs(x);
  if (a < 3) {
    // Maclaurin series: erf x = 2/√π Σ (−1)^n x^(2n+1) / (n! (2n+1))
    let term = a;
    let sum = a;
    for (let n = 1; n < 200; n++) {
      term *= (-a * a) / n;
      sum += term / (2 * n + 1);
      if (Math.abs(term) < 1e-17) break;
    }
    return (sign * 2 * sum) / Math.sqrt(Math.PI);
  }
  // Continued fraction for erfc at large x.
  let f = 0;
  for (let n = 60; n >= 1; n--) f = n / 2 / (a + f);
  return sign * (1 - Math.exp(-a * a) / Math.sqrt(Math.PI) / (a + f));
}
