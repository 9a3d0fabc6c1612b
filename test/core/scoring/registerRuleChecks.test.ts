// registerRule's own checks and the table views it refreshes, each inside a test (no model): a
// name that clashes, a deciding rule without a winner or score, removal, and the views' order.
import { describe, expect, it } from 'vitest';
import { ACCURACY_RULES, DECIDING_RULES, RULE_TABLE, SCORE_COLUMNS, registerRule, ruleById, type ScoringRule } from '../../../src/core/scoring/rules';

const last = Math.max(...RULE_TABLE.map((r) => r.column));

function rule(id: string, patch: Partial<ScoringRule> = {}): ScoringRule {
  return {
    id,
    names: { winner: `${id}_w`, candidate: `${id}_c`, item: `${id}_i` },
    decides: true,
    column: last + 1,
    label: id,
    phrase: id,
    title: id,
    unit: 'nats',
    higherIsBetter: true,
    needs: [],
    score: (c) => c.logprob,
    ...patch,
  };
}

describe('registerRule', () => {
  it('refuses a rule whose id or any of its names is taken, naming the clash, and keeps the table', () => {
    const before = RULE_TABLE.map((r) => r.id);
    expect(() => registerRule(rule('acc'))).toThrow('scoring rule "acc": the name "acc" is already taken');
    expect(() => registerRule(rule('x1', { names: { winner: 'x1_w', candidate: 'sum_logprob', item: 'x1_i' } }))).toThrow(
      'scoring rule "x1": the name "sum_logprob" is already taken',
    );
    expect(() => registerRule(rule('x2', { names: { winner: 'x2_w', candidate: 'x2_c', item: 'logprob' } }))).toThrow('the name "logprob" is already taken');
    // A measure (no winner name) next to another measure: absent names never clash.
    const remove = registerRule(rule('m1', { decides: false, names: { candidate: 'm1_c', item: 'm1_i' }, score: undefined }));
    const remove2 = registerRule(rule('m2', { decides: false, names: { candidate: 'm2_c', item: 'm2_i' }, score: undefined }));
    remove2();
    remove();
    expect(RULE_TABLE.map((r) => r.id)).toEqual(before);
  });

  it('refuses a deciding rule without a winner name or without a score function', () => {
    expect(() => registerRule(rule('d1', { names: { candidate: 'd1_c', item: 'd1_i' } }))).toThrow(
      'scoring rule "d1": a deciding rule needs a winner name and a score function',
    );
    expect(() => registerRule(rule('d2', { score: undefined }))).toThrow('a deciding rule needs a winner name and a score function');
    // A measure needs neither.
    const remove = registerRule(rule('d3', { decides: false, names: { candidate: 'd3_c', item: 'd3_i' }, score: undefined }));
    expect(ruleById('d3')?.decides).toBe(false);
    remove();
    expect(ruleById('d3')).toBeUndefined();
  });

  it('refreshes the views: deciding rules and accuracy ids in table order, columns by column number', () => {
    const deciding = DECIDING_RULES.map((r) => r.id);
    const columns = SCORE_COLUMNS.map((r) => r.id);
    // A measure placed before every column, and a deciding rule after them.
    const removeMeasure = registerRule(rule('early', { decides: false, column: -1, names: { candidate: 'early_c', item: 'early_i' }, score: undefined }));
    const removeRule = registerRule(rule('late'));
    expect(DECIDING_RULES.map((r) => r.id)).toEqual([...deciding, 'late']);
    expect(ACCURACY_RULES).toEqual([...deciding, 'late']);
    expect(SCORE_COLUMNS.map((r) => r.id)).toEqual(['early', ...columns, 'late']);
    removeMeasure();
    expect(SCORE_COLUMNS.map((r) => r.id)).toEqual([...columns, 'late']);
    removeRule();
    // Removing twice removes nothing else.
    removeRule();
    expect(DECIDING_RULES.map((r) => r.id)).toEqual(deciding);
    expect(SCORE_COLUMNS.map((r) => r.id)).toEqual(columns);
  });
});
