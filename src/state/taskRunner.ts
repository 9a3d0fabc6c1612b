// The Task lab's batch scorer: loads the model in the engine Worker, streams every item not yet
// scored under this model and dtype through it in chunks (one engine call per chunk: contexts
// share padded passes, PMI's unconditional prefix runs once per chunk), and reports progress,
// rate and ETA. Pause waits between chunks; cancel stops and keeps what is done.
import { scoredItemFromCandidates } from '../core/metrics/fromCandidates';
import type { ScoredItem } from '../core/metrics/types';
import { DEFAULT_SCORE_OPTIONS } from '../core/scoring/types';
import { continuationOf, type TaskItem, type TaskSet } from '../core/tasks/types';
import { createEngineClient, isSourceFailure, TASK_CHUNK_ITEMS, type Device, type EngineClient, type LoadRequest } from '../engine';
import { deviceSupport, resolveDevice } from './devices';
import type { ModelChoice } from './taskTypes';

let client: EngineClient | null = null;
let loadedKey: string | null = null;

function engine(): EngineClient {
  if (!client) client = createEngineClient();
  return client;
}

export interface LoadOutcome {
  device: Device;
  /** Set when WebGPU failed and the model was loaded on WASM instead. */
  fallbackReason?: string;
}

/** Loads the model (unless it is already loaded with the same settings), falling back to WASM. */
export async function loadModel(model: ModelChoice, onFraction: (f: number) => void): Promise<LoadOutcome> {
  const device = resolveDevice(model.device, await deviceSupport());
  const source: LoadRequest['source'] = model.source === 'served' ? { kind: 'served', name: model.name } : { kind: 'hub', id: model.name };
  const tryLoad = async (d: Device) => {
    const key = JSON.stringify([source, model.dtype, d]);
    if (loadedKey === key) return;
    // A failed load leaves the engine's previous model loaded: its key stays valid.
    await engine().load({ source, dtype: model.dtype, device: d }, (p) => {
      if (p.total > 0) onFraction(Math.min(1, p.loaded / p.total));
    });
    loadedKey = key;
  };
  try {
    await tryLoad(device);
    return { device };
  } catch (err) {
    // Only a device problem is retried on WASM: a failed download or a missing file would fail there too.
    if (device !== 'webgpu' || isSourceFailure(err)) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    await tryLoad('wasm');
    return { device: 'wasm', fallbackReason: `WebGPU failed (${reason}); scored on WASM instead.` };
  }
}

/** Items per engine call: the one size every task path uses (see engine/stream.ts). */
export const CHUNK_SIZE = TASK_CHUNK_ITEMS;

/** Scores some items; a per-item failure comes back as an Error in that item's place. */
export type ChunkScorer = (items: readonly TaskItem[]) => Promise<(ScoredItem | Error)[]>;

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

/** Adapts a one-item scorer to a ChunkScorer. */
export function oneByOne(score: (item: TaskItem) => Promise<ScoredItem>): ChunkScorer {
  return async (items) => {
    const out: (ScoredItem | Error)[] = [];
    for (const item of items) out.push(await score(item).catch(asError));
    return out;
  };
}

function candidatesOf(set: Pick<TaskSet, 'targetDelimiter'>, item: TaskItem): string[] {
  return item.choices.map((_, i) => continuationOf(set, item, i));
}

/** Scores one item: every choice as targetDelimiter + choice after the context. */
export async function scoreItem(set: Pick<TaskSet, 'targetDelimiter'>, item: TaskItem): Promise<ScoredItem> {
  const result = await engine().api.score({ context: item.context, candidates: candidatesOf(set, item), options: DEFAULT_SCORE_OPTIONS });
  return scoredItemFromCandidates(item, result.candidates);
}

/**
 * Scores a chunk of items in one engine call, log-probs only (the task metrics need no ranks or
 * alternatives). If the chunk fails as a whole, its items are retried one by one so that only
 * the bad ones are reported.
 */
export function chunkScorer(set: Pick<TaskSet, 'targetDelimiter'>): ChunkScorer {
  return async (items) => {
    try {
      const results = await engine().api.scoreChunk({
        items: items.map((item) => ({ context: item.context, candidates: candidatesOf(set, item) })),
        options: DEFAULT_SCORE_OPTIONS,
        stats: 'logprob',
      });
      return items.map((item, k) => scoredItemFromCandidates(item, results[k].candidates));
    } catch {
      return oneByOne((item) => scoreItem(set, item))(items);
    }
  };
}

export interface BatchCallbacks {
  /** Newly scored items, delivered in small groups (at most every `flushMs`). */
  onScored(items: ScoredItem[]): void | Promise<void>;
  onProgress(p: { done: number; itemsPerSec: number; etaSec: number }): void;
  onFailure(id: string, message: string): void;
}

/** Pause/cancel handle of a running batch. */
export class BatchControl {
  private paused = false;
  private cancelled = false;
  private resumeWaiters: (() => void)[] = [];

  pause(): void {
    this.paused = true;
  }
  resume(): void {
    this.paused = false;
    for (const w of this.resumeWaiters.splice(0)) w();
  }
  cancel(): void {
    this.cancelled = true;
    this.resume();
  }
  get isPaused(): boolean {
    return this.paused;
  }
  get isCancelled(): boolean {
    return this.cancelled;
  }
  /** Resolves at once when running; waits while paused. */
  async gate(): Promise<void> {
    while (this.paused && !this.cancelled) await new Promise<void>((r) => this.resumeWaiters.push(r));
  }
}

/** Items/s over the last few seconds of work (paused time does not count). */
class RateMeter {
  private marks: { t: number; n: number }[] = [];
  mark(n: number): void {
    const t = performance.now();
    this.marks.push({ t, n });
    while (this.marks.length > 2 && t - this.marks[0].t > 5000) this.marks.shift();
  }
  /** Forget the window (after a pause), so the idle time is not counted. */
  reset(): void {
    this.marks = [];
  }
  rate(): number {
    if (this.marks.length < 2) return NaN;
    const a = this.marks[0];
    const b = this.marks[this.marks.length - 1];
    return b.t > a.t ? ((b.n - a.n) * 1000) / (b.t - a.t) : NaN;
  }
}

/**
 * Scores `todo` in order, `chunkSize` items per `score` call (chunkScorer in the app).
 * `doneBefore` is the count already scored (for progress); returns when every item is done or
 * the batch is cancelled. Only the results, never the engine's full output, are kept.
 */
export async function runBatch(
  score: ChunkScorer,
  todo: readonly TaskItem[],
  doneBefore: number,
  control: BatchControl,
  cb: BatchCallbacks,
  flushMs = 250,
  chunkSize = CHUNK_SIZE,
): Promise<void> {
  const meter = new RateMeter();
  let done = doneBefore;
  let pending: ScoredItem[] = [];
  let lastFlush = performance.now();
  meter.mark(done);
  const flush = async () => {
    if (pending.length === 0) return;
    const out = pending;
    pending = [];
    lastFlush = performance.now();
    await cb.onScored(out);
  };
  for (let start = 0; start < todo.length; start += chunkSize) {
    if (control.isPaused) {
      await flush();
      await control.gate();
      meter.reset();
      meter.mark(done);
    }
    if (control.isCancelled) break;
    const chunk = todo.slice(start, start + chunkSize);
    const results = await score(chunk).catch((err: unknown) => chunk.map(() => asError(err)));
    results.forEach((r, k) => {
      if (r instanceof Error) cb.onFailure(chunk[k].id, r.message);
      else pending.push(r);
    });
    done += chunk.length;
    meter.mark(done);
    const rate = meter.rate();
    const left = doneBefore + todo.length - done;
    cb.onProgress({ done, itemsPerSec: rate, etaSec: rate > 0 ? left / rate : NaN });
    if (performance.now() - lastFlush >= flushMs) await flush();
  }
  await flush();
}
