// Which models the app serves itself (/models/<name>/) and which dtypes each ships. Asked with
// HEAD requests to the app's own server; nothing leaves the machine.
import { appUrl, isServed, servedDtypes } from '../engine';
import type { Dtype } from '../engine';

export const KNOWN_SERVED = ['stories260K', 'bench-llama-6M'];

export interface ServedModel {
  name: string;
  dtypes: Dtype[];
}

const modelsUrl = () => appUrl('models/');
const probes = new Map<string, Promise<ServedModel | null>>();

/** The served model `name` with its dtypes, or null when the app does not serve it. */
export function probeServedModel(name: string): Promise<ServedModel | null> {
  let p = probes.get(name);
  if (!p) {
    p = (async () => {
      if (!(await isServed(modelsUrl(), name))) return null;
      return { name, dtypes: await servedDtypes(new URL(`${encodeURIComponent(name)}/`, modelsUrl()).href) };
    })();
    probes.set(name, p);
  }
  return p;
}

export async function listServedModels(): Promise<ServedModel[]> {
  const found = await Promise.all(KNOWN_SERVED.map(probeServedModel));
  return found.filter((m): m is ServedModel => m !== null);
}
