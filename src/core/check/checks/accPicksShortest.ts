import { shareFinding } from './findings';
import type { ProbeCheck } from './types';

export const accPicksShortest: ProbeCheck = {
  key: 'acc_picks_shortest',
  title: 'The raw sum picks the shortest choice',
  section: 'score probes',
  needs: 'scores',
  json: 'acc_picks_shortest',
  finds: 'share of items whose acc pick is a shortest choice, against chance',
  finding: (p) => (p.acc_picks_shortest.n ? shareFinding(p.acc_picks_shortest) : undefined),
  failOn: (r) => [{ kind: 'share', s: r.probes!.acc_picks_shortest }],
};
