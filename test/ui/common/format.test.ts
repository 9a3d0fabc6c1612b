import { describe, expect, it } from 'vitest';
import { MISSING, pct } from '../../../src/ui/common/format';
import { pct as taskPct, fmt } from '../../../src/ui/task/format';
import { pct as judgePct, fixed } from '../../../src/ui/judge/format';

describe('shared number formatting', () => {
  it('formats shares as percentages and shows missing values as one dash in every room', () => {
    expect(pct(0.46375)).toBe('46.4%');
    expect(pct(0.5, 2)).toBe('50.00%');
    // A negative share (a chance-normalised accuracy below guessing) is signed with a true minus.
    expect(pct(-0.1111)).toBe('−11.1%');
    expect(pct(-0.5, 0)).toBe('−50%');
    for (const bad of [NaN, Infinity, undefined, null]) expect(pct(bad)).toBe(MISSING);
    expect(taskPct).toBe(pct);
    expect(judgePct).toBe(pct);
    expect(fmt(NaN)).toBe(MISSING);
    expect(fixed(NaN)).toBe(MISSING);
    expect(fixed(0.41349)).toBe('0.413');
  });
});
