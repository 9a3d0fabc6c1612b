// The merger against the rule written out plainly (scan every adjacent pair, merge the one whose
// merge ranks first, the leftmost on a tie, until none has a merge), on random merge lists over a
// small alphabet, so that merges overlap ("aaaa"), chain and repeat.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createBpeMerger } from '../../../src/core/tokens/bpeMerge';

const RUNS = { seed: Number(process.env.FC_SEED ?? 20261202), numRuns: Number(process.env.FC_RUNS ?? 400) } as const;

function mergePlainly(merges: readonly (readonly [string, string])[], word: readonly string[]): string[] {
  const rank = new Map<string, number>();
  merges.forEach(([a, b], i) => rank.set(JSON.stringify([a, b]), i));
  const pieces = [...word];
  for (;;) {
    let best = -1;
    let bestRank = Infinity;
    for (let i = 0; i + 1 < pieces.length; i++) {
      const r = rank.get(JSON.stringify([pieces[i], pieces[i + 1]]));
      if (r !== undefined && r < bestRank) {
        bestRank = r;
        best = i;
      }
    }
    if (best < 0) return pieces;
    pieces.splice(best, 2, pieces[best] + pieces[best + 1]);
  }
}

const piece = fc.stringMatching(/^[abc▁]{1,3}$/);
const merges = fc.array(fc.tuple(piece, piece), { maxLength: 40 });
const word = fc.array(fc.constantFrom('a', 'b', 'c', '▁'), { maxLength: 60 });

describe('createBpeMerger', () => {
  it('merges as the plain rule does, on random merge lists and words', () => {
    fc.assert(
      fc.property(merges, fc.array(word, { minLength: 1, maxLength: 5 }), (ms, words) => {
        const merge = createBpeMerger(ms);
        // Several words through one merger: nothing is carried from one word to the next.
        for (const w of words) expect(merge(w)).toEqual(mergePlainly(ms, w));
      }),
      RUNS,
    );
  });

  it('takes the leftmost of equal merges, and a pair listed twice at its later rank', () => {
    expect(createBpeMerger([['a', 'a']])(['a', 'a', 'a'])).toEqual(['aa', 'a']);
    expect(createBpeMerger([['a', 'a'], ['aa', 'aa']])(['a', 'a', 'a', 'a', 'a'])).toEqual(['aaaa', 'a']);
    // b+c listed before a+b, and again after it: a+b applies first.
    expect(createBpeMerger([['b', 'c'], ['a', 'b'], ['b', 'c']])(['a', 'b', 'c'])).toEqual(['ab', 'c']);
    expect(createBpeMerger([['b', 'c'], ['a', 'b']])(['a', 'b', 'c'])).toEqual(['a', 'bc']);
  });

  it('leaves words of fewer than two pieces, and words with no merge, as they are (a copy)', () => {
    const merge = createBpeMerger([['x', 'y']]);
    const w = ['a', 'b'];
    expect(merge(w)).toEqual(['a', 'b']);
    expect(merge(w)).not.toBe(w);
    expect(merge([])).toEqual([]);
    expect(merge(['x'])).toEqual(['x']);
  });

  it('handles a word longer than any before it (its buffers grow)', () => {
    const merge = createBpeMerger([['a', 'b'], ['ab', 'ab']]);
    expect(merge(['a', 'b'])).toEqual(['ab']);
    const long = Array.from({ length: 1200 }, (_, i) => (i % 2 ? 'b' : 'a'));
    expect(merge(long)).toEqual(mergePlainly([['a', 'b'], ['ab', 'ab']], long));
  });
});
