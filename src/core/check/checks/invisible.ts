import { listFinding } from './findings';
import type { StringCheck } from './types';

export const invisible: StringCheck = {
  key: 'invisible',
  title: 'Invisible characters',
  section: 'answer strings',
  needs: 'strings',
  json: 'invisible',
  finds: 'items with a choice holding a format character (Cf) or a space other than U+0020',
  finding: (r) =>
    listFinding(r.invisible, (n, have) => `${n} ${have} a choice holding a format character (Cf) or a space other than U+0020`, 'no choice holds a format character or an unusual space'),
  failOn: (r) => [{ kind: 'list', l: r.strings.invisible }],
};
