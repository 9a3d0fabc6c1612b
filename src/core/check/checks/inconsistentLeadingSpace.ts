import { listFinding } from './findings';
import type { ProbeCheck } from './types';

export const inconsistentLeadingSpace: ProbeCheck = {
  key: 'inconsistent_leading_space',
  title: 'Choices differ in starting a word',
  section: 'tokenizer',
  needs: 'model',
  json: 'tokenizer.inconsistent_leading_space',
  finds: 'items whose choices differ in starting a new word',
  finding: (p) =>
    p.tokenizer
      ? listFinding(p.tokenizer.inconsistent_leading_space, (n) => `in ${n} some choices start a new word and others do not`, 'every item\u2019s choices agree on starting a new word')
      : undefined,
};
