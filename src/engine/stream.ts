// Streaming a task through the engine: items are read from any (async) iterable in chunks, each
// chunk is scored in one engine call, and results are yielded as they come, so neither the engine
// nor this loop holds more than two chunks at a time. Works with the Worker's comlink proxy
// (`client.api`) and with an Engine in Node alike.
import type { ItemScore, ScoreOptions } from '../core/scoring/types';
import type { ChunkRequest, StatsMode, StreamItem } from './api';

/** Items per engine call in the Task lab: big enough to share passes, small enough for smooth progress. */
export const TASK_CHUNK_ITEMS = 16;

export interface ChunkScorer {
  scoreChunk(req: ChunkRequest, runId?: number): Promise<ItemScore[]>;
}

export interface StreamOptions {
  options: ScoreOptions;
  /** Items per engine call (default TASK_CHUNK_ITEMS). */
  chunkSize?: number;
  stats?: StatsMode;
  /** Checked between chunks: when it returns true the stream ends after the chunk in flight. */
  stopped?: () => boolean;
}

export interface StreamedResult<T extends StreamItem> {
  /** Position of the item in the source. */
  index: number;
  item: T;
  result: ItemScore;
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
 * Score `source` chunk by chunk; the next chunk is already queued in the engine while the caller
 * consumes the results of the current one.
 */
export async function* streamScores<T extends StreamItem>(engine: ChunkScorer, source: Iterable<T> | AsyncIterable<T>, opts: StreamOptions): AsyncGenerator<StreamedResult<T>> {
  const size = Math.max(1, Math.floor(opts.chunkSize ?? TASK_CHUNK_ITEMS));
  const send = (items: T[]) => {
    const results = engine.scoreChunk({ items: items.map((it) => ({ context: it.context, candidates: it.candidates })), options: opts.options, stats: opts.stats ?? 'full' });
    // A consumer that stops early never awaits the chunk still in flight: do not let it go unhandled.
    results.catch(() => undefined);
    return results;
  };
  const chunks = chunksOf(source, size);
  let index = 0;
  let next = await chunks.next();
  let inFlight = next.done ? null : { items: next.value, results: send(next.value) };
  while (inFlight) {
    const current = inFlight;
    next = opts.stopped?.() ? { done: true, value: undefined } : await chunks.next();
    inFlight = next.done ? null : { items: next.value, results: send(next.value) };
    const results = await current.results;
    for (let k = 0; k < current.items.length; k++) yield { index: index++, item: current.items[k], result: results[k] };
  }
}
