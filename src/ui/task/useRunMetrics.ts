// Task metrics of one run under the chosen options, recomputed only when its items change.
import { useEffect, useMemo, useRef, useState } from 'react';
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

/**
 * `value`, but changing at most once per `ms` while it keeps changing (the last change always
 * lands): metrics over thousands of items are not recomputed on every batch of new scores.
 */
export function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    const wait = last.current + ms - Date.now();
    if (wait <= 0) {
      last.current = Date.now();
      setShown(value);
      return;
    }
    const t = setTimeout(() => {
      last.current = Date.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(t);
  }, [value, ms]);
  return shown;
}

export function useRunMetrics(task: PersistedTask | undefined, run: RunView | undefined, options: MetricOptions): RunMetricsResult {
  // Small runs update live; large ones about once a second (each update scans every item).
  const version = useThrottled(`${run?.key}@${run?.version}`, (run?.items.size ?? 0) > 2000 ? 1000 : 0);
  const items = useMemo(() => runItems(task, run), [task, run?.key, version]); // eslint-disable-line react-hooks/exhaustive-deps
  const result = useMemo(() => computeRunMetrics(items, options), [items, options.mu, options.space]); // eslint-disable-line react-hooks/exhaustive-deps
  return { items, ...result };
}
