// utf8Length counts UTF-8 bytes without encoding: it must equal what TextEncoder writes for every
// string, lone surrogates included (each becomes U+FFFD, 3 bytes).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Length } from '../../../src/core/text/unicode';

const encoded = (s: string) => new TextEncoder().encode(s).length;

describe('utf8Length', () => {
  it('hand-counted: ASCII 1, é 2, € 3, 😀 4, a lone surrogate 3 (U+FFFD)', () => {
    expect(utf8Length('')).toBe(0);
    expect(utf8Length('a')).toBe(1);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('€')).toBe(3);
    expect(utf8Length('😀')).toBe(4);
    expect(utf8Length('\ud83d')).toBe(3);
    expect(utf8Length('\ude00x')).toBe(4);
    expect(utf8Length('\ud83d\ud83d\ude00')).toBe(7);
  });

  it('property: equals the length TextEncoder writes, for any UTF-16 string (lone surrogates too)', () => {
    const unit = fc.oneof(fc.constantFrom('\ud83d', '\ude00', '\ud800', '\udfff', '\u07ff', '\u0800', '\u007f', '\u0080', '\uffff'), fc.string({ unit: 'binary', maxLength: 3 }));
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }), (parts) => {
        const s = parts.join('');
        expect(utf8Length(s)).toBe(encoded(s));
      }),
      { numRuns: 2000 },
    );
  });
});
