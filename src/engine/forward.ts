// Forward passes for scoring: the shared prefix runs once and its KV cache (`present.*`) is fed
// back as `past_key_values.*` for every continuation; continuations are batched with right
// padding against a cache tiled to the batch size. Continuation passes ask ONNX Runtime for the
// logits only, so no per-candidate `present.*` is ever copied out (or, on WebGPU, allocated as a
// GPU buffer that would have to be disposed).
import { Tensor, type PreTrainedModel } from '@huggingface/transformers';

type Feeds = Record<string, Tensor>;
type ModelInputs = Record<string, Tensor | Feeds>;
type Outputs = Record<string, Tensor>;

export interface PrefixState {
  length: number;
  /** Logits of the prefix's last position: they predict the first continuation token. */
  lastRow: Float32Array;
  vocab: number;
  past: Feeds;
  /** Past tiled to a batch size, built on demand. */
  tiled: Map<number, Feeds>;
}

export interface CancelToken {
  cancelled(): boolean;
}

export class AbortError extends Error {
  override name = 'AbortError';
  constructor() {
    super('scoring run superseded');
  }
}

/** Batching knobs of the continuation passes. */
export interface BatchOptions {
  /** Upper bound on batch × padded length of one continuation pass (default 4096). */
  maxBatchTokens?: number;
  cancel?: CancelToken;
}

export const DEFAULT_MAX_BATCH_TOKENS = 4096;

function int64(fill: (out: BigInt64Array) => void, dims: number[]): Tensor {
  const out = new BigInt64Array(dims.reduce((a, b) => a * b, 1));
  fill(out);
  return new Tensor('int64', out, dims);
}

export function int64From(values: readonly number[], dims: number[]): Tensor {
  return int64((out) => {
    for (let i = 0; i < values.length; i++) out[i] = BigInt(values[i]);
  }, dims);
}

/** The model's forward through transformers.js (it fills in an empty past for a fresh sequence). */
export async function callModel(model: PreTrainedModel, feeds: ModelInputs): Promise<Outputs> {
  return (await (model as unknown as (f: ModelInputs) => Promise<Outputs>)(feeds)) as Outputs;
}

interface OrtSession {
  inputNames: readonly string[];
  outputNames: readonly string[];
  run(feeds: Record<string, unknown>, fetches?: readonly string[]): Promise<Record<string, unknown>>;
}

function decoderSession(model: PreTrainedModel): OrtSession | undefined {
  return (model as unknown as { sessions?: Record<string, OrtSession> }).sessions?.model;
}

/**
 * A forward pass that returns the logits only. When the graph takes exactly the inputs given,
 * ONNX Runtime is asked for `logits` alone; otherwise it goes through transformers.js and every
 * other output is disposed.
 */
export async function logitsOnly(model: PreTrainedModel, feeds: Feeds): Promise<Tensor> {
  const session = decoderSession(model);
  if (session && session.outputNames.includes('logits') && session.inputNames.every((n) => n in feeds)) {
    const ortFeeds: Record<string, unknown> = {};
    for (const n of session.inputNames) ortFeeds[n] = (feeds[n] as unknown as { ort_tensor: unknown }).ort_tensor;
    const out = await session.run(ortFeeds, ['logits']);
    return new (Tensor as unknown as new (ort: unknown) => Tensor)(out.logits);
  }
  const past: Feeds = {};
  const rest: Feeds = {};
  for (const [k, v] of Object.entries(feeds)) (k.startsWith('past_key_values') ? past : rest)[k] = v;
  const out = await callModel(model, { ...rest, past_key_values: past });
  disposeGpu(out, new Set([out.logits]));
  return out.logits;
}

export async function cpuData(t: Tensor): Promise<Float32Array> {
  const data = t.location === 'gpu-buffer' ? await (t.ort_tensor as unknown as { getData(): Promise<unknown> }).getData() : t.data;
  if (data instanceof Float32Array) return data;
  return t.to('float32').data as Float32Array;
}

export function disposeGpu(outputs: Outputs, keep: ReadonlySet<Tensor> = new Set()): void {
  for (const t of Object.values(outputs)) if (t.location === 'gpu-buffer' && !keep.has(t)) t.dispose();
}

export async function runPrefix(model: PreTrainedModel, ids: number[]): Promise<PrefixState> {
  const n = ids.length;
  const out = await callModel(model, {
    input_ids: int64From(ids, [1, n]),
    attention_mask: int64((o) => o.fill(1n), [1, n]),
    position_ids: int64((o) => {
      for (let i = 0; i < n; i++) o[i] = BigInt(i);
    }, [1, n]),
  });
  const past: Feeds = {};
  try {
    const logits = out.logits;
    const vocab = logits.dims[2];
    const data = await cpuData(logits);
    const lastRow = data.slice((n - 1) * vocab, n * vocab);
    for (const [k, v] of Object.entries(out)) if (k.startsWith('present')) past[k.replace('present', 'past_key_values')] = v;
    return { length: n, lastRow, vocab, past, tiled: new Map([[1, past]]) };
  } finally {
    // Everything but the cache kept as past (on WebGPU: logits, if they live on the GPU).
    disposeGpu(out, new Set(Object.values(past)));
  }
}

async function tiledPast(prefix: PrefixState, batch: number): Promise<Feeds> {
  const hit = prefix.tiled.get(batch);
  if (hit) return hit;
  const feeds: Feeds = {};
  for (const [k, t] of Object.entries(prefix.past)) {
    const src = await cpuData(t);
    const out = new Float32Array(src.length * batch);
    for (let b = 0; b < batch; b++) out.set(src, b * src.length);
    feeds[k] = new Tensor('float32', out, [batch, ...t.dims.slice(1)]);
  }
  prefix.tiled.set(batch, feeds);
  return feeds;
}

/** Free the prefix's cache: its GPU buffers on WebGPU, its tiled copies everywhere. */
export function disposePrefix(prefix: PrefixState): void {
  for (const t of Object.values(prefix.past)) if (t.location === 'gpu-buffer') t.dispose();
  prefix.tiled.clear();
}

/**
 * Groups of continuation indices for batched passes: sorted by length, so that padding wastes
 * little, and cut where the padded batch would exceed the token budget or the length doubles.
 * Only continuations of two or more tokens need a pass (the first token's row is the prefix's).
 */
export function batchGroups(lengths: readonly number[], maxBatchTokens: number): number[][] {
  const pending = lengths.flatMap((n, i) => (n > 1 ? [i] : []));
  pending.sort((a, b) => lengths[a] - lengths[b]);
  const groups: number[][] = [];
  let start = 0;
  const lenOf = (k: number) => lengths[pending[k]] - 1;
  while (start < pending.length) {
    let end = start + 1;
    while (end < pending.length && (end - start + 1) * lenOf(end) <= maxBatchTokens && lenOf(end) <= 2 * lenOf(start) + 8) end++;
    groups.push(pending.slice(start, end));
    start = end;
  }
  return groups;
}

/**
 * Logit rows that predict each continuation token: row 0 is the prefix's last row, row j (j ≥ 1)
 * comes from feeding continuation tokens 0..j-1 after the prefix. Calls `onRows` once per
 * continuation with a row accessor valid only during the call.
 */
export async function continuationRows(
  model: PreTrainedModel,
  prefix: PrefixState,
  continuations: number[][],
  onRows: (index: number, row: (j: number) => Float32Array) => void,
  options: BatchOptions = {},
): Promise<void> {
  const V = prefix.vocab;
  const first = (j: number) => {
    if (j !== 0) throw new RangeError('row out of range');
    return prefix.lastRow;
  };
  continuations.forEach((c, i) => {
    if (c.length <= 1) onRows(i, first);
  });
  const P = prefix.length;
  for (const group of batchGroups(continuations.map((c) => c.length), options.maxBatchTokens ?? DEFAULT_MAX_BATCH_TOKENS)) {
    if (options.cancel?.cancelled()) throw new AbortError();
    const B = group.length;
    const L = Math.max(...group.map((i) => continuations[i].length - 1));
    const inputIds = new BigInt64Array(B * L);
    const positions = new BigInt64Array(B * L);
    const mask = new BigInt64Array(B * (P + L));
    group.forEach((i, b) => {
      const toks = continuations[i];
      const n = toks.length - 1;
      for (let j = 0; j < L; j++) {
        inputIds[b * L + j] = j < n ? BigInt(toks[j]) : 0n;
        positions[b * L + j] = BigInt(P + Math.min(j, n - 1));
      }
      mask.fill(1n, b * (P + L), b * (P + L) + P + n);
    });
    const logits = await logitsOnly(model, {
      input_ids: new Tensor('int64', inputIds, [B, L]),
      attention_mask: new Tensor('int64', mask, [B, P + L]),
      position_ids: new Tensor('int64', positions, [B, L]),
      ...(await tiledPast(prefix, B)),
    });
    try {
      const data = await cpuData(logits);
      group.forEach((i, b) => {
        onRows(i, (j) => (j === 0 ? prefix.lastRow : data.subarray((b * L + j - 1) * V, (b * L + j) * V)));
      });
    } finally {
      if (logits.location === 'gpu-buffer') logits.dispose();
    }
  }
}
