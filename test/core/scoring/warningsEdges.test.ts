// Warnings (SPEC §3) on the edges: empty candidates among others, indices kept through the
// filtering, the exact text a user reads, and their order; the context window helpers; Python's
// whitespace set character by character.
import { describe, expect, it } from 'vitest';
import { itemWarnings, type WarningInputs } from '../../../src/core/scoring/warnings';
import { charsForTokens, textTail } from '../../../src/core/scoring/window';
import { codePointLength, isPythonWhitespace, trailingWhitespaceLength, utf8Length } from '../../../src/core/text/unicode';

const base: WarningInputs = { context: 'Q?', moved: '', candidates: [' yes', ' no'], merged: [], tooLong: [], empty: [], nonFinite: [] };
const warn = (inp: Partial<WarningInputs>) => itemWarnings({ ...base, ...inp });
const pairs = (inp: Partial<WarningInputs>) => warn(inp).map((w) => [w.code, w.candidates]);

describe('itemWarnings: which candidates, with empty ones among them', () => {
  it('leading space: empty candidates neither trigger nor count, and indices stay the caller’s', () => {
    expect(pairs({ candidates: ['', ' ab', ' cd'], empty: [0] })).toEqual([['empty_candidate', [0]]]);
    expect(pairs({ candidates: [' a', '', 'b'], empty: [1] })).toEqual([
      ['inconsistent_leading_space', [0]],
      ['empty_candidate', [1]],
    ]);
    // Python whitespace, not only ' ': an ideographic space and a tab lead too.
    expect(pairs({ candidates: ['\u3000a', 'b'] })).toEqual([['inconsistent_leading_space', [0]]]);
    expect(pairs({ candidates: ['\tab', '\u0085cd'] })).toEqual([]);
    expect(pairs({ candidates: ['ab', 'cd'] })).toEqual([]);
  });

  it('trailing whitespace and punctuation name the right candidates', () => {
    expect(pairs({ candidates: ['', 'a ', 'b'], empty: [0] })).toEqual([
      ['candidate_trailing_whitespace', [1]],
      ['empty_candidate', [0]],
    ]);
    expect(pairs({ candidates: ['a\n', 'b\u3000'] })).toEqual([['candidate_trailing_whitespace', [0, 1]]]);
    expect(pairs({ candidates: ['a😀', 'b'] })).toEqual([]);
    expect(pairs({ candidates: ['', 'a.', 'b'], empty: [0] })).toEqual([
      ['candidate_trailing_punctuation', [1]],
      ['empty_candidate', [0]],
    ]);
    // Every non-empty candidate ends with punctuation: nothing to compare, no warning.
    expect(pairs({ candidates: ['', 'a.', 'b!'], empty: [0] })).toEqual([['empty_candidate', [0]]]);
    expect(pairs({ candidates: ['a。', 'b”', 'c'] })).toEqual([['candidate_trailing_punctuation', [0, 1]]]);
  });

  it('single characters: only when every non-empty candidate has the same characters and bytes', () => {
    const single = (candidates: string[]) => warn({ candidates }).some((w) => w.code === 'single_character_candidates');
    expect(single(['A', 'B'])).toBe(true);
    expect(single(['A', '', 'B'])).toBe(true);
    expect(single(['é', 'ü'])).toBe(true);
    expect(single(['😀', '🙂'])).toBe(true);
    expect(single(['A'])).toBe(false);
    expect(single(['A', ''])).toBe(false);
    expect(single(['AB', 'CD'])).toBe(false);
    expect(single([' A', 'AB'])).toBe(false); // same lengths, but only one is a single character
    expect(single(['A', 'BC'])).toBe(false);
    expect(single(['é', 'a'])).toBe(false); // 1 character each, 2 bytes against 1
    expect(single(['😀', 'ab'])).toBe(false); // 2 UTF-16 units each, 1 character against 2
  });

  it('empty lists raise nothing; non-empty ones name their candidates, copied', () => {
    expect(pairs({ unscored: [], noPmi: [], noChatTemplate: false })).toEqual([]);
    const merged = [2, 0];
    const w = warn({ merged, empty: [1], nonFinite: [0, 2], unscored: [3], noPmi: [4] });
    expect(w.map((x) => [x.code, x.candidates])).toEqual([
      ['boundary_merge', [2, 0]],
      ['empty_candidate', [1]],
      ['unscored_candidate', [3]],
      ['pmi_unavailable', [4]],
      ['non_finite_logprob', [0, 2]],
    ]);
    expect(w[0].candidates).not.toBe(merged);
  });
});

describe('itemWarnings: the text a user reads', () => {
  it('too long: by tokens, by characters, and only the PMI term', () => {
    const msgs = warn({
      tooLong: [
        { index: 0, tokens: 600, limit: 512 },
        { index: 1, tokens: 0, limit: 65536, chars: 70000 },
        { index: 2, tokens: 513, limit: 512, unconditional: true },
        { index: 3, tokens: 513, limit: 512, unconditional: false },
      ],
    }).map((w) => [w.code, w.candidates, w.message]);
    expect(msgs).toEqual([
      ['candidate_too_long', [0], "Candidate 1 is 600 tokens, more than the model's context of 512; it was not scored."],
      ['candidate_too_long', [1], 'Candidate 2 is 70000 characters, more than the limit of 65536; it was not scored.'],
      ['candidate_too_long', [2], "Candidate 3 is 513 tokens after the unconditional context, more than the model's context of 512; its PMI was not computed."],
      ['candidate_too_long', [3], "Candidate 4 is 513 tokens, more than the model's context of 512; it was not scored."],
    ]);
  });

  it('every code, in a fixed order, with its explanation', () => {
    const all = warn({
      moved: '\n ',
      candidates: [' A ', 'B.', ''],
      merged: [0],
      tooLong: [{ index: 1, tokens: 9, limit: 8 }],
      empty: [2],
      nonFinite: [0],
      noChatTemplate: true,
      contextCut: { window: 8, tokensKept: 7, charsCut: 0 },
      unscored: [1],
      noPmi: [0],
    });
    expect(all.map((w) => w.code)).toEqual([
      'context_trailing_whitespace',
      'inconsistent_leading_space',
      'candidate_trailing_whitespace',
      'candidate_trailing_punctuation',
      'boundary_merge',
      'candidate_too_long',
      'empty_candidate',
      'no_chat_template',
      'context_truncated',
      'unscored_candidate',
      'pmi_unavailable',
      'non_finite_logprob',
    ]);
    const msg = Object.fromEntries(all.map((w) => [w.code, w.message]));
    expect(msg.context_trailing_whitespace).toBe(
      'The context ends with whitespace ("\\n "); it was moved to the front of every candidate, as lm-eval-harness does, so it is scored as part of each answer.',
    );
    expect(msg.inconsistent_leading_space).toBe(
      'The candidates listed start with a space and the others do not; the space is part of the scored answer and changes how it is split into tokens, so the candidates differ in formatting as well as content.',
    );
    expect(msg.candidate_trailing_whitespace).toBe(
      'A candidate ends with whitespace; the model is charged for predicting it, which penalises that candidate for formatting, not content.',
    );
    expect(msg.candidate_trailing_punctuation).toBe(
      'Only some candidates end with punctuation; the punctuation token adds cost (or, when it is likely, lowers the per-byte average) for reasons unrelated to the answer.',
    );
    expect(msg.boundary_merge).toBe(
      "The context's last token merges with the start of a candidate; its tokens are not a continuation of the context's tokens, so the score depends on the boundary policy.",
    );
    expect(msg.empty_candidate).toBe('An empty candidate has no tokens to score; it is left out of every comparison.');
    expect(msg.no_chat_template).toBe('The model has no chat template, so the context was scored raw, not as a user turn.');
    // No characters were cut before tokenising: the second sentence is left out.
    expect(msg.context_truncated).toBe(
      "The context is longer than the model's window of 8 tokens: only its last 7 tokens were used (cut from the left, as lm-eval-harness does), so the start of the context does not affect any score.",
    );
    expect(msg.unscored_candidate).toBe(
      "A candidate has no token to score after the split (its text is covered by the context's tokens); it is left out of every comparison.",
    );
    expect(msg.pmi_unavailable).toBe(
      'A candidate has no token to score after the unconditional context, so its PMI is undefined; it cannot win under PMI.',
    );
    expect(msg.non_finite_logprob).toBe(
      'The model returned a non-finite log-probability (NaN or infinity) for a candidate; its scores cannot be compared and the numeric output of this model may be broken.',
    );
    for (const w of all.filter((x) => ['context_trailing_whitespace', 'single_character_candidates', 'no_chat_template', 'context_truncated'].includes(x.code)))
      expect(w.candidates).toEqual([]);
  });

  it('letter keys', () => {
    const [w] = warn({ candidates: ['A', 'B'] });
    expect(w).toEqual({
      code: 'single_character_candidates',
      message: 'Every candidate is a single character (letter keys); per-char and per-byte normalisation divide by the same number, so they cannot change the winner.',
      candidates: [],
    });
  });

  it('a context cut by a single character still says so', () => {
    const [w] = warn({ contextCut: { window: 4, tokensKept: 4, charsCut: 1 } });
    expect(w.message.endsWith(' The first 1 characters were not tokenised, as they cannot reach the model.')).toBe(true);
  });
});

describe('context window helpers', () => {
  it('charsForTokens: two characters per piece character per token, plus a margin of 1024', () => {
    expect(charsForTokens(512, 10)).toBe(512 * 10 * 2 + 1024);
    expect(charsForTokens(512, 1)).toBe(2048);
    expect(charsForTokens(512, 0)).toBe(2048); // a piece is at least one character long
    expect(charsForTokens(0, 16)).toBe(1024);
  });

  it('textTail keeps the last characters and counts the cut', () => {
    expect(textTail('abcdef', 6)).toEqual({ text: 'abcdef', charsCut: 0 });
    expect(textTail('abcdef', 7)).toEqual({ text: 'abcdef', charsCut: 0 });
    expect(textTail('abcdef', 5)).toEqual({ text: 'bcdef', charsCut: 1 });
    expect(textTail('abcdef', 0)).toEqual({ text: '', charsCut: 6 });
    // A text that fits is returned whole, even one that starts with a stray low surrogate.
    expect(textTail('\udc00ab', 3)).toEqual({ text: '\udc00ab', charsCut: 0 });
  });

  it('textTail never starts with the second half of a surrogate pair', () => {
    // 'a😀b' is a, U+D83D, U+DE00, b.
    expect(textTail('a😀b', 2)).toEqual({ text: 'b', charsCut: 3 });
    expect(textTail('a😀b', 3)).toEqual({ text: '😀b', charsCut: 1 });
    // The edges of the low-surrogate range: U+10000 is D800 DC00, U+10FFFF is DBFF DFFF.
    expect(textTail('x\ud800\udc00y', 2)).toEqual({ text: 'y', charsCut: 3 });
    expect(textTail('x\udbff\udfffy', 2)).toEqual({ text: 'y', charsCut: 3 });
    expect(textTail('xx\udbff\udfff', 2)).toEqual({ text: '\udbff\udfff', charsCut: 2 });
    expect(textTail('xx\ue000y', 2)).toEqual({ text: '\ue000y', charsCut: 2 });
    expect(textTail('xx\udbffy', 2)).toEqual({ text: '\udbffy', charsCut: 2 });
  });
});

describe('Python whitespace and lengths', () => {
  // str.isspace() in CPython 3.12: bidirectional class WS, B or S, or category Zs.
  const PY_SPACE = [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2005, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000];
  const NOT_SPACE = [0x00, 0x08, 0x0e, 0x1b, 0x21, 0x7f, 0x84, 0x86, 0x180e, 0x200b, 0x2027, 0x202a, 0x2060, 0xfeff, 0x61];

  it('isPythonWhitespace matches str.isspace', () => {
    for (const c of PY_SPACE) expect(isPythonWhitespace(String.fromCodePoint(c)), c.toString(16)).toBe(true);
    for (const c of NOT_SPACE) expect(isPythonWhitespace(String.fromCodePoint(c)), c.toString(16)).toBe(false);
    expect(isPythonWhitespace('')).toBe(false);
  });

  it('trailingWhitespaceLength is len(s) - len(s.rstrip())', () => {
    expect(trailingWhitespaceLength('')).toBe(0);
    expect(trailingWhitespaceLength('abc')).toBe(0);
    expect(trailingWhitespaceLength('a b')).toBe(0);
    expect(trailingWhitespaceLength('   ')).toBe(3);
    expect(trailingWhitespaceLength('a \u2028\r\n\x0b')).toBe(5);
    expect(trailingWhitespaceLength('a \u200b ')).toBe(1);
  });

  it('code points and bytes', () => {
    expect(codePointLength('')).toBe(0);
    expect(codePointLength('a')).toBe(1);
    expect(codePointLength('a😀é')).toBe(3);
    expect(codePointLength('\ud800')).toBe(1); // a lone surrogate is one code point to Python
    expect(utf8Length('')).toBe(0);
    expect(utf8Length('a😀é')).toBe(1 + 4 + 2);
  });
});
