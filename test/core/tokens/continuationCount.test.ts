import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { continuationCount } from '../../../src/core/tokens/continuationCount';

const ids = fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 12 });

describe('continuationCount', () => {
  it('counts the tokens after the context when the context’s tokens are a prefix', () => {
    fc.assert(
      fc.property(ids, ids, fc.boolean(), (ctx, cont, bos) => {
        const c = bos ? [1, ...ctx] : ctx;
        const whole = [...c, ...cont];
        const inserted = whole.map((_, i) => bos && i === 0);
        expect(continuationCount(whole, c, inserted)).toEqual({ count: cont.length, merged: false, first: c.length });
      }),
    );
  });

  it('starts at the first differing token when a token straddles the context’s end', () => {
    expect(continuationCount([1, 5, 6, 9], [1, 5, 7], [true, false, false, false])).toEqual({ count: 2, merged: true, first: 2 });
  });

  it('never counts an inserted token', () => {
    expect(continuationCount([1, 2, 3], [], [true, false, false])).toEqual({ count: 2, merged: false, first: 0 });
  });
});
