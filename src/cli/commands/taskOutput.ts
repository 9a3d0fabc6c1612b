// Shared by `task` and `harness`: their --space flag, the empty-file check and the human-readable summary.
import { InputError, UsageError } from '../errors';
import type { LeadingSpaceMode } from '../../core/bpb/perByteCost';
import type { LineError } from '../../core/formats/lineError';
import { flattenSlice } from '../../core/metrics/flatten';
import type { SliceMetrics } from '../../core/metrics/types';

export function parseSpace(raw: string | undefined): LeadingSpaceMode {
  if (raw === undefined) return 'eval-framework';
  if (raw !== 'eval-framework' && raw !== 'keep') throw new UsageError(`--space must be eval-framework or keep, got "${raw}"`);
  return raw;
}

/** A file whose every line is bad is an error; otherwise the bad lines are reported alongside. */
export function requireSomeRecords(file: string, n: number, errors: readonly LineError[], unit: string): void {
  if (n > 0) return;
  if (errors.length > 0) {
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more bad ${unit}s)` : '';
    throw new InputError(`${file}: ${unit} ${errors[0].line}: ${errors[0].message}${more}`);
  }
  throw new InputError(`${file}: no items`);
}

function fmt(v: number | undefined): string {
  if (v === undefined) return '';
  if (Number.isNaN(v)) return 'n/a';
  return Number.isInteger(v) ? String(v) : v.toPrecision(6);
}

/** A plain table of every scalar metric, for reading in a terminal. */
export function summaryText(title: string, m: SliceMetrics, errors: readonly LineError[], unit: string): string {
  const rows = flattenSlice(m);
  const width = Math.max(...rows.map((r) => r.metric.length));
  const lines = [title, ''];
  for (const r of rows) lines.push(`  ${r.metric.padEnd(width)}  ${fmt(r.value)}${r.stderr !== undefined ? ` ± ${fmt(r.stderr)}` : ''}`);
  if (m.notes.length > 0) lines.push('', ...m.notes.map((n) => `note: ${n}`));
  if (errors.length > 0) {
    lines.push('', `${errors.length} bad ${unit}(s) skipped:`);
    for (const e of errors.slice(0, 20)) lines.push(`  ${unit} ${e.line}: ${e.message}`);
  }
  lines.push('', 'Use --json for every number (curves, quintiles, per subject) or --csv for a table.');
  return lines.join('\n') + '\n';
}
