// Which models the app offers, and which dtypes a model ships and a device can run.
import type { Device, Dtype } from './types';

export const ORT_WASM_FILES = { mjs: 'ort-wasm-simd-threaded.asyncify.mjs', wasm: 'ort-wasm-simd-threaded.asyncify.wasm' } as const;

export const DTYPE_FILES: Record<Dtype, string> = {
  fp32: 'onnx/model.onnx',
  fp16: 'onnx/model_fp16.onnx',
  q8: 'onnx/model_quantized.onnx',
  q4: 'onnx/model_q4.onnx',
  q4f16: 'onnx/model_q4f16.onnx',
};

export interface CuratedModel {
  id: string;
  label: string;
  /** dtypes the hub repository ships (checked against its file listing). */
  dtypes: Dtype[];
  /** Approximate download size per dtype, MB. */
  sizeMB: Partial<Record<Dtype, number>>;
  defaultDtype: Dtype;
  instruct: boolean;
}

export const CURATED_HUB_MODELS: CuratedModel[] = [
  { id: 'HuggingFaceTB/SmolLM2-135M-Instruct', label: 'SmolLM2 135M Instruct', dtypes: ['fp32', 'fp16', 'q4', 'q4f16'], sizeMB: { fp32: 654, fp16: 327, q4: 200, q4f16: 134 }, defaultDtype: 'q4', instruct: true },
  { id: 'HuggingFaceTB/SmolLM2-360M-Instruct', label: 'SmolLM2 360M Instruct', dtypes: ['fp32', 'fp16', 'q4', 'q4f16'], sizeMB: { fp32: 1640, fp16: 819, q4: 417, q4f16: 299 }, defaultDtype: 'q4', instruct: true },
  { id: 'onnx-community/Qwen2.5-0.5B-Instruct', label: 'Qwen2.5 0.5B Instruct', dtypes: ['fp32', 'fp16', 'q8', 'q4', 'q4f16'], sizeMB: { fp32: 1990, fp16: 997, q8: 512, q4: 786, q4f16: 483 }, defaultDtype: 'q8', instruct: true },
  { id: 'onnx-community/Qwen3-0.6B-ONNX', label: 'Qwen3 0.6B', dtypes: ['q4f16'], sizeMB: {}, defaultDtype: 'q4f16', instruct: true },
  { id: 'onnx-community/gpt2-ONNX', label: 'GPT-2 124M', dtypes: ['fp32', 'fp16', 'q8', 'q4f16'], sizeMB: { q8: 280, fp16: 249, q4f16: 249 }, defaultDtype: 'q8', instruct: false },
];

export const DEFAULT_HUB_MODEL = CURATED_HUB_MODELS[0];
export const DEFAULT_SERVED_MODEL = 'stories260K';

/** dtypes that need the WebGPU `shader-f16` feature. */
export function needsF16(dtype: Dtype): boolean {
  return dtype === 'fp16' || dtype === 'q4f16';
}

/** The dtypes among `shipped` that `device` can run (fp16 kinds only on WebGPU with shader-f16). */
export function runnableDtypes(shipped: readonly Dtype[], device: Device, shaderF16: boolean): Dtype[] {
  return shipped.filter((d) => !needsF16(d) || (device === 'webgpu' && shaderF16));
}

export interface DeviceSupport {
  webgpu: boolean;
  shaderF16: boolean;
}

/** Feature-detect WebGPU (an adapter, not just navigator.gpu) and shader-f16. */
export async function detectDevices(): Promise<DeviceSupport> {
  const gpu = (globalThis.navigator as Navigator & { gpu?: { requestAdapter(): Promise<{ features: Set<string> } | null> } } | undefined)?.gpu;
  if (!gpu) return { webgpu: false, shaderF16: false };
  try {
    const adapter = await gpu.requestAdapter();
    return { webgpu: adapter !== null, shaderF16: adapter?.features.has('shader-f16') ?? false };
  } catch {
    return { webgpu: false, shaderF16: false };
  }
}

/** Which dtype files a served model folder has (HEAD requests; a 404 means absent). */
export async function servedDtypes(baseUrl: string, fetchFn: typeof fetch = fetch): Promise<Dtype[]> {
  const found = await Promise.all(
    (Object.entries(DTYPE_FILES) as [Dtype, string][]).map(async ([dtype, file]) => {
      try {
        const r = await fetchFn(new URL(file, baseUrl).href, { method: 'HEAD' });
        return r.ok ? dtype : null;
      } catch {
        return null;
      }
    }),
  );
  return found.filter((d): d is Dtype => d !== null);
}

/** Whether the served models folder has this model (its config.json answers 200). */
export async function isServed(modelsUrl: string, name: string, fetchFn: typeof fetch = fetch): Promise<boolean> {
  try {
    const r = await fetchFn(new URL(`${name}/config.json`, modelsUrl).href, { method: 'HEAD' });
    return r.ok;
  } catch {
    return false;
  }
}
