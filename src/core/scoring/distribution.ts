// Statistics of one predictive distribution (a row of logits), computed only at scored positions.

export interface RowStats {
  logprob: number;
  /** 1 + number of tokens with a strictly higher logit. */
  rank: number;
  /** Entropy in nats. */
  entropy: number;
  /** Index of the first maximum (torch/numpy argmax). */
  argmax: number;
  top: { id: number; prob: number }[];
}

/** exp(d) is exactly 0 in double precision for d below this (and so is its term e·d, as −0). */
const EXP_IS_ZERO_BELOW = -746;
const LN_2_POW_55 = 55 * Math.LN2;
const LN_746 = Math.log(746);

/**
 * A bound below which a term (e, e·d), e = exp(d), d = logit − max ≤ 0, leaves both running sums
 * bit for bit as they are: adding x to a sum S of the same sign rounds back to S when
 * |x| < |S|·2^−54 (half an ulp). Both sums only grow in magnitude (e ≥ 0, e·d ≤ 0), so a bound
 * taken from earlier partial sums stays valid. With a factor 2 of margin for exp's and log's
 * rounding: e < S·2^−55 for d < ln S − 55 ln 2, and |e·d| ≤ 746·e < |T|·2^−55 for
 * d < ln|T| − ln 746 − 55 ln 2 (below −746, e is 0 anyway). The sums are therefore exactly those of
 * summing every term in index order, only without evaluating exp for terms too small to count.
 */
function sumsIgnoreBelow(sumExp: number, sumExpLogit: number): number {
  const bySum = Math.log(sumExp) - LN_2_POW_55;
  const byLogit = sumExpLogit < 0 ? Math.log(-sumExpLogit) - LN_746 - LN_2_POW_55 : -Infinity;
  const cut = Math.min(bySum, byLogit);
  // NaN (a NaN logit): no skipping at all.
  return cut > EXP_IS_ZERO_BELOW ? cut : cut !== cut ? -Infinity : EXP_IS_ZERO_BELOW;
}

/** The maximum of a row and the index of its first occurrence (torch/numpy argmax). */
function maxOf(row: ArrayLike<number>): { max: number; argmax: number } {
  let max = -Infinity;
  let argmax = 0;
  for (let i = 0; i < row.length; i++) {
    const v = row[i];
    if (v > max) {
      max = v;
      argmax = i;
    }
  }
  return { max, argmax };
}

/**
 * Log-softmax at `target` plus rank, entropy, argmax and the top-k of one logits row, in two
 * passes: the first compares only (maximum and its first index, how many logits beat the
 * target's, the top-k), the second sums exp(logit − max) and exp(logit − max)·(logit − max) in
 * index order, skipping only terms too small to change them. A token of probability 0 (a −Infinity
 * logit) adds nothing to the entropy.
 */
export function rowStats(row: ArrayLike<number>, target: number, topK: number): RowStats {
  const n = row.length;
  const t = row[target];
  const k = topK > 0 ? Math.min(topK, n) : 0;
  const ids = new Int32Array(k);
  const vals = new Float64Array(k);
  let filled = 0;
  let low = Infinity;
  let max = -Infinity;
  let argmax = 0;
  let higher = 0;
  for (let i = 0; i < n; i++) {
    const v = row[i];
    if (v > max) {
      max = v;
      argmax = i;
    }
    if (v > t) higher++;
    // Top-k by insertion: a later equal logit goes after an earlier one. `low`: the k-th value
    // kept (a local, so the common case is one comparison).
    if (v > low || filled < k) {
      let j = filled < k ? filled++ : k - 1;
      while (j > 0 && vals[j - 1] < v) {
        ids[j] = ids[j - 1];
        vals[j] = vals[j - 1];
        j--;
      }
      ids[j] = i;
      vals[j] = v;
      if (filled === k) low = vals[k - 1];
    }
  }
  let sumExp = 0;
  let sumExpLogit = 0;
  let cut = EXP_IS_ZERO_BELOW;
  for (let i = 0; i < n; i++) {
    const d = row[i] - max;
    // A term below `cut` cannot change either sum (see sumsIgnoreBelow): skipped, exp unevaluated.
    if (d < cut) continue;
    const e = Math.exp(d);
    sumExp += e;
    sumExpLogit += e * d;
    if ((i & 255) === 0) cut = sumsIgnoreBelow(sumExp, sumExpLogit);
  }
  const lse = max + Math.log(sumExp);
  // H = lse - E[logit] = log(sumExp) - E[v - max]
  const entropy = Math.log(sumExp) - sumExpLogit / sumExp;
  const top: { id: number; prob: number }[] = [];
  for (let j = 0; j < filled; j++) top.push({ id: ids[j], prob: Math.exp(vals[j] - lse) });
  return { logprob: t - lse, rank: higher + 1, entropy, argmax, top };
}

/**
 * Log-softmax at `target` and the argmax of one logits row, nothing else: what a harness computes
 * per scored token (two passes over the row, no rank, entropy or top-k).
 */
export function rowLogprob(row: ArrayLike<number>, target: number): { logprob: number; argmax: number } {
  const { max, argmax } = maxOf(row);
  let sumExp = 0;
  let cut = EXP_IS_ZERO_BELOW;
  for (let i = 0; i < row.length; i++) {
    const d = row[i] - max;
    if (d < cut) continue;
    sumExp += Math.exp(d);
    // As in rowStats, with the one sum: a term below S·2^−55 cannot change it.
    if ((i & 255) === 0) cut = Math.max(EXP_IS_ZERO_BELOW, Math.log(sumExp) - LN_2_POW_55);
  }
  return { logprob: row[target] - max - Math.log(sumExp), argmax };
}
