import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { autoChoice, judgeAdapter, resolveDevice, type DeviceEvidence } from '../../src/state/devices';
import { workspaceSchema } from '../../src/state/workspaceSchema';
import { defaultWorkspace } from '../../src/state/workspace';

const swiftshader = { vendor: 'google', architecture: 'swiftshader', description: 'Google SwiftShader', isFallbackAdapter: false };
const nvidia = { vendor: 'nvidia', architecture: 'ada', description: 'NVIDIA GeForce RTX 4070', isFallbackAdapter: false };
const evidence = (adapter: typeof nvidia | null, webgpu = true): DeviceEvidence => {
  const j = judgeAdapter(webgpu, adapter);
  return { webgpu, shaderF16: false, adapter, hardware: j.hardware, adapterReason: j.reason };
};

describe('device preference', () => {
  it('keeps a forced choice and resolves auto to WASM where nothing is known', () => {
    expect(resolveDevice('auto', null)).toBe('wasm');
    expect(resolveDevice('auto', { webgpu: false, shaderF16: false })).toBe('wasm');
    expect(resolveDevice('wasm', evidence(nvidia))).toBe('wasm');
    expect(resolveDevice('webgpu', null)).toBe('webgpu');
    expect(resolveDevice('webgpu', evidence(swiftshader))).toBe('webgpu');
  });

  it('never lets Auto pick a software or fallback adapter, and says why', () => {
    expect(judgeAdapter(true, swiftshader).hardware).toBe(false);
    expect(judgeAdapter(true, { ...nvidia, isFallbackAdapter: true }).hardware).toBe(false);
    expect(judgeAdapter(true, { vendor: 'mesa', architecture: '', description: 'llvmpipe (LLVM 15.0.6, 256 bits)', isFallbackAdapter: false }).hardware).toBe(false);
    expect(judgeAdapter(true, null).hardware).toBe(false);
    expect(judgeAdapter(true, nvidia).hardware).toBe(true);
    const c = autoChoice(evidence(swiftshader));
    expect(c.device).toBe('wasm');
    expect(c.reason).toMatch(/WASM.*software.*SwiftShader/i);
    // Even with timings that favour it, a software adapter is not chosen.
    expect(autoChoice(evidence(swiftshader), { webgpuMs: 1, wasmMs: 100 }).device).toBe('wasm');
  });

  it('on a hardware adapter picks whichever device scored the probe faster for the model', () => {
    expect(autoChoice(evidence(nvidia))).toMatchObject({ device: 'webgpu', needsSpeedProbe: true });
    const slow = autoChoice(evidence(nvidia), { webgpuMs: 12, wasmMs: 3 });
    expect(slow.device).toBe('wasm');
    expect(slow.reason).toMatch(/WASM scored the probe in 3\.0 ms against 12 ms/);
    expect(autoChoice(evidence(nvidia), { webgpuMs: 4, wasmMs: 30 }).device).toBe('webgpu');
    expect(resolveDevice('auto', evidence(nvidia), { webgpuMs: 12, wasmMs: 3 })).toBe('wasm');
  });

  it('accepts exactly the preferences in a link', () => {
    const ws = defaultWorkspace();
    for (const device of ['auto', 'webgpu', 'wasm']) expect(v.safeParse(workspaceSchema, { ...ws, device }).success).toBe(true);
    expect(v.safeParse(workspaceSchema, { ...ws, device: 'cuda' }).success).toBe(false);
  });
});
