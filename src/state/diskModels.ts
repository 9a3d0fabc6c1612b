// A model folder picked from disk. The browser cannot hand a folder to the engine Worker by path,
// so its files are copied into the model cache (the Cache API store transformers.js reads first)
// under the URLs of a served model named `disk-<folder>`; the engine then loads it like a served
// model, without any network request. The files stay cached for offline reuse.
import { create } from 'zustand';
import { DTYPE_FILES } from '../engine/models';
import type { Dtype } from '../engine/types';

/** The Cache API store transformers.js uses (its `env.cacheKey` default). */
export const MODEL_CACHE_NAME = 'transformers-cache';
export const DISK_PREFIX = 'disk-';

export interface DiskModel {
  name: string;
  folder: string;
  dtypes: Dtype[];
  files: number;
  bytes: number;
}

interface DiskModels {
  models: Record<string, DiskModel>;
  importing: boolean;
  error: string | null;
}

export const useDiskModels = create<DiskModels>()(() => ({ models: {}, importing: false, error: null }));

const REQUIRED = ['config.json', 'tokenizer.json', 'tokenizer_config.json'];
const MIME: Record<string, string> = { json: 'application/json', onnx: 'application/octet-stream', onnx_data: 'application/octet-stream', txt: 'text/plain' };

/** The folder's files by path relative to the folder, with a clear error when it is not a model. */
export function modelFiles(files: readonly File[]): { folder: string; byPath: Map<string, File>; dtypes: Dtype[] } {
  if (files.length === 0) throw new Error('the folder is empty');
  const byPath = new Map<string, File>();
  let folder = '';
  for (const f of files) {
    const rel = (f as File & { webkitRelativePath?: string }).webkitRelativePath || f.name;
    const parts = rel.split('/');
    if (parts.length > 1) {
      folder ||= parts[0];
      byPath.set(parts.slice(1).join('/'), f);
    } else byPath.set(rel, f);
  }
  const missing = REQUIRED.filter((r) => !byPath.has(r));
  if (missing.length) throw new Error(`the folder “${folder}” is not a transformers.js model: it has no ${missing.join(', ')}`);
  const dtypes = (Object.entries(DTYPE_FILES) as [Dtype, string][]).filter(([, file]) => byPath.has(file)).map(([d]) => d);
  if (dtypes.length === 0) throw new Error(`the folder “${folder}” has no onnx/model*.onnx file (looked for ${Object.values(DTYPE_FILES).join(', ')})`);
  return { folder: folder || 'model', byPath, dtypes };
}

export const diskModelName = (folder: string) => DISK_PREFIX + (folder.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^[._-]+/, '') || 'model').slice(0, 100);

/** Copy a picked folder into the model cache; returns the served name to load it by. */
export async function importModelFolder(files: readonly File[]): Promise<DiskModel | null> {
  useDiskModels.setState({ importing: true, error: null });
  try {
    const { folder, byPath, dtypes } = modelFiles(files);
    if (typeof caches === 'undefined') throw new Error('this browser has no Cache Storage (a private window?), so a folder cannot be handed to the engine');
    const name = diskModelName(folder);
    const cache = await caches.open(MODEL_CACHE_NAME);
    let bytes = 0;
    for (const [rel, file] of byPath) {
      const ext = rel.split('.').pop() ?? '';
      const url = new URL(`models/${name}/${rel}`, document.baseURI).href;
      await cache.put(url, new Response(file, { headers: { 'content-type': MIME[ext] ?? 'application/octet-stream', 'content-length': String(file.size) } }));
      bytes += file.size;
    }
    const model: DiskModel = { name, folder, dtypes, files: byPath.size, bytes };
    useDiskModels.setState((s) => ({ models: { ...s.models, [name]: model }, importing: false }));
    return model;
  } catch (e) {
    useDiskModels.setState({ importing: false, error: e instanceof Error ? e.message : String(e) });
    return null;
  }
}
