// Whether two BPB estimators rank the same runs differently (lower BPB is better).
import type { RunComparison } from '../../core/metrics/compare';

/** Run labels ordered best (lowest value) first; runs without a finite value are left out. */
export function rankLowestFirst(labels: readonly string[], values: readonly number[]): string[] {
  return labels
    .map((l, i) => ({ l, v: values[i], i }))
    .filter((x) => Number.isFinite(x.v))
    .sort((a, b) => a.v - b.v || a.i - b.i)
    .map((x) => x.l);
}

export interface Ranking {
  metric: string;
  order: string[];
  /** The order differs from corpus BPB's. */
  flipped: boolean;
}

/** The run order under corpus BPB and under each other estimator, with flips marked. */
export function bpbRankings(c: RunComparison, others: readonly string[] = ['mean_of_ratios_bpb', 'prior_bpb']): Ranking[] {
  const row = (name: string) => c.metrics.find((m) => m.metric === name);
  const corpus = row('corpus_bpb');
  if (!corpus) return [];
  const base = rankLowestFirst(c.labels, corpus.values);
  const out: Ranking[] = [{ metric: 'corpus_bpb', order: base, flipped: false }];
  for (const name of others) {
    const r = row(name);
    if (!r) continue;
    const order = rankLowestFirst(c.labels, r.values);
    out.push({ metric: name, order, flipped: order.join('\u0000') !== base.join('\u0000') });
  }
  return out;
}
