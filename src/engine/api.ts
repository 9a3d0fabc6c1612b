// The engine's interface, as the UI sees it through the Worker (comlink) and as Node calls it
// directly. An engine holds up to MAX_LOADED_MODELS models, each in a named slot; a request
// without a slot uses the primary one.
import type { ItemScore, ScoreOptions } from '../core/scoring/types';
import type { EngineConfig, LoadProgress, LoadRequest, ModelInfo } from './types';
import type { ItemParts, PartsWanted } from './scorer';
import type { TemperedCandidate } from './tempered';

export type { ItemParts, PartsWanted, TemperedCandidate };

/** Where a loaded model sits in an engine: the primary model, or another one loaded beside it. */
export type ModelSlot = string;
export const PRIMARY_SLOT: ModelSlot = 'primary';
/** Models one engine holds at once (the Scorer's comparison: two). */
export const MAX_LOADED_MODELS = 2;

export interface ScoreRequest {
  context: string;
  candidates: string[];
  options: ScoreOptions;
  /** The model to score with (default the primary one). */
  slot?: ModelSlot;
}

/** Score only some parts of one item (incremental re-scoring; see parts.ts). */
export interface PartsRequest extends ScoreRequest {
  wanted: PartsWanted;
}

/** One item of a streamed task. */
export interface StreamItem {
  context: string;
  candidates: string[];
}

/**
 * Per-token statistics: `full` (rank, entropy, top-k: what the Scorer shows) or `logprob` (the
 * log-prob and greedy flag only; rank and entropy are NaN and top is empty).
 */
export type StatsMode = 'full' | 'logprob';

export interface ChunkRequest {
  items: StreamItem[];
  /** The model to score with (default the primary one). */
  slot?: ModelSlot;
  options: ScoreOptions;
  /** Default `full`. Task metrics need only `logprob`. */
  stats?: StatsMode;
}

/** Log-probs with the logits divided by each temperature (the sharpening lesson; see tempered.ts). */
export interface TemperedRequest {
  context: string;
  candidates: string[];
  temperatures: number[];
  slot?: ModelSlot;
}

/** WebGPU-vs-WASM agreement on a fixed probe text (SPEC §2). */
export interface ProbeCheck {
  probe: string;
  sumLogprobDevice: number;
  sumLogprobWasm: number;
  absDiff: number;
  tolerance: number;
  ok: boolean;
}

export interface EngineApi {
  /** Where models, the hub and ONNX Runtime's wasm files are. Call before the first load. */
  configure(config: EngineConfig): Promise<void>;
  /**
   * Load (or switch to) a model in a slot (default the primary one); the other slots' models stay
   * loaded. A new slot beyond MAX_LOADED_MODELS is refused before anything is fetched. Progress
   * events stream through the callback.
   */
  load(req: LoadRequest, onProgress?: (p: LoadProgress) => void, slot?: ModelSlot): Promise<ModelInfo>;
  /** The slots that hold a model. */
  slots(): Promise<ModelSlot[]>;
  /**
   * Score one item. `runId` lets a newer call supersede an older one: a superseded run rejects
   * with an error whose name is 'AbortError'.
   */
  score(req: ScoreRequest, runId?: number): Promise<ItemScore>;
  /**
   * Score only the wanted parts of one item: the conditional terms of some candidates and the
   * unconditional terms not already held. Each part equals the same part of a from-scratch score.
   */
  scoreParts(req: PartsRequest, runId?: number): Promise<ItemParts>;
  /**
   * Score a chunk of task items in one go (each context runs once, the unconditional prefix once
   * per chunk) and return their results in order. The engine keeps nothing of a chunk after it
   * returns, so a task of any size streams through in chunks (see stream.ts). `runId` as in score.
   */
  scoreChunk(req: ChunkRequest, runId?: number): Promise<ItemScore[]>;
  /**
   * Each candidate's summed log-prob under log softmax(logits / T), for each temperature: one plain
   * forward per candidate, apart from the scoring path. T = 1 gives the ordinary sums.
   */
  scoreTempered(req: TemperedRequest): Promise<TemperedCandidate[]>;
  /** Abandon every run with an id below `runId`. */
  cancelBefore(runId: number): void;
  /** On WebGPU: score the probe on WASM too and compare. */
  probeCheck(): Promise<ProbeCheck>;
  /** Unload one slot's model, or every model. */
  unload(slot?: ModelSlot): Promise<void>;
}
