// The Scorer's opened-item bar decides, from the numbers on screen, whether the live model can be
// the one a log was run with.
import { describe, expect, it } from 'vitest';
import { accPick, accPicksSentence, loggedVerdict, SAME_RUN_TOLERANCE } from '../../../src/ui/scorer/OpenedItem';

describe('loggedVerdict', () => {
  it('waits until every live score is in', () => {
    expect(loggedVerdict([-1, -2], [-1, undefined])).toBeNull();
    expect(loggedVerdict([-1, -2], [NaN, -2])).toBeNull();
  });
  it('within the tolerance on every choice: it can be the same run', () => {
    expect(loggedVerdict([-1, -2], [-1 + 0.9 * SAME_RUN_TOLERANCE, -2.0001])).toMatch(/^The live model reproduces every logged score within 0\.01 nats \(largest difference 0\.0090\)/);
  });
  it('past it on any choice: another model or setting, with the largest difference', () => {
    expect(loggedVerdict([-1, -2, -3], [-1, -2.5, -3.25])).toMatch(/^Logged with another model or setting: .* by up to 0\.50 nats/);
  });
  it('a logged score that is not finite is left out of the comparison', () => {
    expect(loggedVerdict([-Infinity, -2], [-5, -2])).toMatch(/^The live model reproduces/);
  });
});

describe('acc picks, logged and live', () => {
  it('is the argmax of the log-likelihoods, the first of ties, and says whether the two agree', () => {
    expect(accPick([-3, -1, -1, -2])).toBe(1);
    expect(accPick([NaN, -5, NaN])).toBe(1);
    expect(accPick([NaN, NaN])).toBe(-1);
    expect(accPicksSentence([-3, -1], [-2.5, -4])).toBe('acc (the raw sum) picks B in the log and A live: another answer.');
    expect(accPicksSentence([-3, -1], [-3.1, -0.9])).toBe('acc (the raw sum) picks B in the log and B live: the same answer.');
    expect(accPicksSentence([-3, -1], [-3.1, undefined])).toBeNull();
  });
});
