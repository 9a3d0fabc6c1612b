// Field paths (--context/--choices/--gold/--id/--subset): a path printed and parsed again is the
// same path; a path built by walking into a random record reaches the value walked to; [*] fans
// out over every element of a list; a mapping reads what the paths reach.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatPath, getPath, parsePath, type PathStep } from '../../../src/core/formats/fieldPath';
import { readMapped } from '../../../src/core/formats/schemas';

const key = fc.string({ minLength: 1, maxLength: 6 }).filter((k) => !/[.[\]]/.test(k) && k !== '__proto__');
const step: fc.Arbitrary<PathStep> = fc.oneof(key.map((k) => ({ key: k })), fc.nat(5).map((i) => ({ index: i })), fc.constant({ all: true as const }));

/** A random walk into a JSON value: the steps taken and the value reached. */
function walk(value: unknown, choices: number[]): { steps: PathStep[]; at: unknown } {
  const steps: PathStep[] = [];
  let at = value;
  for (const c of choices) {
    if (Array.isArray(at) && at.length) {
      const i = c % at.length;
      steps.push({ index: i });
      at = at[i];
    } else if (at && typeof at === 'object' && Object.keys(at).length) {
      const ks = Object.keys(at);
      const k = ks[c % ks.length];
      if (k === '' || /[.[\]]/.test(k)) break;
      steps.push({ key: k });
      at = (at as Record<string, unknown>)[k];
    } else break;
  }
  return { steps, at };
}

describe('field paths', () => {
  it('print and parse back to the same steps', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 6 }), (steps) => {
        expect(parsePath(formatPath(steps))).toEqual(steps);
      }),
    );
  });

  it('reach exactly the value a walk into a record arrives at', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.array(fc.nat(), { minLength: 1, maxLength: 5 }), (value, choices) => {
        const { steps, at } = walk(value, choices);
        if (steps.length === 0) return;
        expect(getPath(value, steps)).toEqual([at]);
        expect(getPath(value, parsePath(formatPath(steps)))).toEqual([at]);
      }),
    );
  });

  it('[*] reaches every element of a list of objects, in order, and missing fields reach nothing', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ text: fc.string(), label: fc.string() }), { maxLength: 8 }), fc.string(), (choices, stem) => {
        const rec = { question: { stem, choices } };
        expect(getPath(rec, parsePath('question.choices[*].text'))).toEqual(choices.map((c) => c.text));
        expect(getPath(rec, parsePath('question.choices[*].missing'))).toEqual([]);
        expect(getPath(rec, parsePath('question.nothing[*]'))).toEqual([]);
      }),
    );
  });

  it('a mapping reads context, choices, gold by label, id and subset from the paths', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 2, maxLength: 6 }),
        fc.nat(),
        fc.string(),
        (labels, g, stem) => {
          const choices = labels.map((l, i) => ({ label: l, text: `choice ${i}` }));
          const gold = g % labels.length;
          const rec = { id: 'x', meta: { cat: 'c' }, question: { stem, choices }, answerKey: labels[gold] };
          const item = readMapped(rec, { context: ['question.stem'], choices: ['question.choices[*].text'], gold: 'answerKey', goldLabels: 'question.choices[*].label', id: 'id', subset: 'meta.cat' }, 1);
          expect(item).toEqual({ id: 'x', subject: 'c', context: stem, choices: choices.map((c) => c.text), gold });
        },
      ),
    );
  });

  it('refuses malformed paths with the reason', () => {
    expect(() => parsePath('')).toThrow('a field path is empty');
    expect(() => parsePath('a..b')).toThrow('field path "a..b": an empty name at character 3');
    expect(() => parsePath('a[')).toThrow('"[" at character 2 is never closed');
    expect(() => parsePath('a[x]')).toThrow('"[x]" is neither [*] nor a list index');
    expect(() => parsePath('a]')).toThrow('"]" at character 2 has no "["');
    expect(() => parsePath('a[0]b')).toThrow('a name must follow "."');
    expect(parsePath('Best Answer')).toEqual([{ key: 'Best Answer' }]);
    expect(parsePath('[0]')).toEqual([{ index: 0 }]);
  });
});
