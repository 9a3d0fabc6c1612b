// How many tokens a continuation costs under a tokenizer, counted as lm-eval-harness splits a
// request: encode context + continuation, encode the context, and take the tokens after the
// context's. Where the two encodings part before the context's end (a token straddles the cut)
// the count starts at the first token that differs, and the split is flagged as merged.

export interface ContinuationCount {
  /** Tokens of the continuation (inserted special tokens not counted). */
  count: number;
  /** The context's tokens were not a prefix of the whole encoding. */
  merged: boolean;
  /** Index in `whole` of the first token counted. */
  first: number;
}

/**
 * `whole` and `context` are the ids of context + continuation and of the context, encoded the same
 * way (with the tokenizer's BOS, if any, and no EOS); `inserted[i]` says whether whole[i] was added
 * by the tokenizer rather than written in the text.
 */
export function continuationCount(whole: readonly number[], context: readonly number[], inserted: readonly boolean[] = []): ContinuationCount {
  let first = 0;
  while (first < context.length && first < whole.length && whole[first] === context[first]) first++;
  const merged = first < context.length;
  let count = 0;
  for (let i = first; i < whole.length; i++) if (inserted[i] !== true) count++;
  return { count, merged, first };
}
