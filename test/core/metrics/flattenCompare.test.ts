import { describe, expect, it } from 'vitest';
import { flattenSlice } from '../../../src/core/metrics/flatten';
import { accNormMovement, compareRuns } from '../../../src/core/metrics/compare';
import { taskMetrics } from '../../../src/core/metrics/taskMetrics';
import type { ScoredItem, SliceMetrics } from '../../../src/core/metrics/types';
import { ACCURACY_RULES } from '../../../src/core/scoring/rules';
import { BUILT_IN_ACCURACY } from '../scoring/builtInRules';

const LN2 = Math.LN2;
const E = Math.E;

/**
 * Two items, choices "a" (−2 nats) and "bbbb" (−3 nats). acc picks "a" both times, acc_norm and
 * acc_bytes pick "bbbb" (−0.75 per byte beats −2); gold is "a" then "bbbb", each the greedy one.
 */
const twoItems: ScoredItem[] = [
  { id: 'a', choices: [{ text: 'a', logprob: -2, isGreedy: true }, { text: 'bbbb', logprob: -3, isGreedy: false }], gold: 0 },
  { id: 'b', choices: [{ text: 'a', logprob: -2, isGreedy: false }, { text: 'bbbb', logprob: -3, isGreedy: true }], gold: 1 },
];

/** Cloze items of n bytes and 2 + 0.5 n bits (a 2.5-bit first byte, then 0.5 bits a byte). */
const affine = (lengths: number[]): ScoredItem[] =>
  lengths.map((n) => ({
    id: `i${n}`,
    choices: [{ logprob: -(2 + 0.5 * n) * LN2, tokens: Array.from({ length: n }, (_, k) => [k === 0 ? 2.5 : 0.5, 1] as [number, number]), text: 'x'.repeat(n), continuation: 'x'.repeat(n) }],
    gold: 0,
  }));

const byName = (rows: ReturnType<typeof flattenSlice>) => Object.fromEntries(rows.map((r) => [r.metric, r]));

describe('flattened metric rows', () => {
  it('a multiple-choice slice: every value derived by hand', () => {
    const rows = flattenSlice(taskMetrics(twoItems));
    const r = byName(rows);
    // Correct per item: acc [1, 0], acc_norm and acc_bytes [0, 1]: mean ½, stderr sd/√2 = ½.
    for (const rule of ['acc', 'acc_norm', 'acc_bytes']) expect(r[rule]).toEqual({ metric: rule, value: 0.5, stderr: 0.5 });
    // Chance ½: (½ − ½)/(1 − ½) = 0.
    for (const rule of ['acc', 'acc_norm', 'acc_bytes']) expect(r[`chance_normalised_${rule}`]).toEqual({ metric: `chance_normalised_${rule}`, value: 0 });
    expect(r.n_items.value).toBe(2);
    expect(r.n_items_multiple_choice.value).toBe(2);
    expect(r.acc_acc_norm_disagreement.value).toBe(1);
    expect(r.acc_picks_shortest.value).toBe(1);
    // softmax(−2, −3) = (e, 1)/(e + 1): Brier = mean of 2/(e+1)² and 2e²/(e+1)².
    expect(r.brier_score.value).toBeCloseTo((1 + E * E) / (E + 1) ** 2, 14);
    expect(r.gold_is_greedy).toEqual({ metric: 'gold_is_greedy', value: 1, stderr: 0 });
    // Gold answers: "a" 2/ln2 bits over 1 byte, "bbbb" 3/ln2 bits over 4 bytes.
    expect(r.n_items_answer.value).toBe(2);
    expect(r.corpus_bpb.value).toBeCloseTo(5 / LN2 / 5, 14);
    // No leading spaces to strip.
    expect(r.space_stripped_corpus_bpb.value).toBeCloseTo(1 / LN2, 14);
    expect(r.mean_of_ratios_bpb.value).toBeCloseTo((2 / LN2 + 3 / LN2 / 4) / 2, 14);
    expect(r.bits_per_answer.value).toBeCloseTo(5 / LN2 / 2, 14);
    expect(r.mean_bytes.value).toBe(2.5);
    expect(r.beta.value).toBeCloseTo(1 / LN2 / 3, 12);
    expect(r.alpha.value).toBeCloseTo(2 / LN2 - 1 / LN2 / 3, 12);
    expect(r.r2.value).toBeCloseTo(1, 12);
    expect(r.corpus_bpb_from_fit.value).toBeCloseTo(1 / LN2, 12);
    // Lengths 1 and 4 fall in the first and last quintile.
    expect([1, 2, 3, 4, 5].map((q) => r[`q${q}_n`].value)).toEqual([1, 0, 0, 0, 1]);
    expect(r.q1_mean_bytes.value).toBe(1);
    expect(r.q5_mean_bytes.value).toBe(4);
    expect(r.q1_corpus_bpb.value).toBeCloseTo(2 / LN2, 14);
    expect(r.q5_corpus_bpb.value).toBeCloseTo(3 / LN2 / 4, 14);
    expect([r.q1_acc.value, r.q1_acc_norm.value, r.q5_acc.value, r.q5_acc_norm.value]).toEqual([1, 0, 0, 1]);
    expect(r.q2_acc).toBeUndefined();
    expect(r.quintile_top_bottom_bpb_ratio.value).toBeCloseTo(3 / 8, 14);
    expect(r.spearman_logprob_vs_length.value).toBeCloseTo(-1, 14);
    expect(r.spearman_per_char_vs_length.value).toBeCloseTo(1, 14);
    expect(r.spearman_bits_per_byte_vs_length.value).toBeCloseTo(-1, 14);
    // No token counts, unconditional log-probs or per-token bits: those rows are absent.
    for (const absent of ['acc_per_token', 'acc_mutual_info', 'n_items_prior', 'prior_bpb', 'spearman_pmi_vs_length', 'spearman_per_token_vs_length'])
      expect(r[absent], absent).toBeUndefined();
    // The order is stable: counts, rules, chance-normalised, shares, then the BPB family.
    // (Rows of a rule added to the rule table are left out of this list.)
    const added = ACCURACY_RULES.filter((id) => !BUILT_IN_ACCURACY.includes(id)).flatMap((id) => [id, `chance_normalised_${id}`]);
    expect(rows.map((x) => x.metric).filter((m) => !added.includes(m)).slice(0, 12)).toEqual([
      'n_items', 'n_items_multiple_choice', 'acc', 'acc_norm', 'acc_bytes',
      'chance_normalised_acc', 'chance_normalised_acc_norm', 'chance_normalised_acc_bytes',
      'acc_acc_norm_disagreement', 'acc_picks_shortest', 'brier_score', 'gold_is_greedy',
    ]);
  });

  it('a cloze slice with per-token bits: the prior block, no accuracy rows', () => {
    const m = taskMetrics(affine([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]));
    const rows = flattenSlice(m);
    const r = byName(rows);
    expect(rows.map((x) => x.metric).slice(0, 3)).toEqual(['n_items', 'n_items_multiple_choice', 'n_items_answer']);
    expect(r.n_items_multiple_choice.value).toBe(0);
    for (const absent of ['acc', 'acc_acc_norm_disagreement', 'acc_picks_shortest', 'brier_score', 'gold_is_greedy']) expect(r[absent], absent).toBeUndefined();
    expect(r.n_items_prior.value).toBe(10);
    expect(r.K.value).toBe(11);
    expect(r.mu.value).toBe(111);
    expect(r.alpha.value).toBeCloseTo(2, 12);
    expect(r.beta.value).toBeCloseTo(0.5, 12);
    // Untruncated geometric mass within K = 11 at μ = 111: 1 − (110/111)^11.
    expect(r.prior_mass_within_K.value).toBeCloseTo(1 - (110 / 111) ** 11, 14);
    // Every answer has a first byte (2.5 bits): prefix BPB at 1 byte is 2.5; at 4 bytes (2.5 + 1.5)/4 over the 9 answers that long.
    expect(r.prefix_bpb_1.value).toBeCloseTo(2.5, 14);
    expect(r.prefix_bpb_4.value).toBeCloseTo(1, 14);
    expect(Number.isNaN(r.prefix_bpb_32.value)).toBe(true);
    for (const name of ['prior_bpb', 'prior_bpb_eval_framework', 'prior_bpb_keep', 'self_prior_bpb', 'content_corpus_bpb']) expect(Number.isFinite(r[name].value), name).toBe(true);
    // No leading spaces: both leading-space modes agree.
    expect(r.prior_bpb_eval_framework.value).toBe(r.prior_bpb_keep.value);
    expect(r.content_corpus_bpb.value).toBeCloseTo(r.corpus_bpb.value, 14);
    expect(r.quintile_top_bottom_bpb_ratio.value).toBeCloseTo(14.5 / 21 / 1.3, 14);
    expect(r.q1_n.value + r.q2_n.value + r.q3_n.value + r.q4_n.value + r.q5_n.value).toBe(10);
    expect(r.spearman_prior_bpb_vs_length).toBeDefined();
    expect(rows.at(-1)!.metric).toMatch(/^spearman_.*_vs_length$/);
  });

  it('an empty slice still has its counts and scalars, and no quintile ratio', () => {
    const r = byName(flattenSlice(taskMetrics([])));
    expect(r.n_items.value).toBe(0);
    expect(r.quintile_top_bottom_bpb_ratio).toBeUndefined();
    expect(r.n_items_prior).toBeUndefined();
  });
});

/** A slice with acc and acc_norm set as given (the rest from a real slice). */
function withAcc(n: number, acc?: [number, number], norm?: [number, number]): SliceMetrics {
  const m = taskMetrics(twoItems);
  const rules: SliceMetrics['accuracies']['rules'] = {};
  if (acc) rules.acc = { value: acc[0], stderr: acc[1], n };
  if (norm) rules.acc_norm = { value: norm[0], stderr: norm[1], n };
  return { ...m, accuracies: { ...m.accuracies, n_items: n, rules } };
}

describe('comparing runs', () => {
  it('reads acc vs acc_norm with a threshold of one item or the largest standard error', () => {
    const base = withAcc(10, [0.5, 0.01], [0.5, 0.01]);
    const cmp = (r: SliceMetrics, b = base) => compareRuns([{ label: 'base', metrics: b }, { label: 'r', metrics: r }]).acc_vs_acc_norm[0];
    // One item of ten is 0.1: moves of 0.15 count, of 0.09 do not (the stderrs, 0.01, are smaller).
    const together = cmp(withAcc(10, [0.65, 0.01], [0.62, 0.01]));
    expect(together.movement).toBe('together');
    expect(together.delta_acc).toBeCloseTo(0.15, 14);
    expect(together.delta_acc_norm).toBeCloseTo(0.12, 14);
    expect(together.reading).toMatch(/moved together.*capability/);
    expect(together.label).toBe('r');
    expect(cmp(withAcc(10, [0.59, 0.01], [0.41, 0.01])).movement).toBe('flat');
    const apart = cmp(withAcc(10, [0.35, 0.01], [0.65, 0.01]));
    expect(apart.movement).toBe('apart');
    expect(apart.delta_acc).toBeCloseTo(-0.15, 14);
    expect(apart.reading).toMatch(/moved apart.*sharpness or format/);
    expect(cmp(withAcc(10, [0.59, 0.01], [0.41, 0.01])).reading).toMatch(/barely moved/);
    // Each of the four standard errors can set the threshold (0.3 > 0.25 moves).
    const moves: [number, number] = [0.75, 0.05];
    expect(cmp(withAcc(10, [0.75, 0.3], [0.75, 0.05])).movement).toBe('flat');
    expect(cmp(withAcc(10, [0.75, 0.05], [0.75, 0.3])).movement).toBe('flat');
    expect(cmp(withAcc(10, moves, moves), withAcc(10, [0.5, 0.3], [0.5, 0.05])).movement).toBe('flat');
    expect(cmp(withAcc(10, moves, moves), withAcc(10, [0.5, 0.05], [0.5, 0.3])).movement).toBe('flat');
    expect(cmp(withAcc(10, moves, moves), withAcc(10, [0.5, 0.05], [0.5, 0.05])).movement).toBe('together');
    // With no items the threshold is the stderr alone; a NaN stderr (one item) is no threshold.
    expect(cmp(withAcc(0, [0.55, 0.01], [0.56, 0.01]), withAcc(0, [0.5, 0.01], [0.5, 0.01])).movement).toBe('together');
    expect(cmp(withAcc(4, [0.6, NaN], [0.6, NaN]), withAcc(4, [0.5, NaN], [0.5, NaN])).movement).toBe('flat');
    expect(cmp(withAcc(4, [0.8, NaN], [0.8, NaN]), withAcc(4, [0.5, NaN], [0.5, NaN])).movement).toBe('together');
    // A run without acc_norm (or acc) cannot be read.
    const unknown = cmp(withAcc(10, [0.9, 0.01]));
    expect(unknown.movement).toBe('unknown');
    expect(Number.isNaN(unknown.delta_acc_norm)).toBe(true);
    expect(unknown.reading).toMatch(/missing for one of the runs/);
    expect(cmp(withAcc(10, undefined, [0.9, 0.01])).movement).toBe('unknown');
    expect(cmp(withAcc(10, [0.9, 0.01], [0.9, 0.01]), withAcc(10, undefined, [0.5, 0.01])).movement).toBe('unknown');
    expect(cmp(withAcc(10, [0.9, 0.01], [0.9, 0.01]), withAcc(10, [0.5, 0.01])).movement).toBe('unknown');
  });

  it('lines every metric up across runs, NaN where a run lacks it', () => {
    const mc = taskMetrics(twoItems);
    const cloze = taskMetrics(affine([2, 3, 4]));
    const c = compareRuns([
      { label: 'mc', metrics: mc },
      { label: 'cloze', metrics: cloze },
      { label: 'mc again', metrics: mc },
    ]);
    expect(c.labels).toEqual(['mc', 'cloze', 'mc again']);
    const row = (name: string) => c.metrics.find((m) => m.metric === name)!;
    // Names in order of first appearance: the first run's, then the new ones of the next.
    expect(c.metrics.map((m) => m.metric).slice(0, 2)).toEqual(['n_items', 'n_items_multiple_choice']);
    expect(c.metrics.findIndex((m) => m.metric === 'n_items_prior')).toBeGreaterThan(c.metrics.findIndex((m) => m.metric === 'spearman_bits_per_byte_vs_length'));
    expect(new Set(c.metrics.map((m) => m.metric)).size).toBe(c.metrics.length);
    const acc = row('acc');
    expect(acc.values[0]).toBe(0.5);
    expect(Number.isNaN(acc.values[1])).toBe(true);
    expect(acc.values[2]).toBe(0.5);
    expect(acc.stderrs).toEqual([0.5, undefined, 0.5]);
    expect(acc.deltas[2]).toBe(0);
    const prior = row('n_items_prior');
    expect(Number.isNaN(prior.values[0])).toBe(true);
    expect(prior.values[1]).toBe(3);
    const corpus = row('corpus_bpb');
    expect(corpus.deltas[1]).toBeCloseTo(cloze.corpus_bpb - 1 / LN2, 14);
    expect(corpus.deltas[0]).toBe(0);
    expect(c.alpha_beta).toEqual([
      { label: 'mc', alpha: mc.alpha, beta: mc.beta, r2: mc.r2 },
      { label: 'cloze', alpha: cloze.alpha, beta: cloze.beta, r2: cloze.r2 },
      { label: 'mc again', alpha: mc.alpha, beta: mc.beta, r2: mc.r2 },
    ]);
    expect(c.alpha_beta[1].beta).toBeCloseTo(0.5, 12);
    expect(c.acc_vs_acc_norm.map((x) => x.label)).toEqual(['cloze', 'mc again']);
    expect(c.acc_vs_acc_norm.map((x) => x.movement)).toEqual(['unknown', 'flat']);
    expect(() => compareRuns([{ label: 'one', metrics: mc }])).toThrow(/two or more runs/);
  });

  it('classifies movements at the threshold and by sign', () => {
    expect(accNormMovement(0.25, 0.25, 0.25)).toBe('flat');
    expect(accNormMovement(0.26, 0.26, 0.25)).toBe('together');
    expect(accNormMovement(-0.3, -0.2, 0.1)).toBe('together');
    expect(accNormMovement(0.3, -0.2, 0.1)).toBe('apart');
    expect(accNormMovement(0.5, 0, 0.1)).toBe('apart');
    expect(accNormMovement(0, -0.5, 0.1)).toBe('apart');
    expect(accNormMovement(0.05, 0.5, 0.1)).toBe('apart');
    expect(accNormMovement(0.1, Infinity, 0.1)).toBe('unknown');
    expect(accNormMovement(0.1, NaN, 0.1)).toBe('unknown');
  });
});
