// Streaming a task in chunks gives the same results, in order, as scoring item by item.
import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import type { Engine } from '../../src/engine/engine';
import { streamScores } from '../../src/engine/stream';
import { DEFAULT_SCORE_OPTIONS } from '../../src/core/scoring/types';
import { MODELS_DIR } from '../models';

let engine: Engine;
beforeAll(async () => {
  engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'stories260K') }, 'fp32');
});

const NAMES = ['Lily', 'Tom', 'Sue', 'Ben', 'Max', 'Mia', 'Sam'];
const items = NAMES.map((name, i) => ({ id: `q${i}`, context: `Once upon a time, ${name} went to the`, candidates: [' park.', ' store to buy milk.', ' big tree'] }));

async function* slowly<T>(xs: T[]): AsyncGenerator<T> {
  for (const x of xs) {
    await new Promise((r) => setTimeout(r, 1));
    yield x;
  }
}

describe('streamScores', () => {
  it('yields every item in order with the same scores as engine.score', async () => {
    const seen: string[] = [];
    for await (const { index, item, result } of streamScores(engine, slowly(items), { options: DEFAULT_SCORE_OPTIONS, chunkSize: 3 })) {
      expect(index).toBe(seen.length);
      seen.push(item.id);
      const alone = await engine.score({ context: item.context, candidates: item.candidates, options: DEFAULT_SCORE_OPTIONS });
      result.candidates.forEach((c, k) => {
        expect(Math.abs(c.sum_logprob - alone.candidates[k].sum_logprob)).toBeLessThan(1e-4);
        expect(Math.abs(c.pmi - alone.candidates[k].pmi)).toBeLessThan(1e-4);
        expect(c.tokens.map((t) => t.rank)).toEqual(alone.candidates[k].tokens.map((t) => t.rank));
      });
    }
    expect(seen).toEqual(items.map((it) => it.id));
  });

  it('stops between chunks when asked', async () => {
    let n = 0;
    const sent: number[] = [];
    const counting = { scoreChunk: (req: Parameters<typeof engine.scoreChunk>[0]) => (sent.push(req.items.length), engine.scoreChunk(req)) };
    for await (const _ of streamScores(counting, items, { options: DEFAULT_SCORE_OPTIONS, chunkSize: 2, stats: 'logprob', stopped: () => n >= 2 })) n++;
    // The stop is seen after the first chunk: the second chunk (already in flight) still comes
    // out, and no third chunk is ever sent.
    expect(n).toBe(4);
    expect(sent).toEqual([2, 2]);
  });
});
