// Where transformers.js looks for models and ONNX Runtime's wasm files. The library keeps these
// in one global `env`, so the engine sets them before every load.
import { env } from '@huggingface/transformers';
import type { EngineConfig, ModelSource } from './types';

export type { EngineConfig };


export const DEFAULT_REMOTE_HOST = 'https://huggingface.co/';

let config: EngineConfig = {};

/** The configuration in force (where models and the hub are). */
export function runtimeConfig(): Readonly<EngineConfig> {
  return config;
}

export function configureRuntime(next: EngineConfig): void {
  config = { ...config, ...next };
  if (config.wasmPaths) {
    const wasm = env.backends.onnx.wasm;
    if (wasm) wasm.wasmPaths = config.wasmPaths;
  }
  if (config.wasmThreads) {
    const wasm = env.backends.onnx.wasm;
    if (wasm) wasm.numThreads = config.wasmThreads;
  }
}

/** The wasm threads ONNX Runtime runs on (after its first session it has set 1 where threads cannot run). */
export function wasmThreadsInForce(): number | undefined {
  return env.backends.onnx.wasm?.numThreads;
}

/** The path of a picked file inside the picked folder ("model/onnx/model.onnx" → "onnx/model.onnx"). */
function pathInFolder(file: File): string {
  const rel = (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name;
  const parts = rel.split('/');
  return parts.length > 1 ? parts.slice(1).join('/') : rel;
}

/** A transformers.js custom cache that answers from the files of a picked folder. */
function pickedFilesCache(files: File[]) {
  const byPath = new Map(files.map((f) => [pathInFolder(f), f]));
  return {
    async match(key: string | Request): Promise<Response | undefined> {
      const url = typeof key === 'string' ? key : key.url;
      for (const [p, f] of byPath) {
        if (url.endsWith(`/${p}`)) return new Response(f, { headers: { 'content-length': String(f.size), 'content-type': 'application/octet-stream' } });
      }
      return undefined;
    },
    async put(): Promise<void> {},
  };
}

/** Downloads kept in the configured folder (Node: ONNX Runtime opens a graph by its path). */
function keepDownloadsInCacheDir(): void {
  if (!config.cacheDir) return;
  env.useFSCache = true;
  env.cacheDir = config.cacheDir;
}

/** Point transformers.js at the right place for this source; returns the id to load. */
export function prepareSource(source: ModelSource): string {
  env.useCustomCache = false;
  env.remoteHost = config.remoteHost ?? DEFAULT_REMOTE_HOST;
  env.remotePathTemplate = '{model}/resolve/{revision}/';
  const cache = config.useCache ?? true;
  env.useBrowserCache = cache && typeof caches !== 'undefined';
  env.useFSCache = false;
  switch (source.kind) {
    case 'served': {
      const root = config.localModelPath ?? '/models/';
      if (/^https?:\/\//i.test(root)) {
        // The app's folder on another host (a <lengthlens-figure> on someone's page). transformers.js
        // asks whether a file exists only of a local path or of the remote host (a local full URL reads
        // as "no tokenizer"), so that folder is read as the remote host, in the same layout.
        env.allowLocalModels = false;
        env.allowRemoteModels = true;
        env.remoteHost = root.replace(/\/?$/, '/');
        env.remotePathTemplate = '{model}/';
        keepDownloadsInCacheDir();
        return source.name;
      }
      env.allowLocalModels = true;
      env.allowRemoteModels = false;
      env.localModelPath = root;
      return source.name;
    }
    case 'hub':
      env.allowLocalModels = false;
      env.allowRemoteModels = true;
      keepDownloadsInCacheDir();
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
    case 'files': {
      if (!source.files.some((f) => pathInFolder(f) === 'config.json')) throw new Error(`the picked folder "${source.name}" has no config.json`);
      env.allowLocalModels = true;
      env.allowRemoteModels = false;
      env.useBrowserCache = false;
      // Not a path the app's server answers: a file the folder lacks (an optional one, such as
      // generation_config.json) must fail to fetch and so read as absent, not come back as the
      // host's fallback page with status 200.
      env.localModelPath = 'picked-folder:/';
      env.useCustomCache = true;
      env.customCache = pickedFilesCache(source.files);
      return source.name;
    }
  }
}

export function sourceLabel(source: ModelSource): string {
  switch (source.kind) {
    case 'served':
    case 'files':
      return source.name;
    case 'hub':
      return source.id;
    case 'path':
      return source.path;
  }
}
