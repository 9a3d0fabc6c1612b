import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/judge/rng';

describe('seeded rng', () => {
  it('repeats a sequence for a seed and changes with the seed', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const sa = Array.from({ length: 20 }, () => a.uniform());
    expect(Array.from({ length: 20 }, () => b.uniform())).toEqual(sa);
    expect(Array.from({ length: 20 }, () => c.uniform())).not.toEqual(sa);
    for (const v of sa) expect(v >= 0 && v < 1).toBe(true);
  });

  it('draws standard normals (mean 0, sd 1, symmetric tails)', () => {
    const rng = createRng(7);
    const n = 200_000;
    let s = 0;
    let ss = 0;
    let beyond = 0;
    for (let i = 0; i < n; i++) {
      const z = rng.normal();
      s += z;
      ss += z * z;
      if (Math.abs(z) > 1.959964) beyond++;
    }
    const mean = s / n;
    expect(Math.abs(mean)).toBeLessThan(0.01);
    expect(Math.abs(Math.sqrt(ss / n - mean * mean) - 1)).toBeLessThan(0.01);
    // P(|Z| > 1.96) = 5%; its sampling sd here is 0.05%.
    expect(Math.abs(beyond / n - 0.05)).toBeLessThan(0.002);
  });

  it('draws integers uniformly in [0, n)', () => {
    const rng = createRng(3);
    const counts = [0, 0, 0, 0, 0];
    for (let i = 0; i < 50_000; i++) counts[rng.int(5)]++;
    for (const c of counts) expect(Math.abs(c / 50_000 - 0.2)).toBeLessThan(0.01);
  });
});
