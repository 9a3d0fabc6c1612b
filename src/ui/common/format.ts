// Number formatting shared by the rooms. A value that is missing or not finite shows as a dash.

export const MISSING = '—';

/** A share as a percentage: 0.4638 → "46.4%". */
export function pct(x: number | undefined | null, digits = 1): string {
  if (x === undefined || x === null || !Number.isFinite(x)) return MISSING;
  return `${(100 * x).toFixed(digits)}%`;
}
