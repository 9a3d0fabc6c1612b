// Lengths and whitespace exactly as Python (and so lm-eval-harness) counts them.

const encoder = new TextEncoder();

/** UTF-8 bytes of a string: Python `len(s.encode("utf-8"))`. */
export function utf8Length(s: string): number {
  // Counted, not encoded (no array per string): what TextEncoder writes, a lone surrogate as U+FFFD (3 bytes).
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00 && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
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
