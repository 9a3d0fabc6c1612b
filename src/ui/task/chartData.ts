// Plain data for the Task lab's charts, derived from scored items with the core metric functions.
import { contentByteCosts, type LeadingSpaceMode } from '../../core/bpb/perByteCost';
import { geometricPriorBpb } from '../../core/bpb/priorBpb';
import { rateCurve, type RateCurve } from '../../core/bpb/rateCurve';
import { goldAnswer, type GoldAnswer } from '../../core/metrics/taskMetrics';
import type { ScoredItem, SliceMetrics } from '../../core/metrics/types';

/** The gold answers of the items (those that can enter the BPB family). */
export function goldAnswers(items: readonly ScoredItem[]): GoldAnswer[] {
  const out: GoldAnswer[] = [];
  for (const it of items) {
    const a = goldAnswer(it);
    if (typeof a !== 'string') out.push(a);
  }
  return out;
}

export interface BitsBytesPoint {
  id: string;
  bytes: number;
  bits: number;
}

export function bitsBytesPoints(answers: readonly GoldAnswer[]): BitsBytesPoint[] {
  return answers.map((a) => ({ id: a.item.id, bytes: a.bytes, bits: a.bits }));
}

export interface RatePoint {
  k: number;
  R: number;
  coverage: number;
  count: number;
}

export function ratePoints(m: Pick<SliceMetrics, 'R' | 'coverage' | 'R_counts'>): RatePoint[] {
  return m.R.map((R, i) => ({ k: i + 1, R, coverage: m.coverage[i], count: m.R_counts[i] }));
}

export function rateCurveFor(answers: readonly GoldAnswer[], mode: LeadingSpaceMode): RateCurve {
  const costs = answers
    .filter((a) => a.tokens && a.tokens.length > 0)
    .map((a) => contentByteCosts(a.tokens!, a.leadingSpace, mode))
    .filter((r) => r.length > 0);
  return rateCurve(costs);
}

export interface PriorMuPoint {
  mu: number;
  evalFramework: number;
  keep: number;
}

/** μ values spread evenly on a log scale from just above 1 to `max`, plus the chosen μ. */
export function muGrid(chosen: number, max = 1000, n = 60): number[] {
  const lo = Math.log(1.05);
  const hi = Math.log(Math.max(max, chosen * 2));
  const xs = Array.from({ length: n }, (_, i) => Math.exp(lo + ((hi - lo) * i) / (n - 1)));
  if (chosen > 1) xs.push(chosen);
  return [...new Set(xs)].sort((a, b) => a - b);
}

/** PriorBPB(μ) in both leading-space modes over a μ grid. */
export function priorMuPoints(answers: readonly GoldAnswer[], chosenMu: number): PriorMuPoint[] {
  const ef = rateCurveFor(answers, 'eval-framework');
  const keep = rateCurveFor(answers, 'keep');
  if (ef.K === 0) return [];
  return muGrid(chosenMu).map((mu) => ({
    mu,
    evalFramework: geometricPriorBpb(ef, mu).value,
    keep: geometricPriorBpb(keep, mu).value,
  }));
}

/** Where a curve y(μ) crosses a level, by linear interpolation between grid points (first crossing). */
export function crossing(points: readonly PriorMuPoint[], level: number, key: 'evalFramework' | 'keep'): number | undefined {
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1][key] - level;
    const b = points[i][key] - level;
    if (a === 0) return points[i - 1].mu;
    if (a * b < 0) {
      const t = a / (a - b);
      return points[i - 1].mu + t * (points[i].mu - points[i - 1].mu);
    }
  }
  return undefined;
}
