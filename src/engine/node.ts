// The engine in Node (onnxruntime-node, CPU): load a model from a folder path, a served-models
// root or a hub id, and score items.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Engine } from './engine';
import { packageRoot } from './packageRoot';
import { setLocalFileReader } from './graph';
import type { ByteSource } from './onnxOps';
import type { ModelSource, Dtype } from './types';
import type { ModelSlot } from './api';
import { checkModelFolder } from './folderCheck';
import { OutputRelease } from './outputRelease';
import { passOutputBytes } from './forward';

function isFolder(p: string): boolean {
  return fs.existsSync(p) && fs.statSync(p).isDirectory();
}

/** Models that ship inside the package (its `models/` folder), named by a bare `--model NAME`. */
export const EMBEDDED_MODELS = ['stories260K'] as const;

/** The folder of an embedded model, or null when `name` is not one. */
export function embeddedModelDir(name: string): string | null {
  return (EMBEDDED_MODELS as readonly string[]).includes(name) ? path.join(packageRoot(), 'models', name) : null;
}

/**
 * A `--model` argument: an existing folder path, else an embedded model's name (`stories260K`),
 * else a hub id ("org/name").
 */
export function modelSourceFromArg(arg: string, exists: (p: string) => boolean = isFolder): ModelSource {
  if (exists(arg)) return { kind: 'path', path: path.resolve(arg) };
  const embedded = embeddedModelDir(arg);
  if (embedded !== null) return { kind: 'path', path: embedded };
  const parts = arg.split('/');
  // "../name" or "./name" is a path, never a hub id: say the folder is not there.
  if (parts.length === 2 && parts.some((p) => p === '.' || p === '..'))
    throw new Error(`no folder "${arg}" (${path.resolve(arg)} does not exist), and it is not a hub id: a hub id is "org/name", without "." or ".." parts`);
  if (/^[\w.-]+\/[\w.-]+$/.test(arg)) return { kind: 'hub', id: arg };
  throw new Error(`model "${arg}" is neither a folder nor a hub id like "org/name" (the embedded models: ${EMBEDDED_MODELS.join(', ')})`);
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

/** Pass output bytes after which the dead ones are collected (a 16-item chunk produces some 400 MiB at 135M shape, about 3 MiB on the 6M bench model). */
export const RELEASE_SLACK_BYTES = 64 * 1024 * 1024;

let fullGc: (() => void) | null | undefined;
/** V8's full collection: `gc` when node runs with --expose-gc, else taken from a fresh context with the flag set just for it. */
export function exposedGc(): (() => void) | null {
  if (fullGc !== undefined) return fullGc;
  const global = (globalThis as { gc?: unknown }).gc;
  if (typeof global === 'function') return (fullGc = global as () => void);
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = vm.runInNewContext('gc');
    fullGc = typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    fullGc = null;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
  return fullGc;
}

/** The release of dead pass outputs between streamed chunks (null where no full collection can be had). */
export function nodeOutputRelease(slackBytes = RELEASE_SLACK_BYTES): OutputRelease | null {
  const collect = exposedGc();
  return collect ? new OutputRelease({ collect, producedBytes: passOutputBytes, slackBytes }) : null;
}

/** Weight files: ONNX Runtime in Node loads them from their path, so no stream of them is ever read. */
const WEIGHT_FILE = /\.onnx(_data)?$/;

/**
 * Runs `load`, then stops the unread reads of weight files it left behind. transformers.js (4.x)
 * opens each local file it looks at in Node as a stream that reads the whole file into JS buffers
 * whether or not anyone reads the stream, and the model file's stream is never read (ONNX Runtime
 * loads the model from its path): twice per load. Left alone, those reads went on in the
 * background at one 64 KiB chunk per event-loop turn, and over a long task the process's memory
 * grew by up to twice the model file (measured: 382 MiB of buffers at 135M q4, read in by item
 * ~1,000 of a stream). Every stream still reading a weight file once the load has returned has no
 * reader: it is destroyed, and what it had read is collected when that is `collectFrom` bytes or
 * more. Below that a forced collection costs more than it frees: V8 sizes its heap's next limits
 * from the small heap it finds, and then collects far more often (measured on the 6M bench model:
 * 62 full collections in a run instead of 11, and its app path 9% slower).
 */
export async function withoutUnreadWeightReads<T>(
  load: () => Promise<T>,
  collectFrom: number = RELEASE_SLACK_BYTES,
): Promise<{ result: T; stopped: number; unreadBytes: number; collected: boolean }> {
  const original = fs.createReadStream;
  const opened: fs.ReadStream[] = [];
  fs.createReadStream = ((...args: Parameters<typeof fs.createReadStream>) => {
    const stream = original(...args);
    opened.push(stream);
    return stream;
  }) as typeof fs.createReadStream;
  let stopped = 0;
  let unreadBytes = 0;
  let collected = false;
  let result: T;
  try {
    result = await load();
  } finally {
    // A failed load leaves the same unread streams behind: stopped either way.
    fs.createReadStream = original;
    for (const s of opened)
      if (WEIGHT_FILE.test(String(s.path)) && !s.destroyed && !s.readableEnded) {
        unreadBytes += s.bytesRead;
        s.destroy();
        stopped++;
      }
    const gc = stopped > 0 && unreadBytes >= collectFrom ? exposedGc() : null;
    if (gc) {
      gc();
      collected = true;
    }
  }
  return { result, stopped, unreadBytes, collected };
}

/** Whether createNodeEngine releases dead buffers unless told otherwise (see outputRelease.ts). */
export const DEFAULT_RELEASE_OUTPUTS = true;

export interface NodeEngineOptions {
  remoteHost?: string;
  cacheDir?: string;
  cpuThreads?: number;
  cpuMemArena?: boolean;
  releaseOutputs?: boolean;
  /** A pass's cost in tokens for the plan's choices, or 'measure' (LoadRequest.passOverhead). */
  passOverhead?: number | 'measure';
}

export async function createNodeEngine(source: ModelSource, dtype: Dtype, opts: NodeEngineOptions = {}): Promise<Engine> {
  // Dead buffers are released (the load's file reads; a streamed chunk's pass outputs, see
  // outputRelease.ts) unless asked not to.
  const release = opts.releaseOutputs ?? DEFAULT_RELEASE_OUTPUTS;
  const engine = new Engine(release ? (nodeOutputRelease() ?? undefined) : undefined);
  await engine.configure({
    remoteHost: opts.remoteHost ?? process.env.LENGTHLENS_REMOTE_HOST,
    useCache: false,
    cacheDir: opts.cacheDir ?? defaultCacheDir(),
  });
  await loadNodeModel(engine, source, dtype, opts);
  return engine;
}

/** Load a model into an engine made by createNodeEngine (into `slot`, default the primary one). */
export async function loadNodeModel(engine: Engine, source: ModelSource, dtype: Dtype, opts: NodeEngineOptions = {}, slot?: ModelSlot): Promise<void> {
  const release = opts.releaseOutputs ?? DEFAULT_RELEASE_OUTPUTS;
  if (source.kind === 'path') checkModelFolder(source.path, dtype);
  const load = () => engine.load({ source, dtype, device: 'cpu', ...(opts.cpuThreads ? { cpuThreads: opts.cpuThreads } : {}), ...(opts.cpuMemArena !== undefined ? { cpuMemArena: opts.cpuMemArena } : {}), ...(opts.passOverhead !== undefined ? { passOverhead: opts.passOverhead } : {}) }, undefined, slot);
  try {
    if (release) await withoutUnreadWeightReads(load);
    else await load();
  } catch (err) {
    throw source.kind === 'hub' ? hubError(source.id, err, opts.remoteHost ?? process.env.LENGTHLENS_REMOTE_HOST) : err;
  }
}
