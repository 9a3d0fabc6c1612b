// Which models the app serves itself (/models/<name>/) and which dtypes each ships: from the models
// folder's index (models/index.json), else with HEAD requests to the app's own server; nothing
// leaves the machine.
import { appUrl, isServed, servedDtypes, servedIndex } from '../engine';
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

/** The models the app serves: every one its folder's index lists (no request for one it lacks), else the known names, probed. */
export async function listServedModels(): Promise<ServedModel[]> {
  const index = await servedIndex(modelsUrl());
  const names = index ? [...KNOWN_SERVED.filter((n) => n in index.models), ...Object.keys(index.models).filter((n) => !KNOWN_SERVED.includes(n))] : KNOWN_SERVED;
  const found = await Promise.all(names.map(probeServedModel));
  return found.filter((m): m is ServedModel => m !== null);
}
