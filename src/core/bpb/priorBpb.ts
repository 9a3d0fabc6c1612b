// Task-level PriorBPB (research/priorbpb.md §3, §4): the rate curve R(k) averaged under a length
// prior truncated at K, the longest content length, and renormalised.
import { geometricSurvival, priorMassWithin, survivalWeightedRate } from './perByteCost';
import type { RateCurve } from './rateCurve';

/** s(k) = share of the reference lengths that are ≥ k, k = 1..K. */
export function referenceSurvival(lengths: readonly number[], K: number): number[] {
  const s = new Array<number>(K).fill(0);
  if (lengths.length === 0) return s;
  for (const len of lengths) {
    const top = Math.min(Math.floor(len), K);
    for (let k = 0; k < top; k++) s[k] += 1;
  }
  return s.map((c) => c / lengths.length);
}

export interface PriorBpbResult {
  /** PriorBPB(mu) with the geometric prior truncated at K. */
  value: number;
  mu: number;
  K: number;
  /** Untruncated prior mass within 1..K: 1 − (1 − 1/mu)^K (low means a short-answer task). */
  priorMassWithinK: number;
}

/** PriorBPB(mu) of a rate curve under the geometric prior of mean mu. */
export function geometricPriorBpb(curve: RateCurve, mu: number): PriorBpbResult {
  const s = geometricSurvival(mu, curve.K);
  return {
    value: survivalWeightedRate(curve.R, s),
    mu,
    K: curve.K,
    priorMassWithinK: curve.K > 0 ? priorMassWithin(mu, curve.K) : NaN,
  };
}

/**
 * PriorBPB with the task's own content lengths as the prior (prior = "reference" with the same
 * items). Without leading spaces this equals corpus BPB exactly (§4).
 */
export function selfPriorBpb(curve: RateCurve, contentLengths: readonly number[]): number {
  return survivalWeightedRate(curve.R, referenceSurvival(contentLengths, curve.K));
}

/** Content corpus BPB: Σ_i Σ_k r_i(k) / Σ_i c_i (what the self-prior reduces to). */
export function contentCorpusBpb(costs: readonly (readonly number[])[]): number {
  let bits = 0;
  let bytes = 0;
  for (const r of costs) {
    for (const x of r) bits += x;
    bytes += r.length;
  }
  return bytes > 0 ? bits / bytes : NaN;
}
