import { describe, expect, it } from 'vitest';
import { formatJudgeHash, parseJudgeHash } from '../../../src/ui/judge/judgeHash';
import { DEFAULT_PARAMS } from '../../../src/core/judge/simulate';

describe('Judge lab hash', () => {
  it('round-trips the view and the changed sliders only', () => {
    const params = { ...DEFAULT_PARAMS, b: 0.8, rho: 0.3, seed: 7 };
    const hash = formatJudgeHash('sweeps', params);
    expect(hash).toBe('#/judge/sweeps?b=0.8&rho=0.3&seed=7');
    expect(parseJudgeHash(hash)).toEqual({ tab: 'sweeps', params });
    expect(formatJudgeHash('simulation', DEFAULT_PARAMS)).toBe('#/judge');
    expect(parseJudgeHash('#/judge')).toEqual({ tab: 'simulation', params: DEFAULT_PARAMS });
  });

  it('ignores unknown views, unknown keys and out-of-range or non-numeric values', () => {
    const r = parseJudgeHash('#/judge/nope?b=5&lambda=abc&m=&rho=-0.5&n=150.5&seed=3&__proto__=1&constructor=2');
    expect(r.tab).toBe('simulation');
    expect(r.params).toEqual({ ...DEFAULT_PARAMS, rho: -0.5, seed: 3 });
  });

  it('ignores an oversized hash', () => {
    expect(parseJudgeHash('#/judge/audit?b=1&x=' + 'y'.repeat(600)).params).toEqual(DEFAULT_PARAMS);
  });
});
