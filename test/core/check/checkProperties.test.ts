// Invariants of the check (fast-check): the normal form is its own normal form and ignores what
// it claims to ignore; shares stay in [0, 1] with the share inside its interval; reordering an
// item's choices (gold moved with them) changes no count that does not depend on order.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AnswerStringsCheck, type CheckItem } from '../../../src/core/check/answerStrings';
import { normalisedChoice } from '../../../src/core/check/strings';
import { parseFailOn } from '../../../src/core/check/failOn';

const choice = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom(' A', 'a.', 'A', 'x\u00a0y', '\u200b', 'é', 'e\u0301', 'Ｐ', 'p', ' '), fc.string({ unit: 'grapheme', maxLength: 4 }));
const item = fc.record({ choices: fc.array(choice, { minLength: 2, maxLength: 5 }), seed: fc.nat(), context: fc.constantFrom('Q:', 'Q: ', '') }).map(({ choices, seed, context }, ): Omit<CheckItem, 'id'> => ({ context, choices, gold: [seed % choices.length], cloze: false }));

function run(items: CheckItem[]) {
  const c = new AnswerStringsCheck();
  items.forEach((it) => c.add(it));
  return c.report();
}

describe('check invariants', () => {
  it('the normal form is idempotent and blind to case, NFKC form and whitespace runs', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 12 }), (s) => {
        const n = normalisedChoice(s);
        expect(normalisedChoice(n)).toBe(n);
        expect(normalisedChoice(`  ${s.toUpperCase()}\t`)).toBe(normalisedChoice(s.toUpperCase()));
        expect(normalisedChoice(s.normalize('NFD'))).toBe(normalisedChoice(s.normalize('NFC')));
      }),
      // ẞ (capital sharp s) folds to ß, which folds to ss: one pass was not idempotent.
      { numRuns: 300, examples: [['ẞ'], ['ẞẞ x']] },
    );
  });

  it('shares lie in [0, 1], inside their interval; order-free counts survive a reordering of the choices', () => {
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 12 }), fc.nat(), (raw, rot) => {
        const items = raw.map((it, i) => ({ ...it, id: String(i) }));
        const rotated = items.map((it) => {
          const k = it.choices.length;
          const r = rot % k;
          const choices = [...it.choices.slice(r), ...it.choices.slice(0, r)];
          return { ...it, choices, gold: it.gold.map((g) => (g - r + k) % k) };
        });
        const a = run(items);
        const b = run(rotated);
        for (const s of [a.length.gold_longest, a.length.gold_shortest, a.length.baselines.longest]) {
          expect(s.share).toBeGreaterThanOrEqual(0);
          expect(s.share).toBeLessThanOrEqual(1);
          expect(s.interval[0]).toBeLessThanOrEqual(s.share + 1e-12);
          expect(s.interval[1]).toBeGreaterThanOrEqual(s.share - 1e-12);
        }
        expect(b.length.gold_longest.successes).toBe(a.length.gold_longest.successes);
        expect(Math.abs(b.length.gold_longest.expected - a.length.gold_longest.expected)).toBeLessThan(1e-12);
        expect(b.length.gold_rank.counts).toEqual(a.length.gold_rank.counts);
        expect(b.duplicates.exact.count + b.duplicates.normalised.count).toBe(a.duplicates.exact.count + a.duplicates.normalised.count);
        for (const p of ['leading_whitespace', 'trailing_whitespace', 'trailing_punctuation', 'initial_capital'] as const) {
          expect(b.format_tells[p].count).toBe(a.format_tells[p].count);
          expect(Math.abs(b.format_tells[p].odd_one_out.accuracy - a.format_tells[p].odd_one_out.accuracy) || 0).toBeLessThan(1e-12);
        }
        expect(b.letter_keys.count).toBe(a.letter_keys.count);
        expect(b.invisible.count).toBe(a.invisible.count);
      }),
      { numRuns: 200 },
    );
  });

  it('--fail-on: any list of known names parses; an unknown name or a share outside 0..1 is refused', () => {
    const names = ['gold_longest', 'duplicates', 'invisible', 'letter_keys', 'choices_only'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 4 }), fc.double({ min: 0, max: 1, noNaN: true }), (list, x) => {
        const t = x.toFixed(3);
        const rules = parseFailOn(list.map((n, i) => (i === 0 ? `${n}>${t}` : n)).join(','));
        expect(rules.map((r) => r.check)).toEqual(list);
        expect(rules[0].threshold).toEqual({ op: '>', value: Number(t) });
      }),
    );
    expect(() => parseFailOn('gold_longer')).toThrow(/unknown check "gold_longer"/);
    expect(() => parseFailOn('gold_longest>1.5')).toThrow(/must be a share from 0 to 1, got "1.5"/);
    expect(() => parseFailOn('gold_longest,')).toThrow(/empty check name/);
    expect(parseFailOn('gold_longest>=0.35')).toEqual([{ check: 'gold_longest', threshold: { op: '>=', value: 0.35 } }]);
  });
});
