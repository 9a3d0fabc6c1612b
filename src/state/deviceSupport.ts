// What this browser can run: WebGPU (and whether its adapter has shader-f16, which fp16 and
// q4f16 need) or only WASM. Asked once; the answer does not change while the page is open.
import type { Device, Dtype } from '../engine/types';

export interface DeviceSupport {
  webgpu: boolean;
  shaderF16: boolean;
  /** Why WebGPU is unavailable, in words, when it is. */
  note: string | null;
}

interface GpuLike {
  requestAdapter(): Promise<{ features: { has(f: string): boolean } } | null>;
}

let cached: Promise<DeviceSupport> | null = null;

export function detectDeviceSupport(): Promise<DeviceSupport> {
  cached ??= (async () => {
    const gpu = (navigator as Navigator & { gpu?: GpuLike }).gpu;
    if (!gpu) return { webgpu: false, shaderF16: false, note: 'this browser has no WebGPU' };
    try {
      const adapter = await gpu.requestAdapter();
      if (!adapter) return { webgpu: false, shaderF16: false, note: 'WebGPU found no usable GPU adapter' };
      return { webgpu: true, shaderF16: adapter.features.has('shader-f16'), note: null };
    } catch (e) {
      return { webgpu: false, shaderF16: false, note: `WebGPU failed: ${e instanceof Error ? e.message : String(e)}` };
    }
  })();
  return cached;
}

/** Whether a dtype can run on a device here (fp16 activations need shader-f16 on WebGPU). */
export function dtypeRunsOn(dtype: Dtype, device: Device, support: DeviceSupport): boolean {
  if (device === 'webgpu') return support.webgpu && (!(dtype === 'fp16' || dtype === 'q4f16') || support.shaderF16);
  return true;
}
