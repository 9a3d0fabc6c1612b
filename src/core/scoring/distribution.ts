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

/** Log-softmax at `target` plus rank, entropy, argmax and the top-k of one logits row. */
export function rowStats(row: ArrayLike<number>, target: number, topK: number): RowStats {
  const n = row.length;
  const { max, argmax } = maxOf(row);
  let sumExp = 0;
  let sumExpLogit = 0;
  const t = row[target];
  let higher = 0;
  for (let i = 0; i < n; i++) {
    const v = row[i];
    const e = Math.exp(v - max);
    sumExp += e;
    sumExpLogit += e * (v - max);
    if (v > t) higher++;
  }
  const lse = max + Math.log(sumExp);
  // H = lse - E[logit] = log(sumExp) - E[v - max]
  const entropy = Math.log(sumExp) - sumExpLogit / sumExp;
  return { logprob: t - lse, rank: higher + 1, entropy, argmax, top: topOf(row, topK, lse) };
}

function topOf(row: ArrayLike<number>, k: number, lse: number): { id: number; prob: number }[] {
  if (k <= 0) return [];
  const ids: number[] = [];
  const vals: number[] = [];
  for (let i = 0; i < row.length; i++) {
    const v = row[i];
    if (ids.length === k && v <= vals[k - 1]) continue;
    let j = Math.min(ids.length, k - 1);
    if (ids.length < k) {
      ids.push(i);
      vals.push(v);
      j = ids.length - 1;
    }
    while (j > 0 && vals[j - 1] < v) {
      ids[j] = ids[j - 1];
      vals[j] = vals[j - 1];
      j--;
    }
    ids[j] = i;
    vals[j] = v;
  }
  return ids.map((id, i) => ({ id, prob: Math.exp(vals[i] - lse) }));
}

/**
 * Log-softmax at `target` and the argmax of one logits row, nothing else: what a harness computes
 * per scored token (two passes over the row, no rank, entropy or top-k).
 */
export function rowLogprob(row: ArrayLike<number>, target: number): { logprob: number; argmax: number } {
  const { max, argmax } = maxOf(row);
  let sumExp = 0;
  for (let i = 0; i < row.length; i++) sumExp += Math.exp(row[i] - max);
  return { logprob: row[target] - max - Math.log(sumExp), argmax };
}
