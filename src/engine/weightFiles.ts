// The bytes of the weight files a load would read (the graph and its external data), known before
// the load starts: from a folder's file sizes, a picked file's size, or the server's HEAD answer
// (Content-Length; the hub's X-Linked-Size for a file kept in LFS). The engine predicts a load's
// footprint from them (core/memory/fit.ts).
import { modelFileAt } from './graph';
import { servedIndex } from './servedIndex';
import { DTYPE_FILES } from './models';
import { DEFAULT_REMOTE_HOST, runtimeConfig } from './runtime';
import type { Dtype, ModelSource } from './types';

/** The graph's external data file, where the export has one (transformers.js's `_data` suffix). */
const EXTERNAL_DATA_SUFFIX = '_data';

/** The URL of the served models folder (ending in "/"), or null where it is a folder on disk (Node). */
function servedModelsUrl(): string | null {
  const root = runtimeConfig().localModelPath ?? '/models/';
  // Node serves from a folder (read from disk below); the browser from a URL.
  if (typeof location === 'undefined' && !/^https?:/.test(root)) return null;
  return new URL(`${root.replace(/\/+$/, '')}/`, typeof location !== 'undefined' ? location.href : undefined).href;
}

/** The URL a served or hub model's file is fetched from, or null where it is read from disk. */
function fileUrl(source: ModelSource, rel: string): string | null {
  if (source.kind === 'hub') return `${(runtimeConfig().remoteHost ?? DEFAULT_REMOTE_HOST).replace(/\/+$/, '')}/${source.id}/resolve/main/${rel}`;
  if (source.kind !== 'served') return null;
  const models = servedModelsUrl();
  return models === null ? null : new URL(`${models}${source.name}/${rel}`).href;
}

/** One file's size in bytes, or null when it is absent or its size cannot be had. */
async function fileBytes(source: ModelSource, rel: string, fetchFn: typeof fetch): Promise<number | null> {
  try {
    const url = fileUrl(source, rel);
    if (url === null) return (await modelFileAt(source, rel))?.size ?? null;
    if (source.kind === 'served') {
      // The folder's index has every file's size: no request for a file the model does not ship.
      const files = (await servedIndex(servedModelsUrl()!, fetchFn))?.models[source.name]?.files;
      if (files) return files[rel] ?? null;
    }
    const res = await fetchFn(url, { method: 'HEAD' });
    // A page answered for a missing file (a single-page host's fallback) is not the file.
    if (!res.ok || /text\/html/.test(res.headers.get('content-type') ?? '')) return null;
    const n = Number(res.headers.get('x-linked-size') ?? res.headers.get('content-length') ?? NaN);
    return Number.isSafeInteger(n) && n >= 0 ? n : null;
  } catch {
    // No network: unknown, not an error (the load itself will say what failed).
    return null;
  }
}

/** Bytes of the dtype's graph plus its external data; null when the graph's size cannot be had. */
export async function weightFileBytes(source: ModelSource, dtype: Dtype, fetchFn: typeof fetch = fetch): Promise<number | null> {
  const graph = DTYPE_FILES[dtype];
  const [g, data] = await Promise.all([fileBytes(source, graph, fetchFn), fileBytes(source, `${graph}${EXTERNAL_DATA_SUFFIX}`, fetchFn)]);
  return g === null ? null : g + (data ?? 0);
}
