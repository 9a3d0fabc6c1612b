// The page's handle on the engine Worker.
import * as Comlink from 'comlink';
import type { EngineApi, ModelSlot } from './api';
import type { LoadProgress, LoadRequest, ModelInfo } from './types';
import { ORT_WASM_FILES } from './models';

export interface EngineClient {
  api: Comlink.Remote<EngineApi>;
  /** Load a model (into `slot`, default the primary one), streaming progress events to `onProgress`. */
  load(req: LoadRequest, onProgress?: (p: LoadProgress) => void, slot?: ModelSlot): Promise<ModelInfo>;
  terminate(): void;
}

/** URL of a file the app serves, relative to the page (works under any base path). */
export function appUrl(relative: string): string {
  return new URL(relative, document.baseURI).href;
}

export function createEngineClient(): EngineClient {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'lengthlens-engine' });
  const api = Comlink.wrap<EngineApi>(worker);
  const configured = api.configure({
    // A path, not a full URL: transformers.js only checks local files for non-URL paths.
    localModelPath: new URL('models/', document.baseURI).pathname,
    wasmPaths: { mjs: appUrl(`ort/${ORT_WASM_FILES.mjs}`), wasm: appUrl(`ort/${ORT_WASM_FILES.wasm}`) },
    useCache: true,
  });
  return {
    api,
    async load(req, onProgress, slot) {
      await configured;
      return api.load(req, onProgress ? Comlink.proxy(onProgress) : undefined, slot);
    },
    terminate() {
      api[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}
