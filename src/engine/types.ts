// What the engine needs to know to load a model, shared by Node, the Worker and the UI.
import type { ScoringPlan } from './plan';

export type { ScoringPlan };
export type Device = 'webgpu' | 'wasm' | 'cpu';
// The dtype list is defined once, in core; it is part of the engine's API, so it is exported here too.
export { ALL_DTYPES, isDtype, type Dtype } from '../core/dtypes';
import type { Dtype } from '../core/dtypes';

/** Where a model comes from. */
export type ModelSource =
  | { kind: 'served'; name: string } // /models/<name>/ served by the app (or a Node folder root)
  | { kind: 'hub'; id: string } // Hugging Face hub id, through env.remoteHost
  | { kind: 'path'; path: string } // a folder on disk (Node)
  | { kind: 'files'; name: string; files: File[] }; // a folder the user picked in the browser (paths from webkitRelativePath)

export interface LoadRequest {
  source: ModelSource;
  dtype: Dtype;
  device: Device;
  /** Node only (device cpu): ONNX Runtime's intra-op threads (default: one per core). */
  cpuThreads?: number;
  /**
   * Node only (device cpu): keep ONNX Runtime's CPU memory arena (default false: off). With the
   * arena, memory grows with the largest batch shapes met and is never given back; off, each
   * pass's buffers come from the system allocator and return to it (see docs/performance.md,
   * "Memory while streaming").
   */
  cpuMemArena?: boolean;
  /**
   * Load even where the device is known to score this graph style wrongly (see
   * KNOWN_DEVICE_FAULTS in engine.ts): for the diagnostics page, which exists to show such faults.
   */
  allowKnownFaults?: boolean;
  /**
   * What a pass costs beyond its tokens, in tokens, for the plan's batch splits and choices: a
   * number, or 'measure' to time the model at load (src/engine/passCost.ts). Default: the fixed
   * PASS_OVERHEAD_TOKENS, so that a model's numbers repeat to the last digit from load to load (a
   * split changes a log-prob's last digits: up to 4e-6 nats measured on a chunk's sum).
   */
  passOverhead?: number | 'measure';
}

export interface LoadProgress {
  file?: string;
  loaded: number;
  total: number;
  /** Per-file progress, bytes. */
  files: Record<string, { loaded: number; total: number }>;
  status: 'initiate' | 'download' | 'progress' | 'done' | 'progress_total' | 'ready';
}

export interface ModelInfo {
  id: string;
  dtype: Dtype;
  device: Device;
  vocabSize: number;
  maxLength: number;
  bosTokenId: number | null;
  hasChatTemplate: boolean;
  tokenizerKind: 'sentencepiece' | 'byte-level' | 'other';
  /** How the graph does attention and quantisation, and the exact scoring plan chosen for it. */
  plan: ScoringPlan;
  /** Bytes of the weight files loaded (graph and external data); null where their size was unknown. */
  weightBytes: number | null;
}

export interface EngineConfig {
  /** Root of the served models folder: a URL in the browser ('/models/'), a folder in Node. */
  localModelPath?: string;
  /** Hugging Face hub (or a mirror in the hub's URL layout). */
  remoteHost?: string;
  /** ONNX Runtime's wasm files, served by the app itself (never a CDN). */
  wasmPaths?: { mjs: string; wasm: string };
  /**
   * ONNX Runtime Web's wasm threads (unset: its default, min(4, ⌈cores / 2⌉) on a cross-origin
   * isolated page, 1 elsewhere). Set before the Worker's first session: ONNX Runtime reads it once.
   */
  wasmThreads?: number;
  /** Cache downloaded files (browser Cache API, or the FS cache in Node). */
  useCache?: boolean;
  /** Node only: folder for downloaded hub files (onnxruntime-node loads models from disk). */
  cacheDir?: string;
  /**
   * Tests only: the memory limit (bytes) a load is checked against, in place of the device's
   * (WASM32_HEAP_LIMIT on WASM and WebGPU; none on Node's CPU), so a refusal is tested with small models.
   */
  memoryLimitBytes?: number;
}
