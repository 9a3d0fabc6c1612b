import { listFinding } from './findings';
import type { StringCheck } from './types';

export const duplicatesExact: StringCheck = {
  key: 'duplicates_exact',
  title: 'Duplicate choices',
  section: 'answer strings',
  needs: 'strings',
  json: 'duplicates.exact',
  finds: 'items with two identical choices',
  finding: (r) => listFinding(r.duplicates.exact, (n, have) => `${n} ${have} two identical choices`, 'no item has two identical choices'),
  failOn: (r) => [{ kind: 'list', l: r.strings.duplicates.exact }],
};
