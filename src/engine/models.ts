// Which models the app offers, and which dtypes a model ships and a device can run.
import { servedIndex, splitModelUrl } from './servedIndex';
import { ALL_DTYPES, type Device, type Dtype } from './types';

export const ORT_WASM_FILES = { mjs: 'ort-wasm-simd-threaded.asyncify.mjs', wasm: 'ort-wasm-simd-threaded.asyncify.wasm' } as const;
/**
 * ONNX Runtime's CPU-only build (14.3 MB against 26.9 MB): what a Worker loads where the browser has
 * no WebGPU adapter. ONNX Runtime instantiates its wasm once per Worker, so a Worker that might
 * open a WebGPU session keeps the build above.
 */
export const ORT_WASM_CPU_FILES = { mjs: 'ort-wasm-simd-threaded.mjs', wasm: 'ort-wasm-simd-threaded.wasm' } as const;

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
  /**
   * The dtype to offer first when the hub lists it (which dtypes a repository ships, and their
   * sizes, come from the hub's file listing at run time: see listHubModel).
   */
  defaultDtype: Dtype;
  instruct: boolean;
  /** How the repository's graphs were exported, for the curious. */
  exportStyle: 'optimum' | 'model-builder';
}

export const CURATED_HUB_MODELS: CuratedModel[] = [
  { id: 'HuggingFaceTB/SmolLM2-135M-Instruct', label: 'SmolLM2 135M Instruct', defaultDtype: 'q4', instruct: true, exportStyle: 'optimum' },
  { id: 'HuggingFaceTB/SmolLM2-360M-Instruct', label: 'SmolLM2 360M Instruct', defaultDtype: 'q4', instruct: true, exportStyle: 'optimum' },
  { id: 'onnx-community/Qwen2.5-0.5B-Instruct', label: 'Qwen2.5 0.5B Instruct', defaultDtype: 'q8', instruct: true, exportStyle: 'optimum' },
  { id: 'onnx-community/Qwen3-0.6B-ONNX', label: 'Qwen3 0.6B', defaultDtype: 'q4f16', instruct: true, exportStyle: 'optimum' },
  // onnxruntime-genai's model builder: GroupQueryAttention with fused rotary, no position_ids.
  { id: 'onnx-community/Llama-3.2-1B-Instruct-ONNX', label: 'Llama 3.2 1B Instruct (model-builder export)', defaultDtype: 'q4', instruct: true, exportStyle: 'model-builder' },
  { id: 'onnx-community/gpt2-ONNX', label: 'GPT-2 124M', defaultDtype: 'q8', instruct: false, exportStyle: 'optimum' },
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

/**
 * Why a load failed, as the error's `name` (it survives the Worker boundary): the model's files
 * could not be fetched, one is not there, or they would not fit beside the models loaded (both
 * devices share one wasm32 heap). None is the device's fault, so none is retried on another device.
 */
export const LOAD_ERROR = { unreachable: 'ModelUnreachableError', missingFile: 'ModelFileMissingError', tooLarge: 'ModelTooLargeError' } as const;

/** A load failure that another device would not fix (the network, a missing file, memory). */
export function isSourceFailure(err: unknown): boolean {
  if (!(err instanceof Error) && !(typeof err === 'object' && err !== null && 'name' in err)) return false;
  const name = (err as { name?: unknown }).name;
  return name === LOAD_ERROR.unreachable || name === LOAD_ERROR.missingFile || name === LOAD_ERROR.tooLarge;
}

/** Whether an error message is a failed fetch (no network, a refused or reset connection, a timeout). */
export function isNetworkFailure(message: string): boolean {
  return /fetch failed|failed to fetch|networkerror|network error|load failed|ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|socket hang up|net::ERR_/i.test(message);
}

/** What the hub lists for a repository: the dtypes it ships and each one's download size. */
export interface HubListing {
  id: string;
  dtypes: Dtype[];
  /** Bytes per dtype: the graph plus its external data, when the listing says. */
  bytes: Partial<Record<Dtype, number>>;
}

interface TreeEntry {
  type?: string;
  path?: string;
  size?: number;
  lfs?: { size?: number };
}

/** The dtype a file of the onnx/ folder belongs to ("onnx/model_q4.onnx_data" → q4), if any. */
function dtypeOfFile(file: string): Dtype | null {
  for (const [dtype, graph] of Object.entries(DTYPE_FILES) as [Dtype, string][]) {
    if (file === graph || file === `${graph}_data` || file.startsWith(`${graph}_data_`)) return dtype;
  }
  return null;
}

/**
 * Which dtypes a hub repository ships, from the hub's file listing at run time
 * (`{host}api/models/{id}/tree/{revision}/onnx`, one request, sizes included). A mirror without
 * that API is probed file by file instead, as transformers.js's ModelRegistry.get_available_dtypes
 * does (a HEAD per dtype's graph). A failed request rejects (named ModelUnreachableError), so the
 * caller can tell "no network" from "ships nothing".
 */
export async function listHubModel(id: string, opts: { remoteHost?: string; revision?: string; fetchFn?: typeof fetch } = {}): Promise<HubListing> {
  const host = (opts.remoteHost ?? 'https://huggingface.co/').replace(/\/?$/, '/');
  const revision = opts.revision ?? 'main';
  const fetchFn = opts.fetchFn ?? fetch;
  const unreachable = (err: unknown) => {
    const e = new Error(`could not list the files of "${id}" on ${host}: ${err instanceof Error ? err.message : String(err)}`);
    e.name = LOAD_ERROR.unreachable;
    return e;
  };
  let res: Response;
  try {
    res = await fetchFn(`${host}api/models/${id}/tree/${encodeURIComponent(revision)}/onnx`);
  } catch (err) {
    throw unreachable(err);
  }
  if (res.ok) {
    const entries = (await res.json()) as TreeEntry[];
    const bytes: Partial<Record<Dtype, number>> = {};
    const graphs = new Set<Dtype>();
    for (const e of Array.isArray(entries) ? entries : []) {
      if (e.type !== 'file' || !e.path) continue;
      const dtype = dtypeOfFile(e.path);
      if (!dtype) continue;
      if (e.path === DTYPE_FILES[dtype]) graphs.add(dtype);
      bytes[dtype] = (bytes[dtype] ?? 0) + (e.lfs?.size ?? e.size ?? 0);
    }
    const dtypes = ALL_DTYPES.filter((d) => graphs.has(d));
    return { id, dtypes, bytes: Object.fromEntries(dtypes.map((d) => [d, bytes[d]])) };
  }
  if (res.status === 401 || res.status === 403) {
    // The hub answers 401 for a repository that does not exist (or is gated).
    const e = new Error(`the hub has no model "${id}" (or it is private or gated): ${res.status}`);
    e.name = LOAD_ERROR.missingFile;
    throw e;
  }
  // No listing API (a plain mirror): probe each dtype's graph.
  const base = `${host}${id}/resolve/${encodeURIComponent(revision)}/`;
  const found = await Promise.all(
    ALL_DTYPES.map(async (dtype) => {
      let r: Response;
      try {
        r = await fetchFn(new URL(DTYPE_FILES[dtype], base).href, { method: 'HEAD' });
      } catch (err) {
        throw unreachable(err);
      }
      const size = Number(r.headers.get('x-linked-size') ?? r.headers.get('content-length') ?? NaN);
      return r.ok ? { dtype, size } : null;
    }),
  );
  const present = found.filter((f): f is { dtype: Dtype; size: number } => f !== null);
  return { id, dtypes: present.map((f) => f.dtype), bytes: Object.fromEntries(present.filter((f) => Number.isFinite(f.size)).map((f) => [f.dtype, f.size])) };
}

/** Which dtype files a served model folder has: from the folder's index where it lists the model, else by HEAD requests (a 404 means absent). */
export async function servedDtypes(baseUrl: string, fetchFn: typeof fetch = fetch): Promise<Dtype[]> {
  const { modelsUrl, name } = splitModelUrl(baseUrl);
  const files = (await servedIndex(modelsUrl, fetchFn))?.models[name]?.files;
  // A model the index lists is answered from it; one it lacks (a folder added by hand) is probed.
  if (files) return (Object.entries(DTYPE_FILES) as [Dtype, string][]).filter(([, file]) => file in files).map(([dtype]) => dtype);
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

/** Whether the served models folder has this model: listed in its index, or (a folder added by hand) its config.json answers 200. */
export async function isServed(modelsUrl: string, name: string, fetchFn: typeof fetch = fetch): Promise<boolean> {
  const index = await servedIndex(modelsUrl, fetchFn);
  if (index && Object.prototype.hasOwnProperty.call(index.models, name)) return true;
  try {
    const r = await fetchFn(new URL(`${name}/config.json`, modelsUrl).href, { method: 'HEAD' });
    return r.ok;
  } catch {
    return false;
  }
}
