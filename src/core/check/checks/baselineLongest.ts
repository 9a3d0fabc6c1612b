import { shareFinding } from './findings';
import type { StringCheck } from './types';

export const baselineLongest: StringCheck = {
  key: 'baseline_longest',
  title: 'Length-only baseline: longest',
  section: 'answer strings',
  needs: 'strings',
  json: 'length.baselines.longest',
  finds: 'accuracy of always picking the first longest choice, against a random pick',
  finding: (r) => shareFinding(r.length.baselines.longest),
  failOn: (r) => [{ kind: 'share', s: r.strings.length.baselines.longest }],
};
