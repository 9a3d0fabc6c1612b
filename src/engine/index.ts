// The engine's public face for state, ui (through state) and the CLI: nothing outside src/engine
// imports another engine file (the lint's layer rule says so). Browser-safe: it pulls in neither
// transformers.js (that loads in the Worker) nor node:* — the Node engine and the benchmark the CLI
// runs are in nodeFace.ts, which re-exports this file too.
export { ALL_DTYPES, isDtype, type Device, type Dtype, type EngineConfig, type LoadProgress, type LoadRequest, type ModelInfo, type ModelSource, type ScoringPlan } from './types';
export {
  CURATED_HUB_MODELS,
  DEFAULT_HUB_MODEL,
  DEFAULT_SERVED_MODEL,
  DTYPE_FILES,
  ORT_WASM_FILES,
  detectDevices,
  isServed,
  isSourceFailure,
  listHubModel,
  runnableDtypes,
  servedDtypes,
  type CuratedModel,
  type DeviceSupport,
  type HubListing,
} from './models';
export { appUrl, createEngineClient, setAppBase, type EngineClient } from './client';
export type { ChunkRequest, ModelSlot, ProbeCheck, ScoreRequest, StatsMode, StreamItem, TemperedCandidate, TemperedRequest } from './api';
export { MAX_LOADED_MODELS, PRIMARY_SLOT } from './api';
export { streamChunks, streamScores, TASK_CHUNK_ITEMS, type ChunkLoopOptions, type ChunkScorer, type ScoredChunk, type StreamedResult, type StreamOptions } from './stream';
export { assembleParts, needsUnconditional, type ConditionalPart, type ContextPart, type UnconditionalPart } from './parts';
export type { ItemParts, PartsWanted } from './scorer';
export type { TokenizerCounts } from './tokenizerCounts';
/** Counting tokens with a tokenizer alone, loaded on demand (it brings transformers.js to the page). */
export const tokenizerCounts = () => import('./tokenizerCounts');
