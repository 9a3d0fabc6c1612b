// Streams story items through an engine and compares two such streams bit for bit: shared by the
// tests that check an engine option (the CPU memory arena, the release of dead buffers) changes
// no number.
import { expect } from 'vitest';
import type { Engine } from '../../src/engine/engine';
import { storyItems } from '../../src/engine/bench/items';
import { streamScores } from '../../src/engine/stream';
import { DEFAULT_SCORE_OPTIONS, type ItemScore } from '../../src/core/scoring/types';

/** `n` story items (seeded) streamed in chunks of 7, full statistics. */
export async function streamStories(engine: Engine, n: number, seed: number): Promise<ItemScore[]> {
  const out: ItemScore[] = [];
  for await (const { result } of streamScores(engine, storyItems(n, seed), { options: DEFAULT_SCORE_OPTIONS, chunkSize: 7, stats: 'full' })) out.push(result);
  return out;
}

/** Every candidate's sums and every token's log-prob, rank and entropy identical; returns the candidates compared. */
export function expectIdenticalScores(a: readonly ItemScore[], b: readonly ItemScore[]): number {
  expect(b).toHaveLength(a.length);
  let compared = 0;
  a.forEach((item, i) =>
    item.candidates.forEach((c, k) => {
      const d = b[i].candidates[k];
      expect(c.sum_logprob).toBe(d.sum_logprob);
      expect(c.unconditional_logprob).toBe(d.unconditional_logprob);
      expect(c.tokens.map((t) => [t.logprob, t.rank, t.entropy])).toEqual(d.tokens.map((t) => [t.logprob, t.rank, t.entropy]));
      expect(Number.isFinite(c.sum_logprob) && c.sum_logprob < 0).toBe(true);
      compared++;
    }),
  );
  return compared;
}
