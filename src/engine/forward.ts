// Forward passes for scoring: the shared prefix runs once and its KV cache (`present.*`) is fed
// back as `past_key_values.*` for every continuation; continuations of an item are batched with
// right padding against a cache tiled to the batch size.
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

function int64(values: number[], dims: number[]): Tensor {
  return new Tensor('int64', BigInt64Array.from(values, (v) => BigInt(v)), dims);
}

async function call(model: PreTrainedModel, feeds: ModelInputs): Promise<Outputs> {
  return (await (model as unknown as (f: ModelInputs) => Promise<Outputs>)(feeds)) as Outputs;
}

async function cpuData(t: Tensor): Promise<Float32Array> {
  const data = t.location === 'gpu-buffer' ? await (t.ort_tensor as unknown as { getData(): Promise<unknown> }).getData() : t.data;
  if (data instanceof Float32Array) return data;
  return (t.to('float32').data as Float32Array);
}

function disposeGpu(outputs: Outputs, keep: ReadonlySet<Tensor> = new Set()): void {
  for (const t of Object.values(outputs)) if (t.location === 'gpu-buffer' && !keep.has(t)) t.dispose();
}

export async function runPrefix(model: PreTrainedModel, ids: number[]): Promise<PrefixState> {
  const n = ids.length;
  const out = await call(model, {
    input_ids: int64(ids, [1, n]),
    attention_mask: int64(new Array(n).fill(1), [1, n]),
    position_ids: int64(ids.map((_, i) => i), [1, n]),
  });
  const logits = out.logits;
  const vocab = logits.dims[2];
  const data = await cpuData(logits);
  const lastRow = data.slice((n - 1) * vocab, n * vocab);
  const past: Feeds = {};
  for (const [k, v] of Object.entries(out)) if (k.startsWith('present')) past[k.replace('present', 'past_key_values')] = v;
  disposeGpu({ logits });
  return { length: n, lastRow, vocab, past, tiled: new Map([[1, past]]) };
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

export function disposePrefix(prefix: PrefixState): void {
  for (const t of Object.values(prefix.past)) if (t.location === 'gpu-buffer') t.dispose();
  prefix.tiled.clear();
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
  options: { maxBatchTokens?: number; cancel?: CancelToken } = {},
): Promise<void> {
  const V = prefix.vocab;
  const first = (j: number) => {
    if (j !== 0) throw new RangeError('row out of range');
    return prefix.lastRow;
  };
  const pending: number[] = [];
  continuations.forEach((c, i) => {
    if (c.length <= 1) onRows(i, first);
    else pending.push(i);
  });
  // Similar lengths together, so padding wastes little.
  pending.sort((a, b) => continuations[a].length - continuations[b].length);
  const budget = options.maxBatchTokens ?? 4096;
  let start = 0;
  while (start < pending.length) {
    let end = start + 1;
    const lenOf = (i: number) => continuations[pending[i]].length - 1;
    while (end < pending.length && (end - start + 1) * lenOf(end) <= budget && lenOf(end) <= 2 * lenOf(start) + 8) end++;
    if (options.cancel?.cancelled()) throw new AbortError();
    const group = pending.slice(start, end);
    const B = group.length;
    const L = Math.max(...group.map((i) => continuations[i].length - 1));
    const P = prefix.length;
    const ids: number[] = [];
    const mask: number[] = [];
    const pos: number[] = [];
    for (const i of group) {
      const toks = continuations[i].slice(0, -1);
      for (let j = 0; j < L; j++) {
        ids.push(j < toks.length ? toks[j] : 0);
        pos.push(P + Math.min(j, toks.length - 1));
      }
      for (let j = 0; j < P; j++) mask.push(1);
      for (let j = 0; j < L; j++) mask.push(j < toks.length ? 1 : 0);
    }
    const out = await call(model, {
      input_ids: int64(ids, [B, L]),
      attention_mask: int64(mask, [B, P + L]),
      position_ids: int64(pos, [B, L]),
      past_key_values: await tiledPast(prefix, B),
    });
    const data = await cpuData(out.logits);
    group.forEach((i, b) => {
      onRows(i, (j) => (j === 0 ? prefix.lastRow : data.subarray((b * L + j - 1) * V, (b * L + j) * V)));
    });
    disposeGpu(out);
    start = end;
  }
}
