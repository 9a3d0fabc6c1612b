// The length-controlled fit drawn against its data: the fitted win rate as a function of the log
// length ratio, and the prompts binned by that ratio. LC is this curve read at ratio 1 (x = 0);
// where the bins are empty the curve is an extrapolation, not a description of any verdict.
import { sigmoid } from './logistic';
import type { VerdictRow } from './verdicts';

/** The coefficients of an LC fit (see lengthControlled.ts): logit P(A) = θ + φ·s + γ·tanh(x / sdX). */
export interface LengthCurveFit {
  theta: number;
  /** NaN when no position term was fitted. */
  phi: number;
  /** NaN when no length term was fitted. */
  gamma: number;
  sdX: number;
}

/** The fitted P(A wins) at log length ratio x, averaged over the two orders (at x = 0 it is LC). */
export function fittedWinRate(fit: LengthCurveFit, x: number): number {
  const length = Number.isFinite(fit.gamma) && fit.sdX > 1e-12 ? fit.gamma * Math.tanh(x / fit.sdX) : 0;
  if (!Number.isFinite(fit.phi)) return sigmoid(fit.theta + length);
  return (sigmoid(fit.theta + fit.phi + length) + sigmoid(fit.theta - fit.phi + length)) / 2;
}

export interface LogRatioBin {
  /** The bin is [from, to) in ln(len A / len B). */
  from: number;
  to: number;
  /** Prompts whose log length ratio falls in the bin. */
  prompts: number;
  /** Their mean P(A wins) (NaN when the bin is empty). */
  meanWin: number;
}

/**
 * Prompts binned by ln(len A / len B) (the mean over a prompt's verdicts, as the audit's histogram),
 * in bins of `width` on a grid through 0, from the bin holding the smallest ratio to the one
 * holding the largest, and always reaching 0 so that ratio 1 is on the figure.
 */
export function logRatioBins(rows: readonly VerdictRow[], width: number): LogRatioBin[] {
  if (!(width > 0)) throw new Error(`bin width must be positive, got ${width}`);
  if (rows.length === 0) throw new Error('no verdicts to bin');
  const byPrompt = new Map<string, { x: number; y: number; n: number }>();
  for (const r of rows) {
    const g = byPrompt.get(r.promptId) ?? { x: 0, y: 0, n: 0 };
    g.x += Math.log((r.lenA === 0 ? 1 : r.lenA) / (r.lenB === 0 ? 1 : r.lenB));
    g.y += r.pA;
    g.n++;
    byPrompt.set(r.promptId, g);
  }
  const prompts = [...byPrompt.values()].map((g) => ({ x: g.x / g.n, y: g.y / g.n }));
  const xs = prompts.map((p) => p.x);
  const first = Math.min(0, Math.floor(Math.min(...xs) / width));
  const last = Math.max(0, Math.floor(Math.max(...xs) / width));
  const bins = Array.from({ length: last - first + 1 }, (_, k) => ({ from: (first + k) * width, to: (first + k + 1) * width, prompts: 0, sum: 0 }));
  for (const p of prompts) {
    const b = bins[Math.floor(p.x / width) - first];
    b.prompts++;
    b.sum += p.y;
  }
  return bins.map(({ from, to, prompts: n, sum }) => ({ from, to, prompts: n, meanWin: n ? sum / n : NaN }));
}

/** The runs of adjacent empty bins, merged: where the figure has no prompt at all. */
export function emptyBands(bins: readonly LogRatioBin[]): { from: number; to: number }[] {
  const bands: { from: number; to: number }[] = [];
  for (const b of bins) {
    if (b.prompts > 0) continue;
    const last = bands[bands.length - 1];
    if (last && Math.abs(last.to - b.from) < 1e-9) last.to = b.to;
    else bands.push({ from: b.from, to: b.to });
  }
  return bands;
}
