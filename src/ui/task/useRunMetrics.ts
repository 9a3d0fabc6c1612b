// Task metrics of one run under the chosen options, recomputed only when its items change.
import { useMemo } from 'react';
import { taskMetrics } from '../../core/metrics/taskMetrics';
import type { ScoredItem, TaskMetrics } from '../../core/metrics/types';
import { runItems, type MetricOptions, type RunView } from '../../state/taskStore';
import type { PersistedTask } from '../../state/taskTypes';

export interface RunMetricsResult {
  items: ScoredItem[];
  metrics?: TaskMetrics;
  error?: string;
}

export function computeRunMetrics(items: readonly ScoredItem[], options: MetricOptions): Pick<RunMetricsResult, 'metrics' | 'error'> {
  if (items.length === 0) return {};
  try {
    return { metrics: taskMetrics(items, { mu: options.mu, space: options.space }) };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

export function useRunMetrics(task: PersistedTask | undefined, run: RunView | undefined, options: MetricOptions): RunMetricsResult {
  const version = run?.version;
  const items = useMemo(() => runItems(task, run), [task, run?.key, version]); // eslint-disable-line react-hooks/exhaustive-deps
  const result = useMemo(() => computeRunMetrics(items, options), [items, options.mu, options.space]); // eslint-disable-line react-hooks/exhaustive-deps
  return { items, ...result };
}
