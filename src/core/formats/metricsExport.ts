// Metrics export: JSON (NaN and ±Infinity written as null) and long-form CSV
// (scope, metric, value, stderr), plus the R(k) curve as CSV.
import { flattenSlice } from '../metrics/flatten';
import type { RunComparison } from '../metrics/compare';
import type { ItemResult } from '../metrics/itemResults';
import { ACCURACY_RULES, type ItemScoreName, type SliceMetrics, type TaskMetrics } from '../metrics/types';
import { SCORE_COLUMNS } from '../scoring/rules';

/** JSON has no NaN/Infinity: null keeps the file parseable everywhere. */
export function finiteOrNull(_key: string, value: unknown): unknown {
  return typeof value === 'number' && !Number.isFinite(value) ? null : value;
}

export function metricsToJson(metrics: unknown): string {
  return JSON.stringify(metrics, finiteOrNull, 2) + '\n';
}

/** RFC 4180 quoting. */
export function csvCell(v: string | number | undefined): string {
  if (v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : Number.isNaN(v) ? 'NaN' : v > 0 ? 'Infinity' : '-Infinity';
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export function csvLine(cells: (string | number | undefined)[]): string {
  return cells.map(csvCell).join(',');
}

/** One row per (scope, metric): scope is "all" or "subject:<name>". */
export function metricsToCsv(metrics: TaskMetrics): string {
  const lines = [csvLine(['scope', 'metric', 'value', 'stderr'])];
  const add = (scope: string, m: SliceMetrics) => {
    for (const r of flattenSlice(m)) lines.push(csvLine([scope, r.metric, r.value, r.stderr]));
  };
  add('all', metrics);
  for (const [subject, m] of Object.entries(metrics.by_subject)) add(`subject:${subject}`, m);
  return lines.join('\n') + '\n';
}

/** k, R(k), number of answers reaching k, coverage(k). */
export function rateCurveToCsv(m: SliceMetrics): string {
  const lines = [csvLine(['k', 'R', 'count', 'coverage'])];
  m.R.forEach((r, i) => lines.push(csvLine([i + 1, r, m.R_counts[i], m.coverage[i]])));
  return lines.join('\n') + '\n';
}

/** The side-by-side comparison as CSV: metric, one column per run, then each run's change from the first. */
export function comparisonToCsv(c: RunComparison): string {
  const scoreNames = SCORE_COLUMNS.map((c) => c.names.item as ItemScoreName);
  const header = ['metric', ...c.labels, ...c.labels.slice(1).map((l) => `delta ${l}`)];
  const lines = [csvLine(header)];
  for (const m of c.metrics) lines.push(csvLine([m.metric, ...m.values, ...m.deltas.slice(1)]));
  return lines.join('\n') + '\n';
}

/** One row per item: gold, each rule's pick and correctness, the gold's bits, bytes and scores (columns from the rule table). */
export function itemResultsToCsv(rows: readonly ItemResult[]): string {
  const scoreNames = SCORE_COLUMNS.map((c) => c.names.item as ItemScoreName);
  const header = [
    'id',
    'subject',
    'n_choices',
    'gold',
    ...ACCURACY_RULES.flatMap((r) => [`pred_${r}`, `correct_${r}`]),
    'gold_bits',
    'gold_bytes',
    'gold_bpb',
    ...scoreNames.map((s) => `gold_${s}`),
  ];
  const lines = [csvLine(header)];
  for (const r of rows) {
    lines.push(
      csvLine([
        r.id,
        r.subject,
        r.n_choices,
        r.gold.join(' '),
        ...ACCURACY_RULES.flatMap((rule) => [r.predictions[rule], r.correct[rule]]),
        r.gold_bits,
        r.gold_bytes,
        r.gold_bpb,
        ...scoreNames.map((s) => r.gold_scores[s]),
      ]),
    );
  }
  return lines.join('\n') + '\n';
}
