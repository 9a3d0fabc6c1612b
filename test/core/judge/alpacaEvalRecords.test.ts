import { describe, expect, it } from 'vitest';
import { alpacaEvalSwitched, codePointLength, isAlpacaEvalRecord, readAlpacaEvalValues } from '../../../src/core/judge/alpacaEval';

// Instructions whose order AlpacaEval's rule is known for (CPython, seed 0): the model's answer
// shown first for the first, second for the second.
const SWITCHED = 'How did US states get their names?';
const KEPT = 'What is some cool music from the 1920s?';

const record = (fields: Record<string, unknown>) => ({ instruction: KEPT, output_1: 'base', output_2: 'model!', generator_1: 'b', generator_2: 'm', annotator: 'j', dataset: 'd', preference: 2, ...fields });
/** The judge's raw output with its top log-probabilities of the first token. */
const raw = (...top: { token: string; logprob: unknown }[]) => ({ logprobs: { content: [{ top_logprobs: top }] } });

describe('AlpacaEval records one by one', () => {
  it('reads A = output_2, lengths in code points, the category and the one-valued metadata', () => {
    const a = readAlpacaEvalValues([record({ output_2: 'é🙂x', output_1: 'ab', dataset: '  koala ' }), record({ preference: 1 })]);
    expect(a.errors).toEqual([]);
    expect(a.rows[0]).toEqual({ line: 1, promptId: KEPT, aFirst: false, pA: 1, hard: 'A', lenA: 3, lenB: 2, category: 'koala', human: null });
    expect(a.rows[1]).toMatchObject({ line: 2, pA: 0, hard: 'B' });
    expect([a.model, a.baseline, a.annotator]).toEqual(['m', 'b', 'j']);
    const mixed = readAlpacaEvalValues([record({}), record({ generator_2: 'other', generator_1: 'b2', annotator: 'k' })]);
    expect([mixed.model, mixed.baseline, mixed.annotator]).toEqual([null, null, null]);
    expect(readAlpacaEvalValues([record({ dataset: '  ' })]).rows[0].category).toBeNull();
    expect(readAlpacaEvalValues([record({ dataset: 3 })]).rows[0].category).toBeNull();
    expect(readAlpacaEvalValues([record({ instruction: SWITCHED })]).rows[0].aFirst).toBe(true);
    expect(readAlpacaEvalValues([record({ preference: 1.25 })]).rows[0]).toMatchObject({ pA: 0.25, hard: null });
  });

  it('names bad items by number, drops null preferences and reads a legacy 0 as a draw, with notes', () => {
    const a = readAlpacaEvalValues([
      'x',
      record({ preference: null }),
      record({ preference: NaN }),
      record({ preference: undefined }),
      record({ preference: 2.5 }),
      record({ preference: 0.5 }),
      record({ preference: '2' }),
      record({ preference: Infinity }),
      record({ output_1: 5 }),
      record({ output_2: null }),
      record({ preference: 0 }),
      record({ output_1: '' }),
      record({ output_2: '' }),
      record({ preference: { p: 2 } }),
      record({ preference: 'x'.repeat(50) }),
    ]);
    const pref = (got: string) => `preference must be a number from 1 (baseline won) to 2 (model won), or 0 for a draw, got ${got}`;
    expect(a.errors).toEqual([
      { line: 1, message: 'expected an object with instruction, output_1, output_2 and preference' },
      { line: 5, message: pref('"2.5"') },
      { line: 6, message: pref('"0.5"') },
      { line: 7, message: pref('"2"') },
      { line: 8, message: pref('"Infinity"') },
      { line: 9, message: 'output_1 and output_2 must be the two answers as text' },
      { line: 10, message: 'output_1 and output_2 must be the two answers as text' },
      { line: 14, message: pref('"{"p":2}"') },
      { line: 15, message: pref(`"${'x'.repeat(40)}"`) },
    ]);
    expect(a.nullPreferences).toBe(3);
    expect(a.legacyDraws).toBe(1);
    expect(a.emptyAnswers).toBe(2);
    expect(a.rows.map((r) => [r.line, r.pA, r.hard])).toEqual([[11, 0.5, 'tie'], [12, 1, 'A'], [13, 1, 'A']]);
    expect(a.notes.slice(2)).toEqual([
      '3 row(s) with a null preference dropped, as AlpacaEval drops them.',
      '1 legacy preference(s) of 0 read as draws (½), as AlpacaEval does.',
      '2 row(s) with an empty answer kept (length 0), as AlpacaEval counts them.',
    ]);
    expect(a.notes[0]).toMatch(/^AlpacaEval annotations: A = output_2 \(the evaluated model\), B = output_1/);
    expect(a.notes[1]).toBe("The order shown to the judge is not stored; it was rebuilt with AlpacaEval's rule (seed 0): the file keeps no raw judge output to confirm it.");
  });

  it("checks the rebuilt order against the judge's raw log-probabilities of m and M", () => {
    // P(m) = e^−0.1 / (e^−0.1 + e^−2.5): the shown-order preference is 2 − P(m).
    const pm = Math.exp(-0.1) / (Math.exp(-0.1) + Math.exp(-2.5));
    const top = raw({ token: 'm', logprob: -0.1 }, { token: 'x', logprob: -0.5 }, { token: 'M', logprob: -2.5 }, { token: 'm', logprob: -9 });
    const agree = readAlpacaEvalValues([
      record({ preference: 2 - pm, raw_completion: top }), // kept order: as shown
      record({ instruction: SWITCHED, preference: 1 + pm, raw_completion: top }), // switched: 3 − shown
      record({ preference: 1.5, raw_completion: top }), // a draw cannot tell
      record({ preference: 2, raw_completion: raw({ token: 'x', logprob: -1 }) }), // neither m nor M
      record({ preference: 2, raw_completion: raw({ token: 'm', logprob: '-1' }) }), // not a number
      record({ preference: 2, raw_completion: { logprobs: { content: [] } } }),
      record({ preference: 2, raw_completion: { logprobs: {} } }),
      record({ preference: 2, raw_completion: 'text' }),
      record({ preference: 1, raw_completion: raw({ token: 'M', logprob: -0.2 }) }), // only M: P(m) = 0, shown 2 … disagrees
    ]);
    expect(agree.orderCheck).toEqual({ agree: 2, disagree: 1, unverifiable: 6 });
    expect(agree.orderKnown).toBe(false);
    expect(agree.notes[1]).toBe(
      "The order shown to the judge is unknown: AlpacaEval's rule (seed 0) disagrees with the judge's raw output on 1 row(s) (agrees on 2), so the file was made with another seed or order.",
    );
    const onlyM = readAlpacaEvalValues([record({ preference: 2, raw_completion: raw({ token: 'M', logprob: -0.2 }) })]);
    expect(onlyM.orderCheck).toEqual({ agree: 1, disagree: 0, unverifiable: 0 });
    expect(onlyM.notes[1]).toMatch(/confirmed by the judge's raw output on 1 row\.$/);
    const onlyLowerM = readAlpacaEvalValues([record({ preference: 1, raw_completion: raw({ token: 'm', logprob: -3 }) })]);
    expect(onlyLowerM.orderCheck.agree).toBe(1);
    // Off by more than 1e-6 disagrees.
    expect(readAlpacaEvalValues([record({ preference: 2 - pm + 1e-5, raw_completion: top })]).orderCheck.disagree).toBe(1);
    expect(readAlpacaEvalValues([record({ preference: 2 - pm + 1e-7, raw_completion: top })]).orderCheck.agree).toBe(1);
  });

  it('says the order is unknown when an instruction is missing, and names the item instead', () => {
    const a = readAlpacaEvalValues([record({ instruction: undefined }), record({})]);
    expect(a.orderKnown).toBe(false);
    expect(a.rows[0]).toMatchObject({ promptId: 'item 1', aFirst: false });
    expect(a.notes[1]).toBe('The order shown to the judge is unknown: 1 row(s) have no instruction to rebuild it from.');
    expect(readAlpacaEvalValues([]).orderKnown).toBe(false);
  });

  it('recognises a record and counts code points as Python does', () => {
    expect(isAlpacaEvalRecord({ output_1: '', output_2: '', preference: null })).toBe(true);
    expect(isAlpacaEvalRecord({ output_1: '', output_2: '' })).toBe(false);
    expect(isAlpacaEvalRecord({ output_1: '', preference: 1 })).toBe(false);
    expect(isAlpacaEvalRecord({ output_2: '', preference: 1 })).toBe(false);
    expect(isAlpacaEvalRecord(['output_1'])).toBe(false);
    expect(codePointLength('')).toBe(0);
    expect(codePointLength('a🙂b🙂')).toBe(4);
    expect(codePointLength('🙂🙂')).toBe(2);
    // Lone surrogates count one each (Python's len of a str with surrogates).
    expect(codePointLength('\ud83d')).toBe(1);
    expect(codePointLength('\ude42\ud83d')).toBe(2);
    expect(codePointLength('\ud83d\ud83d\ude42')).toBe(2);
    expect(codePointLength('\udbff\udfff\ud800\udc00')).toBe(2);
    expect(codePointLength('\ud7ff\udc00\ue000')).toBe(3);
    expect(alpacaEvalSwitched(KEPT, 0)).toBe(false);
    expect(alpacaEvalSwitched(SWITCHED)).toBe(true);
  });
});
