import { describe, expect, it } from 'vitest';
import { splitPair } from '../../../src/core/scoring/split';
import { codePointLength, trailingWhitespaceLength, utf8Length } from '../../../src/core/text/unicode';

describe('lm-eval-harness split', () => {
  it('moves every trailing whitespace character of the context to the continuation', () => {
    expect(splitPair('Answer:\n', 'B')).toEqual({ context: 'Answer:', continuation: '\nB', moved: '\n' });
    expect(splitPair('Q: x? \t ', 'yes')).toEqual({ context: 'Q: x?', continuation: ' \t yes', moved: ' \t ' });
    expect(splitPair('no space', ' yes')).toEqual({ context: 'no space', continuation: ' yes', moved: '' });
    expect(splitPair('', 'x')).toEqual({ context: '', continuation: 'x', moved: '' });
  });

  it("uses Python's whitespace set, not JavaScript's", () => {
    // U+001F and U+0085 are whitespace to Python's str.isspace but not to JS \s; U+FEFF is the reverse.
    expect(trailingWhitespaceLength('a\x1f')).toBe(1);
    expect(trailingWhitespaceLength('a\x85')).toBe(1);
    expect(trailingWhitespaceLength('a\ufeff')).toBe(0);
    expect(trailingWhitespaceLength('a\u3000\u00a0')).toBe(2);
  });

  it('counts code points and UTF-8 bytes as Python does', () => {
    expect(codePointLength('😀😀')).toBe(2);
    expect('😀😀'.length).toBe(4);
    expect(utf8Length('😀😀')).toBe(8);
    expect(codePointLength('日本語です')).toBe(5);
    expect(utf8Length('日本語です')).toBe(15);
  });
});
