// Preference pairs (RewardBench, HH-RLHF, UltraFeedback, RM-Bench): is "pick the longer answer" a
// winning strategy? The share of pairs whose chosen answer is the longer one against chance (1/2),
// per subset with Holm's correction, the length-only baseline, and the distribution of the pairs'
// length ratios. Order-free: a pair's figures depend on which answer is chosen, never on which the
// file lists first. Lengths are UTF-8 bytes of the answers (a shared prompt left out).
import { utf8Length } from '../text/unicode';
import { pct } from './answerStrings';
import { share, type Share } from './interval';
import { ItemListBuilder, type ItemList } from './listed';
import { holm, scoreTestP } from './subsets';
import type { Finding } from './summary';

export interface PairInput {
  id: string;
  subset?: string;
  chosen: string;
  rejected: string;
}

export interface PairShare extends Share {
  expected: number;
  p: number;
  against: 'above' | 'below' | 'consistent';
}

export interface PairSubsetRow {
  subset: string;
  n_pairs: number;
  chosen_longer: PairShare & { p_adjusted: number };
  baseline_longer: number;
}

export interface PairsReport {
  n_pairs: number;
  /** Pairs whose answers are equally long (left out of chosen_longer; half a point in the baseline). */
  n_tied: number;
  /** Of the pairs with answers of different lengths, the share whose chosen answer is the longer. */
  chosen_longer: PairShare;
  /** Accuracy of "pick the longer answer" over all pairs, a tie counted as a coin flip (½). */
  baseline_longer: number;
  /** log2(chosen bytes / rejected bytes) over pairs with two non-empty answers: quantiles and a histogram. */
  length_ratio: {
    n: number;
    quantiles: { p05: number; p25: number; median: number; p75: number; p95: number };
    /** Counts of log2 ratios in [edges[i], edges[i+1]); the first and last bins are open-ended. */
    edges: number[];
    counts: number[];
  };
  /** Pairs whose chosen and rejected answers are identical. */
  identical: ItemList;
  subsets?: { by: string; correction: 'holm'; alpha: number; rows: PairSubsetRow[]; flagged_above: string[] };
}

const EDGES = [-3, -2, -1, -0.5, -0.1, 0.1, 0.5, 1, 2, 3];

/** The q-quantile of sorted values (linear between closest ranks, as numpy's default). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

function pairShare(successes: number, n: number): PairShare {
  const s = share(successes, n);
  const { z, p } = scoreTestP(successes, n, 0.5);
  return { ...s, expected: 0.5, p, against: p < 0.05 ? (z > 0 ? 'above' : 'below') : 'consistent' };
}

interface Tally {
  n: number;
  longer: number;
  shorter: number;
  tied: number;
}

export class PairsCheck {
  private readonly all: Tally = { n: 0, longer: 0, shorter: 0, tied: 0 };
  private readonly bySubset = new Map<string, Tally>();
  private readonly ratios: number[] = [];
  private readonly identical = new ItemListBuilder();

  constructor(private readonly by = 'subset') {}

  add(p: PairInput): void {
    const c = utf8Length(p.chosen);
    const r = utf8Length(p.rejected);
    const bump = (t: Tally) => {
      t.n++;
      if (c > r) t.longer++;
      else if (c < r) t.shorter++;
      else t.tied++;
    };
    bump(this.all);
    if (p.subset !== undefined) {
      let t = this.bySubset.get(p.subset);
      if (!t) this.bySubset.set(p.subset, (t = { n: 0, longer: 0, shorter: 0, tied: 0 }));
      bump(t);
    }
    if (c > 0 && r > 0) this.ratios.push(Math.log2(c / r));
    this.identical.checked();
    if (p.chosen === p.rejected) this.identical.flag(p.id, () => 'the chosen and the rejected answer are the same string');
  }

  report(alpha = 0.05): PairsReport {
    const t = this.all;
    const sorted = [...this.ratios].sort((a, b) => a - b);
    const counts = new Array<number>(EDGES.length + 1).fill(0);
    for (const x of sorted) {
      let i = 0;
      while (i < EDGES.length && x >= EDGES[i]) i++;
      counts[i]++;
    }
    const out: PairsReport = {
      n_pairs: t.n,
      n_tied: t.tied,
      chosen_longer: pairShare(t.longer, t.longer + t.shorter),
      baseline_longer: t.n ? (t.longer + t.tied / 2) / t.n : NaN,
      length_ratio: {
        n: sorted.length,
        quantiles: { p05: quantile(sorted, 0.05), p25: quantile(sorted, 0.25), median: quantile(sorted, 0.5), p75: quantile(sorted, 0.75), p95: quantile(sorted, 0.95) },
        edges: [...EDGES],
        counts,
      },
      identical: this.identical.build(),
    };
    if (this.bySubset.size > 0) {
      const names = [...this.bySubset.keys()];
      const shares = names.map((s) => {
        const u = this.bySubset.get(s)!;
        return pairShare(u.longer, u.longer + u.shorter);
      });
      const adj = holm(shares.map((s) => s.p));
      const rows: PairSubsetRow[] = names.map((subset, i) => {
        const u = this.bySubset.get(subset)!;
        const z = shares[i].share > 0.5;
        return {
          subset,
          n_pairs: u.n,
          chosen_longer: { ...shares[i], p_adjusted: adj[i], against: adj[i] < alpha ? (z ? 'above' : 'below') : 'consistent' },
          baseline_longer: (u.longer + u.tied / 2) / u.n,
        };
      });
      const up = (r: PairSubsetRow) => r.chosen_longer.against === 'above';
      rows.sort((a, b) => Number(up(b)) - Number(up(a)) || (up(a) ? a.chosen_longer.p_adjusted - b.chosen_longer.p_adjusted : 0) || (a.subset < b.subset ? -1 : a.subset > b.subset ? 1 : 0));
      out.subsets = { by: this.by, correction: 'holm', alpha, rows, flagged_above: rows.filter(up).map((r) => r.subset) };
    }
    return out;
  }
}

function ratioText(x: number): string {
  return Number.isFinite(x) ? `${Math.pow(2, x).toFixed(2)}×` : 'n/a';
}

/** The pairs report as findings (the CLI's text and Markdown, the Check view). */
export function pairFindings(r: PairsReport): Finding[] {
  const s = r.chosen_longer;
  const words = { above: 'more often than chance', below: 'less often than chance', consistent: 'consistent with chance' } as const;
  const q = r.length_ratio.quantiles;
  const out: Finding[] = [
    {
      key: 'pairs.chosen_longer',
      title: 'The chosen answer is the longer one',
      status: s.n === 0 ? 'info' : s.against === 'above' ? 'flag' : 'ok',
      verdict:
        s.n === 0
          ? `${r.n_pairs.toLocaleString('en')} pairs, none with answers of different lengths`
          : `in ${pct(s.share)} of ${s.n.toLocaleString('en')} pairs with answers of different lengths (95% interval ${pct(s.interval[0])}–${pct(s.interval[1])}), against 50.0% by chance: ${words[s.against]}; ${r.n_tied.toLocaleString('en')} of ${r.n_pairs.toLocaleString('en')} pairs are tied`,
      ...(s.n ? { interval: s.interval, share: s.share, chance: 0.5 } : {}),
    },
    {
      key: 'pairs.baseline_longer',
      title: 'Length-only baseline: pick the longer answer',
      status: 'info',
      verdict: `picking the longer answer (a coin flip on a tie) agrees with the preference in ${pct(r.baseline_longer)} of ${r.n_pairs.toLocaleString('en')} pairs, against 50.0% by chance`,
    },
    {
      key: 'pairs.length_ratio',
      title: 'Chosen / rejected length',
      status: 'info',
      verdict: r.length_ratio.n
        ? `the chosen answer is ${ratioText(q.median)} as long as the rejected one at the median (middle half ${ratioText(q.p25)} to ${ratioText(q.p75)}; 5% to 95% ${ratioText(q.p05)} to ${ratioText(q.p95)}), over ${r.length_ratio.n.toLocaleString('en')} pairs with two non-empty answers`
        : 'no pair has two non-empty answers',
    },
    {
      key: 'pairs.identical',
      title: 'Identical answers',
      status: r.identical.count ? 'flag' : 'ok',
      verdict: r.identical.count ? `${r.identical.count.toLocaleString('en')} of ${r.identical.n.toLocaleString('en')} pairs have the same chosen and rejected answer` : 'no pair has the same chosen and rejected answer',
      items: r.identical,
    },
  ];
  for (const row of r.subsets?.rows ?? []) {
    const c = row.chosen_longer;
    out.push({
      key: `pairs.subset.${row.subset}`,
      title: `Subset ${row.subset}`,
      status: c.against === 'above' ? 'flag' : c.n === 0 ? 'info' : 'ok',
      verdict: `chosen is longer in ${pct(c.share)} of ${c.n.toLocaleString('en')} untied pairs (Holm-adjusted p ${c.p_adjusted < 1e-4 ? '< 0.0001' : c.p_adjusted.toFixed(4)}): ${words[c.against]}; "pick the longer" scores ${pct(row.baseline_longer)} of ${row.n_pairs.toLocaleString('en')}`,
      ...(c.n ? { interval: c.interval, share: c.share, chance: 0.5 } : {}),
    });
  }
  return out;
}
