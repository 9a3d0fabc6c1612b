// What a loaded decoder graph is: its session's inputs, outputs and cache type, and the operators
// in its model file, read once at load time. The plan that is exact for it follows (plan.ts).
import type { PreTrainedModel } from '@huggingface/transformers';
import { blobSource, httpSource, scanOnnxOps, type ByteSource } from './onnxOps';
import { scoringPlan, type GraphFacts, type ScoringPlan } from './plan';
import { DEFAULT_REMOTE_HOST, runtimeConfig } from './runtime';
import { DTYPE_FILES } from './models';
import type { Dtype, ModelSource } from './types';

import { decoderSession, type DecoderSession } from './transformersAdapter';

// Re-exported where the engine has always found them.
export { decoderSession, type DecoderSession };

/** Opens a file on the local disk (Node sets this; the browser has no disk). */
type LocalReader = (file: string) => Promise<ByteSource | null>;
let localReader: LocalReader | null = null;
export function setLocalFileReader(reader: LocalReader): void {
  localReader = reader;
}

/** Reads a file of a model folder picked in the browser (same path rule as runtime.ts). */
function pickedFile(files: readonly File[], rel: string): File | undefined {
  return files.find((f) => {
    const p = ((f as File & { webkitRelativePath?: string }).webkitRelativePath || f.name).split('/');
    return (p.length > 1 ? p.slice(1).join('/') : p[0]) === rel;
  });
}

/** Random access to the ONNX file the model was loaded from, where one can be had. */
export async function modelFileSource(source: ModelSource, dtype: Dtype): Promise<ByteSource | null> {
  return modelFileAt(source, DTYPE_FILES[dtype]);
}

/** Random access to one file of a model's folder (`rel`, e.g. "onnx/model.onnx"), where one can be had. */
export async function modelFileAt(source: ModelSource, rel: string): Promise<ByteSource | null> {
  const config = runtimeConfig();
  switch (source.kind) {
    case 'path':
      return localReader ? localReader(`${source.path.replace(/[\\/]+$/, '')}/${rel}`) : null;
    case 'files': {
      const f = pickedFile(source.files, rel);
      return f ? blobSource(f) : null;
    }
    case 'served': {
      const root = config.localModelPath ?? '/models/';
      if (localReader && !/^https?:/.test(root) && typeof location === 'undefined') return localReader(`${root.replace(/[\\/]+$/, '')}/${source.name}/${rel}`);
      const base = typeof location !== 'undefined' ? location.href : undefined;
      return httpSource(new URL(`${root.replace(/\/+$/, '')}/${source.name}/${rel}`, base).href);
    }
    case 'hub': {
      const host = config.remoteHost ?? DEFAULT_REMOTE_HOST;
      const url = `${host.replace(/\/+$/, '')}/${source.id}/resolve/main/${rel}`;
      // The copy transformers.js just cached (Node: its file cache; browser: the Cache API), else
      // range requests to the hub.
      if (localReader && config.cacheDir) {
        const local = await localReader(`${config.cacheDir.replace(/[\\/]+$/, '')}/${source.id}/${rel}`);
        if (local) return local;
      }
      if (typeof caches !== 'undefined') {
        try {
          const hit = await (await caches.open('transformers-cache')).match(url);
          if (hit) return blobSource(await hit.blob());
        } catch {
          // no cache here: fall through to the network
        }
      }
      return httpSource(url);
    }
  }
}

/** The session's facts and the model file's operators (ops null, with the reason, when unreadable). */
export async function graphFacts(session: DecoderSession, file: () => Promise<ByteSource | null>): Promise<GraphFacts> {
  const meta = new Map((session.inputMetadata ?? []).map((m) => [m.name, m]));
  const firstPast = session.inputNames.find((n) => n.startsWith('past_key_values.'));
  const pastMeta = firstPast ? meta.get(firstPast) : undefined;
  const facts: GraphFacts = {
    inputs: [...session.inputNames],
    outputs: [...session.outputNames],
    cacheType: pastMeta?.type ?? null,
    cacheShape: pastMeta?.shape ? [...pastMeta.shape] : null,
    ops: null,
  };
  try {
    const src = await file();
    if (!src) facts.opsError = 'the model file cannot be read from here';
    else facts.ops = (await scanOnnxOps(src)).ops;
  } catch (err) {
    facts.opsError = err instanceof Error ? err.message.split('\n')[0] : String(err);
  }
  return facts;
}

/** The exact scoring plan for a loaded model. */
export async function inspectModel(model: PreTrainedModel, source: ModelSource, dtype: Dtype): Promise<{ facts: GraphFacts; plan: ScoringPlan }> {
  const session = decoderSession(model);
  if (!session) {
    const facts: GraphFacts = { inputs: [], outputs: [], cacheType: null, cacheShape: null, ops: null, opsError: 'no decoder session' };
    return { facts, plan: scoringPlan(facts) };
  }
  const facts = await graphFacts(session, () => modelFileSource(source, dtype));
  return { facts, plan: scoringPlan(facts) };
}
