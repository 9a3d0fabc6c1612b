import { pct } from '../answerStrings';
import type { ProbeCheck } from './types';

export const choicesOnly: ProbeCheck = {
  key: 'choices_only',
  title: 'Choices only (no question)',
  section: 'score probes',
  needs: 'scores',
  json: 'choices_only',
  finds: 'accuracy of each choice scored on the unconditional context, against a random pick (a model, or a log with acc_mutual_info)',
  finding: (p) => {
    const c = p.choices_only;
    if (!c) return undefined;
    return {
      status: c.accuracy.interval[0] > c.chance ? 'flag' : 'ok',
      verdict: `${c.verdict}; it picks what the full context picks in ${pct(c.agreement.share)} of items`,
      interval: c.accuracy.interval,
      share: c.accuracy.share,
      chance: c.chance,
    };
  },
  failOn: (r) => {
    const c = r.probes!.choices_only;
    return c ? [{ kind: 'shares', s: { n: c.accuracy.n, share: c.accuracy.share, interval: c.accuracy.interval, chance: c.chance } }] : [];
  },
};
