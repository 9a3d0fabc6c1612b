// Streaming a task in chunks gives the same results, in order, as scoring item by item.
import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import type { Engine } from '../../src/engine/engine';
import { streamChunks, streamScores } from '../../src/engine/stream';
import { DEFAULT_SCORE_OPTIONS } from '../../src/core/scoring/types';
import { MODELS_DIR } from '../paths';

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

  it('holds the next chunk while paused, and the chunk in flight still comes out', async () => {
    const sent: number[][] = [];
    let paused = false;
    let resume!: () => void;
    const score = async (xs: number[]) => {
      sent.push(xs);
      if (xs[0] === 2) paused = true; // paused while the second chunk is scored
      return xs.map((x) => x * 10);
    };
    const out: number[] = [];
    const loop = (async () => {
      for await (const c of streamChunks(score, [0, 1, 2, 3, 4, 5, 6], { chunkSize: 2, paused: () => paused, resumed: () => new Promise<void>((r) => (resume = r)) })) {
        expect(c.start).toBe(out.length);
        out.push(...c.results);
      }
    })();
    await new Promise((r) => setTimeout(r, 20));
    // Chunks 1 and 2 were sent (2 queued behind 1); the pause is seen before a third is sent.
    expect(sent).toEqual([[0, 1], [2, 3]]);
    expect(out).toEqual([0, 10, 20, 30]);
    paused = false;
    resume();
    await loop;
    expect(sent).toEqual([[0, 1], [2, 3], [4, 5], [6]]);
    expect(out).toEqual([0, 10, 20, 30, 40, 50, 60]);
  });

  it('a numbered run is abandoned by cancelBefore, an unnumbered one (a task chunk sharing the engine) never', async () => {
    const req = { context: items[0].context, candidates: items[0].candidates, options: DEFAULT_SCORE_OPTIONS };
    engine.cancelBefore(1_000_000);
    await expect(engine.score(req, 5)).rejects.toMatchObject({ name: 'AbortError' });
    const [chunk] = await engine.scoreChunk({ items: [items[0]], options: DEFAULT_SCORE_OPTIONS, stats: 'logprob' });
    const alone = await engine.score(req);
    chunk.candidates.forEach((c, k) => expect(Math.abs(c.sum_logprob - alone.candidates[k].sum_logprob)).toBeLessThan(1e-4));
  });
});

describe('issue 25 item 16: a stop requested while the source is being read', () => {
  it('the chunk read after the stop is neither scored nor yielded', async () => {
    for (const size of [1, 2, 3]) {
      let stop = false;
      const scored: number[][] = [];
      // Reading item 4 is slow, and the stop comes while it is read (not between chunks).
      async function* source() {
        for (let i = 0; i < 10; i++) {
          if (i === 4) {
            await new Promise((r) => setTimeout(r, 5));
            stop = true;
          }
          yield i;
        }
      }
      const yielded: number[] = [];
      const score = async (items: number[]) => {
        scored.push(items);
        return items.map((x) => x * 10);
      };
      for await (const chunk of streamChunks(score, source(), { chunkSize: size, stopped: () => stop })) yielded.push(...chunk.items);
      const flat = scored.flat();
      // Only chunks read completely before the stop: none holds item 4 or anything after it.
      expect(flat.every((x) => x < 4)).toBe(true);
      expect(yielded).toEqual(flat);
      expect(flat).toEqual(Array.from({ length: Math.floor(4 / size) * size }, (_, i) => i));
    }
  });
});
