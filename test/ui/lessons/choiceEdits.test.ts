// Try it's toggles: examples, and that each one undoes itself.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hasPeriod, hasTrailingSpace, toggleLeadingSpace, togglePeriod, toggleTrailingSpace } from '../../../src/ui/lessons/choiceEdits';

describe('choice-string toggles', () => {
  it('examples: the towel and the letter keys', () => {
    expect(toggleTrailingSpace(' hat.')).toBe(' hat. ');
    expect(toggleTrailingSpace(' hat. ')).toBe(' hat.');
    expect(togglePeriod(' D')).toBe(' D.');
    expect(togglePeriod(' D.')).toBe(' D');
    expect(togglePeriod(' hat. ')).toBe(' hat ');
    expect(toggleLeadingSpace(' A')).toBe('A');
    expect(hasPeriod(' hat. ')).toBe(true);
    expect(hasTrailingSpace(' hat. ')).toBe(true);
    expect(hasTrailingSpace('   ')).toBe(false);
  });

  const text = fc.string({ unit: fc.constantFrom('a', 'Z', '.', ' ', '\n', '狗') });
  /** Text whose final period, if any, follows a letter (after an ellipsis or a space a toggle is not its own inverse). */
  const plainEnd = (t: string) => /[^\s.]\.?$/.test(t.trimEnd());
  it('each toggle flips its own property', () => {
    fc.assert(
      fc.property(text, (t) => {
        if (t.trim() !== '') expect(hasTrailingSpace(toggleTrailingSpace(t))).toBe(!hasTrailingSpace(t));
        // One period is toggled: an ellipsis stays one dot shorter.
        if (plainEnd(t)) expect(hasPeriod(togglePeriod(t))).toBe(!hasPeriod(t));
        if (!t.startsWith('  ')) expect(toggleLeadingSpace(t).startsWith(' ')).toBe(!t.startsWith(' '));
      }),
    );
  });
  it('toggling twice restores the text (leading space, period; trailing space from none or one)', () => {
    fc.assert(
      fc.property(text, (t) => {
        if (!t.startsWith('  ')) expect(toggleLeadingSpace(toggleLeadingSpace(t))).toBe(t);
        // A period goes before trailing whitespace, so it undoes itself where there is text before it.
        if (plainEnd(t)) expect(togglePeriod(togglePeriod(t))).toBe(t);
        const clean = t.trimEnd();
        if (clean !== '') expect(toggleTrailingSpace(toggleTrailingSpace(clean))).toBe(clean);
      }),
    );
  });
});
