// The one chunked scoring loop: items are read from any (async) iterable in chunks, each chunk is
// scored in one call, and results come out as they are ready, so neither the engine nor this loop
// holds more than two chunks at a time. The next chunk is queued while the current one is scored,
// so the engine never idles between chunks. `streamChunks` is the loop itself (the Task lab's batch
// runs on it); `streamScores` feeds it to an engine (the Worker's comlink proxy, or an Engine in
// Node for the CLI) and yields item by item.
import type { ItemScore, ScoreOptions } from '../core/scoring/types';
import type { ChunkRequest, StatsMode, StreamItem } from './api';

/** Items per engine call in the Task lab: big enough to share passes, small enough for smooth progress. */
export const TASK_CHUNK_ITEMS = 16;

export interface ChunkScorer {
  scoreChunk(req: ChunkRequest, runId?: number): Promise<ItemScore[]>;
}

export interface ChunkLoopOptions {
  /** Items per call (default TASK_CHUNK_ITEMS). */
  chunkSize?: number;
  /** Checked before each chunk is sent: when it returns true no further chunk is sent; those in flight still come out. */
  stopped?: () => boolean;
  /** Checked before each chunk is sent: while true no chunk is sent (those in flight still come out) until `resumed` settles. */
  paused?: () => boolean;
  resumed?: () => Promise<void>;
}

export interface StreamOptions extends ChunkLoopOptions {
  options: ScoreOptions;
  stats?: StatsMode;
}

export interface StreamedResult<T extends StreamItem> {
  /** Position of the item in the source. */
  index: number;
  item: T;
  result: ItemScore;
}

export interface ScoredChunk<T, R> {
  /** Position of the chunk's first item in the source. */
  start: number;
  items: T[];
  results: R[];
}

async function* chunksOf<T>(source: Iterable<T> | AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let chunk: T[] = [];
  for await (const x of source) {
    chunk.push(x);
    if (chunk.length >= size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

/**
 * Score `source` chunk by chunk with `score` (one call per chunk, its results in the chunk's
 * order) and yield each chunk with its results, in order. A failed call ends the loop with its error.
 */
export async function* streamChunks<T, R>(score: (items: T[]) => Promise<R[]>, source: Iterable<T> | AsyncIterable<T>, opts: ChunkLoopOptions = {}): AsyncGenerator<ScoredChunk<T, R>> {
  const size = Math.max(1, Math.floor(opts.chunkSize ?? TASK_CHUNK_ITEMS));
  const chunks = chunksOf(source, size);
  const sendNext = async () => {
    if (opts.stopped?.()) return null;
    const next = await chunks.next();
    // Checked again right before the call: the caller's state may have changed while the source was read.
    if (next.done || opts.stopped?.()) return null;
    const results = score(next.value);
    // A consumer that stops early never awaits the chunk still in flight: do not let it go unhandled.
    results.catch(() => undefined);
    return { items: next.value, results };
  };
  let start = 0;
  let inFlight = await sendNext();
  while (inFlight) {
    const current = inFlight;
    const held = opts.paused?.() ?? false;
    inFlight = held ? null : await sendNext();
    const results = await current.results;
    yield { start, items: current.items, results };
    start += current.items.length;
    if (held) {
      await opts.resumed?.();
      inFlight = await sendNext();
    }
  }
}

/** Score `source` through an engine, chunk by chunk, yielding item by item. */
export async function* streamScores<T extends StreamItem>(engine: ChunkScorer, source: Iterable<T> | AsyncIterable<T>, opts: StreamOptions): AsyncGenerator<StreamedResult<T>> {
  const score = (items: T[]) => engine.scoreChunk({ items: items.map((it) => ({ context: it.context, candidates: it.candidates })), options: opts.options, stats: opts.stats ?? 'full' });
  for await (const chunk of streamChunks(score, source, opts)) {
    for (let k = 0; k < chunk.items.length; k++) yield { index: chunk.start + k, item: chunk.items[k], result: chunk.results[k] };
  }
}
