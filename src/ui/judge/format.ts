// Number formatting and chart styling for the Judge lab.
import { MISSING } from '../common/format';

export { pct } from '../common/format';
/** A number to `digits` places, negative with a true minus sign (−, not the hyphen-minus). */
export const fixed = (v: number, digits = 3): string => (Number.isFinite(v) ? v.toFixed(digits).replace(/^-/, '−') : MISSING);

/** Series colours (Okabe–Ito), legible on the light and the dark background. */
export const SERIES = {
  target: { label: 'Target (bias-free)', color: '#8a8f98' },
  fixedOrder: { label: 'Fixed order (A first)', color: '#d55e00' },
  aSecond: { label: 'A second', color: '#cc79a7' },
  swap: { label: 'Swap-averaged', color: '#0072b2' },
  lc: { label: 'Length-controlled', color: '#009e73' },
  unbiased: { label: 'Bias-free judge', color: '#8a8f98' },
} as const;

export const TOOLTIP_STYLE = { background: 'var(--bg)', border: '1px solid var(--border)', color: 'var(--fg)' };
