// The engine in Node (onnxruntime-node, CPU): load a model from a folder path, a served-models
// root or a hub id, and score items.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from './engine';
import { setLocalFileReader } from './graph';
import type { ByteSource } from './onnxOps';
import type { ModelSource, Dtype } from './types';
import { checkModelFolder } from './folderCheck';

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

/** Random access to a file on disk, for reading a model's operators (see onnxOps.ts). */
async function fileSource(file: string): Promise<ByteSource | null> {
  let size: number;
  try {
    size = (await fs.promises.stat(file)).size;
  } catch {
    return null;
  }
  return {
    size,
    async read(offset, length) {
      const fh = await fs.promises.open(file, 'r');
      try {
        const buf = new Uint8Array(length);
        const { bytesRead } = await fh.read(buf, 0, length, offset);
        return buf.subarray(0, bytesRead);
      } finally {
        await fh.close();
      }
    },
  };
}
setLocalFileReader(fileSource);

/** A hub id that could not be fetched may be a mistyped folder: say both. */
function hubError(id: string, err: unknown, remoteHost: string | undefined): Error {
  const msg = err instanceof Error ? err.message : String(err);
  if (!/fetch failed|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|network/i.test(msg)) return err instanceof Error ? err : new Error(msg);
  return new Error(
    `no folder "${id}" here, and as a hub id it could not be downloaded: the hub (${remoteHost ?? 'https://huggingface.co/'}) ` +
      `could not be reached (${msg.split('\n')[0]})`,
  );
}

export async function createNodeEngine(
  source: ModelSource,
  dtype: Dtype,
  opts: { remoteHost?: string; cacheDir?: string; cpuThreads?: number; cpuMemArena?: boolean } = {},
): Promise<Engine> {
  const engine = new Engine();
  await engine.configure({
    remoteHost: opts.remoteHost ?? process.env.LENGTHLENS_REMOTE_HOST,
    useCache: false,
    cacheDir: opts.cacheDir ?? defaultCacheDir(),
  });
  if (source.kind === 'path') checkModelFolder(source.path, dtype);
  try {
    await engine.load({ source, dtype, device: 'cpu', ...(opts.cpuThreads ? { cpuThreads: opts.cpuThreads } : {}), ...(opts.cpuMemArena !== undefined ? { cpuMemArena: opts.cpuMemArena } : {}) });
  } catch (err) {
    throw source.kind === 'hub' ? hubError(source.id, err, opts.remoteHost ?? process.env.LENGTHLENS_REMOTE_HOST) : err;
  }
  return engine;
}
