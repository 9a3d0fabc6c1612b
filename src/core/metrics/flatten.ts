// Task metrics as flat (metric, value, stderr) rows: the CSV export and the run comparison use it.
import { ACCURACY_RULES, type SliceMetrics } from './types';

export interface MetricRow {
  metric: string;
  value: number;
  stderr?: number;
}

/** Every scalar of one slice, in a stable order. Curves (R, coverage) are left to rateCurveRows. */
export function flattenSlice(m: SliceMetrics): MetricRow[] {
  const rows: MetricRow[] = [{ metric: 'n_items', value: m.n_items }];
  const a = m.accuracies;
  rows.push({ metric: 'n_items_multiple_choice', value: a.n_items });
  for (const rule of ACCURACY_RULES) {
    const r = a.rules[rule];
    if (r) rows.push({ metric: rule, value: r.value, stderr: r.stderr });
  }
  for (const rule of ACCURACY_RULES) {
    const c = a.chance_normalised[rule];
    if (c) rows.push({ metric: `chance_normalised_${rule}`, value: c.value });
  }
  if (a.n_items > 0) {
    rows.push({ metric: 'acc_acc_norm_disagreement', value: a.acc_acc_norm_disagreement });
    rows.push({ metric: 'acc_picks_shortest', value: a.acc_picks_shortest });
  }
  if (a.brier_score !== undefined) rows.push({ metric: 'brier_score', value: a.brier_score });
  if (a.greedy) rows.push({ metric: 'gold_is_greedy', value: a.greedy.value, stderr: a.greedy.stderr });
  const scalar = (metric: string, value: number) => rows.push({ metric, value });
  scalar('n_items_answer', m.n_items_answer);
  scalar('corpus_bpb', m.corpus_bpb);
  scalar('mean_of_ratios_bpb', m.mean_of_ratios_bpb);
  scalar('space_stripped_corpus_bpb', m.space_stripped_corpus_bpb);
  scalar('bits_per_answer', m.bits_per_answer);
  scalar('mean_bytes', m.mean_bytes);
  scalar('alpha', m.alpha);
  scalar('beta', m.beta);
  scalar('r2', m.r2);
  scalar('corpus_bpb_from_fit', m.corpus_bpb_from_fit);
  if (m.n_items_prior > 0) {
    scalar('n_items_prior', m.n_items_prior);
    scalar('K', m.K);
    scalar('mu', m.mu);
    scalar('prior_bpb', m.prior_bpb);
    scalar('prior_bpb_eval_framework', m.prior_bpb_by_space['eval-framework']);
    scalar('prior_bpb_keep', m.prior_bpb_by_space.keep);
    scalar('prior_mass_within_K', m.prior_mass_within_K);
    scalar('self_prior_bpb', m.self_prior_bpb);
    scalar('content_corpus_bpb', m.content_corpus_bpb);
    for (const [k, v] of Object.entries(m.prefix_bpb)) scalar(`prefix_bpb_${k}`, v);
  }
  m.quintiles.bins.forEach((b, i) => {
    scalar(`q${i + 1}_n`, b.n);
    scalar(`q${i + 1}_mean_bytes`, b.mean_bytes);
    scalar(`q${i + 1}_corpus_bpb`, b.corpus_bpb);
    for (const rule of ACCURACY_RULES) if (b.accuracy[rule] !== undefined) scalar(`q${i + 1}_${rule}`, b.accuracy[rule]!);
  });
  if (m.quintiles.bins.length > 0) scalar('quintile_top_bottom_bpb_ratio', m.quintiles.top_bottom_ratio);
  for (const [name, rho] of Object.entries(m.spearman)) scalar(`spearman_${name}_vs_length`, rho);
  return rows;
}
