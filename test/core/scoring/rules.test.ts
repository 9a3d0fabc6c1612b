// The rule table is the one source: the Scorer's winners and the Task lab's accuracies follow it,
// and each output keeps the field names and labels it had.
import { describe, expect, it } from 'vitest';
import { DECIDING_RULES, RULE_TABLE, SCORE_COLUMNS, candidateScoreFields, harnessOrLabel, hasRuleInputs, itemLabel, type ScoringRule } from '../../../src/core/scoring/rules';
import { candidateScore } from '../../../src/core/scoring/candidate';
import { RULES } from '../../../src/core/scoring/winners';
import { ruleScores } from '../../../src/core/metrics/accuracy';
import { ACCURACY_RULES, type AccuracyRule, type ChoiceScores } from '../../../src/core/metrics/types';

describe('rule table', () => {
  it('the Scorer and the Task lab list its rules, in its order', () => {
    expect(Object.keys(RULES)).toEqual(['acc', 'acc_norm', 'acc_bytes', 'per_token', 'pmi', 'acc_word', 'ncc']);
    expect(Object.keys(RULES)).toEqual(RULE_TABLE.filter((r) => r.decides).map((r) => r.names.winner));
    expect([...ACCURACY_RULES]).toEqual(['acc', 'acc_norm', 'acc_bytes', 'acc_per_token', 'acc_mutual_info', 'acc_word', 'acc_ncc']);
  });

  it("ruleScores gives each rule's lm-eval-harness score, and undefined when an input is missing", () => {
    const choices: ChoiceScores[] = [
      { text: 'héllo', logprob: -6, nTokens: 3, unconditionalLogprob: -8, wordFinalLogprob: -0.25 },
      { continuation: ' ab', logprob: -1.5, nTokens: 1, unconditionalLogprob: -1, wordFinalLogprob: -5 },
    ];
    expect(ruleScores(choices, 'acc')).toEqual([-6, -1.5]);
    expect(ruleScores(choices, 'acc_norm')).toEqual([-6 / 5, -1.5 / 3]);
    expect(ruleScores(choices, 'acc_bytes')).toEqual([-6 / 6, -1.5 / 3]);
    expect(ruleScores(choices, 'acc_per_token')).toEqual([-2, -1.5]);
    expect(ruleScores(choices, 'acc_mutual_info')).toEqual([2, -0.5]);
    // acc_word: the sum plus the word-final term; it reverses acc here.
    expect(ruleScores(choices, 'acc_word')).toEqual([-6.25, -6.5]);
    const bare: ChoiceScores[] = [{ logprob: -1 }, { text: 'a', logprob: -2 }];
    expect(ruleScores(bare, 'acc')).toEqual([-1, -2]);
    for (const rule of ['acc_norm', 'acc_bytes', 'acc_per_token', 'acc_mutual_info', 'acc_word', 'acc_ncc'] as const) expect(ruleScores(bare, rule)).toBeUndefined();
    expect(RULE_TABLE.filter((r) => r.decides && hasRuleInputs(bare[0], r)).map((r) => r.id)).toEqual(['acc']);
  });
});

describe('the names and labels each output gives a rule', () => {
  it('keeps every output field name and order', () => {
    expect(candidateScoreFields()).toEqual(['sum_logprob', 'per_token', 'per_char', 'per_byte', 'bits_per_byte', 'pmi', 'unconditional_logprob', 'prior_bpb', 'word_logprob', 'word_final_logprob', 'ncc', 'unconditional_n_tokens']);
    expect(SCORE_COLUMNS.map((r) => r.names.item)).toEqual(['logprob', 'per_token', 'per_char', 'per_byte', 'bits_per_byte', 'pmi', 'prior_bpb', 'word_logprob', 'ncc']);
    expect(SCORE_COLUMNS.map((r) => r.names.table ?? r.names.candidate)).toEqual(['sum_logprob', 'per_token', 'per_char', 'per_byte', 'bits/byte', 'pmi', 'prior_bpb', 'acc_word', 'ncc']);
    expect(DECIDING_RULES.map((r) => [r.id, r.names.winner, r.harness])).toEqual([
      ['acc', 'acc', 'acc'],
      ['acc_norm', 'acc_norm', 'acc_norm'],
      ['acc_bytes', 'acc_bytes', 'acc_bytes'],
      ['acc_per_token', 'per_token', undefined],
      ['acc_mutual_info', 'pmi', 'acc_mutual_info'],
      ['acc_word', 'acc_word', undefined],
      ['acc_ncc', 'ncc', undefined],
    ]);
  });

  it('keeps the UI labels', () => {
    const by = (f: (r: ScoringRule) => string | undefined, rows: readonly ScoringRule[] = SCORE_COLUMNS) => rows.map(f);
    expect(by((r) => r.label)).toEqual(['sum log-prob', 'per token', 'per char', 'per byte', 'bits/byte', 'PMI', 'PriorBPB', 'whole word', 'NCC']);
    expect(by(itemLabel)).toEqual([
      'log-likelihood (acc)',
      'per token',
      'per char (acc_norm)',
      'per byte (acc_bytes)',
      'bits per byte (what corpus BPB averages)',
      'PMI (acc_mutual_info)',
      'PriorBPB',
      'whole-word log-likelihood (acc_word)',
      'calibrated per-token log-prob (NCC)',
    ]);
    expect(by((r) => r.phrase, DECIDING_RULES)).toEqual(['raw sum', 'per-char', 'per-byte', 'per-token', 'PMI', 'whole-word sum', 'NCC']);
    expect(by((r) => r.accuracyLabel, DECIDING_RULES)).toEqual(['acc', 'acc_norm (per char)', 'acc_bytes (per byte)', 'acc per token', 'acc_mutual_info', 'acc_word (whole word)', 'acc_ncc (calibrated per token)']);
    expect(by(harnessOrLabel, DECIDING_RULES)).toEqual(['acc', 'acc_norm', 'acc_bytes', 'per token', 'acc_mutual_info', 'whole word', 'NCC']);
  });

  it('is the same score for a Scorer candidate as for a Task lab choice', () => {
    const c = candidateScore({
      text: ' héllo wörld',
      continuation: ' héllo wörld',
      tokens: [{ id: 1, piece: 'x', text: 'x', bytes: [0, 14], logprob: -7.25, bits: 7.25 / Math.LN2, rank: 1, entropy: 1, top: [], greedy: false }],
      unconditionalLogprob: -9.5,
      unconditionalNTokens: 2,
      wordFinalLogprob: -0.5,
      boundary: 'ok',
      opts: { mu: 111 },
    });
    const choice: ChoiceScores = { text: ' héllo wörld', logprob: -7.25, nTokens: 1, unconditionalLogprob: -9.5, unconditionalNTokens: 2, wordFinalLogprob: -0.5 };
    for (const r of DECIDING_RULES) expect(RULES[r.names.winner as keyof typeof RULES](c)).toBe(ruleScores([choice], r.id as AccuracyRule)![0]);
    expect(c.per_char).toBe(-7.25 / 12);
    expect(c.per_byte).toBe(-7.25 / 14);
    expect(c.pmi).toBe(2.25);
    expect(c.word_final_logprob).toBe(-0.5);
    expect(c.word_logprob).toBe(-7.75);
    expect(c.ncc).toBe(-7.25 - -9.5 / 2);
  });
});
