// Absurd byte counts in a --bits file are refused by name before any per-byte curve is built, so
// the work is bounded by the file's own size (a one-token file claiming 1e15 bytes used to crash V8).
import { describe, expect, it } from 'vitest';
import { MAX_BYTES_PER_FILE_CHAR, parseBitsFile } from '../../../src/core/formats/bitsFile';
import { byteCosts, MAX_TOKEN_BYTES } from '../../../src/core/bpb/perByteCost';

describe('--bits byte limits', () => {
  it('refuses a token that claims more bytes than any token covers, keeping the good items', () => {
    for (const bytes of [1e15, 1e8, 1e7, MAX_TOKEN_BYTES + 1]) {
      const r = parseBitsFile(JSON.stringify([[[1.5, 3], [2, bytes]], [[1, 2]]]));
      expect(r.errors).toEqual([{ line: 1, message: `token 2: bytes ${bytes} is more than any token covers (the limit is ${MAX_TOKEN_BYTES})` }]);
      expect(r.records).toHaveLength(1);
      expect(r.records[0].choices[0].tokens).toEqual([[1, 2]]);
    }
  });

  it('accepts a token of exactly the limit', () => {
    const r = parseBitsFile(JSON.stringify([[[2, MAX_TOKEN_BYTES]]]));
    expect(r.errors).toEqual([]);
    expect(byteCosts(r.records[0].choices[0].tokens!)).toHaveLength(MAX_TOKEN_BYTES);
  });

  it('names the JSONL line of an absurd token', () => {
    const r = parseBitsFile('[[1, 2]]\n\n{"tokens": [[1, 1e12]], "leading_space": false}\n');
    expect(r.unit).toBe('line');
    expect(r.errors).toEqual([{ line: 3, message: 'token 1: bytes 1000000000000 is more than any token covers (the limit is 4096)' }]);
  });

  it('refuses a file whose tokens together claim more bytes than its size can account for', () => {
    // 40 tokens of 4,000 bytes in a ~500-character file: 160,000 bytes against a budget of 16 per character.
    const text = JSON.stringify([Array.from({ length: 40 }, () => [0.5, 4000])]);
    expect(() => parseBitsFile(text)).toThrow(
      `the items claim 160000 answer bytes in all, more than ${MAX_BYTES_PER_FILE_CHAR} per character of the file (${MAX_BYTES_PER_FILE_CHAR * text.length}): the byte counts cannot be real`,
    );
    // Real-looking tokens (a few bytes each) are far inside the budget.
    const real = JSON.stringify([Array.from({ length: 400 }, (_, i) => [1.25 + (i % 7) / 3, 1 + (i % 5)])]);
    expect(parseBitsFile(real).errors).toEqual([]);
  });

  it('byteCosts itself refuses an absurd token instead of allocating per byte', () => {
    expect(() => byteCosts([[1, 1e9]])).toThrow(RangeError);
  });
});
