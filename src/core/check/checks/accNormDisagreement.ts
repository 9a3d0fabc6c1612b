import { pct } from '../answerStrings';
import { plural } from './findings';
import type { ProbeCheck } from './types';

export const accNormDisagreement: ProbeCheck = {
  key: 'acc_norm_disagreement',
  title: 'acc and acc_norm disagree',
  section: 'score probes',
  needs: 'scores',
  json: 'acc_norm_disagreement',
  finds: 'items where acc and acc_norm pick different choices',
  finding: (p) => {
    const d = p.acc_norm_disagreement;
    if (!(p.rules.acc && p.rules.acc_norm)) return undefined;
    return {
      status: d.count > 0 ? 'info' : 'ok',
      verdict: `acc and acc_norm pick different choices in ${plural(d.count, 'item')} of ${d.n.toLocaleString('en')} (${pct(d.share)}): on those, the choice of rule decides the answer`,
      items: d,
    };
  },
  failOn: (r) => [{ kind: 'list', l: r.probes!.acc_norm_disagreement }],
};
