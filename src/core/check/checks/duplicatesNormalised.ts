import { listFinding } from './findings';
import type { StringCheck } from './types';

export const duplicatesNormalised: StringCheck = {
  key: 'duplicates_normalised',
  title: 'Duplicates after normalisation',
  section: 'answer strings',
  needs: 'strings',
  json: 'duplicates.normalised',
  finds: 'other items with two choices equal after NFKC, whitespace and case folding',
  finding: (r) =>
    listFinding(
      r.duplicates.normalised,
      (n, have) => `${n} ${have} two choices that differ only in Unicode form, whitespace or case`,
      'no item has two choices that differ only in Unicode form, whitespace or case',
    ),
  failOn: (r) => [{ kind: 'list', l: r.strings.duplicates.normalised }],
};
