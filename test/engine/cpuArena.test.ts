// Node loads models with ONNX Runtime's CPU memory arena off (it held memory while a long task
// streamed; docs/performance.md, "Memory while streaming"). The arena is an allocator only: the
// scores must be the same with it on or off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import { cpuSessionOptions } from '../../src/engine/model';
import type { Engine } from '../../src/engine/engine';
import { streamScores } from '../../src/engine/stream';
import { storyItems } from '../../src/engine/bench/items';
import { DEFAULT_SCORE_OPTIONS, type ItemScore } from '../../src/core/scoring/types';
import { MODELS_DIR } from '../models';

const source = { kind: 'served', name: 'stories260K' } as const;

describe('cpuSessionOptions', () => {
  it('turns the CPU memory arena off unless asked for, and passes the thread count', () => {
    expect(cpuSessionOptions({ source, dtype: 'fp32', device: 'cpu' })).toEqual({ enableCpuMemArena: false });
    expect(cpuSessionOptions({ source, dtype: 'fp32', device: 'cpu', cpuMemArena: true, cpuThreads: 2 })).toEqual({ enableCpuMemArena: true, intraOpNumThreads: 2 });
  });
});

describe('scores with the CPU memory arena on and off', () => {
  let off: Engine;
  let on: Engine;
  beforeAll(async () => {
    const dir = { kind: 'path', path: path.join(MODELS_DIR, 'stories260K') } as const;
    off = await createNodeEngine(dir, 'fp32');
    on = await createNodeEngine(dir, 'fp32', { cpuMemArena: true });
  });
  afterAll(async () => {
    await off?.unload();
    await on?.unload();
  });

  async function stream(engine: Engine): Promise<ItemScore[]> {
    const out: ItemScore[] = [];
    // Chunks of different sizes and lengths, so passes of many shapes run.
    for await (const { result } of streamScores(engine, storyItems(40, 11), { options: DEFAULT_SCORE_OPTIONS, chunkSize: 7, stats: 'full' })) out.push(result);
    return out;
  }

  it('gives identical log-probs, ranks and entropies on 40 streamed items', async () => {
    const a = await stream(off);
    const b = await stream(on);
    expect(a).toHaveLength(40);
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
    expect(compared).toBe(160);
  });
});
