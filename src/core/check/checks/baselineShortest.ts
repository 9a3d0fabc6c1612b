import { shareFinding } from './findings';
import type { StringCheck } from './types';

export const baselineShortest: StringCheck = {
  key: 'baseline_shortest',
  title: 'Length-only baseline: shortest',
  section: 'answer strings',
  needs: 'strings',
  json: 'length.baselines.shortest',
  finds: 'accuracy of always picking the first shortest choice, against a random pick',
  finding: (r) => shareFinding(r.length.baselines.shortest),
  failOn: (r) => [{ kind: 'share', s: r.strings.length.baselines.shortest }],
};
