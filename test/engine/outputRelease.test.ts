// Node releases a streamed chunk's dead pass outputs with a full collection once ArrayBuffers
// have grown past a slack (docs/performance.md, "Memory while streaming"). The collection frees
// memory only: the scores must be the same bit for bit with it and without it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { createNodeEngine, exposedGc, nodeOutputRelease, RELEASE_SLACK_BYTES } from '../../src/engine/node';
import { Engine } from '../../src/engine/engine';
import { OutputRelease } from '../../src/engine/outputRelease';
import { streamScores } from '../../src/engine/stream';
import { storyItems } from '../../src/engine/bench/items';
import { DEFAULT_SCORE_OPTIONS, type ItemScore } from '../../src/core/scoring/types';
import { MODELS_DIR } from '../models';

describe('OutputRelease', () => {
  it('collects only once ArrayBuffers grew past the slack since the last collection', () => {
    let held = 100;
    const at: number[] = [];
    const r = new OutputRelease({ collect: () => (at.push(held), (held = 40)), heldBytes: () => held, slackBytes: 50 });
    held = 149;
    expect(r.afterChunk()).toBe(false);
    held = 150;
    expect(r.afterChunk()).toBe(true);
    // The floor is now what the collection left (40): growth is counted from there.
    held = 89;
    expect(r.afterChunk()).toBe(false);
    held = 90;
    expect(r.afterChunk()).toBe(true);
    expect(at).toEqual([150, 90]);
    expect(r.stats().collections).toBe(2);
    expect(r.stats().ms).toBeGreaterThanOrEqual(0);
  });
});

describe('the full collection in Node', () => {
  it('is had without --expose-gc, and frees dead ArrayBuffers', () => {
    const gc = exposedGc();
    expect(typeof gc).toBe('function');
    // Made and dropped inside a function, so nothing here still holds them.
    const withDead = (() => {
      const dead = Array.from({ length: 8 }, () => new ArrayBuffer(8 << 20));
      if (dead.length !== 8) throw new Error('not made');
      return process.memoryUsage().arrayBuffers;
    })();
    gc!();
    expect(withDead - process.memoryUsage().arrayBuffers).toBeGreaterThanOrEqual(60 << 20);
    expect(nodeOutputRelease()).toBeInstanceOf(OutputRelease);
    expect(RELEASE_SLACK_BYTES).toBe(64 << 20);
  });
});

describe('scores with and without the release between chunks', () => {
  const dir = { kind: 'path', path: path.join(MODELS_DIR, 'stories260K') } as const;
  let plain: Engine;
  let releasing: Engine;
  let release: OutputRelease;
  beforeAll(async () => {
    plain = await createNodeEngine(dir, 'fp32', { releaseOutputs: false });
    // A slack of 0: a collection after every chunk.
    release = nodeOutputRelease(0)!;
    releasing = new Engine(release);
    await releasing.configure({ useCache: false });
    await releasing.load({ source: dir, dtype: 'fp32', device: 'cpu' });
  });
  afterAll(async () => {
    await plain?.unload();
    await releasing?.unload();
  });

  async function stream(engine: Engine): Promise<ItemScore[]> {
    const out: ItemScore[] = [];
    for await (const { result } of streamScores(engine, storyItems(30, 5), { options: DEFAULT_SCORE_OPTIONS, chunkSize: 7, stats: 'full' })) out.push(result);
    return out;
  }

  it('gives identical log-probs, ranks and entropies on 30 streamed items, collecting after each of the 5 chunks', async () => {
    expect(plain.outputRelease()).toBeUndefined();
    const a = await stream(plain);
    const b = await stream(releasing);
    expect(release.stats().collections).toBe(5);
    expect(a).toHaveLength(30);
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
    expect(compared).toBe(120);
  });

  it('is on by default in the Node engine', async () => {
    const e = await createNodeEngine(dir, 'fp32');
    try {
      expect(e.outputRelease()).toBeInstanceOf(OutputRelease);
    } finally {
      await e.unload();
    }
  });
});
