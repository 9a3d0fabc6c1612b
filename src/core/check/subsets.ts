// Every length share broken down by subset (MMLU's subjects, MMLU-Pro's categories, a run's tasks),
// with Holm's correction for testing many subsets at once, so 57 subjects do not raise false alarms.
// A subset is flagged when its share differs from chance after the correction: the two-sided score
// test of the share against the chance value, the test whose inversion is the Wilson interval (for
// one subset, "flagged above" is exactly "its 95% interval lies above chance").
import { utf8Length } from '../text/unicode';
import { extremes, pct } from './answerStrings';
import type { Finding } from './summary';
import { share, type Share } from './interval';

/** The complementary error function (W. J. Cody's rational approximations; relative error below 1e-14). */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return NaN;
  const ax = Math.abs(x);
  let r: number;
  if (ax < 0.5) {
    const t = x * x;
    const top = (((0.185777706184603153 * t + 3.16112374387056560) * t + 113.864154151050156) * t + 377.485237685302021) * t + 3209.37758913846947;
    const bot = (((t + 23.6012909523441209) * t + 244.024637934444173) * t + 1282.61652607737228) * t + 2844.23683343917062;
    return 1 - (x * top) / bot;
  }
  if (ax < 4) {
    const top = (((((((2.15311535474403846e-8 * ax + 5.64188496988670089e-1) * ax + 8.88314979438837594) * ax + 6.61191906371416295e1) * ax + 2.98635138197400131e2) * ax + 8.81952221241769090e2) * ax + 1.71204761263407058e3) * ax + 2.05107837782607147e3) * ax + 1.23033935479799725e3;
    const bot = (((((((ax + 1.57449261107098347e1) * ax + 1.17693950891312499e2) * ax + 5.37181101862009858e2) * ax + 1.62138957456669019e3) * ax + 3.29079923573345963e3) * ax + 4.36261909014324716e3) * ax + 3.43936767414372164e3) * ax + 1.23033935480374942e3;
    r = (Math.exp(-ax * ax) * top) / bot;
  } else {
    const z = 1 / (ax * ax);
    const top = ((((1.63153871373020978e-2 * z + 3.05326634961232344e-1) * z + 3.60344899949804439e-1) * z + 1.25781726111229246e-1) * z + 1.60837851487422766e-2) * z + 6.58749161529837803e-4;
    const bot = ((((z + 2.56852019228982242) * z + 1.87295284992346725) * z + 5.27905102951428412e-1) * z + 6.05183413124413191e-2) * z + 2.33520497626869185e-3;
    r = (Math.exp(-ax * ax) / ax) * (0.564189583547756287 - (z * top) / bot);
  }
  return x < 0 ? 2 - r : r;
}

/** Two-sided p of the score test of `successes` of `n` against the chance share `expected`. */
export function scoreTestP(successes: number, n: number, expected: number): { z: number; p: number } {
  const v = n * expected * (1 - expected);
  if (!(n > 0) || !(v > 0)) return { z: 0, p: 1 };
  const z = (successes - n * expected) / Math.sqrt(v);
  return { z, p: Math.min(1, erfc(Math.abs(z) / Math.SQRT2)) };
}

/** Holm's step-down adjusted p-values, in the input's order: each is at least its raw p, at most 1. */
export function holm(ps: readonly number[]): number[] {
  const m = ps.length;
  const order = ps.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const out = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    out[i] = running;
  });
  return out;
}

export interface SubsetShare extends Share {
  expected: number;
  z: number;
  /** Two-sided score-test p against `expected`, and Holm-adjusted over the subsets. */
  p: number;
  p_adjusted: number;
  /** Where the share lies against chance after the correction. */
  against: 'above' | 'below' | 'consistent';
}

export interface SubsetRow {
  subset: string;
  n_items: number;
  gold_longest: SubsetShare;
  gold_shortest: SubsetShare;
  /** Accuracy of always picking the first longest choice, against a random pick's. */
  baseline_longest: SubsetShare;
}

export interface SubsetReport {
  /** What names the subsets (a field, or "task" for a run folder). */
  by: string;
  correction: 'holm';
  alpha: number;
  n_subsets: number;
  /** Flagged subsets first (by adjusted p), then the rest by name. */
  rows: SubsetRow[];
  /** Subsets whose gold is the longest (or the baseline scores) above chance after the correction. */
  flagged_above: string[];
}

interface Tally {
  n: number;
  gl: number;
  gs: number;
  bl: number;
  el: number;
  es: number;
  chance: number;
}

/** Folds multiple-choice items with a gold into per-subset tallies (the same definitions as answerStrings.ts). */
export class SubsetBreakdown {
  private readonly tallies = new Map<string, Tally>();

  constructor(private readonly by: string) {}

  add(subset: string, choices: readonly string[], gold: readonly number[]): void {
    const k = choices.length;
    const golds = [...new Set(gold)].filter((g) => Number.isInteger(g) && g >= 0 && g < k);
    if (k < 2 || golds.length === 0) return;
    let t = this.tallies.get(subset);
    if (!t) this.tallies.set(subset, (t = { n: 0, gl: 0, gs: 0, bl: 0, el: 0, es: 0, chance: 0 }));
    const lengths = choices.map(utf8Length);
    const { longest, shortest } = extremes(lengths);
    const any = (marked: number[]) => {
      let none = 1;
      for (let i = 0; i < golds.length; i++) none *= (k - marked.length - i) / (k - i);
      return 1 - Math.max(0, none);
    };
    t.n++;
    if (golds.some((g) => longest.includes(g))) t.gl++;
    if (golds.some((g) => shortest.includes(g))) t.gs++;
    if (golds.includes(longest[0])) t.bl++;
    t.el += any(longest);
    t.es += any(shortest);
    t.chance += golds.length / k;
  }

  report(alpha = 0.05): SubsetReport {
    const names = [...this.tallies.keys()];
    const measure = (succ: (t: Tally) => number, exp: (t: Tally) => number): SubsetShare[] => {
      const raw = names.map((s) => {
        const t = this.tallies.get(s)!;
        const expected = exp(t) / t.n;
        return { ...share(succ(t), t.n), expected, ...scoreTestP(succ(t), t.n, expected) };
      });
      const adj = holm(raw.map((r) => r.p));
      return raw.map((r, i) => ({ ...r, p_adjusted: adj[i], against: adj[i] < alpha ? (r.z > 0 ? 'above' : 'below') : 'consistent' }));
    };
    const longest = measure((t) => t.gl, (t) => t.el);
    const shortest = measure((t) => t.gs, (t) => t.es);
    const base = measure((t) => t.bl, (t) => t.chance);
    const rows: SubsetRow[] = names.map((subset, i) => ({ subset, n_items: this.tallies.get(subset)!.n, gold_longest: longest[i], gold_shortest: shortest[i], baseline_longest: base[i] }));
    const flagged = (r: SubsetRow) => r.gold_longest.against === 'above' || r.baseline_longest.against === 'above';
    const minP = (r: SubsetRow) => Math.min(r.gold_longest.p_adjusted, r.baseline_longest.p_adjusted);
    rows.sort((a, b) => Number(flagged(b)) - Number(flagged(a)) || (flagged(a) ? minP(a) - minP(b) : 0) || (a.subset < b.subset ? -1 : a.subset > b.subset ? 1 : 0));
    return { by: this.by, correction: 'holm', alpha, n_subsets: rows.length, rows, flagged_above: rows.filter(flagged).map((r) => r.subset) };
  }
}


function pValue(p: number): string {
  return p < 1e-4 ? '< 0.0001' : p.toFixed(4);
}

/** The breakdown as findings: one line on the correction, then a row per subset, flagged first. */
export function subsetFindings(r: SubsetReport): Finding[] {
  const words = { above: 'above chance', below: 'below chance', consistent: 'consistent with chance' } as const;
  const out: Finding[] = [
    {
      key: 'subsets',
      title: `By ${r.by}`,
      status: r.flagged_above.length ? 'flag' : 'ok',
      verdict: `${r.n_subsets} subsets; ${r.flagged_above.length} with the gold the longest, or the longest-choice baseline, above chance after Holm's correction for ${r.n_subsets} tests (α ${r.alpha}, two-sided score test against each subset's chance)`,
    },
  ];
  for (const row of r.rows) {
    const g = row.gold_longest;
    const b = row.baseline_longest;
    const flagged = g.against === 'above' || b.against === 'above';
    out.push({
      key: `subset.${row.subset}`,
      title: row.subset,
      status: flagged ? 'flag' : 'ok',
      verdict: `${row.n_items.toLocaleString('en')} items; gold longest ${pct(g.share)} against ${pct(g.expected)} (Holm p ${pValue(g.p_adjusted)}, ${words[g.against]}); longest-choice baseline ${pct(b.share)} against ${pct(b.expected)} (Holm p ${pValue(b.p_adjusted)}, ${words[b.against]})`,
      interval: g.interval,
      share: g.share,
      chance: g.expected,
    });
  }
  return out;
}
