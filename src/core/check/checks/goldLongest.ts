import { shareFinding } from './findings';
import type { StringCheck } from './types';

export const goldLongest: StringCheck = {
  key: 'gold_longest',
  title: 'Gold is the longest choice',
  section: 'answer strings',
  needs: 'strings',
  json: 'length.gold_longest',
  finds: 'share of items whose gold is a longest choice (UTF-8 bytes), against chance',
  finding: (r) => shareFinding(r.length.gold_longest),
  failOn: (r) => [{ kind: 'share', s: r.strings.length.gold_longest }],
};
