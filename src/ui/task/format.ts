// Number formatting for the Task lab: fixed digits for ordinary values, a dash for missing ones.
import { MISSING } from '../common/format';

export { pct } from '../common/format';

/** A number to `digits` places (tiny ones in exponent form), negative with a true minus sign (−, not the hyphen-minus). */
export function fmt(x: number | undefined | null, digits = 4): string {
  if (x === undefined || x === null || !Number.isFinite(x)) return MISSING;
  const s = x !== 0 && Math.abs(x) < 10 ** -digits ? x.toExponential(2) : x.toFixed(digits);
  return s.replace(/^-/, '−').replace(/e-/, 'e−');
}

export function duration(sec: number): string {
  if (!Number.isFinite(sec)) return MISSING;
  if (sec < 60) return `${Math.ceil(sec)} s`;
  const m = Math.floor(sec / 60);
  if (m < 60) return `${m} min ${Math.round(sec - 60 * m)} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** A JSON-ish rendering of a delimiter so that " " and "" are visible. */
export function showString(s: string): string {
  return JSON.stringify(s);
}
