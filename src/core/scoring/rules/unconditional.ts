// What PMI and NCC share: a score of the choice against its unconditional term. A module of its
// own, so that a rule file and the rule table (which imports the rule files) need not import
// each other's values.
import type { RuleInputs } from '../rules';

/**
 * 0 by definition where the unconditional term scores the same tokens after the same prefix as
 * the conditional one (not a float difference), NaN where the log-prob is NaN; otherwise the
 * rule's own difference.
 */
export function againstUnconditional(c: RuleInputs, difference: () => number): number {
  if (!c.unconditionalIsConditional) return difference();
  return Number.isNaN(c.logprob) ? NaN : 0;
}
