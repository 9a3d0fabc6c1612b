// Byte-indexed costs over a set of answers (research/priorbpb.md §2.1, §2.3, §6): the rate curve
// R(k) with its coverage, and prefix BPB from the piecewise-linear cumulative cost.
import type { TokenBits } from './perByteCost';

/** R(k) for k = 1..K over the answers whose content length reaches k. */
export interface RateCurve {
  /** Longest content length (bytes) among the answers. */
  K: number;
  /** R[k-1] = mean of r_i(k) over the answers with c_i ≥ k. */
  R: number[];
  /** counts[k-1] = |{i : c_i ≥ k}|. */
  counts: number[];
  /** coverage[k-1] = counts[k-1] / number of answers. */
  coverage: number[];
  /** Number of answers that entered the curve (those with at least one content byte). */
  nItems: number;
}

/** Builds R(k) from each answer's content-byte costs r_i(1..c_i); empty answers are skipped. */
export function rateCurve(costs: readonly (readonly number[])[]): RateCurve {
  const used = costs.filter((r) => r.length > 0);
  const K = used.reduce((m, r) => Math.max(m, r.length), 0);
  const sums = new Array<number>(K).fill(0);
  const counts = new Array<number>(K).fill(0);
  for (const r of used) {
    for (let k = 0; k < r.length; k++) {
      sums[k] += r[k];
      counts[k] += 1;
    }
  }
  const R = sums.map((s, k) => s / counts[k]);
  const coverage = counts.map((c) => c / used.length);
  return { K, R, counts, coverage, nItems: used.length };
}

/**
 * C(x): bits needed to cover the first x absolute bytes of the answer; each token's bits are
 * spread uniformly over its bytes, and a zero-byte token on the boundary x is already included.
 */
export function cumulativeCost(tokens: readonly TokenBits[], x: number): number {
  if (x <= 0) return 0;
  let before = 0;
  let B = 0;
  for (const [bits, rawBytes] of tokens) {
    const m = Math.round(rawBytes);
    if (B + m > x) return before + (bits * (x - B)) / m;
    before += bits;
    B += m;
  }
  return before;
}

/** One answer as prefix BPB sees it: its tokens and whether one leading space precedes the content. */
export interface PrefixAnswer {
  tokens: readonly TokenBits[];
  leadingSpace: boolean;
}

function contentBytes(a: PrefixAnswer): number {
  const total = a.tokens.reduce((s, [, m]) => s + Math.round(m), 0);
  return total - (a.leadingSpace ? 1 : 0);
}

/**
 * Prefix BPB at budget k: mean over the answers with c_i ≥ k of C_i(o_i + k)/k. The leading
 * space's bits stay in the numerator (eval-framework's PrefixBPB). NaN when no answer reaches k.
 */
export function prefixBpb(answers: readonly PrefixAnswer[], k: number): number {
  let total = 0;
  let n = 0;
  for (const a of answers) {
    if (contentBytes(a) < k) continue;
    total += cumulativeCost(a.tokens, (a.leadingSpace ? 1 : 0) + k) / k;
    n += 1;
  }
  return n === 0 ? NaN : total / n;
}
