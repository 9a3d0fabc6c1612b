// The engine in Node (onnxruntime-node, CPU): load a model from a folder path, a served-models
// root or a hub id, and score items.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from './engine';
import type { ModelSource, Dtype } from './types';

function isFolder(p: string): boolean {
  return fs.existsSync(p) && fs.statSync(p).isDirectory();
}

/** A `--model` argument: an existing folder path, else a hub id ("org/name"). */
export function modelSourceFromArg(arg: string, exists: (p: string) => boolean = isFolder): ModelSource {
  if (exists(arg)) return { kind: 'path', path: path.resolve(arg) };
  if (/^[\w.-]+\/[\w.-]+$/.test(arg)) return { kind: 'hub', id: arg };
  throw new Error(`model "${arg}" is neither a folder nor a hub id like "org/name"`);
}

/** Where hub downloads are kept between runs. */
export function defaultCacheDir(): string {
  return process.env.LENGTHLENS_CACHE_DIR ?? path.join(os.homedir(), '.cache', 'lengthlens');
}

export async function createNodeEngine(
  source: ModelSource,
  dtype: Dtype,
  opts: { remoteHost?: string; cacheDir?: string; cpuThreads?: number } = {},
): Promise<Engine> {
  const engine = new Engine();
  await engine.configure({
    remoteHost: opts.remoteHost ?? process.env.LENGTHLENS_REMOTE_HOST,
    useCache: false,
    cacheDir: opts.cacheDir ?? defaultCacheDir(),
  });
  await engine.load({ source, dtype, device: 'cpu', ...(opts.cpuThreads ? { cpuThreads: opts.cpuThreads } : {}) });
  return engine;
}
