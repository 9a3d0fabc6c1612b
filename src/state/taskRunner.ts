// The Task lab's batch scorer: every item not yet scored under this model and dtype goes through
// the session's model (engineSession.ts) in chunks, on the engine's one chunked loop
// (streamChunks: one engine call per chunk, contexts share padded passes, PMI's unconditional
// prefix runs once per chunk, the next chunk queued while one is scored), with progress, rate and
// ETA. Pause holds the next chunk; cancel stops and keeps what is done.
import { scoredItemFromCandidates } from '../core/metrics/fromCandidates';
import type { ScoredItem } from '../core/metrics/types';
import { DEFAULT_SCORE_OPTIONS } from '../core/scoring/types';
import { continuationOf, type TaskItem, type TaskSet } from '../core/tasks/types';
import { streamChunks, TASK_CHUNK_ITEMS } from '../engine';
import { scoreChunk, scoreOne } from './engineSession';

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
  const result = await scoreOne({ context: item.context, candidates: candidatesOf(set, item), options: DEFAULT_SCORE_OPTIONS });
  return scoredItemFromCandidates(item, result.candidates);
}

/**
 * Scores a chunk of items in one engine call, log-probs only (the task metrics need no ranks or
 * alternatives). If the chunk fails as a whole, its items are retried one by one so that only
 * the bad ones are reported — while `valid()` holds (the model that scored the chunk is still loaded).
 */
export function chunkScorer(set: Pick<TaskSet, 'targetDelimiter'>, valid: () => boolean = () => true): ChunkScorer {
  return async (items) => {
    try {
      const results = await scoreChunk({
        items: items.map((item) => ({ context: item.context, candidates: candidatesOf(set, item) })),
        options: DEFAULT_SCORE_OPTIONS,
        stats: 'logprob',
      });
      return items.map((item, k) => scoredItemFromCandidates(item, results[k].candidates));
    } catch (err) {
      if (!valid()) throw err;
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
 * Scores `todo` in order, `chunkSize` items per `score` call (chunkScorer in the app), on the
 * engine's chunked loop: the next chunk is queued while one is scored, so a pause or cancel lets
 * at most the chunk being scored and the one queued behind it finish. `doneBefore` is the count
 * already scored (for progress); returns when every item is done or the batch is cancelled. Only
 * the results, never the engine's full output, are kept. A chunk that fails once the batch is
 * cancelled (the model was replaced or the engine restarted) reports no failures: its items stay
 * unscored for the next run.
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
  const chunks = streamChunks((chunk: TaskItem[]) => score(chunk).catch((err: unknown) => chunk.map(() => asError(err))), todo, {
    chunkSize,
    stopped: () => control.isCancelled,
    paused: () => control.isPaused,
    resumed: async () => {
      await flush();
      await control.gate();
      // The idle time does not count towards the rate.
      meter.reset();
      meter.mark(done);
    },
  });
  for await (const { items, results } of chunks) {
    results.forEach((r, k) => {
      if (!(r instanceof Error)) pending.push(r);
      else if (!control.isCancelled) cb.onFailure(items[k].id, r.message);
    });
    done += items.length;
    meter.mark(done);
    const rate = meter.rate();
    const left = doneBefore + todo.length - done;
    cb.onProgress({ done, itemsPerSec: rate, etaSec: rate > 0 ? left / rate : NaN });
    if (performance.now() - lastFlush >= flushMs) await flush();
  }
  await flush();
}
