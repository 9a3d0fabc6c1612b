// Audit of a judge's own verdicts: raw, swap-averaged and length-controlled win rates with 95%
// intervals from a bootstrap over prompts, the first-slot win rate, the inconsistency rate, the
// length-ratio distribution, the collinearity check, per-category results and the checklist.
import { createRng } from './rng';
import { clusterBootstrap, type Interval } from './bootstrap';
import { fitLengthControlled, type JudgmentTable } from './lengthControlled';
import { mean, populationSd, sortedQuantile } from '../metrics/stats';
import type { HardVerdict, VerdictRow } from './verdicts';

interface PromptGroup {
  id: string;
  category: string | null;
  /** Indices into the rows, by order. */
  first: number[];
  second: number[];
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
  /** Prompts with more than one verdict in the same order (averaged). */
  repeatedOrders: number;
}

export interface LengthRatioSummary {
  /** Quantiles of len A / len B over prompts: 5%, 25%, 50%, 75%, 95%. */
  quantiles: { q: number; ratio: number }[];
  /** Share of prompts where A is longer. */
  aLonger: number;
  /** sd of ln(len A / len B). */
  sdLogRatio: number;
  /** Histogram of ln(len A / len B) over prompts. */
  histogram: { from: number; to: number; count: number }[];
}

export interface CategoryResult {
  category: string;
  prompts: number;
  verdicts: number;
  estimates: EstimateSet;
  gamma: number;
  gammaIdentified: boolean;
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
  firstSlot: number;
  /** NaN when no prompt was judged in both orders. */
  inconsistency: number;
  lengthRatio: LengthRatioSummary;
  categories: CategoryResult[];
  human: { verdicts: number; agreement: number } | null;
  warnings: string[];
  checklist: ChecklistItem[];
  bootstrapReps: number;
}

export interface AuditOptions {
  bootstrapReps?: number;
  seed?: number;
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

/** Raw, swap-averaged and LC win rates for a multiset of prompts (indices may repeat). */
function estimatesFor(rows: VerdictRow[], groups: PromptGroup[], pick: ArrayLike<number>) {
  let rowCount = 0;
  for (let k = 0; k < pick.length; k++) rowCount += groups[pick[k]].first.length + groups[pick[k]].second.length;
  const table: JudgmentTable = {
    prompt: new Int32Array(rowCount),
    s: new Float64Array(rowCount),
    x: new Float64Array(rowCount),
    y: new Float64Array(rowCount),
    promptCount: pick.length,
  };
  let r = 0;
  let swapSum = 0;
  let swapCount = 0;
  for (let k = 0; k < pick.length; k++) {
    const g = groups[pick[k]];
    for (const i of [...g.first, ...g.second]) {
      const row = rows[i];
      table.prompt[r] = k;
      table.s[r] = row.aFirst ? 1 : -1;
      table.x[r] = Math.log(row.lenA / row.lenB);
      table.y[r] = row.pA;
      r++;
    }
    if (g.first.length && g.second.length) {
      swapSum += (avg(rows, g.first) + avg(rows, g.second)) / 2;
      swapCount++;
    }
  }
  let fit: ReturnType<typeof fitLengthControlled> | null = null;
  try {
    fit = fitLengthControlled(table);
  } catch {
    fit = null;
  }
  return { raw: mean(table.y), swap: swapCount ? swapSum / swapCount : NaN, fit };
}

function estimateSet(rows: VerdictRow[], groups: PromptGroup[], reps: number, seed: number, onReplicate?: () => void) {
  const all = Int32Array.from(groups.keys());
  const point = estimatesFor(rows, groups, all);
  const [raw, swap, lc] = clusterBootstrap(
    groups.length,
    reps,
    createRng(seed),
    (pick) => {
      const e = estimatesFor(rows, groups, pick);
      return [e.raw, e.swap, e.fit ? e.fit.lc : NaN];
    },
    [point.raw, point.swap, point.fit ? point.fit.lc : NaN],
    0.95,
    onReplicate,
  );
  return { point, estimates: { raw, swap, lc } };
}

function hardOf(pA: number): HardVerdict {
  return pA > 0.5 ? 'A' : pA < 0.5 ? 'B' : 'tie';
}

/** One log length ratio per prompt (the mean over its verdicts, which usually share lengths). */
function lengthRatioSummary(rows: VerdictRow[], groups: PromptGroup[]): LengthRatioSummary {
  const logs = groups
    .map((g) => {
      const idx = [...g.first, ...g.second];
      return idx.reduce((s, i) => s + Math.log(rows[i].lenA / rows[i].lenB), 0) / idx.length;
    })
    .sort((a, b) => a - b);
  const sd = populationSd(logs);
  const lo = Math.max(logs[0], -3);
  const hi = Math.min(logs[logs.length - 1], 3);
  const bins = 24;
  const width = hi > lo ? (hi - lo) / bins : 1;
  const histogram = Array.from({ length: hi > lo ? bins : 1 }, (_, k) => ({ from: lo + k * width, to: lo + (k + 1) * width, count: 0 }));
  for (const v of logs) {
    const k = Math.min(histogram.length - 1, Math.max(0, Math.floor((v - lo) / width)));
    histogram[k].count++;
  }
  return {
    quantiles: [0.05, 0.25, 0.5, 0.75, 0.95].map((q) => ({ q, ratio: Math.exp(sortedQuantile(logs, q)) })),
    aLonger: logs.filter((v) => v > 0).length / logs.length,
    sdLogRatio: sd,
    histogram,
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

export function auditVerdicts(rows: VerdictRow[], opts: AuditOptions = {}): AuditResult {
  if (rows.length === 0) throw new Error('no valid verdicts to audit');
  const reps = opts.bootstrapReps ?? 1000;
  const seed = opts.seed ?? 1;
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
  const { point, estimates } = estimateSet(rows, groups, reps, seed, tick);
  const fit = point.fit;
  const firstSlot = mean(rows.map((r) => (r.aFirst ? r.pA : 1 - r.pA)));
  const inconsistency = inconsistencyOf(rows, groups);
  const lengthRatio = lengthRatioSummary(rows, groups);

  const categories: CategoryResult[] =
    perCategory
      ? categoryNames.map((category, k) => {
          const sub = groups.filter((g) => g.category === category);
          const subRows = sub.flatMap((g) => [...g.first, ...g.second]);
          const { point: p, estimates: e } = estimateSet(rows, sub, reps, seed + 1 + k, tick);
          return {
            category,
            prompts: sub.length,
            verdicts: subRows.length,
            estimates: e,
            gamma: p.fit ? p.fit.gamma : NaN,
            gammaIdentified: p.fit ? p.fit.gammaIdentified : false,
          };
        })
      : [];

  const labelled = rows.filter((r) => r.human !== null);
  const human = labelled.length
    ? { verdicts: labelled.length, agreement: labelled.filter((r) => (r.hard ?? hardOf(r.pA)) === r.human).length / labelled.length }
    : null;

  const warnings: string[] = [];
  if (!fit) warnings.push('The length-controlled model could not be fitted: the verdicts do not vary enough (for example, one answer always wins).');
  else if (!fit.positionIdentified)
    warnings.push('Every verdict shows A in the same slot: position bias cannot be separated from quality, so LC here removes length only.');
  else if (!fit.gammaIdentified)
    warnings.push(
      `The length feature barely varies (sd of tanh(x/sd x) = ${fit.featureSd.toFixed(3)}): the length coefficient γ is not identified, so LC is not meaningful here.`,
    );
  if (fit && !fit.converged)
    warnings.push(
      'The length-controlled fit did not converge: the verdicts are (nearly) separated by slot or length, so the fitted coefficients run off towards infinity and LC is only their limit.',
    );
  if (counts.bothOrders === 0) warnings.push('No prompt was judged in both orders: swap-averaging and the inconsistency rate need both.');
  const single = counts.onlyAFirst + counts.onlyASecond;
  if (single > 0 && counts.bothOrders > 0)
    warnings.push(`${single} prompt${single > 1 ? 's were' : ' was'} judged in one order only: left out of the swap-averaged rate, kept in raw and LC.`);
  if (counts.repeatedOrders > 0) warnings.push(`${counts.repeatedOrders} prompts have repeated verdicts in the same order; they are averaged.`);

  const aFirstShare = counts.aFirstVerdicts / counts.verdicts;
  const checklist: ChecklistItem[] = [
    {
      point: 'Order swapped or randomised, and logged',
      status: counts.bothOrders > 0 || (aFirstShare > 0.3 && aFirstShare < 0.7) ? 'ok' : 'warn',
      finding: `${counts.bothOrders} of ${counts.prompts} prompts judged in both orders; A shown first in ${pct(aFirstShare)} of verdicts.`,
    },
    {
      point: 'Lengths logged',
      status: 'ok',
      finding: `Lengths present for all ${counts.verdicts} verdicts; median len A / len B = ${lengthRatio.quantiles[2].ratio.toFixed(2)} over prompts.`,
    },
    {
      point: 'First-slot win rate, inconsistency rate and length-ratio distribution reported',
      status: counts.bothOrders > 0 ? 'ok' : 'warn',
      finding: `First slot wins ${pct(firstSlot)}; inconsistency ${pct(inconsistency)}; A longer in ${pct(lengthRatio.aLonger)} of prompts.`,
    },
    {
      point: 'LC fitted and reported beside raw and swap-averaged, with intervals',
      status: fit && fit.gammaIdentified ? 'ok' : 'warn',
      finding: fit
        ? `Raw ${pct(estimates.raw.estimate)}, swap-averaged ${pct(estimates.swap.estimate)}, LC ${pct(estimates.lc.estimate)} (γ = ${Number.isFinite(fit.gamma) ? fit.gamma.toFixed(2) : 'n/a'}${fit.gammaIdentified ? '' : ', not identified'}).`
        : 'LC could not be fitted.',
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
    firstSlot,
    inconsistency,
    lengthRatio,
    categories,
    human,
    warnings,
    checklist,
    bootstrapReps: reps,
  };
}
