// Shapes shared by the Task lab's store, its batch runner and its IndexedDB persistence.
import type { ItemsErrorUnit } from '../core/formats/items';
import type { SchemaInfo } from '../core/formats/published';
import type { LineError } from '../core/formats/lineError';
import type { ScoredItem } from '../core/metrics/types';
import type { TaskSet } from '../core/tasks/types';
import type { Device, Dtype } from '../engine';

/** Where the items came from. `log_samples` carries its own scores and needs no model. */
export type TaskSourceKind = 'sample' | 'items' | 'log_samples';

/** A task as the lab holds it (and as IndexedDB stores it). */
export interface PersistedTask {
  /** Content hash of the items and delimiter: runs of the same items share it. */
  key: string;
  kind: TaskSourceKind;
  fileName?: string;
  set: TaskSet;
  /** Line-numbered problems found while reading the file; the other lines loaded. */
  errors: LineError[];
  /** What the errors' numbers count: lines, or the items of one JSON array (absent: lines). */
  errorUnit?: ItemsErrorUnit;
  /** Non-fatal notes about the file (delimiter mismatches, invalid gold, ...). */
  warnings: string[];
  /** The format and benchmark schema the file was read with, and each field's mapping. */
  schema?: SchemaInfo;
  /** For log_samples: the scores logged by lm-eval-harness, one per document. */
  logged?: ScoredItem[];
  savedAt: number;
}

/** One scoring run: a task under one model and dtype. */
export interface PersistedRun {
  /** taskKey + model + dtype: a re-run with the same model and dtype continues this run. */
  key: string;
  taskKey: string;
  model: string;
  dtype: Dtype | 'logged';
  /** The device that scored the latest items. */
  device?: Device;
  label: string;
  updatedAt: number;
}

export type BatchStatus = 'idle' | 'loading' | 'running' | 'paused' | 'done' | 'cancelled' | 'error';

export interface BatchProgress {
  status: BatchStatus;
  runKey?: string;
  /** Items scored in this run so far (including those found already scored). */
  done: number;
  total: number;
  /** Items that were already scored with this model and dtype and were skipped. */
  skipped: number;
  itemsPerSec: number;
  /** Seconds left at the current rate (NaN until a rate is known). */
  etaSec: number;
  message?: string;
  /** Items the engine could not score, with the reason; the batch goes on without them. */
  failures: { id: string; message: string }[];
}

/** The run key: one per (task, model, dtype). */
export function runKeyOf(taskKey: string, model: string, dtype: string): string {
  return `${taskKey}::${model}::${dtype}`;
}
