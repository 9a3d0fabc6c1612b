import { shareFinding } from './findings';
import type { StringCheck } from './types';

export const goldShortest: StringCheck = {
  key: 'gold_shortest',
  title: 'Gold is the shortest choice',
  section: 'answer strings',
  needs: 'strings',
  json: 'length.gold_shortest',
  finds: 'share of items whose gold is a shortest choice, against chance',
  finding: (r) => shareFinding(r.length.gold_shortest),
  failOn: (r) => [{ kind: 'share', s: r.strings.length.gold_shortest }],
};
