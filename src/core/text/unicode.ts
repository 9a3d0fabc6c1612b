// Lengths and whitespace exactly as Python (and so lm-eval-harness) counts them.

const encoder = new TextEncoder();

/** UTF-8 bytes of a string: Python `len(s.encode("utf-8"))`. */
export function utf8Length(s: string): number {
  return encoder.encode(s).length;
}

export function utf8Bytes(s: string): Uint8Array {
  return encoder.encode(s);
}

/** Unicode code points: Python `len(s)` (not UTF-16 units). */
export function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Python's `str.isspace` set, which differs from JS `\s` (no U+FEFF; adds U+001C–001F, U+0085). */
const PY_WHITESPACE = /[\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/u;

/** Length (UTF-16 units) of the trailing whitespace run, as Python `len(s) - len(s.rstrip())` finds it. */
export function trailingWhitespaceLength(s: string): number {
  const m = PY_WHITESPACE.exec(s);
  return m ? m[0].length : 0;
}

export function isPythonWhitespace(ch: string): boolean {
  return PY_WHITESPACE.test(ch);
}
