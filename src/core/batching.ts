// How scoring passes are cut into batches: pure planning over token counts, with no model. The
// engine's forward passes (src/engine/forward.ts) and the benchmark follow these plans.

/** Upper bound on batch × padded length of one continuation pass (tokens). */
export const DEFAULT_MAX_BATCH_TOKENS = 4096;
/**
 * Logit floats one pass may return (rows × positions × vocabulary): 4M floats, 16 MB. Larger
 * outputs cost more per float, not less: glibc's allocator hands out blocks above its largest
 * dynamic mmap threshold (32 MB) as fresh pages, so every pass pays page faults for its whole
 * output, and the output no longer fits the caches it is read back from (measured: a 32,000-token
 * vocabulary scored 1.3× faster at this cap than with 4,096-token passes; see docs/performance.md).
 */
export const MAX_PASS_LOGIT_FLOATS = 1 << 22;

/** The token budget of one pass for a vocabulary: maxBatchTokens, or fewer where its logits would pass MAX_PASS_LOGIT_FLOATS. */
export function passTokenBudget(maxBatchTokens: number, vocab: number): number {
  return Math.max(1, Math.min(maxBatchTokens, Math.floor(MAX_PASS_LOGIT_FLOATS / Math.max(1, vocab))));
}

/** Cache rows (batch × (past + new) tokens) allowed per pass, as a multiple of maxBatchTokens. */
export const MAX_PAST_FACTOR = 4;

/**
 * What a forward pass costs beyond its tokens, in tokens: on CPU and WASM one pass of a small
 * model costs about as much as a dozen or two extra tokens (every weight is read once per pass).
 */
export const PASS_OVERHEAD_TOKENS = 16;

/**
 * Split sequences into padded batches at least cost: sorted by length, each batch is a run of
 * neighbours padded to its longest, and the split minimises Σ (overhead + rows × longest) (an
 * exact dynamic programme over the sorted order) subject to `fits(rows, longest)`. Returns the
 * batches as lists of indices into `lengths`.
 */
export function lengthBatches(lengths: readonly number[], fits: (rows: number, longest: number) => boolean, overhead = PASS_OVERHEAD_TOKENS): number[][] {
  const order = lengths.map((_, i) => i).sort((a, b) => lengths[a] - lengths[b]);
  const n = order.length;
  const best = new Float64Array(n + 1).fill(Infinity);
  const cut = new Int32Array(n + 1);
  best[0] = 0;
  for (let j = 1; j <= n; j++) {
    const longest = lengths[order[j - 1]];
    for (let i = j - 1; i >= 0; i--) {
      const rows = j - i;
      if (rows > 1 && !fits(rows, longest)) break;
      const c = best[i] + overhead + rows * longest;
      if (c < best[j]) {
        best[j] = c;
        cut[j] = i;
      }
    }
  }
  const batches: number[][] = [];
  for (let j = n; j > 0; j = cut[j]) batches.unshift(order.slice(cut[j], j));
  return batches;
}

/**
 * Batches of continuation indices for the passes after the prefix: only continuations of two or
 * more tokens need one (the first token's row is the prefix's), each feeds all but its last token.
 * A batch holds at most `maxBatchTokens` new tokens and, since every row carries its own copy of
 * the cache, at most a few times that in cache plus new tokens.
 */
export function batchGroups(lengths: readonly number[], maxBatchTokens: number, pastWidth = 0, overhead = PASS_OVERHEAD_TOKENS): number[][] {
  const pending = lengths.flatMap((n, i) => (n > 1 ? [i] : []));
  const fed = pending.map((i) => lengths[i] - 1);
  const fits = (rows: number, longest: number) => rows * longest <= maxBatchTokens && rows * (pastWidth + longest) <= MAX_PAST_FACTOR * maxBatchTokens;
  return lengthBatches(fed, fits, overhead).map((b) => b.map((k) => pending[k]));
}

/**
 * Under gqa-exact 'rows', the continuation passes: continuations of exactly two tokens (one token
 * fed) batched together, up to `maxRows` per pass; every longer one alone. Continuations of one
 * token need no pass. Returns indices into `lengths`.
 */
export function singleRowGroups(lengths: readonly number[], maxRows: number): number[][] {
  const groups: number[][] = [];
  let two: number[] = [];
  lengths.forEach((n, i) => {
    if (n === 2) {
      two.push(i);
      if (two.length >= maxRows) {
        groups.push(two);
        two = [];
      }
    } else if (n > 2) groups.push([i]);
  });
  if (two.length > 0) groups.push(two);
  return groups;
}
