// Ranking flips between BPB estimators, as the Task lab's comparison shows them.
import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../src/core/metrics/compare';
import { taskMetrics } from '../../../src/core/metrics/taskMetrics';
import type { ScoredItem } from '../../../src/core/metrics/types';
import { bpbRankings, rankLowestFirst } from '../../../src/ui/task/ranking';

/** A cloze item whose gold has `bytes` one-byte tokens of `bits` each after a leading-space token. */
function item(id: string, bytes: number, firstBits: number, bits: number): ScoredItem {
  const tokens: [number, number][] = [[firstBits, 2], ...Array.from({ length: bytes - 2 }, () => [bits, 1] as [number, number])];
  const total = tokens.reduce((s, [b]) => s + b, 0);
  return { id, gold: 0, choices: [{ continuation: ' ' + 'x'.repeat(bytes - 1), logprob: -total * Math.LN2, tokens }] };
}

describe('ranking flips', () => {
  it('orders lowest first, ties by run order, NaN left out', () => {
    expect(rankLowestFirst(['a', 'b', 'c', 'd'], [2, 1, NaN, 1])).toEqual(['b', 'd', 'a']);
  });

  it('flags a flip: a run with a large fixed cost on short answers wins on PriorBPB but loses on corpus BPB', () => {
    // Run A: cheap first token, dear later bytes. Run B: a dear first token, cheap later bytes.
    const lengths = [3, 4, 5, 40, 60];
    const a = taskMetrics(lengths.map((n, i) => item(`i${i}`, n, 2, 1.2)));
    const b = taskMetrics(lengths.map((n, i) => item(`i${i}`, n, 12, 1.0)));
    const c = compareRuns([
      { label: 'A', metrics: a },
      { label: 'B', metrics: b },
    ]);
    const r = bpbRankings(c);
    const corpus = r.find((x) => x.metric === 'corpus_bpb')!;
    const prior = r.find((x) => x.metric === 'prior_bpb')!;
    expect(corpus.order).toEqual(a.corpus_bpb < b.corpus_bpb ? ['A', 'B'] : ['B', 'A']);
    expect(prior.order).toEqual(a.prior_bpb < b.prior_bpb ? ['A', 'B'] : ['B', 'A']);
    expect(prior.flipped).toBe(prior.order[0] !== corpus.order[0]);
    expect(prior.flipped).toBe(true);
    // B's 12 up-front bits weigh on corpus BPB (short answers); PriorBPB spreads them over μ ≈ 111 bytes.
    expect(a.corpus_bpb).toBeLessThan(b.corpus_bpb);
    expect(a.prior_bpb).toBeGreaterThan(b.prior_bpb);
  });
});
