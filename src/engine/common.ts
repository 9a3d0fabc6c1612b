// What both of the engine's faces export (index.ts for the page, nodeFace.ts for the CLI).
// Browser-safe and Node-safe: it pulls in neither transformers.js (that loads in the Worker), nor
// node:*, nor the page's Worker client (a bundler import of the Worker's built URL).
export { servedIndex, type ServedIndex } from './servedIndex';
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
export type { ChunkRequest, ModelSlot, ProbeCheck, ScoreRequest, StatsMode, StreamItem, TemperedCandidate, TemperedRequest } from './api';
export { MAX_LOADED_MODELS, PRIMARY_SLOT } from './api';
export { streamChunks, streamScores, TASK_CHUNK_ITEMS, type ChunkLoopOptions, type ChunkScorer, type ScoredChunk, type StreamedResult, type StreamOptions } from './stream';
export { assembleParts, needsUnconditional, type ConditionalPart, type ContextPart, type UnconditionalPart } from './parts';
export type { ItemParts, PartsWanted } from './scorer';
export type { TokenizerCounts } from './tokenizerCounts';
/** Counting tokens with a tokenizer alone, loaded on demand (it brings transformers.js to the page). */
export const tokenizerCounts = () => import('./tokenizerCounts');
