// The WebGPU-vs-WASM probe (docs/scoring.md, "WebGPU"): after loading on WebGPU the engine scores a fixed
// text on WASM too and must say when the two disagree. Node has neither device, so both loads run
// on the CPU with real weights; a faulty GPU is played by a different quantisation on the
// "WebGPU" side. Expected sums are the models README's published figures for the probe text.
import { describe, expect, it, vi } from 'vitest';
import path from 'node:path';
import { MODELS_DIR } from '../paths';
import type { LoadRequest } from '../../src/engine/types';

const gpu = vi.hoisted(() => ({ dtype: undefined as string | undefined, loads: [] as string[] }));

vi.mock('../../src/engine/model', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/engine/model')>();
  return {
    ...real,
    loadModel: async (req: LoadRequest, onProgress?: Parameters<typeof real.loadModel>[1]) => {
      gpu.loads.push(`${req.device}/${req.dtype}`);
      if (req.device === 'cpu') return real.loadModel(req, onProgress);
      // "webgpu" and "wasm" both run on the CPU; the GPU side may compute with other weights.
      const dtype = req.device === 'webgpu' && gpu.dtype ? (gpu.dtype as LoadRequest['dtype']) : req.dtype;
      const m = await real.loadModel({ ...req, device: 'cpu', dtype }, onProgress);
      return { ...m, request: req };
    },
  };
});

const { Engine, PROBE_TEXT, PROBE_TOLERANCE } = await import('../../src/engine/engine');
const source = { kind: 'path' as const, path: path.join(MODELS_DIR, 'stories260K') };

// models/README.md: sum log-prob of this text after BOS: fp32 −5.5910, q4 −8.5071 nats.
const PUBLISHED = { fp32: -5.591, q4: -8.5071 };

describe('WebGPU probe check', () => {
  it('is the README probe text', () => {
    expect(PROBE_TEXT).toBe('Once upon a time, there was a little girl named Lily. She loved to play outside in the park.');
  });

  it('reports agreement when WebGPU computes what WASM computes', async () => {
    gpu.dtype = undefined;
    const e = new Engine();
    await e.load({ source, dtype: 'fp32', device: 'webgpu' });
    const p = await e.probeCheck();
    expect(p.sumLogprobDevice).toBeCloseTo(PUBLISHED.fp32, 3);
    expect(p.sumLogprobWasm).toBeCloseTo(PUBLISHED.fp32, 3);
    expect(p.absDiff).toBeLessThan(1e-5);
    expect(p.ok).toBe(true);
    await e.unload();
  });

  it('reports disagreement, with both sums, when WebGPU computes something else', async () => {
    gpu.dtype = 'q4';
    gpu.loads = [];
    const e = new Engine();
    await e.load({ source, dtype: 'fp32', device: 'webgpu' });
    const p = await e.probeCheck();
    expect(gpu.loads).toEqual(['webgpu/fp32', 'wasm/fp32']);
    expect(p.sumLogprobDevice).toBeCloseTo(PUBLISHED.q4, 3);
    expect(p.sumLogprobWasm).toBeCloseTo(PUBLISHED.fp32, 3);
    expect(p.absDiff).toBeCloseTo(PUBLISHED.fp32 - PUBLISHED.q4, 3);
    expect(p.absDiff).toBeGreaterThan(PROBE_TOLERANCE);
    expect(p.ok).toBe(false);
    await e.unload();
  });

  it('checks nothing twice on WASM or CPU: one load, agreement by construction', async () => {
    gpu.loads = [];
    const e = new Engine();
    await e.load({ source, dtype: 'fp32', device: 'wasm' });
    const p = await e.probeCheck();
    expect(gpu.loads).toEqual(['wasm/fp32']);
    expect(p).toMatchObject({ absDiff: 0, ok: true });
    await e.unload();
  });
});
