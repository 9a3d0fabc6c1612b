// fp16 and q4f16 are offered only on WebGPU with the adapter's `shader-f16` feature (docs/scoring.md
// "WebGPU"). Hand-derived table over every dtype, device and feature combination, and feature
// detection against adapters shaped like the WebGPU API's.
import { afterEach, describe, expect, it } from 'vitest';
import { detectDevices, needsF16, runnableDtypes } from '../../src/engine/models';
import { ALL_DTYPES } from '../../src/engine/types';

const ALL = [...ALL_DTYPES];

describe('dtypes offered per device', () => {
  it('needs shader-f16 for exactly fp16 and q4f16', () => {
    expect(ALL.filter(needsF16).sort()).toEqual(['fp16', 'q4f16']);
  });

  it('offers fp16 kinds only on WebGPU with shader-f16', () => {
    expect(runnableDtypes(ALL, 'webgpu', true).sort()).toEqual([...ALL].sort());
    expect(runnableDtypes(ALL, 'webgpu', false).sort()).toEqual(['fp32', 'q4', 'q8']);
    // shader-f16 is a WebGPU feature: it never makes fp16 runnable on WASM.
    expect(runnableDtypes(ALL, 'wasm', true).sort()).toEqual(['fp32', 'q4', 'q8']);
    expect(runnableDtypes(ALL, 'wasm', false).sort()).toEqual(['fp32', 'q4', 'q8']);
    // Only what the model ships, in its order.
    expect(runnableDtypes(['q4f16', 'fp16'], 'webgpu', false)).toEqual([]);
    expect(runnableDtypes(['q4f16', 'q4', 'fp16'], 'webgpu', true)).toEqual(['q4f16', 'q4', 'fp16']);
  });
});

describe('detectDevices', () => {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  afterEach(() => {
    if (saved) Object.defineProperty(globalThis, 'navigator', saved);
  });
  const withGpu = (gpu: unknown) => Object.defineProperty(globalThis, 'navigator', { value: { gpu }, configurable: true, writable: true });

  it('reads shader-f16 from the adapter features, not from navigator.gpu alone', async () => {
    withGpu({ requestAdapter: async () => ({ features: new Set(['timestamp-query']) }) });
    expect(await detectDevices()).toEqual({ webgpu: true, shaderF16: false });
    withGpu({ requestAdapter: async () => ({ features: new Set(['shader-f16']) }) });
    expect(await detectDevices()).toEqual({ webgpu: true, shaderF16: true });
    withGpu({ requestAdapter: async () => null });
    expect(await detectDevices()).toEqual({ webgpu: false, shaderF16: false });
    withGpu({
      requestAdapter: async () => {
        throw new Error('no adapter');
      },
    });
    expect(await detectDevices()).toEqual({ webgpu: false, shaderF16: false });
    withGpu(undefined);
    expect(await detectDevices()).toEqual({ webgpu: false, shaderF16: false });
  });
});
