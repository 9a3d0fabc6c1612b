// The page's handle on the engine Worker.
import * as Comlink from 'comlink';
import type { EngineApi, ModelSlot } from './api';
import type { LoadProgress, LoadRequest, ModelInfo } from './types';
import { detectDevices, ORT_WASM_CPU_FILES, ORT_WASM_FILES } from './models';
import crossOriginWorkerUrl from './worker.ts?worker&url';

export interface EngineClient {
  api: Comlink.Remote<EngineApi>;
  /** Load a model (into `slot`, default the primary one), streaming progress events to `onProgress`. */
  load(req: LoadRequest, onProgress?: (p: LoadProgress) => void, slot?: ModelSlot): Promise<ModelInfo>;
  terminate(): void;
}

/** Where the app's files are: the page's folder, or another host's (setAppBase). */
let appBase: string | null = null;

/**
 * Serve the engine's files (its Worker, ONNX Runtime, the models) from `base` rather than from the
 * page: a <lengthlens-figure> on another site loads them from the host that served its script.
 */
export function setAppBase(base: string): void {
  appBase = base;
}

/** URL of a file the app serves, relative to the page (works under any base path) or to setAppBase's host. */
export function appUrl(relative: string): string {
  return new URL(relative, appBase ?? document.baseURI).href;
}

/** Whether the app's files are on another origin than the page (an element on someone's blog). */
const crossOrigin = () => new URL(appUrl('./')).origin !== location.origin;

/**
 * The engine Worker. A page may only start a Worker from its own origin: from another one, a
 * module Worker made from a one-line blob imports the app's Worker script (the host must allow
 * the page's origin, as it already does for the element's own module script).
 */
function startWorker(): Worker {
  if (!crossOrigin()) return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'lengthlens-engine' });
  const src = new URL(crossOriginWorkerUrl, import.meta.url).href;
  const blob = URL.createObjectURL(new Blob([`import ${JSON.stringify(src)};\n`], { type: 'text/javascript' }));
  return new Worker(blob, { type: 'module', name: 'lengthlens-engine' });
}

export function createEngineClient(): EngineClient {
  const worker = startWorker();
  const api = Comlink.wrap<EngineApi>(worker);
  // Without a WebGPU adapter no session in this Worker can use WebGPU: ONNX Runtime's CPU-only
  // build serves it, at about half the bytes.
  const configured = detectDevices().then((support) => {
    const ort = support.webgpu ? ORT_WASM_FILES : ORT_WASM_CPU_FILES;
    return api.configure({
      // Same origin: a path, not a full URL (transformers.js treats a URL model id as remote). From
      // another origin the Worker's base is a blob: URL, against which no path resolves: the full URL.
      localModelPath: crossOrigin() ? appUrl('models/') : new URL('models/', appUrl('./')).pathname,
      wasmPaths: { mjs: appUrl(`ort/${ort.mjs}`), wasm: appUrl(`ort/${ort.wasm}`) },
      useCache: true,
    });
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
