import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, samplePrompts, simulateJudge, softJudgments } from '../../../src/core/judge/simulate';
import { fitLengthControlled, lengthFeature } from '../../../src/core/judge/lengthControlled';
import { workedExample } from '../../../src/core/judge/example';
import { sigmoid } from '../../../src/core/judge/logistic';
import { createRng } from '../../../src/core/judge/rng';
import { runMonteCarlo } from '../../../src/core/judge/monteCarlo';

// Published figures at the defaults (b = 0.5, λ = 0.8, m = 0.47, s = 0.5, ρ = 0, n = 2,000).
const PUBLISHED = { target: 0.464, fixedOrder: 0.636, swap: 0.537, lc: 0.467, firstSlot: 0.599, inconsistency: 0.43 };
const SEEDS = [1, 2, 3, 4, 5];

describe('simulation at the defaults', () => {
  // Simulated when a test first needs them (not while collecting), once.
  let simulated: ReturnType<typeof simulateJudge>[] | undefined;
  const allRuns = () => (simulated ??= SEEDS.map((seed) => simulateJudge({ ...DEFAULT_PARAMS, seed })));
  const avg = (k: keyof typeof PUBLISHED) => allRuns().reduce((s, r) => s + r[k], 0) / allRuns().length;

  it('lands within a point of the published figures on average over seeds', () => {
    for (const key of Object.keys(PUBLISHED) as (keyof typeof PUBLISHED)[]) {
      expect(Math.abs(avg(key) - PUBLISHED[key]), key).toBeLessThan(0.01);
    }
  });

  it('stays near them for every seed (sampling sd ≈ 0.5 points at n = 2,000)', () => {
    for (const r of allRuns()) {
      for (const key of Object.keys(PUBLISHED) as (keyof typeof PUBLISHED)[]) {
        expect(Math.abs(r[key] - PUBLISHED[key]), key).toBeLessThan(0.015);
      }
    }
  });

  it('gives 40% inconsistency with no position bias', () => {
    for (const seed of SEEDS) expect(simulateJudge({ ...DEFAULT_PARAMS, b: 0, seed }).inconsistency).toBeGreaterThan(0.395);
    const avg0 = SEEDS.reduce((s, seed) => s + simulateJudge({ ...DEFAULT_PARAMS, b: 0, seed }).inconsistency, 0) / SEEDS.length;
    expect(Math.abs(avg0 - 0.4)).toBeLessThan(0.005);
  });

  it('fits LC by Newton in a handful of iterations', () => {
    for (const r of allRuns()) {
      expect(r.iterations).toBeLessThan(12);
      expect(r.phi).toBeGreaterThan(0.35);
      expect(r.gamma).toBeGreaterThan(0.4);
      expect(r.gammaIdentified).toBe(true);
    }
  });

  it('is reproducible for a seed', () => {
    expect(simulateJudge({ ...DEFAULT_PARAMS, seed: 9 })).toEqual(simulateJudge({ ...DEFAULT_PARAMS, seed: 9 }));
  });
});

describe('estimator identities', () => {
  it('computes each figure from the per-prompt probabilities', () => {
    const params = { ...DEFAULT_PARAMS, n: 300, seed: 11 };
    const prompts = samplePrompts(params, params.n, createRng(params.seed));
    const r = simulateJudge(params);
    let target = 0, p1 = 0, p2 = 0, inc = 0;
    for (let i = 0; i < params.n; i++) {
      const a = sigmoid(prompts.d[i] + params.b + params.lambda * prompts.x[i]);
      const c = sigmoid(prompts.d[i] - params.b + params.lambda * prompts.x[i]);
      target += sigmoid(prompts.d[i]) / params.n;
      p1 += a / params.n;
      p2 += c / params.n;
      inc += (a * (1 - c) + c * (1 - a)) / params.n;
    }
    expect(r.target).toBeCloseTo(target, 12);
    expect(r.fixedOrder).toBeCloseTo(p1, 12);
    expect(r.aSecond).toBeCloseTo(p2, 12);
    expect(r.swap).toBeCloseTo((p1 + p2) / 2, 12);
    expect(r.firstSlot).toBeCloseTo((p1 + 1 - p2) / 2, 12);
    expect(r.inconsistency).toBeCloseTo(inc, 12);
    expect(r.lc).toBeCloseTo((sigmoid(r.theta + r.phi) + sigmoid(r.theta - r.phi)) / 2, 12);
  });

  it('collapses to the target with no bias at all', () => {
    const r = simulateJudge({ ...DEFAULT_PARAMS, b: 0, lambda: 0 });
    expect(r.fixedOrder).toBeCloseTo(r.target, 12);
    expect(r.aSecond).toBeCloseTo(r.target, 12);
    expect(r.swap).toBeCloseTo(r.target, 12);
    expect(r.firstSlot).toBeCloseTo(0.5, 12);
  });

  it('correlates length with quality as ρ asks', () => {
    const prompts = samplePrompts({ ...DEFAULT_PARAMS, rho: 0.6 }, 20_000, createRng(5));
    const n = prompts.d.length;
    const md = prompts.d.reduce((s, v) => s + v, 0) / n;
    const mx = prompts.x.reduce((s, v) => s + v, 0) / n;
    let sxy = 0, sxx = 0, syy = 0;
    for (let i = 0; i < n; i++) {
      sxy += (prompts.d[i] - md) * (prompts.x[i] - mx);
      sxx += (prompts.x[i] - mx) ** 2;
      syy += (prompts.d[i] - md) ** 2;
    }
    expect(sxy / Math.sqrt(sxx * syy)).toBeCloseTo(0.6, 1);
    expect(mx).toBeCloseTo(0.47, 1);
    expect(Math.sqrt(sxx / n)).toBeCloseTo(0.5, 1);
  });

  it('recovers θ, φ, γ when the verdicts follow the LC model exactly', () => {
    const prompts = samplePrompts(DEFAULT_PARAMS, 1000, createRng(2));
    const table = softJudgments(prompts);
    const { feature } = lengthFeature(table.x);
    const truth = { theta: -0.3, phi: 0.45, gamma: 0.7 };
    for (let r = 0; r < table.y.length; r++) table.y[r] = sigmoid(truth.theta + truth.phi * table.s[r] + truth.gamma * feature[r]);
    const fit = fitLengthControlled(table);
    expect(fit.theta).toBeCloseTo(truth.theta, 8);
    expect(fit.phi).toBeCloseTo(truth.phi, 8);
    expect(fit.gamma).toBeCloseTo(truth.gamma, 8);
    expect(fit.lc).toBeCloseTo((sigmoid(-0.3 + 0.45) + sigmoid(-0.3 - 0.45)) / 2, 8);
  });

  it('flags γ as not identified when the length ratio barely varies', () => {
    const flat = simulateJudge({ ...DEFAULT_PARAMS, s: 0.02 });
    expect(flat.gammaIdentified).toBe(false);
    const none = simulateJudge({ ...DEFAULT_PARAMS, s: 0 });
    expect(none.gammaIdentified).toBe(false);
    expect(Number.isNaN(none.gamma)).toBe(true);
    expect(Number.isFinite(none.lc)).toBe(true);
  });

  it('rejects impossible parameters', () => {
    expect(() => simulateJudge({ ...DEFAULT_PARAMS, rho: 1.5 })).toThrow(/rho/);
    expect(() => simulateJudge({ ...DEFAULT_PARAMS, n: 1 })).toThrow(/n must/);
    expect(() => simulateJudge({ ...DEFAULT_PARAMS, s: -1 })).toThrow(/spread/);
  });
});

describe('worked example (d = 0, A 1.6× longer, b = 0.5, λ = 0.8)', () => {
  it('reproduces 0.706, 0.469, 0.588 and 0.5', () => {
    const ex = workedExample(0.5, 0.8);
    expect(ex.x).toBeCloseTo(Math.log(1.6), 15);
    // Reference values computed to 30 digits.
    expect(ex.aFirst).toBeCloseTo(0.705993240268099526, 12);
    expect(ex.aSecond).toBeCloseTo(0.469040383418873803, 12);
    expect(ex.swap).toBeCloseTo(0.587516811843486665, 12);
    expect(ex.lc).toBe(0.5);
    expect(ex.aFirst.toFixed(3)).toBe('0.706');
    expect(ex.aSecond.toFixed(3)).toBe('0.469');
    expect(ex.swap.toFixed(3)).toBe('0.588');
  });
});

describe('a judge so position-biased that the slot decides every verdict', () => {
  it('simulate and Monte Carlo finish: LC tends to ½ instead of the fit throwing', () => {
    const r = simulateJudge({ ...DEFAULT_PARAMS, b: 40, n: 500 });
    expect(Math.abs(r.lc - 0.5)).toBeLessThan(1e-6);
    expect(Math.abs(r.swap - (r.fixedOrder + r.aSecond) / 2)).toBeLessThan(1e-15);
    const mc = runMonteCarlo({ judge: { ...DEFAULT_PARAMS, b: 30 }, prompts: 50, replications: 3 });
    const lc = mc.estimators.find((e) => e.name === 'lc')!;
    expect(lc.estimates).toHaveLength(3);
    for (const v of lc.estimates) expect(Math.abs(v - 0.5)).toBeLessThan(1e-6);
  });
});
