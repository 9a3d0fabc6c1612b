import { describe, expect, it } from 'vitest';
import { checkParams, DEFAULT_PARAMS } from '../../../src/core/judge/simulate';

// Every parameter check of the simulation at its boundary, with its message.
describe('simulation parameters', () => {
  const check = (p: Partial<typeof DEFAULT_PARAMS>) => checkParams({ ...DEFAULT_PARAMS, ...p });

  it('accepts the boundary values', () => {
    for (const p of [{}, { seed: 0 }, { seed: Number.MAX_SAFE_INTEGER }, { rho: -1 }, { rho: 1 }, { n: 2 }, { n: 1_000_000 }, { s: 0 }])
      expect(check(p), JSON.stringify(p)).toBeNull();
  });

  it('names each non-finite parameter', () => {
    for (const key of ['b', 'lambda', 'm', 's', 'rho', 'n', 'seed'] as const) {
      expect(check({ [key]: NaN })).toBe(`${key} must be a finite number`);
      expect(check({ [key]: Infinity })).toBe(`${key} must be a finite number`);
    }
  });

  it('refuses each value just outside its range, by name', () => {
    const seed = `seed must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`;
    expect(check({ seed: -1 })).toBe(seed);
    expect(check({ seed: 1.5 })).toBe(seed);
    expect(check({ seed: Number.MAX_SAFE_INTEGER + 2 })).toBe(seed);
    expect(check({ s: -0.01 })).toBe('s (the spread of the length ratio) must be ≥ 0');
    expect(check({ rho: -1.01 })).toBe('rho must lie in [−1, 1]');
    expect(check({ rho: 1.01 })).toBe('rho must lie in [−1, 1]');
    expect(check({ n: 1 })).toBe('n must be an integer ≥ 2');
    expect(check({ n: 2.5 })).toBe('n must be an integer ≥ 2');
    expect(check({ n: 1_000_001 })).toBe('n must be at most 1,000,000');
  });
});
