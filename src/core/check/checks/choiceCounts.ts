import { plural } from './findings';
import type { StringCheck } from './types';

export const choiceCounts: StringCheck = {
  key: 'choice_counts',
  title: 'Items and choices',
  section: 'answer strings',
  needs: 'strings',
  json: 'choice_counts',
  finds: 'items, and multiple-choice items by number of choices',
  finding: (r) => {
    const counts = Object.entries(r.choice_counts)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${n.toLocaleString('en')} with ${k} choices`)
      .join(', ');
    return {
      status: 'info',
      verdict: `${plural(r.n_items, 'item')}: ${counts || 'none multiple choice'}${r.n_cloze ? `; ${plural(r.n_cloze, 'cloze item')} (one answer, skipped by the checks that compare choices)` : ''}`,
    };
  },
};
