// The float32 dot-product bound the 135M-shape peer rows measure their log-prob agreement against.
import { describe, expect, it } from 'vitest';
import { float32DotBound } from '../../src/engine/bench/peers';

const U = 2 ** -24;

describe('float32DotBound', () => {
  it('is K·u/(1 − K·u): 9.16e-5 at the 135M shape\'s MLP width (1536)', () => {
    expect(float32DotBound(1536)).toBeCloseTo((1536 * U) / (1 - 1536 * U), 18);
    expect(float32DotBound(1536)).toBeGreaterThan(9.15e-5);
    expect(float32DotBound(1536)).toBeLessThan(9.17e-5);
    expect(float32DotBound(1)).toBe(U / (1 - U));
  });

  it('bounds a real float32 dot product summed in order', () => {
    // A sum of K float32 products, each rounding after the multiply and after the add.
    let seed = 7;
    const rand = () => ((seed = (seed * 48271) % 2147483647) / 2147483647) * 2 - 1;
    for (const k of [16, 576, 1536]) {
      const x = Float32Array.from({ length: k }, rand);
      const y = Float32Array.from({ length: k }, rand);
      let f32 = 0;
      let exact = 0;
      let mag = 0;
      for (let i = 0; i < k; i++) {
        f32 = Math.fround(f32 + Math.fround(x[i] * y[i]));
        exact += x[i] * y[i];
        mag += Math.abs(x[i] * y[i]);
      }
      expect(Math.abs(f32 - exact)).toBeLessThanOrEqual(float32DotBound(k) * mag);
      expect(Math.abs(f32 - exact)).toBeGreaterThan(0);
    }
  });

  it('refuses a length with no bound', () => {
    expect(() => float32DotBound(0)).toThrow(/no float32 dot-product bound/);
    expect(() => float32DotBound(2 ** 24)).toThrow(/no float32 dot-product bound/);
  });
});
