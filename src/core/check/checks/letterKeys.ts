import { listFinding } from './findings';
import type { StringCheck } from './types';

export const letterKeys: StringCheck = {
  key: 'letter_keys',
  title: 'Letter keys',
  section: 'answer strings',
  needs: 'strings',
  json: 'letter_keys',
  finds: 'items whose every choice is one character: acc_norm and acc_bytes are then acc',
  finding: (r) =>
    listFinding(
      r.letter_keys,
      (n, have) => `${n} ${have} one-character choices (letter keys): acc_norm and acc_bytes divide every choice by the same length, so they equal acc; report acc`,
      'no item has only one-character choices',
    ),
  failOn: (r) => [{ kind: 'list', l: r.strings.letter_keys }],
};
