// Model folders picked from disk. Their File objects stay in memory only (a folder cannot be put
// in a link or restored after a reload); the engine reads them through a `files` source.
import { create } from 'zustand';
import { DTYPE_FILES } from '../engine';
import type { Dtype, ModelSource } from '../engine';

/** Picked folders appear in the workspace as a served-style name with this prefix. */
export const DISK_PREFIX = 'disk-';

export interface DiskModel {
  /** The workspace name, `disk-<folder>`. */
  name: string;
  folder: string;
  dtypes: Dtype[];
  files: File[];
  bytes: number;
}

interface DiskModels {
  models: Record<string, DiskModel>;
  error: string | null;
}

export const useDiskModels = create<DiskModels>()(() => ({ models: {}, error: null }));

const REQUIRED = ['config.json', 'tokenizer.json', 'tokenizer_config.json'];

const pathInFolder = (f: File) => {
  const rel = (f as File & { webkitRelativePath?: string }).webkitRelativePath || f.name;
  const parts = rel.split('/');
  return { folder: parts.length > 1 ? parts[0] : '', path: parts.length > 1 ? parts.slice(1).join('/') : rel };
};

/** Check that the picked files are a transformers.js model folder; the error names what is missing. */
export function describeFolder(files: readonly File[]): { folder: string; dtypes: Dtype[] } {
  if (files.length === 0) throw new Error('the folder is empty');
  const paths = new Set<string>();
  let folder = '';
  for (const f of files) {
    const p = pathInFolder(f);
    folder ||= p.folder;
    paths.add(p.path);
  }
  const name = folder ? `“${folder}”` : 'the picked folder';
  const missing = REQUIRED.filter((r) => !paths.has(r));
  if (missing.length) throw new Error(`${name} is not a transformers.js model: it has no ${missing.join(', ')}`);
  const dtypes = (Object.entries(DTYPE_FILES) as [Dtype, string][]).filter(([, file]) => paths.has(file)).map(([d]) => d);
  if (dtypes.length === 0) throw new Error(`${name} has no ONNX model (looked for ${Object.values(DTYPE_FILES).join(', ')})`);
  return { folder: folder || 'model', dtypes };
}

export const diskModelName = (folder: string) => DISK_PREFIX + (folder.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^[._-]+/, '') || 'model').slice(0, 100);

/** Register a picked folder; returns it, or null with the reason in the store's `error`. */
export function addModelFolder(files: readonly File[]): DiskModel | null {
  try {
    const { folder, dtypes } = describeFolder(files);
    const model: DiskModel = { name: diskModelName(folder), folder, dtypes, files: [...files], bytes: files.reduce((s, f) => s + f.size, 0) };
    useDiskModels.setState((s) => ({ models: { ...s.models, [model.name]: model }, error: null }));
    return model;
  } catch (e) {
    useDiskModels.setState({ error: e instanceof Error ? e.message : String(e) });
    return null;
  }
}

/** The engine source for a picked folder. */
export const diskSource = (m: DiskModel): ModelSource => ({ kind: 'files', name: m.folder, files: m.files });
