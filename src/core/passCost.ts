// What a forward pass of the loaded model costs, learned from a few timed passes: a fixed cost per
// pass and a cost per token fed. The exact plans choose among themselves by it (batch splits, the
// gqa-exact rows-or-whole choice); no choice it steers changes what a score is, only how many
// passes and padded tokens compute it. Pure: the timing itself is in src/engine/passCost.ts.

import { PASS_OVERHEAD_TOKENS } from './batching';

/** One timed pass: tokens fed (rows × padded width) and its best time, ms. */
export interface PassTiming {
  tokens: number;
  ms: number;
}

export interface PassCost {
  /** Fixed cost of one pass, ms (every weight read once, kernel set-up, the call itself). */
  passMs: number;
  /** Cost of one more token in a pass, ms. */
  tokenMs: number;
  /**
   * passMs / tokenMs rounded to a power of two in [MIN_OVERHEAD_TOKENS, MAX_OVERHEAD_TOKENS]: what
   * the plans count a pass as, in tokens. Rounded so that timing noise between two loads rarely
   * changes a batch split.
   */
  overheadTokens: number;
  /**
   * fixed: PASS_OVERHEAD_TOKENS, unless a load asks for more (the default: a measured cost varies
   * from load to load, and so would the batch splits and the last digits of every log-prob they
   * compute); measured: timed at load; given: set by the caller; default: PASS_OVERHEAD_TOKENS
   * because the timings could not say, with `reason`.
   */
  source: 'fixed' | 'measured' | 'given' | 'default';
  /** Why the default was used (source 'default'). */
  reason?: string;
  /** The timings it was fitted from (source 'measured'), or that did not fit (source 'default'). */
  timings?: PassTiming[];
}

export const MIN_OVERHEAD_TOKENS = 1;
export const MAX_OVERHEAD_TOKENS = 64;
/**
 * Largest relative misfit of a timing to the fitted line that is still read as a cost: beyond it
 * (one size hit by load from elsewhere, or a pass whose output first had to be paged in) the
 * timings do not say what a pass costs, and the default is used, with the reason.
 */
export const MAX_RELATIVE_MISFIT = 0.25;

/** The nearest power of two (in log scale) to `ratio`, within [MIN_OVERHEAD_TOKENS, MAX_OVERHEAD_TOKENS]; NaN or ≤ 0 gives the minimum. */
export function roundOverheadTokens(ratio: number): number {
  if (!(ratio > 0)) return MIN_OVERHEAD_TOKENS;
  const p = 2 ** Math.round(Math.log2(ratio));
  return Math.min(MAX_OVERHEAD_TOKENS, Math.max(MIN_OVERHEAD_TOKENS, p));
}

/**
 * Fit ms = passMs + tokenMs × tokens by least squares over the timings (two sizes or more). A
 * non-positive slope (noise, or a pass too small to tell) or a timing far off the line
 * (MAX_RELATIVE_MISFIT) gives the default overhead instead of a made-up one; a negative intercept
 * is read as no fixed cost.
 */
export function fitPassCost(timings: readonly PassTiming[]): PassCost {
  const fallback = (reason: string) => defaultPassCost(reason, timings);
  const ok = timings.filter((t) => Number.isFinite(t.ms) && t.ms >= 0 && t.tokens > 0);
  const sizes = new Set(ok.map((t) => t.tokens));
  if (sizes.size < 2) return fallback('fewer than two pass sizes were timed');
  const n = ok.length;
  const mx = ok.reduce((s, t) => s + t.tokens, 0) / n;
  const my = ok.reduce((s, t) => s + t.ms, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const t of ok) {
    sxy += (t.tokens - mx) * (t.ms - my);
    sxx += (t.tokens - mx) ** 2;
  }
  const tokenMs = sxy / sxx;
  if (!(tokenMs > 0)) return fallback('a longer pass was not measurably slower than a shorter one');
  const passMs = Math.max(0, my - tokenMs * mx);
  const misfit = Math.max(...ok.map((t) => Math.abs(t.ms - (passMs + tokenMs * t.tokens)) / Math.max(t.ms, Number.MIN_VALUE)));
  if (misfit > MAX_RELATIVE_MISFIT) return fallback(`the timings do not fit a fixed cost plus a cost per token (one is ${Math.round(100 * misfit)}% off the line)`);
  return { passMs, tokenMs, overheadTokens: roundOverheadTokens(passMs / tokenMs), source: 'measured', timings: [...timings] };
}

/** The default cost where timings could not say what a pass costs, with the reason (and the timings taken, if any). */
export function defaultPassCost(reason: string, timings: readonly PassTiming[] = []): PassCost {
  return { passMs: NaN, tokenMs: NaN, overheadTokens: PASS_OVERHEAD_TOKENS, source: 'default', reason, timings: [...timings] };
}

/** The cost a load counts by unless asked to measure one: PASS_OVERHEAD_TOKENS, the same on every load. */
export function fixedPassCost(): PassCost {
  return { passMs: NaN, tokenMs: NaN, overheadTokens: PASS_OVERHEAD_TOKENS, source: 'fixed' };
}

/** A cost the caller sets, in tokens per pass (e.g. to pin batch splits across loads). */
export function givenPassCost(overheadTokens: number): PassCost {
  if (!Number.isFinite(overheadTokens) || overheadTokens < 0) throw new RangeError(`a pass's overhead must be a number of tokens ≥ 0, not ${overheadTokens}`);
  return { passMs: NaN, tokenMs: NaN, overheadTokens, source: 'given' };
}

/** Predicted time of passes (count, tokens fed in all), ms; NaN when the cost was not measured. */
export function predictMs(cost: PassCost, passes: number, tokens: number): number {
  return passes * cost.passMs + tokens * cost.tokenMs;
}

/** One sentence for people: what a pass was counted as, and from what. */
export function describePassCost(cost: PassCost | null | undefined): string {
  if (!cost) return 'Every pass runs alone under this plan, so nothing is chosen by what a pass costs.';
  const steer = 'it sets how passes are batched, never a score';
  switch (cost.source) {
    case 'measured':
      return `A pass costs about as much as ${cost.overheadTokens} tokens here (timed at load: ${cost.passMs.toFixed(2)} ms a pass, ${(1000 * cost.tokenMs).toFixed(1)} µs a token); ${steer}.`;
    case 'given':
      return `A pass is counted as ${cost.overheadTokens} tokens (given at load); ${steer}.`;
    case 'fixed':
      return `A pass is counted as ${cost.overheadTokens} tokens on every load, so the numbers repeat to the last digit; ${steer}.`;
    case 'default':
      return `A pass is counted as ${cost.overheadTokens} tokens, the default, because ${cost.reason ?? 'it was not timed'}; ${steer}.`;
  }
}
