// Node loads models with ONNX Runtime's CPU memory arena off (it held memory while a long task
// streamed; docs/performance.md, "Memory while streaming"). The arena is an allocator only: the
// scores must be the same with it on or off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import { cpuSessionOptions } from '../../src/engine/model';
import type { Engine } from '../../src/engine/engine';
import { expectIdenticalScores, streamStories } from './streamCompare';
import { MODELS_DIR } from '../paths';

const source = { kind: 'served', name: 'stories260K' } as const;

describe('cpuSessionOptions', () => {
  it('turns the CPU memory arena off unless asked for, and passes the thread count', () => {
    expect(cpuSessionOptions({ source, dtype: 'fp32', device: 'cpu' })).toEqual({ enableCpuMemArena: false, logSeverityLevel: 4 });
    expect(cpuSessionOptions({ source, dtype: 'fp32', device: 'cpu', cpuMemArena: true, cpuThreads: 2 })).toEqual({ enableCpuMemArena: true, intraOpNumThreads: 2, logSeverityLevel: 4 });
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

  it('gives identical log-probs, ranks and entropies on 40 streamed items', async () => {
    // Chunks of different sizes and lengths, so passes of many shapes run.
    const a = await streamStories(off, 40, 11);
    const b = await streamStories(on, 40, 11);
    expect(a).toHaveLength(40);
    const compared = expectIdenticalScores(a, b);
    expect(compared).toBe(160);
  });
});
