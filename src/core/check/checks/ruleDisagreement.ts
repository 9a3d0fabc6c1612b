import { pct } from '../answerStrings';
import { ACCURACY_RULES } from '../../metrics/types';
import { plural } from './findings';
import type { ProbeCheck } from './types';

export const ruleDisagreement: ProbeCheck = {
  key: 'rule_disagreement',
  title: 'The rules disagree',
  section: 'score probes',
  needs: 'scores',
  json: 'rule_disagreement',
  finds: 'items where any two of the rules that could be computed pick different choices',
  finding: (p) => {
    const rules = ACCURACY_RULES.filter((r) => p.rules[r]);
    const any = p.rule_disagreement;
    if (rules.length <= 2) return undefined;
    return {
      status: any.count > 0 ? 'info' : 'ok',
      verdict: `the ${rules.length} rules do not all pick the same choice in ${plural(any.count, 'item')} of ${any.n.toLocaleString('en')} (${pct(any.share)})`,
      items: any,
    };
  },
  failOn: (r) => [{ kind: 'list', l: r.probes!.rule_disagreement }],
};
