// The row-statistics memo: a hit only for the same ask and the same row bit for bit; bounded; on
// the Scorer's path, hits while typing in a candidate, with every number as from scratch.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RowMemo } from '../../src/engine/rowMemo';
import { rowStats } from '../../src/core/scoring/distribution';
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import { rowMemoStats } from '../../src/engine/scorer';
import { DEFAULT_SCORE_OPTIONS } from '../../src/core/scoring/types';
import { MODELS_DIR } from '../paths';
import { expectClose } from '../closeTo';

const row = (xs: number[]) => Float32Array.from(xs);

describe('RowMemo', () => {
  it('computes once per (ask, row content), from a copy: a view over another buffer hits too', () => {
    const memo = new RowMemo<number>();
    let calls = 0;
    const f = () => ++calls;
    const a = row([1, 2, 3, 4, 5]);
    expect(memo.get('x', a, f)).toBe(1);
    const big = new Float32Array(12);
    big.set([1, 2, 3, 4, 5], 7);
    expect(memo.get('x', big.subarray(7), f)).toBe(1);
    a[2] = 9; // the memo holds its own copy
    expect(memo.get('x', row([1, 2, 3, 4, 5]), f)).toBe(1);
    expect(memo.get('y', row([1, 2, 3, 4, 5]), f)).toBe(2);
    expect([memo.hits, memo.misses]).toEqual([2, 2]);
  });

  it('misses on any changed bit, in the fingerprinted entries or not (−0 against 0 included)', () => {
    const memo = new RowMemo<number>();
    let calls = 0;
    const f = () => ++calls;
    const base = [0.5, 1, 2, 3, 4, 5, 6, 7, 8];
    memo.get('x', row(base), f);
    for (let i = 0; i < base.length; i++) {
      const changed = [...base];
      changed[i] = Math.fround(base[i] + 1e-6 * (i + 1)) === base[i] ? base[i] + 1 : Math.fround(base[i] + 1e-6 * (i + 1));
      memo.get('x', row(changed), f);
      expect([memo.hits, memo.misses]).toEqual([0, i + 2]);
    }
    memo.get('z', row([0, 1]), f);
    const before = calls;
    expect(memo.get('z', row([-0, 1]), f)).toBe(before + 1);
    expect(memo.hits).toBe(0);
  });

  it('keeps at most maxFloats floats of rows, dropping the least recently used', () => {
    const memo = new RowMemo<number>(10);
    const f = (v: number) => () => v;
    memo.get('a', row([1, 1, 1, 1]), f(1));
    memo.get('b', row([2, 2, 2, 2]), f(2));
    memo.get('a', row([1, 1, 1, 1]), f(-1)); // a used again
    memo.get('c', row([3, 3, 3, 3]), f(3)); // 12 floats: b goes
    expect(memo.size).toBe(2);
    expect(memo.get('a', row([1, 1, 1, 1]), f(-1))).toBe(1);
    expect(memo.get('b', row([2, 2, 2, 2]), f(22))).toBe(22);
  });

  it('returns exactly what computing returns, for random rows seen again in any order', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.float({ noNaN: true, min: -30, max: 30 }), { minLength: 1, maxLength: 40 }), { minLength: 1, maxLength: 8 }), fc.array(fc.nat(), { maxLength: 20 }), (rows, order) => {
        const memo = new RowMemo<ReturnType<typeof rowStats>>(200);
        for (const k of [...rows.keys(), ...order.map((o) => o % rows.length)]) {
          const r = Float32Array.from(rows[k]);
          const t = k % r.length;
          expect(memo.get(`full ${t} 3`, r, () => rowStats(r, t, 3))).toEqual(rowStats(r, t, 3));
        }
      }),
      { seed: 7, numRuns: 100 },
    );
  });
});

describe('the row memo on the Scorer path (stories260K fp32)', () => {
  it('typing at the end of a candidate takes the unchanged tokens’ statistics from the memo, and every number equals a from-scratch score', async () => {
    const engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'stories260K') }, 'fp32');
    try {
      const m = engine.current()!;
      const options = DEFAULT_SCORE_OPTIONS;
      const context = 'Once upon a time, there was a little girl.';
      const full = ' She liked to play in the park with her dog.';
      const candidates = [full.slice(0, 10), ' The dog ran away'];
      await engine.scoreParts({ context, candidates, options, wanted: { conditional: [0, 1], unconditionalKnown: [], unconditional: false } });
      const before = rowMemoStats(m);
      for (let n = 11; n <= full.length; n++) {
        candidates[0] = full.slice(0, n);
        const parts = await engine.scoreParts({ context, candidates, options, wanted: { conditional: [0], unconditionalKnown: [], unconditional: false } });
        const scratch = await engine.score({ context, candidates, options });
        const c = parts.conditional[0];
        expect(c?.status).toBe('scored');
        if (c?.status === 'scored') expectClose(c.tokens, scratch.candidates[0].tokens, JSON.stringify(candidates[0]));
      }
      const after = rowMemoStats(m);
      // Most of each keystroke's rows were seen in the keystroke before.
      expect(after.hits - before.hits).toBeGreaterThan(after.misses - before.misses);
    } finally {
      await engine.unload();
    }
  });
});
