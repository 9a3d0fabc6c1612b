// The engine as the UI sees it: its types, model catalogue and client, re-exported here so that
// src/ui never imports src/engine (the lint's layer rule).
export {
  ALL_DTYPES,
  CURATED_HUB_MODELS,
  DEFAULT_HUB_MODEL,
  DEFAULT_SERVED_MODEL,
  appUrl,
  createEngineClient,
  runnableDtypes,
  servedDtypes,
  type DeviceSupport,
  type Dtype,
  type EngineClient,
  type LoadProgress,
  type LoadRequest,
  type ModelInfo,
  type ModelSource,
} from '../engine';
