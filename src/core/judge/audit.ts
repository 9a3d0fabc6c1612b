// Audit of a judge's own verdicts: raw, swap-averaged and length-controlled win rates with 95%
// intervals from a bootstrap over prompts, the first-slot win rate, the inconsistency rate, the
// length-ratio distribution, the collinearity check, per-category results and the checklist.
// Repeated verdicts of one prompt in one order are averaged: each (prompt, order) cell weighs 1.
// LC is only as good as the data's support for "equal length": when one side is almost always the
// longer, the fit extrapolates, so the audit says so and gives LC's range over plausible length
// effects instead of a point.
import { createRng } from './rng';
import { clusterBootstrap, type Interval } from './bootstrap';
import { fitLengthControlled, LENGTH_FEATURE_MIN_SD, type JudgmentTable, type LengthControlledFit } from './lengthControlled';
import { mean, populationSd, sortedQuantile } from '../metrics/stats';
import type { HardVerdict, VerdictRow } from './verdicts';

interface PromptGroup {
  id: string;
  category: string | null;
  /** Indices into the rows, by order. */
  first: number[];
  second: number[];
}

/** Which length difference the LC model standardises and passes through tanh. */
export type LengthFeatureKind = 'log-ratio' | 'char-difference';

export const LENGTH_FEATURES: Record<LengthFeatureKind, string> = {
  'log-ratio': 'tanh(x / sd x), x = ln(len A / len B) (an empty answer counts as length 1)',
  'char-difference': "tanh(x / sd x), x = len A − len B, sample sd (AlpacaEval's feature)",
};

/** LC is called supported only when each side is the longer on at least this share of prompts… */
export const LC_MIN_SIDE_SHARE = 0.1;
/** …and on at least this many prompts. */
export const LC_MIN_SIDE_PROMPTS = 20;
/**
 * The plausible length effects over which an unsupported LC is given as a range: γ from 0 (the
 * judge ignores length) to this many logits between a much shorter and a much longer answer. On
 * AlpacaEval's well-overlapping models the fitted γ is 0.9–1.6.
 */
export const LC_PLAUSIBLE_GAMMA_MAX = 3;
/** A bootstrap fit with a coefficient beyond this (in logits) has run off to infinity: separated. */
const DEGENERATE_COEFFICIENT = 25;

export interface LcSupport {
  supported: boolean;
  /** Why LC is not supported (null when it is). */
  reason: string | null;
  /** Shares of prompts (0..1) where A's answer is the longer, and where B's is. */
  aLongerShare: number;
  bLongerShare: number;
  /** LC's range over the plausible length effects (γ in [0, LC_PLAUSIBLE_GAMMA_MAX]) when unsupported, else null. */
  lcRange: { low: number; high: number } | null;
}

export interface EstimateSet {
  raw: Interval;
  swap: Interval;
  lc: Interval;
}

export interface AuditCounts {
  verdicts: number;
  prompts: number;
  /** Prompts judged in both orders. */
  bothOrders: number;
  /** Prompts judged only with A first / only with A second. */
  onlyAFirst: number;
  onlyASecond: number;
  /** Verdicts with A shown first. */
  aFirstVerdicts: number;
  ties: number;
  /** Soft verdicts (a probability rather than A/B/tie). */
  probabilities: number;
  /** Prompts with more than one verdict in the same order (averaged: each order of a prompt weighs 1). */
  repeatedOrders: number;
}

export interface LengthRatioSummary {
  /** Quantiles of len A / len B over prompts: 5%, 25%, 50%, 75%, 95%. */
  quantiles: { q: number; ratio: number }[];
  /** Share of prompts where A is longer. */
  aLonger: number;
  /** sd of ln(len A / len B). */
  sdLogRatio: number;
  /** Share of prompts where B is longer. */
  bLonger: number;
  /** Histogram of ln(len A / len B) over prompts. */
  histogram: { from: number; to: number; count: number }[];
  /** Histogram of the LC model's length feature over prompts (−1..1; 0 is equal length). */
  featureHistogram: { from: number; to: number; count: number }[];
  /** Mean lengths of A and B over verdicts. */
  meanLenA: number;
  meanLenB: number;
}

export interface CategoryResult {
  category: string;
  prompts: number;
  verdicts: number;
  estimates: EstimateSet;
  gamma: number;
  gammaIdentified: boolean;
  lcSupport: LcSupport;
}

export type ChecklistStatus = 'ok' | 'warn' | 'missing' | 'info';

export interface ChecklistItem {
  point: string;
  status: ChecklistStatus;
  finding: string;
}

export interface AuditResult {
  counts: AuditCounts;
  estimates: EstimateSet;
  theta: number;
  phi: number;
  gamma: number;
  gammaSe: number;
  gammaIdentified: boolean;
  featureSd: number;
  /** The sd of x that the fit's length feature tanh(x / sd x) divides by (NaN without a fit). */
  sdX: number;
  firstSlot: number;
  /** NaN when no prompt was judged in both orders. */
  inconsistency: number;
  lengthRatio: LengthRatioSummary;
  categories: CategoryResult[];
  human: { verdicts: number; agreement: number } | null;
  warnings: string[];
  checklist: ChecklistItem[];
  bootstrapReps: number;
  /** Can LC be trusted here? The overlap of the lengths and, when not, LC's plausible range. */
  lcSupport: LcSupport;
  lengthFeature: LengthFeatureKind;
  /** False when the order shown to the judge is unknown (position figures are then n/a). */
  orderKnown: boolean;
}

export interface AuditOptions {
  bootstrapReps?: number;
  seed?: number;
  /** The LC model's length feature (default log-ratio). */
  lengthFeature?: LengthFeatureKind;
  /** Pass false when the file does not say which answer was shown first. */
  orderKnown?: boolean;
  /** Called now and then with bootstrap replicates done and to do (over all fits). */
  onProgress?: (done: number, total: number) => void;
}

function groupPrompts(rows: VerdictRow[]): PromptGroup[] {
  const byId = new Map<string, PromptGroup>();
  rows.forEach((row, i) => {
    let g = byId.get(row.promptId);
    if (!g) {
      g = { id: row.promptId, category: row.category, first: [], second: [] };
      byId.set(row.promptId, g);
    }
    (row.aFirst ? g.first : g.second).push(i);
  });
  return [...byId.values()];
}

const avg = (rows: VerdictRow[], idx: number[]) => idx.reduce((s, i) => s + rows[i].pA, 0) / idx.length;

/** The rows of a set of prompts as flat arrays, prepared once and reweighted by each bootstrap draw. */
interface Prepared {
  groups: PromptGroup[];
  /** Group (within `groups`) of each row. */
  group: Int32Array;
  s: Float64Array;
  x: Float64Array;
  y: Float64Array;
  /** 1 / (verdicts in the row's prompt and order): each (prompt, order) cell weighs 1. */
  cellWeight: Float64Array;
  /** Per group: the swap-averaged score, NaN without both orders. */
  swap: Float64Array;
  sampleSd: boolean;
  /** Scratch row buffers, reused by every bootstrap draw and fit. */
  w: Float64Array;
  scratch: { feature: Float64Array; offset: Float64Array };
  /** The rows of the prompts a bootstrap draw picked, packed at the front (see `drawnRows`). */
  drawn: { prompt: Int32Array; s: Float64Array; x: Float64Array; y: Float64Array; w: Float64Array };
}

/** ln(len A / len B), an empty answer counted as length 1; or the plain difference. */
export function lengthDifference(lenA: number, lenB: number, kind: LengthFeatureKind): number {
  return kind === 'log-ratio' ? Math.log((lenA === 0 ? 1 : lenA) / (lenB === 0 ? 1 : lenB)) : lenA - lenB;
}

function prepare(rows: VerdictRow[], groups: PromptGroup[], kind: LengthFeatureKind): Prepared {
  let n = 0;
  for (const g of groups) n += g.first.length + g.second.length;
  const p: Prepared = {
    groups,
    group: new Int32Array(n),
    s: new Float64Array(n),
    x: new Float64Array(n),
    y: new Float64Array(n),
    cellWeight: new Float64Array(n),
    swap: new Float64Array(groups.length),
    sampleSd: kind === 'char-difference',
    w: new Float64Array(n),
    scratch: { feature: new Float64Array(n), offset: new Float64Array(n) },
    drawn: { prompt: new Int32Array(n), s: new Float64Array(n), x: new Float64Array(n), y: new Float64Array(n), w: new Float64Array(n) },
  };
  let r = 0;
  groups.forEach((g, k) => {
    for (const cell of [g.first, g.second]) {
      for (const i of cell) {
        const row = rows[i];
        p.group[r] = k;
        p.s[r] = row.aFirst ? 1 : -1;
        p.x[r] = lengthDifference(row.lenA, row.lenB, kind);
        p.y[r] = row.pA;
        p.cellWeight[r] = 1 / cell.length;
        r++;
      }
    }
    p.swap[k] = g.first.length && g.second.length ? (avg(rows, g.first) + avg(rows, g.second)) / 2 : NaN;
  });
  return p;
}

interface Estimates {
  raw: number;
  swap: number;
  fit: LengthControlledFit | null;
}

/**
 * Newton's stopping step for a bootstrap replicate: coefficients to 1e-7 move LC by far less than
 * the interval's own Monte Carlo error, and save a pass over the rows.
 */
const REPLICATE_TOL = 1e-7;

/**
 * The rows of the drawn prompts, packed in their order, as the table a replicate fits. A prompt
 * not drawn (about 1/e of them) has weight 0, and a row of weight 0 adds exactly nothing to any
 * sum of the fit (Newton skips it; the weighted sds add ±0), so the fit over the packed rows is
 * bit for bit the fit over all rows, without passing over the left-out rows a dozen times.
 */
function drawnRows(p: Prepared): { table: JudgmentTable; scratch: Prepared['scratch'] } {
  const d = p.drawn;
  let m = 0;
  for (let r = 0; r < p.w.length; r++) {
    const wr = p.w[r];
    if (wr === 0) continue;
    d.prompt[m] = p.group[r];
    d.s[m] = p.s[r];
    d.x[m] = p.x[r];
    d.y[m] = p.y[r];
    d.w[m] = wr;
    m++;
  }
  return {
    table: { prompt: d.prompt.subarray(0, m), s: d.s.subarray(0, m), x: d.x.subarray(0, m), y: d.y.subarray(0, m), w: d.w.subarray(0, m), promptCount: p.groups.length },
    scratch: { feature: p.scratch.feature.subarray(0, m), offset: p.scratch.offset.subarray(0, m) },
  };
}

/**
 * Raw, swap-averaged and LC win rates with each prompt drawn `draws[k]` times (all 1: the data).
 * A bootstrap replicate passes the full fit's coefficients as `start` and fits only the drawn rows.
 */
function estimatesFor(p: Prepared, draws: ArrayLike<number>, start?: readonly number[]): Estimates {
  const n = p.y.length;
  const w = p.w;
  let sw = 0;
  let sy = 0;
  for (let r = 0; r < n; r++) {
    const wr = draws[p.group[r]] * p.cellWeight[r];
    w[r] = wr;
    sw += wr;
    sy += wr * p.y[r];
  }
  let swapSum = 0;
  let swapCount = 0;
  for (let k = 0; k < p.groups.length; k++) {
    if (draws[k] && !Number.isNaN(p.swap[k])) {
      swapSum += draws[k] * p.swap[k];
      swapCount += draws[k];
    }
  }
  let fit: LengthControlledFit | null = null;
  try {
    if (start) {
      const { table, scratch } = drawnRows(p);
      fit = fitLengthControlled(table, { sampleSd: p.sampleSd, start, tol: REPLICATE_TOL, scratch });
    } else {
      fit = fitLengthControlled({ prompt: p.group, s: p.s, x: p.x, y: p.y, w, promptCount: p.groups.length }, { sampleSd: p.sampleSd });
    }
  } catch {
    fit = null;
  }
  return { raw: sy / sw, swap: swapCount ? swapSum / swapCount : NaN, fit };
}

/** A bootstrap fit that cannot stand for LC: no fit, separated, or a length feature saturated where the data's was not. */
function degenerate(fit: LengthControlledFit | null, lengthIdentified: boolean): boolean {
  if (!fit || !fit.converged || (lengthIdentified && !fit.gammaIdentified)) return true;
  return fit.beta.some((b) => !Number.isFinite(b) || Math.abs(b) > DEGENERATE_COEFFICIENT);
}

function estimateSet(p: Prepared, reps: number, seed: number, onReplicate?: () => void) {
  const point = estimatesFor(p, new Float64Array(p.groups.length).fill(1));
  const start = point.fit?.beta;
  const draws = new Float64Array(p.groups.length);
  const [raw, swap, lc] = clusterBootstrap(
    p.groups.length,
    reps,
    createRng(seed),
    (pick) => {
      draws.fill(0);
      for (let k = 0; k < pick.length; k++) draws[pick[k]]++;
      const e = estimatesFor(p, draws, start);
      return [e.raw, e.swap, degenerate(e.fit, point.fit?.gammaIdentified ?? false) ? NaN : e.fit!.lc];
    },
    [point.raw, point.swap, point.fit ? point.fit.lc : NaN],
    0.95,
    onReplicate,
  );
  return { point, estimates: { raw, swap, lc } };
}

/** LC with γ held at each plausible value, θ and φ refitted: the range an unsupported LC could take. */
function plausibleLcRange(p: Prepared): { low: number; high: number } | null {
  let low = Infinity;
  let high = -Infinity;
  let start: number[] | undefined;
  const steps = 12;
  for (let k = 0; k <= steps; k++) {
    const gamma = (LC_PLAUSIBLE_GAMMA_MAX * k) / steps;
    try {
      const table = { prompt: p.group, s: p.s, x: p.x, y: p.y, w: p.cellWeight, promptCount: p.groups.length };
      const fit = fitLengthControlled(table, { sampleSd: p.sampleSd, fixedGamma: gamma, start, scratch: p.scratch });
      start = fit.beta;
      if (!Number.isFinite(fit.lc)) continue;
      low = Math.min(low, fit.lc);
      high = Math.max(high, fit.lc);
    } catch {
      // a fit that fails at one γ leaves the others
    }
  }
  return Number.isFinite(low) ? { low, high } : null;
}

/** Per prompt: is A or B the longer (mean over its verdicts of the log ratio)? */
function overlapShares(rows: VerdictRow[], groups: PromptGroup[]): { a: number; b: number; aCount: number; bCount: number } {
  let aCount = 0;
  let bCount = 0;
  for (const g of groups) {
    const idx = [...g.first, ...g.second];
    const d = idx.reduce((s, i) => s + lengthDifference(rows[i].lenA, rows[i].lenB, 'log-ratio'), 0) / idx.length;
    if (d > 0) aCount++;
    else if (d < 0) bCount++;
  }
  return { a: aCount / groups.length, b: bCount / groups.length, aCount, bCount };
}

const share = (v: number) => `${(100 * v).toFixed(1)}%`;

function lcSupportOf(rows: VerdictRow[], p: Prepared, fit: LengthControlledFit | null, lcDropped: number, reps: number): LcSupport {
  const o = overlapShares(rows, p.groups);
  const prompts = p.groups.length;
  let reason: string | null = null;
  const minority = o.aCount <= o.bCount ? { side: 'A', share: o.a, count: o.aCount } : { side: 'B', share: o.b, count: o.bCount };
  if (!fit) reason = 'the length-controlled model could not be fitted';
  else if (!fit.converged) reason = 'the fit did not converge: the verdicts are (nearly) separated by slot or length';
  else if (minority.share < LC_MIN_SIDE_SHARE || minority.count < LC_MIN_SIDE_PROMPTS)
    reason = `${minority.side}'s answer is the longer on only ${share(minority.share)} of prompts (${minority.count} of ${prompts}; LC needs at least ${share(LC_MIN_SIDE_SHARE)} and ${LC_MIN_SIDE_PROMPTS} on each side): the fit extrapolates the length effect to equal length from too few prompts`;
  else if (!fit.gammaIdentified) reason = `the length feature barely varies (sd ${fit.featureSd.toFixed(3)} < ${LENGTH_FEATURE_MIN_SD}): the length effect is not identified`;
  else if (reps > 0 && lcDropped > 0.1 * reps)
    reason = `${lcDropped} of ${reps} bootstrap resamples could not be fitted (separated or saturated): the length effect is not stable`;
  const supported = reason === null;
  return { supported, reason, aLongerShare: o.a, bLongerShare: o.b, lcRange: supported ? null : plausibleLcRange(p) };
}

function hardOf(pA: number): HardVerdict {
  return pA > 0.5 ? 'A' : pA < 0.5 ? 'B' : 'tie';
}

/** One log length ratio per prompt (the mean over its verdicts, which usually share lengths). */
function histogramOf(values: number[], lo: number, hi: number, bins: number) {
  const width = hi > lo ? (hi - lo) / bins : 1;
  const histogram = Array.from({ length: hi > lo ? bins : 1 }, (_, k) => ({ from: lo + k * width, to: lo + (k + 1) * width, count: 0 }));
  for (const v of values) {
    const k = Math.min(histogram.length - 1, Math.max(0, Math.floor((v - lo) / width)));
    histogram[k].count++;
  }
  return histogram;
}

function lengthRatioSummary(rows: VerdictRow[], groups: PromptGroup[], p: Prepared, fit: LengthControlledFit | null): LengthRatioSummary {
  const logs = groups
    .map((g) => {
      const idx = [...g.first, ...g.second];
      return idx.reduce((s, i) => s + lengthDifference(rows[i].lenA, rows[i].lenB, 'log-ratio'), 0) / idx.length;
    })
    .sort((a, b) => a - b);
  // The LC feature per prompt: the mean of tanh(x / sd x) over the prompt's verdicts.
  const sdX = fit ? fit.sdX : 0;
  const featureSum = new Float64Array(groups.length);
  const featureCount = new Float64Array(groups.length);
  for (let r = 0; r < p.x.length; r++) {
    featureSum[p.group[r]] += sdX > 1e-12 ? Math.tanh(p.x[r] / sdX) : 0;
    featureCount[p.group[r]]++;
  }
  const features = Array.from(featureSum, (v, k) => v / featureCount[k]);
  const sd = populationSd(logs);
  const lo = Math.max(logs[0], -3);
  const hi = Math.min(logs[logs.length - 1], 3);
  return {
    quantiles: [0.05, 0.25, 0.5, 0.75, 0.95].map((q) => ({ q, ratio: Math.exp(sortedQuantile(logs, q)) })),
    aLonger: logs.filter((v) => v > 0).length / logs.length,
    bLonger: logs.filter((v) => v < 0).length / logs.length,
    sdLogRatio: sd,
    histogram: histogramOf(logs, lo, hi, 24),
    featureHistogram: histogramOf(features, -1, 1, 20),
    meanLenA: mean(rows.map((r) => r.lenA)),
    meanLenB: mean(rows.map((r) => r.lenB)),
  };
}

/** Chance the verdict flips with the order. Hard single verdicts: did it change? Otherwise p1(1−p2)+p2(1−p1). */
function inconsistencyOf(rows: VerdictRow[], groups: PromptGroup[]): number {
  const values: number[] = [];
  for (const g of groups) {
    if (!g.first.length || !g.second.length) continue;
    const a = rows[g.first[0]];
    const b = rows[g.second[0]];
    if (g.first.length === 1 && g.second.length === 1 && a.hard && b.hard) values.push(a.hard === b.hard ? 0 : 1);
    else {
      const p1 = avg(rows, g.first);
      const p2 = avg(rows, g.second);
      values.push(p1 * (1 - p2) + p2 * (1 - p1));
    }
  }
  return values.length ? mean(values) : NaN;
}

const pct = (v: number) => (Number.isFinite(v) ? `${(100 * v).toFixed(1)}%` : 'n/a');
/** Three significant digits, so a ratio of 0.03 is not printed as 0.00. */
const formatRatio = (v: number) => (Number.isFinite(v) ? (v >= 100 ? v.toFixed(0) : v.toPrecision(3)) : 'n/a');
const formatLength = (v: number) => (Number.isFinite(v) ? (Math.abs(v) >= 100 ? v.toFixed(0) : v.toPrecision(3)) : 'n/a');

export function auditVerdicts(rows: VerdictRow[], opts: AuditOptions = {}): AuditResult {
  if (rows.length === 0) throw new Error('no valid verdicts to audit');
  const reps = opts.bootstrapReps ?? 1000;
  const seed = opts.seed ?? 1;
  const kind = opts.lengthFeature ?? 'log-ratio';
  const orderKnown = opts.orderKnown ?? true;
  if (!orderKnown) rows = rows.map((r) => (r.aFirst ? r : { ...r, aFirst: true }));
  const groups = groupPrompts(rows);
  const counts: AuditCounts = {
    verdicts: rows.length,
    prompts: groups.length,
    bothOrders: groups.filter((g) => g.first.length && g.second.length).length,
    onlyAFirst: groups.filter((g) => g.first.length && !g.second.length).length,
    onlyASecond: groups.filter((g) => !g.first.length && g.second.length).length,
    aFirstVerdicts: rows.filter((r) => r.aFirst).length,
    ties: rows.filter((r) => r.hard === 'tie').length,
    probabilities: rows.filter((r) => r.hard === null).length,
    repeatedOrders: groups.filter((g) => g.first.length > 1 || g.second.length > 1).length,
  };
  const categoryNames = [...new Set(groups.map((g) => g.category).filter((c): c is string => c !== null))].sort();
  const perCategory = categoryNames.length > 1;
  const total = reps * (1 + (perCategory ? categoryNames.length : 0));
  let done = 0;
  const tick = opts.onProgress
    ? () => {
        done++;
        if (done % 50 === 0 || done === total) opts.onProgress!(done, total);
      }
    : undefined;
  const prepared = prepare(rows, groups, kind);
  const { point, estimates } = estimateSet(prepared, reps, seed, tick);
  const fit = point.fit;
  const firstSlot = orderKnown ? mean(rows.map((r) => (r.aFirst ? r.pA : 1 - r.pA))) : NaN;
  const inconsistency = inconsistencyOf(rows, groups);
  const lengthRatio = lengthRatioSummary(rows, groups, prepared, fit);
  const lcSupport = lcSupportOf(rows, prepared, fit, estimates.lc.dropped, reps);

  const categories: CategoryResult[] =
    perCategory
      ? categoryNames.map((category, k) => {
          const sub = groups.filter((g) => g.category === category);
          const subRows = sub.flatMap((g) => [...g.first, ...g.second]);
          const subPrepared = prepare(rows, sub, kind);
          const { point: p, estimates: e } = estimateSet(subPrepared, reps, seed + 1 + k, tick);
          return {
            category,
            prompts: sub.length,
            verdicts: subRows.length,
            estimates: e,
            gamma: p.fit ? p.fit.gamma : NaN,
            gammaIdentified: p.fit ? p.fit.gammaIdentified : false,
            lcSupport: lcSupportOf(rows, subPrepared, p.fit, e.lc.dropped, reps),
          };
        })
      : [];

  const labelled = rows.filter((r) => r.human !== null);
  const human = labelled.length
    ? { verdicts: labelled.length, agreement: labelled.filter((r) => (r.hard ?? hardOf(r.pA)) === r.human).length / labelled.length }
    : null;

  const warnings: string[] = [];
  if (!orderKnown) warnings.push('The order shown to the judge is unknown: no position term, first-slot rate, swap-averaging or inconsistency rate.');
  if (!fit) warnings.push('The length-controlled model could not be fitted: the verdicts do not vary enough (for example, one answer always wins).');
  else if (!fit.positionIdentified && orderKnown)
    warnings.push('Every verdict shows A in the same slot: position bias cannot be separated from quality, so LC here removes length only.');
  else if (!fit.gammaIdentified)
    warnings.push(
      `The length feature barely varies (sd of tanh(x/sd x) = ${fit.featureSd.toFixed(3)}): the length coefficient γ is not identified, so LC is not meaningful here.`,
    );
  if (fit && !fit.converged)
    warnings.push(
      'The length-controlled fit did not converge: the verdicts are (nearly) separated by slot or length, so the fitted coefficients run off towards infinity and LC is only their limit.',
    );
  if (fit && !lcSupport.supported) {
    const range = lcSupport.lcRange ? ` Over plausible length effects (γ from 0 to ${LC_PLAUSIBLE_GAMMA_MAX}) LC lies between ${pct(lcSupport.lcRange.low)} and ${pct(lcSupport.lcRange.high)}; the fitted ${pct(estimates.lc.estimate)} is an extrapolation.` : '';
    warnings.push(`LC is not supported by these data: ${lcSupport.reason}.${range}`);
  }
  if (estimates.lc.dropped > 0)
    warnings.push(`${estimates.lc.dropped} of ${reps} bootstrap resamples were left out of LC's interval: their fit was separated or their length feature saturated.`);
  if (counts.bothOrders === 0 && orderKnown) warnings.push('No prompt was judged in both orders: swap-averaging and the inconsistency rate need both.');
  const single = counts.onlyAFirst + counts.onlyASecond;
  if (single > 0 && counts.bothOrders > 0)
    warnings.push(`${single} prompt${single > 1 ? 's were' : ' was'} judged in one order only: left out of the swap-averaged rate, kept in raw and LC.`);
  if (counts.repeatedOrders > 0)
    warnings.push(
      `${counts.repeatedOrders} prompt${counts.repeatedOrders > 1 ? 's have' : ' has'} repeated verdicts in the same order: they are averaged, so each order of a prompt weighs 1 in every rate (LC weighs each repeat by 1 / their number).`,
    );

  const aFirstShare = counts.aFirstVerdicts / counts.verdicts;
  const checklist: ChecklistItem[] = [
    {
      point: 'Order swapped or randomised, and logged',
      status: orderKnown && (counts.bothOrders > 0 || (aFirstShare > 0.3 && aFirstShare < 0.7)) ? 'ok' : 'warn',
      finding: orderKnown
        ? `${counts.bothOrders} of ${counts.prompts} prompts judged in both orders; A shown first in ${pct(aFirstShare)} of verdicts.`
        : 'The order shown to the judge is unknown.',
    },
    {
      point: 'Lengths logged',
      status: 'ok',
      finding: `Lengths present for all ${counts.verdicts} verdicts; mean length A ${formatLength(lengthRatio.meanLenA)}, B ${formatLength(lengthRatio.meanLenB)}; median len A / len B = ${formatRatio(lengthRatio.quantiles[2].ratio)} over prompts.`,
    },
    {
      point: 'First-slot win rate, inconsistency rate and length-ratio distribution reported',
      status: counts.bothOrders > 0 || (orderKnown && aFirstShare > 0.3 && aFirstShare < 0.7) ? 'ok' : 'warn',
      finding: `First slot wins ${pct(firstSlot)}; inconsistency ${pct(inconsistency)}; A longer in ${pct(lengthRatio.aLonger)} of prompts.`,
    },
    {
      point: 'LC fitted and reported beside raw and swap-averaged, with intervals',
      status: fit && fit.gammaIdentified && lcSupport.supported ? 'ok' : 'warn',
      finding: !fit
        ? 'LC could not be fitted.'
        : lcSupport.supported
          ? `Raw ${pct(estimates.raw.estimate)}, swap-averaged ${pct(estimates.swap.estimate)}, LC ${pct(estimates.lc.estimate)} (γ = ${Number.isFinite(fit.gamma) ? fit.gamma.toFixed(2) : 'n/a'}${fit.gammaIdentified ? '' : ', not identified'}); A longer on ${pct(lcSupport.aLongerShare)} of prompts, B on ${pct(lcSupport.bLongerShare)}.`
          : `Raw ${pct(estimates.raw.estimate)}, swap-averaged ${pct(estimates.swap.estimate)}; LC not supported: ${lcSupport.reason}${lcSupport.lcRange ? `; plausible range ${pct(lcSupport.lcRange.low)} – ${pct(lcSupport.lcRange.high)}` : ''}.`,
    },
    {
      point: 'A human-labelled subset checked',
      status: human ? (human.verdicts >= 30 ? 'ok' : 'warn') : 'missing',
      finding: human
        ? `Judge agrees with the human label on ${pct(human.agreement)} of ${human.verdicts} labelled verdicts${human.verdicts < 30 ? ' (fewer than 30: label more)' : ''}.`
        : 'No `human` column: label a random subset (about 100 prompts) and add it to the file.',
    },
    {
      point: 'Re-audit when the judge changes',
      status: 'info',
      finding: 'Keep this report with the judge model, version and prompt template; rerun it whenever any of them changes.',
    },
  ];

  return {
    counts,
    estimates,
    theta: fit ? fit.theta : NaN,
    phi: fit ? fit.phi : NaN,
    gamma: fit ? fit.gamma : NaN,
    gammaSe: fit ? fit.gammaSe : NaN,
    gammaIdentified: fit ? fit.gammaIdentified : false,
    featureSd: fit ? fit.featureSd : NaN,
    sdX: fit ? fit.sdX : NaN,
    firstSlot,
    inconsistency,
    lengthRatio,
    categories,
    human,
    warnings,
    checklist,
    bootstrapReps: reps,
    lcSupport,
    lengthFeature: kind,
    orderKnown,
  };
}
