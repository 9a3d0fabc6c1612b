// The string properties the check report compares across an item's choices (SPEC §6.1): the
// normal form used for "normalised" duplicates, the four format properties, invisible characters
// and letter keys. Whitespace here is Unicode White_Space (not JS `\s`, which also matches U+FEFF,
// a format character).

const WHITE_SPACE_RUN = /\p{White_Space}+/gu;
const LEADING_WS = /^\p{White_Space}/u;
const TRAILING_WS = /\p{White_Space}$/u;
const TRAILING_WS_RUN = /\p{White_Space}+$/u;
const TRIM_WS = /^\p{White_Space}+|\p{White_Space}+$/gu;
const FIRST_VISIBLE_UPPER = /^\p{White_Space}*[\p{Lu}\p{Lt}]/u;
/** A format character (Cf) or a space separator (Zs) other than U+0020. */
const INVISIBLE = /[\p{Cf}\p{Zs}]/gu;
const ANY_INVISIBLE = /(?! )[\p{Cf}\p{Zs}]/u;
/** ASCII without control characters but the whitespace ones (tab to carriage return): NFKC leaves it as it is. */
const PLAIN_ASCII = /^[\t-\r\x20-\x7e]*$/;
const ASCII_WHITE_SPACE_RUN = /[\t-\r ]+/g;

/** Trims Unicode White_Space at both ends. */
export function trimWhiteSpace(s: string): string {
  return s.replace(TRIM_WS, '');
}

/**
 * The form two choices share when they are "the same answer": NFKC, every run of Unicode
 * whitespace as one space, trimmed, case-folded (upper then lower: full folding of ß to ss). A
 * last NFKC recomposes what folding decomposed (ΐ), so the form is its own normal form.
 */
export function normalisedChoice(s: string): string {
  // Most choices are plain ASCII, whose normal form is one pass of the steps below without NFKC
  // (a fixed point at once); the general path costs four NFKC passes a string.
  if (PLAIN_ASCII.test(s)) return s.replace(ASCII_WHITE_SPACE_RUN, ' ').replace(/^ | $/g, '').toLowerCase();
  const once = (x: string) =>
    trimWhiteSpace(x.normalize('NFKC').replace(WHITE_SPACE_RUN, ' '))
      .toUpperCase()
      .toLowerCase()
      .normalize('NFKC');
  // One pass can land on a form a second pass changes (capital ẞ folds to ß, which folds to ss):
  // repeat to the fixed point (two passes reach it for every string met; four bound it).
  let out = once(s);
  for (let i = 0; i < 3; i++) {
    const next = once(out);
    if (next === out) break;
    out = next;
  }
  return out;
}

export const FORMAT_PROPERTIES = ['leading_whitespace', 'trailing_whitespace', 'trailing_punctuation', 'initial_capital'] as const;
export type FormatProperty = (typeof FORMAT_PROPERTIES)[number];

/** Whether a choice has each format property. */
export function formatProperty(s: string, p: FormatProperty): boolean {
  switch (p) {
    case 'leading_whitespace':
      return LEADING_WS.test(s);
    case 'trailing_whitespace':
      return TRAILING_WS.test(s);
    case 'trailing_punctuation':
      return /[.!?]$/.test(s.replace(TRAILING_WS_RUN, ''));
    case 'initial_capital':
      return FIRST_VISIBLE_UPPER.test(s);
  }
}

/** What each property is, in a reason line ("the gold alone <phrase>"). */
export const FORMAT_PHRASES: Record<FormatProperty, [has: string, lacks: string]> = {
  leading_whitespace: ['starts with whitespace', 'does not start with whitespace'],
  trailing_whitespace: ['ends in whitespace', 'does not end in whitespace'],
  trailing_punctuation: ['ends in . ! or ?', 'does not end in . ! or ?'],
  initial_capital: ['starts with a capital', 'does not start with a capital'],
};

/** One character (code point) once whitespace is trimmed: a letter key such as "A" or " 3". */
export function isLetterKey(s: string): boolean {
  const t = trimWhiteSpace(s);
  return [...t].length === 1;
}

const NAMES: Record<number, string> = {
  0x00a0: 'NO-BREAK SPACE',
  0x00ad: 'SOFT HYPHEN',
  0x1680: 'OGHAM SPACE MARK',
  0x2002: 'EN SPACE',
  0x2003: 'EM SPACE',
  0x2009: 'THIN SPACE',
  0x200a: 'HAIR SPACE',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202f: 'NARROW NO-BREAK SPACE',
  0x205f: 'MEDIUM MATHEMATICAL SPACE',
  0x2060: 'WORD JOINER',
  0x3000: 'IDEOGRAPHIC SPACE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
};

export interface InvisibleChar {
  /** 0-based code point offset in the string. */
  at: number;
  codePoint: number;
  /** "U+00A0 NO-BREAK SPACE", or "U+2061 (format character)". */
  label: string;
}

export function codePointLabel(cp: number, category: 'Cf' | 'Zs'): string {
  const hex = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  return `${hex} ${NAMES[cp] ?? (category === 'Cf' ? '(format character)' : '(space character)')}`;
}

/** The format characters (Cf) and spaces other than U+0020 (Zs) in a string. */
export function invisibleChars(s: string): InvisibleChar[] {
  const out: InvisibleChar[] = [];
  if (!ANY_INVISIBLE.test(s)) return out; // the usual case, without a regular expression per character
  let at = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp !== 0x20 && ch.match(INVISIBLE)) out.push({ at, codePoint: cp, label: codePointLabel(cp, /\p{Cf}/u.test(ch) ? 'Cf' : 'Zs') });
    at++;
  }
  return out;
}

/** A string as it reads in a reason line: JSON-quoted (so whitespace and escapes show; C1 controls, bidi
 * controls and other invisible characters as \u escapes, so no terminal acts on them), cut at `max` code points. */
export function quoted(s: string, max = 40): string {
  const cps = [...s];
  const cut = cps.length > max ? cps.slice(0, max).join('') + '…' : s;
  return JSON.stringify(cut).replace(/[\u007f-\u00a0\u00ad\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
