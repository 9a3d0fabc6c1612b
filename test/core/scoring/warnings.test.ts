import { describe, expect, it } from 'vitest';
import { itemWarnings, type WarningInputs } from '../../../src/core/scoring/warnings';

const base: WarningInputs = { context: 'Q?', moved: '', candidates: [' yes', ' no'], merged: [], tooLong: [], empty: [], nonFinite: [] };
const codes = (inp: Partial<WarningInputs>) => itemWarnings({ ...base, ...inp }).map((w) => w.code);

describe('warnings', () => {
  it('says nothing about a clean item', () => {
    expect(codes({})).toEqual([]);
  });
  it('context ending with whitespace', () => {
    expect(codes({ context: 'Q? ', moved: ' ' })).toEqual(['context_trailing_whitespace']);
  });
  it('inconsistent leading space, naming the candidates that have one', () => {
    const w = itemWarnings({ ...base, candidates: [' yes', 'no', ' maybe'] });
    expect(w.map((x) => x.code)).toEqual(['inconsistent_leading_space']);
    expect(w[0].candidates).toEqual([0, 2]);
  });
  it('inconsistent leading space: the side split into more tokens pays, from the token counts', () => {
    const msg = (candidates: string[], tokenCounts: (number | undefined)[]) => itemWarnings({ ...base, candidates, tokenCounts })[0].message;
    const start = 'The candidates listed start with a space and the others do not; the space is part of the scored answer and changes how it is split into tokens';
    // " dog." is 3 tokens ("▁do" takes the space), "dog." 4: the unspaced one pays.
    expect(msg([' dog.', 'dog.'], [3, 4])).toBe(`${start}: here the ones without it take more tokens (4 tokens, against 3 tokens with it), so they pay for the extra tokens.`);
    expect(msg([' cat', 'dog', ' emu'], [2, 1, 3])).toBe(`${start}: here the ones with it take more tokens (2 and 3 tokens, against 1 token without it), so they pay for the extra tokens.`);
    expect(msg([' cat', 'dog', ' emu'], [2, 3, 4])).toBe(`${start}; the token counts (2 and 4 tokens with it, 3 tokens without) do not put either side above the other.`);
    // A candidate not scored: no claim from the counts.
    expect(msg([' cat', 'dog'], [2, undefined])).toBe(`${start}, so the candidates differ in formatting as well as content.`);
  });
  it('trailing whitespace in a candidate', () => {
    expect(codes({ candidates: [' yes ', ' no'] })).toEqual(['candidate_trailing_whitespace']);
  });
  it('trailing punctuation in only some candidates', () => {
    expect(codes({ candidates: [' yes.', ' no'] })).toEqual(['candidate_trailing_punctuation']);
    expect(codes({ candidates: [' yes.', ' no.'] })).toEqual([]);
  });
  it('all candidates one character (letter keys)', () => {
    expect(codes({ candidates: [' A', ' B', ' C'] })).toEqual(['single_character_candidates']);
    // Not a no-op when the lengths differ: per-byte divides ' é' by 3 and ' A' by 2.
    expect(codes({ candidates: [' A', ' é'] })).not.toContain('single_character_candidates');
    expect(codes({ candidates: ['A', ' B'] })).not.toContain('single_character_candidates');
  });
  it('boundary merge, too long, empty and non-finite', () => {
    expect(codes({ merged: [1] })).toEqual(['boundary_merge']);
    expect(codes({ tooLong: [{ index: 0, tokens: 600, limit: 512 }] })).toEqual(['candidate_too_long']);
    expect(itemWarnings({ ...base, tooLong: [{ index: 0, tokens: 600, limit: 512 }] })[0].message).toMatch(/600 tokens.*512/);
    expect(codes({ candidates: ['', ' no'], empty: [0] })).toEqual(['empty_candidate']);
    expect(codes({ nonFinite: [1] })).toEqual(['non_finite_logprob']);
  });
  it('every warning explains why it matters', () => {
    const all = itemWarnings({
      ...base,
      moved: ' ',
      candidates: [' A ', 'B.', ''],
      merged: [0],
      tooLong: [{ index: 1, tokens: 9, limit: 8 }],
      empty: [2],
      nonFinite: [0],
    });
    expect(all.length).toBeGreaterThanOrEqual(7);
    for (const w of all) expect(w.message.length).toBeGreaterThan(40);
  });
});

describe('issue 12: warnings for what was not scored as asked (defects 5, 7, 19)', () => {
  it('a context cut to the window says how many tokens were used and how many characters never reached the tokenizer', () => {
    const [w] = itemWarnings({ ...base, contextCut: { window: 512, tokensKept: 509, charsCut: 4_990_000 } });
    expect(w.code).toBe('context_truncated');
    expect(w.message).toBe(
      "The context is longer than the model's window of 512 tokens: only its last 509 tokens were used (cut from the left, as " +
        'lm-eval-harness does), so the start of the context does not affect any score. The first 4,990,000 characters were not tokenised, as they cannot reach the model.',
    );
  });
  it('a candidate with nothing to score, a missing PMI term, and a chat template the model lacks are each named', () => {
    const w = itemWarnings({ ...base, unscored: [1], noPmi: [0], noChatTemplate: true });
    expect(w.map((x) => [x.code, x.candidates])).toEqual([
      ['no_chat_template', []],
      ['unscored_candidate', [1]],
      ['pmi_unavailable', [0]],
    ]);
  });
});
