import { describe, expect, it } from 'vitest';
import { runMonteCarlo, ESTIMATORS } from '../../../src/core/judge/monteCarlo';
import { DEFAULT_PARAMS } from '../../../src/core/judge/simulate';

// A few replications on few prompts, every estimate and decision replayed in numpy
// (test/fixtures/make/judge_montecarlo_small_expected.py, on the Python copy of the rng): the
// binary verdicts, the per-prompt standard errors, the LC fit with its cluster-robust standard
// error, and the one-sided 5% decisions (several z values here lie between 1.645 and 1.96).
const EXPECTED = {"target": 0.45875883111445215, "defaults": {"unbiased": {"estimates": [0.5, 0.55, 0.425, 0.5, 0.525, 0.525], "declaresA": 0.0, "declaresB": 0.0, "mean": 0.5041666666666667, "spread": 0.04306003560921273}, "fixedOrder": {"estimates": [0.6, 0.525, 0.575, 0.65, 0.75, 0.725], "declaresA": 0.5, "declaresB": 0.0, "mean": 0.6375000000000001, "spread": 0.0876783895837509}, "aSecond": {"estimates": [0.375, 0.425, 0.375, 0.275, 0.45, 0.475], "declaresA": 0.0, "declaresB": 0.16666666666666666, "mean": 0.3958333333333333, "spread": 0.07144345083117601}, "swap": {"estimates": [0.4875, 0.475, 0.475, 0.4625, 0.6, 0.6], "declaresA": 0.3333333333333333, "declaresB": 0.0, "mean": 0.5166666666666667, "spread": 0.06503204338375557}, "lc": {"estimates": [0.42419735605778486, 0.4248198086619978, 0.36627143738373513, 0.4591517171961707, 0.5988141654508753, 0.5141087117694814], "declaresA": 0.0, "declaresB": 0.0, "mean": 0.46456053275334086, "spread": 0.08170382203406136}}, "strong": {"unbiased": {"estimates": [0.3333333333333333, 0.4, 0.4, 0.6333333333333333, 0.4666666666666667], "declaresA": 0.0, "declaresB": 0.2, "mean": 0.44666666666666666, "spread": 0.11450376024878445}, "fixedOrder": {"estimates": [0.6333333333333333, 0.6666666666666666, 0.5666666666666667, 0.8333333333333334, 0.7], "declaresA": 0.6, "declaresB": 0.0, "mean": 0.6799999999999999, "spread": 0.09888264649460886}, "aSecond": {"estimates": [0.4, 0.3333333333333333, 0.23333333333333334, 0.5666666666666667, 0.3333333333333333], "declaresA": 0.0, "declaresB": 0.6, "mean": 0.37333333333333335, "spread": 0.12337837015547831}, "swap": {"estimates": [0.5166666666666667, 0.5, 0.4, 0.7, 0.5166666666666667], "declaresA": 0.2, "declaresB": 0.0, "mean": 0.5266666666666666, "spread": 0.10839741694339397}, "lc": {"estimates": [0.5002577948921011, 0.43158235760626423, 0.37728820511838945, 0.6057436593010687, 0.47556724720787596], "declaresA": 0.0, "declaresB": 0.2, "mean": 0.4780878528251399, "spread": 0.08531880621279789}}} as const;

type Case = { estimates: readonly number[]; declaresA: number; declaresB: number; mean: number; spread: number };

function check(result: ReturnType<typeof runMonteCarlo>, expected: Record<string, Case>, reps: number, prompts: number) {
  expect(result.replications).toBe(reps);
  expect(result.prompts).toBe(prompts);
  expect(result.worse).toBe('A');
  expect(result.populationTarget).toBeCloseTo(EXPECTED.target, 12);
  expect(result.estimators.map((e) => e.name)).toEqual([...ESTIMATORS]);
  for (const e of result.estimators) {
    const x = expected[e.name];
    expect(e.estimates).toHaveLength(reps);
    e.estimates.forEach((v, k) => expect(v, `${e.name} replication ${k}`).toBeCloseTo(x.estimates[k], 9));
    expect(e.declaresA, `${e.name} declares A`).toBe(x.declaresA);
    expect(e.declaresB, `${e.name} declares B`).toBe(x.declaresB);
    expect(e.declaresWorse).toBe(x.declaresA);
    expect(e.mean).toBeCloseTo(x.mean, 9);
    expect(e.spread).toBeCloseTo(x.spread, 9);
  }
}

describe('Monte Carlo, pinned against numpy on small runs', () => {
  it('at the default judge (40 prompts, 6 replications, seed 3)', () => {
    const seen: [number, number][] = [];
    const r = runMonteCarlo({ judge: { ...DEFAULT_PARAMS, seed: 3 }, prompts: 40, replications: 6 }, (done, total) => {
      seen.push([done, total]);
    });
    check(r, EXPECTED.defaults, 6, 40);
    // Progress every 25 replications and at the end.
    expect(seen).toEqual([[6, 6]]);
  });

  it('with strong position and verbosity bias and correlated lengths (30 prompts, 5 replications)', () => {
    const r = runMonteCarlo({ judge: { b: 1.5, lambda: 2, m: 0.2, s: 1, rho: 0.5, seed: 9 }, prompts: 30, replications: 5 });
    check(r, EXPECTED.strong, 5, 30);
  });

  it('refuses fewer than 10 prompts or no replication, by name', () => {
    const judge = DEFAULT_PARAMS;
    expect(() => runMonteCarlo({ judge, prompts: 9, replications: 1 })).toThrow('prompts must be an integer ≥ 10');
    expect(() => runMonteCarlo({ judge, prompts: 10.5, replications: 1 })).toThrow('prompts must be an integer ≥ 10');
    expect(() => runMonteCarlo({ judge, prompts: 10, replications: 0 })).toThrow('replications must be an integer ≥ 1');
    expect(() => runMonteCarlo({ judge, prompts: 10, replications: 1.5 })).toThrow('replications must be an integer ≥ 1');
    expect(runMonteCarlo({ judge, prompts: 10, replications: 1 }).replications).toBe(1);
  });
});
