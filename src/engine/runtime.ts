// Where transformers.js looks for models and ONNX Runtime's wasm files. The library keeps these
// in one global `env`, so the engine sets them before every load.
import { env } from '@huggingface/transformers';
import type { EngineConfig, ModelSource } from './types';

export type { EngineConfig };


export const DEFAULT_REMOTE_HOST = 'https://huggingface.co/';

let config: EngineConfig = {};

export function configureRuntime(next: EngineConfig): void {
  config = { ...config, ...next };
  if (config.wasmPaths) {
    const wasm = env.backends.onnx.wasm;
    if (wasm) wasm.wasmPaths = config.wasmPaths;
  }
}

/** Point transformers.js at the right place for this source; returns the id to load. */
export function prepareSource(source: ModelSource): string {
  env.remoteHost = config.remoteHost ?? DEFAULT_REMOTE_HOST;
  env.remotePathTemplate = '{model}/resolve/{revision}/';
  const cache = config.useCache ?? true;
  env.useBrowserCache = cache && typeof caches !== 'undefined';
  env.useFSCache = false;
  switch (source.kind) {
    case 'served':
      env.allowLocalModels = true;
      env.allowRemoteModels = false;
      env.localModelPath = config.localModelPath ?? '/models/';
      return source.name;
    case 'hub':
      env.allowLocalModels = false;
      env.allowRemoteModels = true;
      return source.id;
    case 'path': {
      const trimmed = source.path.replace(/[\\/]+$/, '');
      const cut = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
      env.allowLocalModels = true;
      env.allowRemoteModels = false;
      env.useBrowserCache = false;
      env.localModelPath = cut >= 0 ? trimmed.slice(0, cut + 1) : './';
      return cut >= 0 ? trimmed.slice(cut + 1) : trimmed;
    }
  }
}

export function sourceLabel(source: ModelSource): string {
  return source.kind === 'served' ? source.name : source.kind === 'hub' ? source.id : source.path;
}
