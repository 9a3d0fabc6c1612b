// The scoring rules, once: each rule's lm-eval-harness name, the Scorer's name for it, label, unit,
// the inputs it needs and its score over one candidate (the Scorer) or one choice's scores (the
// Task lab). The Scorer's winners (winners.ts RULES) and the Task lab's accuracies
// (metrics/accuracy.ts ruleScores, ACCURACY_RULES) are derived from this table, in its order.
import { codePointLength, utf8Length } from '../text/unicode';
import type { AccuracyRule, ChoiceScores } from '../metrics/types';
import type { CandidateScore, RuleName } from './types';

/** What a rule needs of a choice beyond its log-likelihood. */
export type RuleInput = 'text' | 'nTokens' | 'unconditionalLogprob';

export interface ScoringRule {
  /** The lm-eval-harness name (the Task lab's). */
  id: AccuracyRule;
  /** The Scorer's name for the same rule. */
  scorerId: RuleName;
  label: string;
  unit: string;
  /** Every rule here picks the choice with the highest score. */
  higherIsBetter: true;
  needs: readonly RuleInput[];
  /** The rule's score of one Scorer candidate (its values are computed in candidate.ts). */
  ofCandidate(c: CandidateScore): number;
  /** The rule's score of one choice, given that the inputs in `needs` are present. */
  ofChoice(c: ChoiceScores): number;
}

/** The raw choice text used for length normalisation (continuation when the text is unknown). */
export function choiceText(c: ChoiceScores): string | undefined {
  return c.text ?? c.continuation;
}

export const RULE_TABLE: readonly ScoringRule[] = [
  { id: 'acc', scorerId: 'acc', label: 'raw log-likelihood', unit: 'nats', higherIsBetter: true, needs: [], ofCandidate: (c) => c.sum_logprob, ofChoice: (c) => c.logprob },
  { id: 'acc_norm', scorerId: 'acc_norm', label: 'per character', unit: 'nats/char', higherIsBetter: true, needs: ['text'], ofCandidate: (c) => c.per_char, ofChoice: (c) => c.logprob / codePointLength(choiceText(c)!) },
  { id: 'acc_bytes', scorerId: 'acc_bytes', label: 'per byte', unit: 'nats/byte', higherIsBetter: true, needs: ['text'], ofCandidate: (c) => c.per_byte, ofChoice: (c) => c.logprob / utf8Length(choiceText(c)!) },
  { id: 'acc_per_token', scorerId: 'per_token', label: 'per token', unit: 'nats/token', higherIsBetter: true, needs: ['nTokens'], ofCandidate: (c) => c.per_token, ofChoice: (c) => c.logprob / c.nTokens! },
  { id: 'acc_mutual_info', scorerId: 'pmi', label: 'PMI', unit: 'nats', higherIsBetter: true, needs: ['unconditionalLogprob'], ofCandidate: (c) => c.pmi, ofChoice: (c) => c.logprob - c.unconditionalLogprob! },
];

export function hasRuleInputs(c: ChoiceScores, rule: ScoringRule): boolean {
  return rule.needs.every((n) => (n === 'text' ? choiceText(c) !== undefined : c[n] !== undefined));
}
