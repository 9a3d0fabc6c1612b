import { describe, expect, it } from 'vitest';
import { resolveDevice } from '../../src/state/devices';
import { workspaceSchema } from '../../src/state/workspaceSchema';
import { defaultWorkspace } from '../../src/state/workspace';

describe('device preference', () => {
  it('resolves auto to WebGPU only where an adapter exists, and keeps a forced choice', () => {
    expect(resolveDevice('auto', { webgpu: true, shaderF16: false })).toBe('webgpu');
    expect(resolveDevice('auto', { webgpu: false, shaderF16: false })).toBe('wasm');
    expect(resolveDevice('auto', null)).toBe('wasm');
    expect(resolveDevice('wasm', { webgpu: true, shaderF16: true })).toBe('wasm');
    expect(resolveDevice('webgpu', null)).toBe('webgpu');
  });

  it('accepts exactly the preferences in a link', () => {
    const ws = defaultWorkspace();
    for (const device of ['auto', 'webgpu', 'wasm']) expect(workspaceSchema.safeParse({ ...ws, device }).success).toBe(true);
    expect(workspaceSchema.safeParse({ ...ws, device: 'cuda' }).success).toBe(false);
  });
});
