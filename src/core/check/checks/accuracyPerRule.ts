import { pct } from '../answerStrings';
import { ACCURACY_RULES, type AccuracyRule } from '../../metrics/types';
import { ruleById } from '../../scoring/rules';
import type { ProbeCheck } from './types';

function ruleLabel(rule: AccuracyRule): string {
  return rule === 'acc' ? 'acc' : `${rule} (${ruleById(rule)?.label ?? rule})`;
}

export const accuracyPerRule: ProbeCheck = {
  key: 'rules',
  title: 'Accuracy per rule',
  section: 'score probes',
  needs: 'scores',
  json: 'rules',
  finds: 'accuracy under each rule the scores allow, with its standard error',
  finding: (p, prefix) => {
    const rules = ACCURACY_RULES.filter((r) => p.rules[r]);
    return {
      key: `${prefix}.rules`,
      status: 'info',
      verdict: rules.length ? rules.map((r) => `${ruleLabel(r)} ${pct(p.rules[r]!.value)} ± ${pct(p.rules[r]!.stderr)}`).join('; ') : 'no multiple-choice item with scores',
    };
  },
};
