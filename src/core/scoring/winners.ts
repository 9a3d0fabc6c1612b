// Winners per rule: the first maximum wins ties (numpy's argmax, as lm-eval-harness), but a
// candidate whose score under a rule is NaN (not scored, or its PMI term missing) never wins —
// numpy would pick the first NaN. Task accuracies recomputed from harness logs keep numpy's rule
// (see metrics/accuracy.ts) so that they reproduce the harness's numbers.
import { npArgmax } from '../metrics/stats';
import type { CandidateScore, RuleName } from './types';
import { DECIDING_RULES, onRulesChanged, scoreOf } from './rules';

export { npArgmax };

/**
 * Each deciding rule's score of a candidate (its field, filled by candidate.ts), by the Scorer's
 * rule name, in the rule table's order; kept in step with the table (a registered rule appears).
 */
export const RULES = {} as Record<RuleName, (c: CandidateScore) => number>;
function refreshRules(): void {
  for (const k of Object.keys(RULES)) delete RULES[k as RuleName];
  for (const r of DECIDING_RULES) {
    const field = r.names.candidate;
    RULES[r.names.winner as RuleName] = (c) => scoreOf(c, field);
  }
}
refreshRules();
onRulesChanged(refreshRules);

/**
 * The winner under every rule. Candidates that could not be scored (`skip`, or `skipFor[rule]`
 * for one rule only, e.g. PMI without its unconditional term) and candidates whose value under
 * the rule is NaN never win; among the rest the first maximum wins. Returns -1 for a rule when no
 * candidate is eligible.
 */
export function winners(
  candidates: readonly CandidateScore[],
  skip: ReadonlySet<number> = new Set(),
  skipFor: Partial<Record<RuleName, ReadonlySet<number>>> = {},
): Record<RuleName, number> {
  const out = {} as Record<RuleName, number>;
  for (const [rule, value] of Object.entries(RULES) as [RuleName, (c: CandidateScore) => number][]) {
    const eligible = candidates
      .map((_, i) => i)
      .filter((i) => !skip.has(i) && !skipFor[rule]?.has(i) && !Number.isNaN(value(candidates[i])));
    out[rule] = eligible.length === 0 ? -1 : eligible[npArgmax(eligible.map((i) => value(candidates[i])))];
  }
  return out;
}
