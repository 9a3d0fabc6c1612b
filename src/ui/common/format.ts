// Number formatting shared by the rooms. A value that is missing or not finite shows as a dash.

export const MISSING = '—';

/** A share as a percentage: 0.4638 → "46.4%", −0.111 → "−11.1%" (a true minus, as every number the rooms show). */
export function pct(x: number | undefined | null, digits = 1): string {
  if (x === undefined || x === null || !Number.isFinite(x)) return MISSING;
  const s = (100 * x).toFixed(digits);
  return `${s.startsWith('-') ? '−' + s.slice(1) : s}%`;
}
