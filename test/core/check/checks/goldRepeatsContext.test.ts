// "Only the gold repeats a word of the question": hand-counted items, the --fail-on gate, and
// invariance (fast-check) to the order of the choices and to the case of the words.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AnswerStringsCheck, type CheckItem } from '../../../../src/core/check/answerStrings';
import { contentWords } from '../../../../src/core/check/checks/goldRepeatsContext';
import { evaluateFailOn, parseFailOn } from '../../../../src/core/check/failOn';
import { answerStringFindings } from '../../../../src/core/check/summary';

function report(items: Omit<CheckItem, 'id'>[]) {
  const c = new AnswerStringsCheck();
  items.forEach((it, i) => c.add({ id: String(i), ...it }));
  return c.report();
}

const mc = (context: string, choices: string[], gold: readonly number[]): Omit<CheckItem, 'id'> => ({ context, choices, gold, cloze: false });

// Counted (exactly one choice repeats a content word): 6 items, 4 of them the gold.
const ITEMS = [
  mc('The volcano erupted near the village', ['lava flows', 'volcano ash', 'blue sky'], [1]), // repeats: B (gold) — hit, 1/3
  mc('Which planet is largest?', ['Jupiter planet', 'Mars', 'Venus'], [1]), // repeats: A — miss, 1/3
  mc('Name a fruit', ['apple', 'banana', 'fruit salad'], [0]), // repeats: C — miss, 1/3
  mc('Cats chase mice', ['mice', 'dogs'], [0]), // repeats: A (gold) — hit, 1/2
  mc('STRASSE', ['straße', 'road', 'path'], [0]), // ß folds to ss — hit, 1/3
  mc('ocean waves', ['sand', 'ocean blue', 'rock', 'tree'], [0, 1]), // two gold labels, B repeats — hit, 2/4
  // Not counted:
  mc('that which', ['that thing', 'which one', 'stone'], [0]), // stop words only
  mc('Short word: cat', ['cat', 'dog', 'cow'], [0]), // three letters
  mc('river bank', ['river', 'bank', 'tree'], [0]), // two choices repeat
  mc('a context', ['context one', 'other'], []), // no gold
  { context: 'a context', choices: ['context'], gold: [0], cloze: true }, // cloze
];

describe('gold_repeats_context', () => {
  it('content words: letter runs of four or more, case-folded, stop words out', () => {
    expect([...contentWords('The Volcano, which ERUPTED; çafé 42 cat-fish über')]).toEqual(['volcano', 'erupted', 'çafé', 'fish', 'über']);
    expect([...contentWords('Straße')]).toEqual(['strasse']);
  });

  it('counts the items where exactly one choice repeats, and the gold among them, against g/k', () => {
    const s = report(ITEMS).checks!.gold_repeats_context;
    expect(s).toMatchObject({ successes: 4, n: 6 });
    if (!('expected' in s)) throw new Error('a share');
    expect(s.share).toBeCloseTo(4 / 6, 12);
    // (4 × 1/3 + 1/2 + 2/4) / 6
    expect(Math.abs(s.expected - 7 / 18)).toBeLessThan(1e-12);
    expect(Math.abs(s.interval[0] - 0.299993315138392)).toBeLessThan(1e-9);
    expect(Math.abs(s.interval[1] - 0.9032285888942195)).toBeLessThan(1e-9);
    expect(s.against).toBe('consistent');
    expect(s.verdict).toBe(
      'in 66.7% of the 6 items where exactly one choice repeats a content word of the context, that choice is the gold (95% interval 30.0%–90.3%), against 38.9% by chance: consistent with chance',
    );
    const f = answerStringFindings(report(ITEMS)).find((x) => x.key === 'gold_repeats_context');
    expect(f).toMatchObject({ title: 'Only the gold repeats a word of the question', status: 'ok', share: 4 / 6 });
  });

  it('flags a set where the echo gives the gold away, and --fail-on fails on it', () => {
    const items = Array.from({ length: 30 }, (_, i) => mc(`What does the ${'abcdefghij'[i % 10]}zebra eat?`, ['grass', `${'abcdefghij'[i % 10]}zebra food`, 'rocks', 'water'], [1]));
    const r = report(items);
    expect(r.checks!.gold_repeats_context).toMatchObject({ successes: 30, n: 30, against: 'above' });
    const [result] = evaluateFailOn(parseFailOn('gold_repeats_context'), { strings: r });
    expect(result).toMatchObject({ failed: true, ran: true, value: 1 });
    const [loose] = evaluateFailOn(parseFailOn('gold_repeats_context>1'), { strings: r });
    expect(loose.failed).toBe(false);
  });

  it('with nothing to measure: an info finding, and a gate that fails saying why', () => {
    const r = report([mc('river bank', ['river', 'bank', 'tree'], [0])]);
    const f = answerStringFindings(r).find((x) => x.key === 'gold_repeats_context')!;
    expect(f).toMatchObject({ status: 'info', verdict: 'no item where exactly one choice repeats a content word of the context' });
    const [result] = evaluateFailOn(parseFailOn('gold_repeats_context'), { strings: r });
    expect(result.failed).toBe(true);
    expect(result.why).toBe('no item to measure (no item where exactly one choice repeats a content word of the context): fails (it fails on any finding, or on nothing to measure)');
  });

  // Texts of a few words from a small vocabulary, so that choices often repeat the context, and often more than one.
  const word = fc.array(fc.constantFrom('stone', 'Straße', 'strasse', 'école', 'River', 'σοφία', 'that', 'cat', 'e\u0301cole'), { maxLength: 3 }).map((ws) => ws.join(' '));
  const item = fc.record({ context: word, choices: fc.array(word, { minLength: 2, maxLength: 5 }), seed: fc.nat() }).map(({ context, choices, seed }) => mc(context, choices, [seed % choices.length]));

  it('does not depend on the order of the choices (gold moved with them) nor on the case of the words', () => {
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 12 }), fc.nat(), fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), (items, rot, upper) => {
        const base = report(items).checks!.gold_repeats_context;
        const rotated = items.map((it) => {
          const k = it.choices.length;
          const to = (i: number) => (i + rot) % k;
          const choices = it.choices.map((_, j) => it.choices[(j - (rot % k) + k) % k]);
          return mc(it.context, choices, it.gold.map(to));
        });
        expect(report(rotated).checks!.gold_repeats_context).toEqual(base);
        let w = 0;
        const recase = (s: string) => s.replace(/\S+/gu, (x) => (upper[w++ % upper.length] ? x.toUpperCase() : x.toLowerCase()));
        expect(report(items.map((it) => mc(recase(it.context), it.choices.map(recase), it.gold))).checks!.gold_repeats_context).toEqual(base);
      }),
      { numRuns: 300 },
    );
  });
});
