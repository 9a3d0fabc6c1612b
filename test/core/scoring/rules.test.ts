// The rule table is the one source: the Scorer's winners and the Task lab's accuracies follow it.
import { describe, expect, it } from 'vitest';
import { RULE_TABLE, hasRuleInputs } from '../../../src/core/scoring/rules';
import { RULES } from '../../../src/core/scoring/winners';
import { ruleScores } from '../../../src/core/metrics/accuracy';
import { ACCURACY_RULES, type ChoiceScores } from '../../../src/core/metrics/types';

describe('rule table', () => {
  it('the Scorer and the Task lab list its rules, in its order', () => {
    expect(Object.keys(RULES)).toEqual(['acc', 'acc_norm', 'acc_bytes', 'per_token', 'pmi']);
    expect(Object.keys(RULES)).toEqual(RULE_TABLE.filter((r) => r.decides).map((r) => r.names.winner));
    expect([...ACCURACY_RULES]).toEqual(['acc', 'acc_norm', 'acc_bytes', 'acc_per_token', 'acc_mutual_info']);
  });

  it("ruleScores gives each rule's lm-eval-harness score, and undefined when an input is missing", () => {
    const choices: ChoiceScores[] = [
      { text: 'héllo', logprob: -6, nTokens: 3, unconditionalLogprob: -8 },
      { continuation: ' ab', logprob: -1.5, nTokens: 1, unconditionalLogprob: -1 },
    ];
    expect(ruleScores(choices, 'acc')).toEqual([-6, -1.5]);
    expect(ruleScores(choices, 'acc_norm')).toEqual([-6 / 5, -1.5 / 3]);
    expect(ruleScores(choices, 'acc_bytes')).toEqual([-6 / 6, -1.5 / 3]);
    expect(ruleScores(choices, 'acc_per_token')).toEqual([-2, -1.5]);
    expect(ruleScores(choices, 'acc_mutual_info')).toEqual([2, -0.5]);
    const bare: ChoiceScores[] = [{ logprob: -1 }, { text: 'a', logprob: -2 }];
    expect(ruleScores(bare, 'acc')).toEqual([-1, -2]);
    for (const rule of ['acc_norm', 'acc_bytes', 'acc_per_token', 'acc_mutual_info'] as const) expect(ruleScores(bare, rule)).toBeUndefined();
    expect(RULE_TABLE.filter((r) => r.decides && hasRuleInputs(bare[0], r)).map((r) => r.id)).toEqual(['acc']);
  });
});
