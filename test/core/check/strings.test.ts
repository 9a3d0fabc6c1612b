// The invisible characters of a choice and where they sit: offsets in code points (what a reader
// counts as characters), not UTF-16 units, so a character outside the BMP before one moves it by
// one, not two. Hand-counted examples and a property against the string's own code points.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invisibleChars, normalisedChoice } from '../../../src/core/check/strings';

describe('invisibleChars', () => {
  it('"😀\\u200B": the zero-width space is at code point 1 (UTF-16 unit 2)', () => {
    expect(invisibleChars('😀\u200b')).toEqual([{ at: 1, codePoint: 0x200b, label: 'U+200B ZERO WIDTH SPACE' }]);
  });

  it('two astral characters, then a no-break space and a word joiner: code points 2 and 4', () => {
    expect(invisibleChars('𝒜😀\u00a0x\u2060')).toEqual([
      { at: 2, codePoint: 0x00a0, label: 'U+00A0 NO-BREAK SPACE' },
      { at: 4, codePoint: 0x2060, label: 'U+2060 WORD JOINER' },
    ]);
  });

  it('an unnamed format character and an unnamed space separator are labelled by category; U+0020 and a tab are not invisible', () => {
    expect(invisibleChars(' \t\u2061\u2004')).toEqual([
      { at: 2, codePoint: 0x2061, label: 'U+2061 (format character)' },
      { at: 3, codePoint: 0x2004, label: 'U+2004 (space character)' },
    ]);
  });

  it('property: each offset is the index of that character among the string\'s code points', () => {
    const piece = fc.constantFrom('a', ' ', '😀', '𝒜', 'é', '\u200b', '\u00a0', '\ufeff', '\u3000', '\u200d');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const s = parts.join('');
        const cps = [...s];
        for (const f of invisibleChars(s)) expect(cps[f.at].codePointAt(0)).toBe(f.codePoint);
        expect(invisibleChars(s).map((f) => f.at)).toEqual(cps.flatMap((c, i) => (/[\p{Cf}\p{Zs}]/u.test(c) && c !== ' ' ? [i] : [])));
      }),
    );
  });
});

// The normal form's ASCII shortcut must give what the general recipe gives: NFKC, each Unicode
// whitespace run as one space, trimmed, case-folded, to the fixed point.
describe('normalisedChoice on ASCII', () => {
  const recipe = (s: string): string => {
    const once = (x: string) =>
      x
        .normalize('NFKC')
        .replace(/\p{White_Space}+/gu, ' ')
        .replace(/^\p{White_Space}+|\p{White_Space}+$/gu, '')
        .toUpperCase()
        .toLowerCase()
        .normalize('NFKC');
    let out = once(s);
    for (let next = once(out); next !== out; next = once(out)) out = next;
    return out;
  };

  it('examples: runs of tabs, newlines and spaces become one space, the ends are trimmed, case folded', () => {
    expect(normalisedChoice('  The\t\n  CAT \r\v\f')).toBe('the cat');
    expect(normalisedChoice(' ')).toBe('');
    expect(normalisedChoice('A  b')).toBe('a b');
  });

  it('property: equals the general recipe on ASCII strings, and on ASCII with a non-ASCII character mixed in', () => {
    const ascii = fc.constantFrom('a', 'Z', ' ', '  ', '\t', '\n', '\r', '\v', '\f', '.', '1', 'I', 'ss', '\x1c', '\x00', '\x7f');
    const other = fc.constantFrom('ß', 'ẞ', '\u00a0', 'ﬁ', 'İ', '\u3000', '\u0085');
    fc.assert(
      fc.property(fc.array(fc.oneof({ weight: 6, arbitrary: ascii }, { weight: 1, arbitrary: other }), { maxLength: 10 }), (parts) => {
        const s = parts.join('');
        expect(normalisedChoice(s)).toBe(recipe(s));
      }),
      { numRuns: 3000 },
    );
  });
});
