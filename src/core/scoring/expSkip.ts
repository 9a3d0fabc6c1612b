// When a term exp(d)·(1, d) of a log-sum-exp can be skipped without changing the sums at all.

/** exp(d) is exactly 0 in double precision for d below this (and so is its term e·d, as −0). */
export const EXP_IS_ZERO_BELOW = -746;
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
export function sumsIgnoreBelow(sumExp: number, sumExpLogit: number): number {
  const bySum = Math.log(sumExp) - LN_2_POW_55;
  const byLogit = sumExpLogit < 0 ? Math.log(-sumExpLogit) - LN_746 - LN_2_POW_55 : -Infinity;
  const cut = Math.min(bySum, byLogit);
  // NaN (a NaN logit): no skipping at all.
  return cut > EXP_IS_ZERO_BELOW ? cut : cut !== cut ? -Infinity : EXP_IS_ZERO_BELOW;
}

/** As sumsIgnoreBelow, for the one sum of exp(d): a term below S·2^−55 cannot change it. */
export function sumIgnoreBelow(sumExp: number): number {
  return Math.max(EXP_IS_ZERO_BELOW, Math.log(sumExp) - LN_2_POW_55);
}
