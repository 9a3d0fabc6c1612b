import type { StringCheck } from './types';

/** A --fail-on name for both duplicate checks (no finding of its own). */
export const duplicates: StringCheck = {
  key: 'duplicates',
  title: 'Duplicates, exact or normalised',
  section: 'answer strings',
  needs: 'strings',
  json: 'duplicates',
  finds: '`duplicates_exact` and `duplicates_normalised` together (a --fail-on name only)',
  failOn: (r) => [
    { kind: 'list', l: r.strings.duplicates.exact, label: 'exact' },
    { kind: 'list', l: r.strings.duplicates.normalised, label: 'normalised' },
  ],
};
