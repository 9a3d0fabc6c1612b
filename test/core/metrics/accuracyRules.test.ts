import { describe, expect, it } from 'vitest';
import {
  accuracyReport,
  brierScore,
  chanceNormalise,
  goldIndices,
  isCorrect,
  isMultipleChoice,
  itemCorrectness,
  meanWithStderr,
  nonFiniteCount,
  nonFiniteMessage,
  rulePredictions,
  ruleScores,
  softmax,
} from '../../../src/core/metrics/accuracy';
import type { ChoiceScores, ScoredItem } from '../../../src/core/metrics/types';
import { builtInAccuracies } from '../scoring/builtInRules';

const c = (text: string, logprob: number, extra: Partial<ChoiceScores> = {}): ChoiceScores => ({ text, continuation: ` ${text}`, logprob, ...extra });

describe('per-rule scores and predictions', () => {
  it('scores each rule from its own inputs (lm-eval-harness definitions)', () => {
    const choices = [c('ab', -2, { nTokens: 2, unconditionalLogprob: -3 }), c('日本', -3, { nTokens: 1, unconditionalLogprob: -6 })];
    expect(ruleScores(choices, 'acc')).toEqual([-2, -3]);
    // acc_norm: per character of the raw choice; acc_bytes: per UTF-8 byte.
    expect(ruleScores(choices, 'acc_norm')).toEqual([-1, -1.5]);
    expect(ruleScores(choices, 'acc_bytes')).toEqual([-1, -0.5]);
    expect(ruleScores(choices, 'acc_per_token')).toEqual([-1, -3]);
    expect(ruleScores(choices, 'acc_mutual_info')).toEqual([1, 3]);
    expect(builtInAccuracies(rulePredictions(choices))).toEqual({ acc: 0, acc_norm: 0, acc_bytes: 1, acc_per_token: 0, acc_mutual_info: 1 });
    // A rule whose input one choice lacks is not decided.
    const partial = [c('a', -1, { nTokens: 1 }), c('b', -2)];
    expect(ruleScores(partial, 'acc_per_token')).toBeUndefined();
    expect(builtInAccuracies(rulePredictions(partial))).toEqual({ acc: 0, acc_norm: 0, acc_bytes: 0 });
  });

  it('maps golds outside the choices to −100 and checks correctness against any gold', () => {
    const item: ScoredItem = { id: 'x', choices: [c('a', -1), c('b', -2), c('c', -3)], gold: [2, 7, -1, 1.5, 0] };
    expect(goldIndices(item)).toEqual([2, -100, -100, -100, 0]);
    expect(goldIndices({ ...item, gold: 3 })).toEqual([-100]);
    expect(isCorrect(item, 0)).toBe(true);
    expect(isCorrect(item, 1)).toBe(false);
    expect(builtInAccuracies(itemCorrectness(item))).toEqual({ acc: 1, acc_norm: 1, acc_bytes: 1 });
    expect(builtInAccuracies(itemCorrectness({ ...item, gold: 1 }))).toEqual({ acc: 0, acc_norm: 0, acc_bytes: 0 });
  });

  it('calls an item multiple choice by its flag, else by two or more choices', () => {
    expect(isMultipleChoice({ id: 'a', choices: [c('a', -1)], gold: 0 })).toBe(false);
    expect(isMultipleChoice({ id: 'a', choices: [c('a', -1)], gold: 0, multipleChoice: true })).toBe(true);
    expect(isMultipleChoice({ id: 'a', choices: [c('a', -1), c('b', -1)], gold: 0 })).toBe(true);
    expect(isMultipleChoice({ id: 'a', choices: [c('a', -1), c('b', -1)], gold: 0, multipleChoice: false })).toBe(false);
  });
});

describe('accuracy report', () => {
  const items: ScoredItem[] = [
    // 2 choices: acc picks "no" (−1.5 > −2), acc_norm picks "long answer" (−2/11 > −1.5/2).
    { id: 'i0', choices: [c('no', -1.5, { isGreedy: true }), c('long answer', -2, { isGreedy: false })], gold: 0 },
    // 4 choices: everything picks "b".
    { id: 'i1', choices: [c('a', -5), c('b', -1, { isGreedy: true }), c('c', -4), c('d', -6)], gold: 1 },
    // cloze: no accuracy, but greedy counts.
    { id: 'i2', choices: [c('word', -3, { isGreedy: false })], gold: 0 },
  ];

  it('averages over the multiple-choice items with lm-eval standard errors', () => {
    const r = accuracyReport(items);
    expect(r.n_items).toBe(2);
    expect(r.rules.acc).toEqual({ value: 1, stderr: 0, n: 2 });
    expect(r.rules.acc_norm).toEqual({ value: 0.5, stderr: 0.5, n: 2 });
    // chance = mean(1/2, 1/4) = 3/8: (½ − 3/8)/(5/8) = 0.2.
    expect(r.chance_normalised.acc_norm!.chance).toBe(0.375);
    expect(r.chance_normalised.acc_norm!.value).toBeCloseTo(0.2, 15);
    expect(r.chance_normalised.acc!.value).toBeCloseTo(1, 15);
    expect(r.acc_acc_norm_disagreement).toBe(0.5);
    // acc picks the shortest choice on both ("no"; "b" among four of one byte).
    expect(r.acc_picks_shortest).toBe(1);
    // Choice counts differ: no Brier score. Greedy over every item's gold, cloze included: 2 of 3.
    expect(r.brier_score).toBeUndefined();
    expect(r.greedy!.value).toBeCloseTo(2 / 3, 15);
    expect(r.greedy!.n).toBe(3);
    expect(r.non_finite).toBeUndefined();
  });

  it('leaves out a rule that some item cannot be decided by, and shares of nothing are NaN', () => {
    const r = accuracyReport([
      { id: 'a', choices: [c('x', -1, { nTokens: 1 }), c('y', -2, { nTokens: 1 })], gold: 0 },
      { id: 'b', choices: [c('x', -1), c('y', -2)], gold: 0 },
    ]);
    expect(Object.keys(builtInAccuracies(r.rules))).toEqual(['acc', 'acc_norm', 'acc_bytes']);
    expect(r.greedy).toBeUndefined();
    const none = accuracyReport([]);
    expect(none.n_items).toBe(0);
    expect(none.rules).toEqual({});
    expect(Number.isNaN(none.acc_acc_norm_disagreement)).toBe(true);
    expect(Number.isNaN(none.acc_picks_shortest)).toBe(true);
    expect(none.greedy).toBeUndefined();
    // Without texts the shortest choice is unknown: the share is over items with lengths.
    const longer = { id: 'l', choices: [c('much longer', -1), c('short', -2)], gold: 0 };
    const noText = accuracyReport([{ id: 'n', choices: [{ logprob: -1 }, { logprob: -2 }], gold: 0 }, longer]);
    expect(noText.acc_picks_shortest).toBe(0);
    expect(accuracyReport([{ id: 'n', choices: [{ logprob: -1 }, { logprob: -2 }], gold: 0 }, items[0]]).acc_picks_shortest).toBe(1);
  });

  it('Brier score: mean of Σ (softmax − one-hot)², only for one shape and valid golds', () => {
    const two = (lls: number[], gold: number | number[]): ScoredItem => ({ id: 'b', choices: lls.map((l, k) => c(String(k), l)), gold });
    const e = Math.E;
    // softmax(0, −1) = (e, 1)/(e + 1).
    expect(brierScore([two([0, -1], 0)])).toBeCloseTo(2 / (e + 1) ** 2, 15);
    expect(brierScore([two([0, -1], 1)])).toBeCloseTo((2 * e * e) / (e + 1) ** 2, 15);
    expect(brierScore([two([0, -1], 0), two([0, -1], 1)])).toBeCloseTo((1 + e * e) / (e + 1) ** 2, 15);
    expect(brierScore([])).toBeUndefined();
    expect(brierScore([two([0, -1], 0), two([0, -1, -2], 0)])).toBeUndefined();
    expect(brierScore([two([0, -1], [0, 1])])).toBeUndefined();
    expect(brierScore([two([0, -1], 5)])).toBeUndefined();
    expect(softmax([1000, 1000])).toEqual([0.5, 0.5]);
    // Shifted by the maximum, so a large log-likelihood does not overflow.
    expect(softmax([0, 800])).toEqual([0, 1]);
    expect(softmax([0, Math.log(3)])[1]).toBeCloseTo(0.75, 15);
  });

  it('counts NaN and +∞ log-likelihoods per item, unconditional ones included', () => {
    const bad: ScoredItem[] = Array.from({ length: 12 }, (_, i) => ({
      id: `d${i}`,
      choices: [c('a', i === 0 ? Infinity : NaN, { unconditionalLogprob: i === 1 ? NaN : -1 }), c('b', -Infinity)],
      gold: 0,
    }));
    const n = nonFiniteCount([{ id: 'ok', choices: [c('a', -1), c('b', -Infinity)], gold: 0 }, ...bad])!;
    expect(n).toEqual({ items: 12, nan: 12, pos_inf: 1, examples: bad.slice(0, 10).map((b) => b.id) });
    expect(nonFiniteCount([{ id: 'ok', choices: [c('a', -1)], gold: 0 }])).toBeUndefined();
    expect(nonFiniteMessage(n, 'doc')).toBe(
      '12 doc(s) have a NaN or +inf log-likelihood (12 NaN, 1 +inf; first: doc d0); they are decided as lm-eval-harness decides them (np.argmax: the first NaN choice is the prediction, +inf is the maximum)',
    );
    expect(accuracyReport(bad).non_finite!.items).toBe(12);
  });

  it('counts disagreement and the shortest pick only where both rules and all lengths are known', () => {
    // No texts: acc_norm cannot be decided, so nothing disagrees; lengths unknown.
    const noText: ScoredItem = { id: 'n', choices: [{ logprob: -1 }, { logprob: -2 }], gold: 0 };
    const r = accuracyReport([noText]);
    expect(r.acc_acc_norm_disagreement).toBe(0);
    expect(Number.isNaN(r.acc_picks_shortest)).toBe(true);
    // One choice without text: that item's lengths are unknown, the other item's pick is the shortest.
    const partial: ScoredItem = { id: 'p', choices: [{ text: 'a', logprob: -1 }, { logprob: -2 }], gold: 0 };
    const known: ScoredItem = { id: 'k', choices: [c('a', -1), c('bbb', -2)], gold: 0 };
    expect(accuracyReport([partial, known]).acc_picks_shortest).toBe(1);
  });

  it('reports the greedy share only when every gold says whether it was greedy', () => {
    const g = (id: string, isGreedy?: boolean): ScoredItem => ({ id, choices: [c('a', -1, isGreedy === undefined ? {} : { isGreedy }), c('b', -2)], gold: 0 });
    expect(accuracyReport([g('x', true), g('y')]).greedy).toBeUndefined();
    expect(accuracyReport([g('x', true), g('y', false)]).greedy).toEqual({ value: 0.5, stderr: 0.5, n: 2 });
  });

  it('small helpers', () => {
    expect(meanWithStderr([1, 0, 1, 1])).toEqual({ value: 0.75, stderr: 0.25, n: 4 });
    expect(chanceNormalise(0.5, 0.25)).toEqual({ value: 1 / 3, chance: 0.25 });
  });
});
