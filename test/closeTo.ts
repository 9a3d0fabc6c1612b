// Deep comparison of scoring results: every number within a tolerance (NaN equal to NaN), everything else equal.
import { expect } from 'vitest';

/** Every number within tol (NaN equal to NaN), everything else equal; quantities in bits (a log-prob / ln 2) within tol / ln 2. */
export function expectClose(a: unknown, b: unknown, where = 'item', tol = 1e-5): void {
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isNaN(a) || Number.isNaN(b)) expect(Number.isNaN(a) && Number.isNaN(b), where).toBe(true);
    else if (!Number.isFinite(a) || !Number.isFinite(b)) expect(a, where).toBe(b);
    else expect(Math.abs(a - b), `${where}: ${a} vs ${b}`).toBeLessThanOrEqual(tol);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    expect(a.length, where).toBe(b.length);
    a.forEach((x, i) => expectClose(x, b[i], `${where}[${i}]`, tol));
    return;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    expect(Object.keys(a).sort(), where).toEqual(Object.keys(b).sort());
    for (const k of Object.keys(a)) expectClose((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${where}.${k}`, /bits|bpb/.test(k) ? tol / Math.LN2 : tol);
    return;
  }
  expect(a, where).toEqual(b);
}
