// Which models the app serves itself (/models/<name>/) and which dtypes each ships. Asked with
// HEAD requests to the app's own server; nothing leaves the machine.
import type { Dtype } from '../engine/types';

export const KNOWN_SERVED = ['stories260K', 'bench-llama-6M'];

export const DTYPE_FILES: Record<Dtype, string> = {
  fp32: 'onnx/model.onnx',
  fp16: 'onnx/model_fp16.onnx',
  q8: 'onnx/model_quantized.onnx',
  q4: 'onnx/model_q4.onnx',
  q4f16: 'onnx/model_q4f16.onnx',
};

export interface ServedModel {
  name: string;
  dtypes: Dtype[];
}

const servedUrl = (name: string, file: string) => new URL(`models/${encodeURIComponent(name)}/${file}`, document.baseURI).href;

async function exists(url: string): Promise<boolean> {
  try {
    const r = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return r.ok;
  } catch {
    return false;
  }
}

const probes = new Map<string, Promise<ServedModel | null>>();

/** The served model `name` with its dtypes, or null when the app does not serve it. */
export function probeServedModel(name: string): Promise<ServedModel | null> {
  let p = probes.get(name);
  if (!p) {
    p = (async () => {
      if (!(await exists(servedUrl(name, 'config.json')))) return null;
      const all = Object.entries(DTYPE_FILES) as [Dtype, string][];
      const have = await Promise.all(all.map(([, f]) => exists(servedUrl(name, f))));
      return { name, dtypes: all.filter((_, k) => have[k]).map(([d]) => d) };
    })();
    probes.set(name, p);
  }
  return p;
}

export async function listServedModels(): Promise<ServedModel[]> {
  const found = await Promise.all(KNOWN_SERVED.map(probeServedModel));
  return found.filter((m): m is ServedModel => m !== null);
}
