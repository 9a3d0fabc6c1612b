// Number and token formatting shared by the Scorer's table, traces and tooltips.
import { pieceText as corePieceText, type TokenizerKind } from '../../core/tokens/pieces';
import type { RuleName } from '../../core/scoring/types';
import type { Units } from '../../state/workspaceSchema';

export const LN2 = Math.LN2;

/** A log-prob (nats) in the chosen unit. */
export const inUnits = (nats: number, units: Units) => (units === 'bits' ? nats / LN2 : nats);

export function fmt(x: number, digits = 3): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return '∞';
  if (x === -Infinity) return '−∞';
  const s = x.toFixed(digits);
  return s.startsWith('-') ? '−' + s.slice(1) : s;
}

/** A, B, …, Z, AA, AB, … */
export function candidateLetter(i: number): string {
  let s = '';
  let n = i;
  do {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return s;
}

/** Whitespace made visible: a space as ·, a newline as ↵, a tab as →. */
export function visible(text: string): string {
  return text.replace(/ /g, '·').replace(/\n/g, '↵').replace(/\t/g, '→');
}

/** A candidate shortened for banners and legends. */
export function snippet(text: string, max = 28): string {
  const t = text.trim().replace(/\s+/g, ' ');
  if (t.length === 0) return '(empty)';
  const chars = Array.from(t);
  return chars.length > max ? chars.slice(0, max - 1).join('') + '…' : t;
}

export const RULE_LABEL: Record<RuleName, string> = {
  acc: 'raw sum',
  acc_norm: 'per-char',
  acc_bytes: 'per-byte',
  per_token: 'per-token',
  pmi: 'PMI',
};

export const RULE_ORDER: RuleName[] = ['acc', 'per_token', 'acc_norm', 'acc_bytes', 'pmi'];

/** A vocabulary piece as readable text (core's exact decoding), with spaces and newlines shown. */
export function pieceText(piece: string, kind: TokenizerKind): string {
  return visible(corePieceText(piece, kind));
}
