import { listFinding } from './findings';
import type { StringCheck } from './types';

export const joinWhitespace: StringCheck = {
  key: 'join_whitespace',
  title: 'Whitespace at the join',
  section: 'answer strings',
  needs: 'strings',
  json: 'join_whitespace',
  finds: 'items whose context ends in whitespace and a choice starts with it',
  finding: (r) =>
    listFinding(
      r.join_whitespace,
      (n, have) => `${n} ${have} a context ending in whitespace and a choice starting with whitespace: a double space where they join`,
      'no context ends in whitespace before a choice that starts with it',
    ),
  failOn: (r) => [{ kind: 'list', l: r.strings.join_whitespace }],
};
