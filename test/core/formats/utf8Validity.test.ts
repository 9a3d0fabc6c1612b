// The strict UTF-8 validator (whole files and score --items lines alike) against the well-formed byte sequences of RFC 3629 §4 / Unicode Table 3-7,
// edge by edge, and against the platform's own fatal decoder on random bytes.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeUtf8, firstInvalidUtf8 } from '../../../src/core/formats/utf8';

const VALIDATORS = { firstInvalidUtf8 } as const;

// Each sequence on its own line of the table: the first and last of every row of Table 3-7.
const VALID: number[][] = [
  [0x00],
  [0x7f],
  [0xc2, 0x80],
  [0xdf, 0xbf],
  [0xe0, 0xa0, 0x80],
  [0xe0, 0xbf, 0xbf],
  [0xe1, 0x80, 0x80],
  [0xec, 0xbf, 0xbf],
  [0xed, 0x80, 0x80],
  [0xed, 0x9f, 0xbf],
  [0xee, 0x80, 0x80],
  [0xef, 0xbf, 0xbf],
  [0xf0, 0x90, 0x80, 0x80],
  [0xf0, 0xbf, 0xbf, 0xbf],
  [0xf1, 0x80, 0x80, 0x80],
  [0xf3, 0xbf, 0xbf, 0xbf],
  [0xf4, 0x80, 0x80, 0x80],
  [0xf4, 0x8f, 0xbf, 0xbf],
];

// Ill-formed at their first byte: just outside each row's ranges, truncated, or a stray continuation.
const INVALID: number[][] = [
  [0x80],
  [0xbf],
  [0xc0, 0x80],
  [0xc1, 0xbf],
  [0xc2, 0x7f],
  [0xc2, 0xc0],
  [0xc2],
  [0xdf],
  [0xe0, 0x9f, 0xbf],
  [0xe0, 0xa0],
  [0xe0, 0xa0, 0x7f],
  [0xe0, 0xa0, 0xc0],
  [0xe1, 0x7f, 0x80],
  [0xe1, 0xc0, 0x80],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xef, 0xbf],
  [0xf0, 0x8f, 0xbf, 0xbf],
  [0xf0, 0x90, 0x80],
  [0xf0, 0x90, 0x80, 0x7f],
  [0xf0, 0x90, 0x80, 0xc0],
  [0xf0, 0x90, 0x7f, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf5, 0x80, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xff],
  [0xfe],
];

const hex = (b: number[]) => b.map((x) => x.toString(16).padStart(2, '0')).join(' ');

for (const [name, first] of Object.entries(VALIDATORS)) {
  describe(name, () => {
    it('accepts the first and last sequence of every row of Table 3-7, alone and after ASCII', () => {
      for (const seq of VALID) {
        expect(first(Uint8Array.from(seq)), hex(seq)).toBe(-1);
        expect(first(Uint8Array.from([0x61, ...seq, 0x62])), hex(seq)).toBe(-1);
      }
      expect(first(new Uint8Array(0))).toBe(-1);
      expect(first(Uint8Array.from(VALID.flat()))).toBe(-1);
    });

    it('points at the first byte of an ill-formed sequence', () => {
      for (const seq of INVALID) {
        expect(first(Uint8Array.from(seq)), hex(seq)).toBe(0);
        // After "ab" and a valid 4-byte character (index 2..5) it starts at index 6.
        expect(first(Uint8Array.from([0x61, 0x62, 0xf0, 0x9f, 0x98, 0x80, ...seq])), hex(seq)).toBe(6);
      }
    });

    it('agrees with the platform’s fatal UTF-8 decoder on random bytes', () => {
      const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
      const valid = (b: Uint8Array) => {
        try {
          strict.decode(b);
          return true;
        } catch {
          return false;
        }
      };
      // Bytes drawn mostly from the lead and continuation ranges, where the edges are.
      const byte = fc.oneof(fc.integer({ min: 0x80, max: 0xbf }), fc.integer({ min: 0xc0, max: 0xff }), fc.integer({ min: 0, max: 0x7f }));
      fc.assert(
        fc.property(fc.array(byte, { maxLength: 12 }), (arr) => {
          const b = Uint8Array.from(arr);
          const at = first(b);
          expect(at === -1).toBe(valid(b));
          // Everything before the reported index is valid; the index itself starts no valid sequence.
          if (at >= 0) {
            expect(valid(b.subarray(0, at))).toBe(true);
            for (const n of [1, 2, 3, 4]) if (at + n <= b.length) expect(valid(b.subarray(at, at + n))).toBe(false);
          }
        }),
        { seed: 20261130, numRuns: 400 },
      );
    });
  });
}

describe('decodeUtf8', () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  const cat = (...parts: (Uint8Array | number[])[]) => Uint8Array.from(parts.flatMap((p) => [...p]));

  it('drops only a whole leading BOM (EF BB BF), never a character that starts like one', () => {
    expect(decodeUtf8(Uint8Array.of(0xef, 0xbb, 0xbf))).toBe('');
    expect(decodeUtf8(Uint8Array.of(0xef, 0xbb, 0xbe))).toBe('\ufefe');
    expect(decodeUtf8(Uint8Array.of(0xef, 0xba, 0xbf))).toBe('\ufebf');
    expect(decodeUtf8(Uint8Array.of(0xee, 0xbb, 0xbf))).toBe('\ueeff');
    expect(decodeUtf8(cat([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf], enc('x')))).toBe('\ufeffx');
    expect(decodeUtf8(new Uint8Array(0))).toBe('');
  });

  it('numbers the line by LF and the byte from the start of that line', () => {
    expect(() => decodeUtf8(cat([0xff]))).toThrow('line 1, byte 1: not valid UTF-8 (0xFF); save the file as UTF-8');
    expect(() => decodeUtf8(cat(enc('ab'), [0xc0, 0x80]))).toThrow('line 1, byte 3: not valid UTF-8 (0xC0)');
    expect(() => decodeUtf8(cat(enc('a\n\nxyz'), [0xe9]))).toThrow('line 3, byte 4: not valid UTF-8 (0xE9)');
    // A CR alone ends no line; bytes of multi-byte characters count as bytes.
    expect(() => decodeUtf8(cat(enc('a\ré\n日'), [0x80]))).toThrow('line 2, byte 4: not valid UTF-8 (0x80)');
  });
});
