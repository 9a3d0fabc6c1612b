// Statistics of one predictive distribution (a row of logits), computed only at scored positions.
// The passes run in WebAssembly where they can (rowKernel.ts, the same numbers bit for bit) and
// in the JavaScript below otherwise.
import { EXP_IS_ZERO_BELOW, sumIgnoreBelow, sumsIgnoreBelow } from './expSkip';
import { rowPassesWasm, type RowPasses } from './rowKernel';

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

/**
 * Log-softmax at `target` plus rank, entropy, argmax and the top-k of one logits row, in two
 * passes: the first compares only (maximum and its first index, how many logits beat the
 * target's, the top-k), the second sums exp(logit − max) and exp(logit − max)·(logit − max) in
 * index order, skipping only terms too small to change them. A token of probability 0 (a −Infinity
 * logit) adds nothing to the entropy.
 */
export function rowStats(row: ArrayLike<number>, target: number, topK: number): RowStats {
  const p = row instanceof Float32Array ? rowPassesWasm(row, target, topK, false) : undefined;
  return p ? statsFromPasses(row[target], p) : rowStatsJs(row, target, topK);
}

/** The statistics from the two passes' results (the one formula for both implementations). */
function statsFromPasses(targetLogit: number, p: RowPasses): RowStats {
  const lse = p.max + Math.log(p.sumExp);
  // H = lse - E[logit] = log(sumExp) - E[v - max]
  const entropy = Math.log(p.sumExp) - p.sumExpLogit / p.sumExp;
  const top: { id: number; prob: number }[] = [];
  for (let j = 0; j < p.topIds.length; j++) top.push({ id: p.topIds[j], prob: Math.exp(p.topVals[j] - lse) });
  return { logprob: targetLogit - lse, rank: p.higher + 1, entropy, argmax: p.argmax, top };
}

/** rowStats in JavaScript alone (the reference the WebAssembly passes are tested against). */
export function rowStatsJs(row: ArrayLike<number>, target: number, topK: number): RowStats {
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
  return statsFromPasses(t, { max, argmax, higher, topIds: ids.subarray(0, filled), topVals: vals.subarray(0, filled), sumExp, sumExpLogit });
}

/**
 * Log-softmax at `target` and the argmax of one logits row, nothing else: what a harness computes
 * per scored token (two passes over the row, no rank, entropy or top-k).
 */
export function rowLogprob(row: ArrayLike<number>, target: number): { logprob: number; argmax: number } {
  if (row instanceof Float32Array) {
    const p = rowPassesWasm(row, target, 0, true);
    if (p) return { logprob: row[target] - p.max - Math.log(p.sumExp), argmax: p.argmax };
  }
  return rowLogprobJs(row, target);
}

/** rowLogprob in JavaScript alone (the reference the WebAssembly passes are tested against). */
export function rowLogprobJs(row: ArrayLike<number>, target: number): { logprob: number; argmax: number } {
  const { max, argmax } = maxOf(row);
  let sumExp = 0;
  let cut = EXP_IS_ZERO_BELOW;
  for (let i = 0; i < row.length; i++) {
    const d = row[i] - max;
    if (d < cut) continue;
    sumExp += Math.exp(d);
    if ((i & 255) === 0) cut = sumIgnoreBelow(sumExp);
  }
  return { logprob: row[target] - max - Math.log(sumExp), argmax };
}

/**
 * log Σ_{i ∈ ids} softmax(row)_i: the natural log of the probability mass of a set of tokens (the
 * word-final correction's boundary set), in float64 over the whole row. −Infinity for an empty
 * set; ids outside the row are ignored. Both sums skip only terms that cannot change them
 * (expSkip.ts), so they are the plain index-order sums of every term bit for bit: the whole row's
 * from the WebAssembly passes where they serve (about half the cost of Math.exp per entry), the
 * set's in JavaScript.
 */
export function rowLogMass(row: ArrayLike<number>, ids: ArrayLike<number>): number {
  const p = row instanceof Float32Array ? rowPassesWasm(row, 0, 0, true) : undefined;
  if (!p) return rowLogMassJs(row, ids);
  let part = 0;
  let cut = EXP_IS_ZERO_BELOW;
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k];
    if (!(id >= 0 && id < row.length)) continue;
    const d = row[id] - p.max;
    if (d < cut) continue;
    part += Math.exp(d);
    if ((k & 255) === 0) cut = sumIgnoreBelow(part);
  }
  return Math.log(part) - Math.log(p.sumExp);
}

/** rowLogMass in JavaScript alone, every term of both sums (the reference for the one above). */
export function rowLogMassJs(row: ArrayLike<number>, ids: ArrayLike<number>): number {
  const { max } = maxOf(row);
  let all = 0;
  for (let i = 0; i < row.length; i++) all += Math.exp(row[i] - max);
  let part = 0;
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k];
    if (id >= 0 && id < row.length) part += Math.exp(row[id] - max);
  }
  return Math.log(part) - Math.log(all);
}
