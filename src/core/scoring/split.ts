// The lm-eval-harness split of a (context, continuation) pair: all trailing whitespace of the
// context moves to the front of the continuation (TemplateLM._encode_pair).
import { trailingWhitespaceLength } from '../text/unicode';

export interface SplitPair {
  context: string;
  continuation: string;
  /** The whitespace that moved, '' when none did. */
  moved: string;
}

export function splitPair(context: string, candidate: string): SplitPair {
  const n = trailingWhitespaceLength(context);
  if (n === 0) return { context, continuation: candidate, moved: '' };
  const moved = context.slice(context.length - n);
  return { context: context.slice(0, context.length - n), continuation: moved + candidate, moved };
}
