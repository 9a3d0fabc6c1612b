// The engine as the UI sees it: its types and model catalogue, re-exported here so that src/ui
// never imports src/engine (the lint's layer rule). No Worker client: the UI reaches the engine
// through the app's one model session (engineSession.ts).
export {
  ALL_DTYPES,
  CURATED_HUB_MODELS,
  DEFAULT_HUB_MODEL,
  DEFAULT_SERVED_MODEL,
  appUrl,
  setAppBase,
  runnableDtypes,
  servedDtypes,
  type DeviceSupport,
  type Dtype,
  type LoadProgress,
  type LoadRequest,
  type ModelInfo,
  type ModelSource,
} from '../engine';
