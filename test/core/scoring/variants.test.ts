// Answer variants: which sets are made, which one is lm-eval's, and the toggles' properties.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerVariants, createdDuplicates, fragileRules, letterKeys, lmEvalContinuation, toggleLeadingSpace, toggleTrailingPeriod, type ScoredVariant } from '../../../src/core/scoring/variants';

describe('answer variants', () => {
  it('full-text answers: as written, space toggled, period toggled; lm-eval marks the space-led set', () => {
    const v = answerVariants([' hat.', ' big soft towel.', ' zebra']);
    expect(v.map((x) => [x.id, x.candidates, x.lmEval])).toEqual([
      ['as-written', [' hat.', ' big soft towel.', ' zebra'], true],
      ['space', ['hat.', 'big soft towel.', 'zebra'], false],
      ['period', [' hat', ' big soft towel', ' zebra.'], false],
    ]);
  });

  it('letter keys: the four letter forms, deduplicated against the toggles, lm-eval on " A"', () => {
    const v = answerVariants([' A', ' B', ' C', ' D']);
    expect(v.map((x) => [x.id, x.label, x.candidates.join('|'), x.lmEval])).toEqual([
      ['as-written', 'as written; letter keys " A"', ' A| B| C| D', true],
      ['space', 'leading space toggled; letter keys "A"', 'A|B|C|D', false],
      ['period', 'trailing period toggled; letter keys " A."', ' A.| B.| C.| D.', false],
      ['letter-paren', 'letter keys "(A)"', '(A)|(B)|(C)|(D)', false],
    ]);
  });

  it('bare choices: lm-eval scores them with one space in front, a set of its own when no toggle gives it', () => {
    const v = answerVariants(['(A)', '(B)']);
    expect(v.find((x) => x.lmEval)!.candidates).toEqual([' (A)', ' (B)']);
    expect(v.find((x) => x.lmEval)!.id).toBe('space');
    const twoSpaces = answerVariants(['\txo', '\tyo']);
    expect(twoSpaces.at(-1)).toEqual({ id: 'lm-eval', label: 'lm-eval default (target_delimiter " " + choice)', candidates: [' xo', ' yo'], lmEval: true, identical: [] });
  });

  it('letter keys are recognised in every written form, and only when all candidates are one', () => {
    expect(letterKeys([' A', 'B', '(C)', ' D.', 'e)'])).toEqual(['A', 'B', 'C', 'D', 'e']);
    expect(letterKeys([' A', ' Bo'])).toBeNull();
    expect(letterKeys([' A'])).toBeNull();
  });

  it('each toggle undoes itself, except on a run (of leading spaces, of trailing periods), which it shortens by one; lm-eval form is one space then the text', () => {
    expect(toggleTrailingPeriod('Hm..')).toBe('Hm.');
    expect(toggleLeadingSpace('  A')).toBe(' A');
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (s) => {
        if (!s.startsWith('  ')) expect(toggleLeadingSpace(toggleLeadingSpace(s))).toBe(s);
        if (!s.endsWith('..')) expect(toggleTrailingPeriod(toggleTrailingPeriod(s))).toBe(s);
        expect(lmEvalContinuation(s)).toMatch(/^ (\S|$)/u);
        expect(lmEvalContinuation(s).trim()).toBe(s.trim());
      }),
    );
  });

  it('every variant set has the candidates in their order and no two sets are equal', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(' A', 'B', '(C)', ' D.'), fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 5 }), (cands) => {
        const v = answerVariants(cands);
        expect(v[0].candidates).toEqual(cands);
        expect(v.filter((x) => x.lmEval)).toHaveLength(1);
        for (const x of v) expect(x.candidates).toHaveLength(cands.length);
        expect(new Set(v.map((x) => JSON.stringify(x.candidates))).size).toBe(v.length);
      }),
    );
  });

  it('" dog." against "dog.": the space toggle swaps the strings, lm-eval makes them identical', () => {
    const v = answerVariants([' dog.', 'dog.']);
    expect(v.map((x) => [x.id, x.candidates, x.identical])).toEqual([
      ['as-written', [' dog.', 'dog.'], []],
      ['space', ['dog.', ' dog.'], []],
      ['period', [' dog', 'dog'], []],
      ['lm-eval', [' dog.', ' dog.'], [[0, 1]]],
    ]);
    // The raw sum picks " dog." wherever it stands: not fragile. Per byte picks "dog." as written,
    // and " dog" (the other answer, another string) once the periods go: fragile.
    const scored = (k: number, acc: number, per_byte: number): ScoredVariant<'acc' | 'per_byte'> => ({ candidates: v[k].candidates, winners: { acc, per_byte }, identical: v[k].identical });
    const sets = [scored(0, 0, 1), scored(1, 1, 1), scored(2, 0, 0), scored(3, 0, 1)];
    expect(fragileRules(sets, ['acc', 'per_byte'])).toEqual({ fragile: ['per_byte'], stable: ['acc'], leftOut: [3] });
    // The lm-eval set alone would call nothing fragile either way: it is left out.
    expect(fragileRules([scored(0, 0, 0), scored(3, 1, 1)], ['acc', 'per_byte'])).toEqual({ fragile: [], stable: ['acc', 'per_byte'], leftOut: [1] });
  });

  it('created duplicates: groups equal in the set that were not all equal as written', () => {
    expect(createdDuplicates([' a', 'a', ' b', ' b'], [' a', ' a', ' b', ' b'])).toEqual([[0, 1]]);
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', ' a', 'b', ' b', 'a.'), { minLength: 1, maxLength: 5 }), (cands) => {
        for (const x of answerVariants(cands))
          for (const g of x.identical) {
            expect(new Set(g.map((p) => x.candidates[p])).size).toBe(1);
            expect(new Set(g.map((p) => cands[p])).size).toBeGreaterThan(1);
          }
      }),
    );
  });
});
