// The served models folder's index (models/index.json, written by the build and answered by the
// dev and preview servers): each model's files and their sizes. With it the app lists its models,
// their dtypes and their weight sizes in one request, and asks for no file that is not there (a
// probe per dtype was a 404 in the console for every dtype a model does not ship). A host without
// the index (a folder copied by hand) is still probed file by file.

export interface ServedIndex {
  /** Model folder name → its files (relative paths, "onnx/model.onnx") → size in bytes. */
  models: Record<string, { files: Record<string, number> }>;
}

/** The index's name inside the models folder. */
export const SERVED_INDEX_FILE = 'index.json';

const byFetch = new WeakMap<typeof fetch, Map<string, Promise<ServedIndex | null>>>();

function isIndex(v: unknown): v is ServedIndex {
  if (!v || typeof v !== 'object' || !('models' in v)) return false;
  const models = (v as { models: unknown }).models;
  if (!models || typeof models !== 'object' || Array.isArray(models)) return false;
  return Object.values(models).every((m) => {
    const files = m && typeof m === 'object' ? (m as { files?: unknown }).files : undefined;
    return !!files && typeof files === 'object' && !Array.isArray(files) && Object.values(files).every((n) => Number.isSafeInteger(n) && (n as number) >= 0);
  });
}

/** The index of the models folder at `modelsUrl` (ending in "/"), or null where the host has none (asked once per folder). */
export function servedIndex(modelsUrl: string, fetchFn: typeof fetch = fetch): Promise<ServedIndex | null> {
  let cache = byFetch.get(fetchFn);
  if (!cache) byFetch.set(fetchFn, (cache = new Map()));
  let hit = cache.get(modelsUrl);
  if (!hit) {
    hit = (async () => {
      try {
        const r = await fetchFn(new URL(SERVED_INDEX_FILE, modelsUrl).href);
        // A single-page host answers a missing file with its page: not an index.
        if (!r.ok || /text\/html/.test(r.headers.get('content-type') ?? '')) return null;
        const v: unknown = await r.json();
        return isIndex(v) ? v : null;
      } catch {
        return null;
      }
    })();
    cache.set(modelsUrl, hit);
  }
  return hit;
}

/** `<models>/<name>/` → the models folder's URL and the model's name. */
export function splitModelUrl(modelUrl: string): { modelsUrl: string; name: string } {
  const u = new URL(modelUrl);
  const parts = u.pathname.replace(/\/+$/, '').split('/');
  const name = decodeURIComponent(parts.pop() ?? '');
  u.pathname = parts.join('/') + '/';
  return { modelsUrl: u.href, name };
}
