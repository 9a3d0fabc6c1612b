// Forward passes for scoring: each distinct prefix runs once (several prefixes of similar length
// in one padded pass) and its KV cache (`present.*`) is fed back as `past_key_values.*` for every
// continuation; continuations are batched with right padding, each batch row given its prefix's
// cache. Continuation passes ask ONNX Runtime for the
// logits only, so no per-candidate `present.*` is ever copied out (or, on WebGPU, allocated as a
// GPU buffer that would have to be disposed).
import { Tensor, type PreTrainedModel } from '@huggingface/transformers';
import { decoderSession, type DecoderSession } from './graph';
import { callForward, gpuData, modelConfig, ortTensor, tensorFromOrt } from './transformersAdapter';
import { LOGITS_TO_KEEP_INPUTS } from './plan';
import { batchGroups, DEFAULT_MAX_BATCH_TOKENS, lengthBatches, MAX_PASS_LOGIT_FLOATS, MAX_PAST_FACTOR, singleRowGroups } from '../core/batching';

type Feeds = Record<string, Tensor>;
type ModelInputs = Record<string, Tensor | Feeds>;
type Outputs = Record<string, Tensor>;

/**
 * One or more prefixes run together in one padded pass (right padding; each prefix's own length
 * is kept, and the pads are masked out of every later pass). Their KV cache is held as CPU data.
 */
export interface PrefixState {
  /** Real length of each prefix. */
  lengths: number[];
  /** Padded length of the pass (the cache's sequence length). */
  width: number;
  /** Per prefix: logits of its last position, which predict the first continuation token. */
  lastRows: Float32Array[];
  vocab: number;
  /** `past_key_values.*` name → cache data [prefixes, heads, width, headDim], in the graph's own type. */
  past: CacheEntry[];
}

/** Cache data as the graph gives it: float32, or float16 held as 16-bit words. */
type CacheData = Float32Array | Uint16Array;
interface CacheEntry {
  name: string;
  type: 'float32' | 'float16';
  data: CacheData;
  dims: number[];
}

/** A cache tensor's data in its own type (read from the GPU when it lives there). */
async function cacheData(t: Tensor): Promise<CacheData> {
  const raw = (t.location === 'gpu-buffer' ? await gpuData(t) : t.data) as ArrayBufferView;
  if (raw instanceof Float32Array) return raw;
  if (t.type === 'float16') return new Uint16Array(raw.buffer, raw.byteOffset, raw.byteLength / 2);
  throw new Error(`unsupported KV cache type ${t.type}`);
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
  /** What a pass costs beyond its tokens, in tokens (default PASS_OVERHEAD_TOKENS; the plan's cost: src/core/passCost.ts). */
  passOverhead?: number;
  cancel?: CancelToken;
}

/**
 * Bytes of pass outputs handed to JS as CPU data so far, a running count: what Node's release of
 * dead outputs between streamed chunks goes by (outputRelease.ts).
 */
let outputBytes = 0;
export function passOutputBytes(): number {
  return outputBytes;
}
function countOutputs(outputs: Iterable<unknown>): void {
  // CPU data only: reading `data` of a tensor held elsewhere (a GPU buffer) would throw.
  for (const t of outputs) if (t instanceof Tensor && t.location === 'cpu' && ArrayBuffer.isView(t.data)) outputBytes += t.data.byteLength;
}

/** Passes run so far and the tokens fed to them (rows × width, padding included), a running count: what the benchmark's cost predictions count. */
const tally = { passes: 0, tokens: 0 };
export function passTally(): { passes: number; tokens: number } {
  return { ...tally };
}
function countPass(ids: unknown): void {
  tally.passes++;
  if (ids instanceof Tensor) tally.tokens += ids.dims.reduce((a, b) => a * b, 1);
}

/**
 * Passes kept to be run again as they were, for the benchmark's "ONNX Runtime alone" figure: the
 * same feeds given to the session back to back, with none of the JS work that came between them.
 * A pass through transformers.js's forward cannot be kept (it builds its feeds inside), so it is
 * only counted, and the recording is then incomplete.
 */
export interface RecordedPasses {
  replays: (() => Promise<void>)[];
  /** Passes that went through transformers.js (0: every pass of the recording can be replayed). */
  notKept: number;
}
let recording: RecordedPasses | null = null;

/** Run `f`, keeping every pass it runs for replay (see RecordedPasses). Not reentrant. */
export async function recordPasses<T>(f: () => Promise<T>): Promise<{ result: T; passes: RecordedPasses }> {
  const passes: RecordedPasses = { replays: [], notKept: 0 };
  recording = passes;
  try {
    return { result: await f(), passes };
  } finally {
    recording = null;
  }
}

/** The model's forward through transformers.js (it fills in an empty past for a fresh sequence). */
export async function callModel(model: PreTrainedModel, feeds: ModelInputs): Promise<Outputs> {
  if (recording) recording.notKept++;
  countPass(feeds.input_ids);
  const out = await callForward<ModelInputs, Outputs>(model, feeds);
  countOutputs(Object.values(out));
  return out;
}

/** Inputs some graphs have that say how many positions' logits to return: 0 means all. */
function logitsToKeepFeeds(session: DecoderSession | undefined): Feeds {
  const feeds: Feeds = {};
  for (const n of LOGITS_TO_KEEP_INPUTS) if (session?.inputNames.includes(n)) feeds[n] = new Tensor('int64', new BigInt64Array([0n]), []);
  return feeds;
}

/**
 * A forward pass that returns the logits only. When the graph takes exactly the inputs given,
 * ONNX Runtime is asked for `logits` alone; otherwise it goes through transformers.js and every
 * other output is disposed.
 */
export async function logitsOnly(model: PreTrainedModel, given: Feeds): Promise<Tensor> {
  const session = decoderSession(model);
  const feeds = { ...logitsToKeepFeeds(session), ...given };
  const direct = session?.outputNames.includes('logits') ? await runDirect(session, feeds, ['logits']) : null;
  if (direct) return direct.logits;
  const past: Feeds = {};
  const rest: Feeds = {};
  for (const [k, v] of Object.entries(feeds)) (k.startsWith('past_key_values') ? past : rest)[k] = v;
  const out = await callModel(model, { ...rest, past_key_values: past });
  disposeGpu(out, new Set([out.logits]));
  return out.logits;
}

export async function cpuData(t: Tensor): Promise<Float32Array> {
  const data = t.location === 'gpu-buffer' ? await gpuData(t) : t.data;
  if (data instanceof Float32Array) return data;
  return t.to('float32').data as Float32Array;
}

export function disposeGpu(outputs: Outputs, keep: ReadonlySet<Tensor> = new Set()): void {
  for (const t of Object.values(outputs)) if (t.location === 'gpu-buffer' && !keep.has(t)) t.dispose();
}

/**
 * Sequences right-padded into one batch from position 0 (an empty past): pads are token 0,
 * masked out, and repeat their row's last position.
 */
export function paddedInputs(rows: readonly (readonly number[])[]): { width: number; feeds: Feeds } {
  const B = rows.length;
  const W = Math.max(...rows.map((r) => r.length));
  const ids = new BigInt64Array(B * W);
  const mask = new BigInt64Array(B * W);
  const pos = new BigInt64Array(B * W);
  rows.forEach((r, b) => {
    for (let j = 0; j < W; j++) {
      ids[b * W + j] = j < r.length ? BigInt(r[j]) : 0n;
      mask[b * W + j] = j < r.length ? 1n : 0n;
      pos[b * W + j] = BigInt(Math.min(j, r.length - 1));
    }
  });
  return {
    width: W,
    feeds: {
      input_ids: new Tensor('int64', ids, [B, W]),
      attention_mask: new Tensor('int64', mask, [B, W]),
      position_ids: new Tensor('int64', pos, [B, W]),
    },
  };
}

/**
 * A pass with every output (logits and `present.*`). Where the graph takes exactly the inputs
 * given, they go to ONNX Runtime as they are; otherwise through transformers.js's forward, which
 * fills in what is missing. The direct call matters for small models: transformers.js's forward
 * costs about as much again as a one-token pass of a 6M-parameter graph (docs/performance.md).
 */
async function allOutputs(model: PreTrainedModel, given: Feeds, past: Feeds | null): Promise<Outputs> {
  const session = decoderSession(model);
  const direct = await runDirect(session, { ...logitsToKeepFeeds(session), ...given, ...(past ?? emptyPast(model, given.input_ids.dims[0])) });
  return direct ?? callModel(model, { ...logitsToKeepFeeds(session), ...given, ...(past ? { past_key_values: past } : {}) });
}

/**
 * The pass given to ONNX Runtime as it is, asking for `fetches` (default: every output), where
 * the graph takes exactly the inputs in `feeds`; null where it does not.
 */
async function runDirect(session: DecoderSession | undefined, feeds: Feeds, fetches?: readonly string[]): Promise<Outputs | null> {
  if (!session || !session.inputNames.every((n) => n in feeds)) return null;
  const ortFeeds: Record<string, unknown> = {};
  for (const n of session.inputNames) ortFeeds[n] = ortTensor(feeds[n]);
  countPass(feeds.input_ids);
  const run = async () => {
    const raw = fetches ? await session.run(ortFeeds, fetches) : await session.run(ortFeeds);
    const out: Outputs = {};
    for (const [name, t] of Object.entries(raw)) out[name] = tensorFromOrt(t);
    return out;
  };
  // A replay's outputs are dropped; those held on a GPU must be freed.
  recording?.replays.push(async () => disposeGpu(await run()));
  const out = await run();
  countOutputs(Object.values(out));
  return out;
}

/** Run the prefixes in one padded pass and keep what their continuations need. */
export async function runPrefixes(model: PreTrainedModel, prefixes: readonly (readonly number[])[]): Promise<PrefixState> {
  const lengths = prefixes.map((p) => p.length);
  const { width: W, feeds } = paddedInputs(prefixes);
  const out = await allOutputs(model, feeds, null);
  return keepState(out, lengths, W, (b, n) => b * W + n - 1);
}

/** A pass's last rows and `present.*` cache as a PrefixState; `rowAt(b, length)` is the logit row of row b's last position. */
async function keepState(out: Outputs, lengths: number[], width: number, rowAt: (b: number, n: number) => number): Promise<PrefixState> {
  try {
    const vocab = out.logits.dims[2];
    const data = await cpuData(out.logits);
    const lastRows = lengths.map((n, b) => data.slice(rowAt(b, n) * vocab, (rowAt(b, n) + 1) * vocab));
    const past: PrefixState['past'] = [];
    for (const [name, t] of Object.entries(out)) {
      // On WebGPU the cache comes back as GPU buffers: read once, then freed below.
      if (name.startsWith('present')) {
        // On WebGPU getData() downloads a copy, so disposing the buffer below is safe.
        const data = await cacheData(t);
        past.push({ name: name.replace('present', 'past_key_values'), type: data instanceof Float32Array ? 'float32' : 'float16', data, dims: t.dims });
      }
    }
    return { lengths, width, lastRows, vocab, past };
  } finally {
    disposeGpu(out);
  }
}

/**
 * How a lone prefix may start from the last one's cache: 'prefix' = run only the tokens from the
 * first changed one on the common start's cache (exact where new tokens may be fed on a past at
 * batch 1: plain attention, GroupQueryAttention); 'identical' = only the same ids reuse the cache
 * as it is (dynamic quantisation, where a pass's tokens set each other's scales).
 */
export type PrefixReuse = 'prefix' | 'identical';

/**
 * The last lone prefix each model ran per slot (the Scorer's context, PMI's unconditional
 * context), with its cache: one context's worth each, a few MB at 135M.
 */
const heldPrefixes = new WeakMap<PreTrainedModel, Map<string, { ids: number[]; state: PrefixState }>>();

/** What the last call of runPrefixReusing did (for tests and the benchmark). */
export interface PrefixRun {
  /** Tokens actually run (0: the held cache was reused as it is). */
  ran: number;
  /** Tokens taken from the held cache. */
  reused: number;
}
const lastRuns = new Map<string, PrefixRun>();
/** What the last runPrefixReusing call in a slot did. */
export function lastPrefixRun(slot = 'context'): PrefixRun {
  return { ...(lastRuns.get(slot) ?? { ran: 0, reused: 0 }) };
}

/**
 * One prefix at batch 1, kept for the next call: the same ids reuse the held state as it is; with
 * 'prefix', ids that share a start with the held ones run only from the first changed token (at
 * least the last token, whose logits predict the first continuation token) on the common start's
 * cache. Compares token ids, never text: a keystroke can change the last token or two.
 */
export async function runPrefixReusing(model: PreTrainedModel, ids: readonly number[], reuse: PrefixReuse, slot = 'context'): Promise<PrefixState> {
  let slots = heldPrefixes.get(model);
  if (!slots) heldPrefixes.set(model, (slots = new Map()));
  const held = slots.get(slot);
  let common = 0;
  if (held) {
    const n = Math.min(held.ids.length, ids.length);
    while (common < n && held.ids[common] === ids[common]) common++;
  }
  if (held && common === ids.length && common === held.ids.length) {
    lastRuns.set(slot, { ran: 0, reused: common });
    return held.state;
  }
  const k = Math.min(common, ids.length - 1);
  let state: PrefixState;
  if (held && reuse === 'prefix' && k >= 1) {
    state = await extendPrefix(model, held.state, k, ids);
    lastRuns.set(slot, { ran: ids.length - k, reused: k });
  } else {
    state = await runPrefixes(model, [ids]);
    lastRuns.set(slot, { ran: ids.length, reused: 0 });
  }
  slots.set(slot, { ids: [...ids], state });
  return state;
}

/** Prefix tokens runPrefixReusing would run for these ids in this slot (with 'prefix' reuse). */
export function prefixTokensToRun(model: PreTrainedModel, ids: readonly number[], slot = 'context'): number {
  const held = heldPrefixes.get(model)?.get(slot);
  if (!held) return ids.length;
  let common = 0;
  const n = Math.min(held.ids.length, ids.length);
  while (common < n && held.ids[common] === ids[common]) common++;
  if (common === ids.length && common === held.ids.length) return 0;
  const k = Math.min(common, ids.length - 1);
  return k >= 1 ? ids.length - k : ids.length;
}

/** Forget a model's held prefix (a test or benchmark measuring from scratch). */
export function forgetHeldPrefix(model: PreTrainedModel): void {
  heldPrefixes.delete(model);
}

/** Run ids[k..] on the first k positions of a batch-1 state's cache. */
async function extendPrefix(model: PreTrainedModel, held: PrefixState, k: number, ids: readonly number[]): Promise<PrefixState> {
  const m = ids.length - k;
  const past: Feeds = {};
  for (const { name, type, data, dims } of held.past) {
    const [, heads, width, headDim] = dims;
    const out = type === 'float32' ? new Float32Array(heads * k * headDim) : new Uint16Array(heads * k * headDim);
    for (let h = 0; h < heads; h++) out.set(data.subarray(h * width * headDim, h * width * headDim + k * headDim), h * k * headDim);
    past[name] = new Tensor(type, out, [1, heads, k, headDim]);
  }
  const pos = new BigInt64Array(m);
  for (let j = 0; j < m; j++) pos[j] = BigInt(k + j);
  const feeds = {
    input_ids: new Tensor('int64', BigInt64Array.from(ids.slice(k), (v) => BigInt(v)), [1, m]),
    attention_mask: new Tensor('int64', new BigInt64Array(k + m).fill(1n), [1, k + m]),
    position_ids: new Tensor('int64', pos, [1, m]),
  };
  const out = await allOutputs(model, feeds, past);
  return keepState(out, [ids.length], ids.length, () => m - 1);
}

/**
 * Buffers the gathered cache is copied into, one set per model, reused from pass to pass (a fresh
 * multi-megabyte array per pass costs more in allocation and page faults than the copy itself).
 * The last gather is remembered: a single prefix's batches repeat the same rows.
 */
interface GatherPool {
  buffers: Map<string, CacheData>;
  last?: { state: PrefixState; key: string; feeds: Feeds };
}
const pools = new WeakMap<PreTrainedModel, GatherPool>();

/** The cache rows of the given prefixes, one per batch row. */
function gatherPast(model: PreTrainedModel, prefix: PrefixState, rows: readonly number[]): Feeds {
  let pool = pools.get(model);
  if (!pool) pools.set(model, (pool = { buffers: new Map() }));
  const key = rows.join(',');
  if (pool.last && pool.last.state === prefix && pool.last.key === key) return pool.last.feeds;
  const feeds: Feeds = {};
  // One row of a one-prefix state (every candidate pass of the isolated plan, gqa-exact's rows):
  // the held cache is already that row's, so it is fed as it is, with no copy.
  if (rows.length === 1 && prefix.past.every((e) => e.dims[0] === 1)) {
    for (const { name, type, data, dims } of prefix.past) feeds[name] = new Tensor(type, data, dims);
    pool.last = { state: prefix, key, feeds };
    return feeds;
  }
  for (const { name, type, data, dims } of prefix.past) {
    const size = data.length / dims[0];
    const n = size * rows.length;
    let buf = pool.buffers.get(name);
    if (!buf || buf.length < n || buf.constructor !== data.constructor) pool.buffers.set(name, (buf = type === 'float32' ? new Float32Array(n) : new Uint16Array(n)));
    const out = buf.length === n ? buf : buf.subarray(0, n);
    rows.forEach((p, b) => out.set(data.subarray(p * size, (p + 1) * size), b * size));
    feeds[name] = new Tensor(type, out, [rows.length, ...dims.slice(1)]);
  }
  pool.last = { state: prefix, key, feeds };
  return feeds;
}

/** Drop the prefix's cache (its GPU buffers were freed when it was read). */
export function disposePrefix(prefix: PrefixState): void {
  prefix.past = [];
}

/** Release a model's gather buffers (on unload). */
export function releaseBuffers(model: PreTrainedModel): void {
  pools.delete(model);
}

/**
 * How continuation passes are cut: 'padded' = right-padded batches of any lengths (plain
 * attention); 'single' = no padding on a past: two-token continuations batched one token each,
 * longer ones one per pass (GroupQueryAttention); 'alone' = every continuation in its own pass.
 */
export type ContinuationGrouping = 'padded' | 'single' | 'alone';

/** A continuation: which prefix of the state it follows, and its tokens. */
export interface Continuation {
  prefix: number;
  ids: readonly number[];
}

/**
 * Logit rows that predict each continuation token: row 0 is its prefix's last row, row j (j ≥ 1)
 * comes from feeding continuation tokens 0..j-1 after the prefix. Continuations (of any of the
 * state's prefixes) are batched by length; each batch row gets its own prefix's cache, with that
 * prefix's padding masked. Calls `onRows` once per continuation with a row accessor valid only
 * during the call.
 */
export async function continuationRows(
  model: PreTrainedModel,
  prefix: PrefixState,
  continuations: readonly Continuation[],
  onRows: (index: number, row: (j: number) => Float32Array) => void,
  options: BatchOptions = {},
  grouping: ContinuationGrouping = 'padded',
): Promise<void> {
  const V = prefix.vocab;
  const W = prefix.width;
  continuations.forEach((c, i) => {
    if (c.ids.length <= 1)
      onRows(i, (j) => {
        if (j !== 0) throw new RangeError('row out of range');
        return prefix.lastRows[c.prefix];
      });
  });
  const lengths = continuations.map((c) => c.ids.length);
  const budget = options.maxBatchTokens ?? DEFAULT_MAX_BATCH_TOKENS;
  const groups =
    grouping === 'padded'
      ? batchGroups(lengths, budget, W, options.passOverhead)
      : singleRowGroups(lengths, grouping === 'alone' ? 1 : Math.max(1, Math.floor((MAX_PAST_FACTOR * budget) / (W + 1))));
  for (const group of groups) {
    if (options.cancel?.cancelled()) throw new AbortError();
    const B = group.length;
    const L = Math.max(...group.map((i) => continuations[i].ids.length - 1));
    const inputIds = new BigInt64Array(B * L);
    const positions = new BigInt64Array(B * L);
    const mask = new BigInt64Array(B * (W + L));
    group.forEach((i, b) => {
      const { ids, prefix: p } = continuations[i];
      const P = prefix.lengths[p];
      const n = ids.length - 1;
      for (let j = 0; j < L; j++) {
        inputIds[b * L + j] = j < n ? BigInt(ids[j]) : 0n;
        positions[b * L + j] = BigInt(P + Math.min(j, n - 1));
      }
      mask.fill(1n, b * (W + L), b * (W + L) + P);
      mask.fill(1n, b * (W + L) + W, b * (W + L) + W + n);
    });
    const logits = await logitsOnly(model, {
      input_ids: new Tensor('int64', inputIds, [B, L]),
      attention_mask: new Tensor('int64', mask, [B, W + L]),
      position_ids: new Tensor('int64', positions, [B, L]),
      ...gatherPast(model, prefix, group.map((i) => continuations[i].prefix)),
    });
    try {
      const data = await cpuData(logits);
      group.forEach((i, b) => {
        const last = prefix.lastRows[continuations[i].prefix];
        onRows(i, (j) => (j === 0 ? last : data.subarray((b * L + j - 1) * V, (b * L + j) * V)));
      });
    } finally {
      if (logits.location === 'gpu-buffer') logits.dispose();
    }
  }
}

/** Empty `past_key_values.*` feeds for a pass from position 0, in the graph's cache type and layout. */
export function emptyPast(model: PreTrainedModel, batch: number): Feeds {
  const session = decoderSession(model);
  const feeds: Feeds = {};
  if (!session) return feeds;
  const config = modelConfig<number>(model);
  const meta = new Map((session.inputMetadata ?? []).map((m) => [m.name, m]));
  for (const name of session.inputNames) {
    if (!name.startsWith('past_key_values')) continue;
    const m = meta.get(name);
    const shape = m?.shape ?? [];
    const heads = typeof shape[1] === 'number' ? shape[1] : (config.num_key_value_heads ?? config.num_attention_heads ?? 1);
    const headDim = typeof shape[3] === 'number' ? shape[3] : (config.head_dim ?? (config.hidden_size ?? 0) / (config.num_attention_heads ?? 1));
    feeds[name] = m?.type === 'float16' ? new Tensor('float16', new Uint16Array(0), [batch, heads, 0, headDim]) : new Tensor('float32', new Float32Array(0), [batch, heads, 0, headDim]);
  }
  return feeds;
}

/** A whole sequence run from an empty past, and which of its positions' logits are wanted. */
export interface WholeSequence {
  ids: readonly number[];
  /** Position whose logits predict the first scored token. */
  firstRow: number;
  /** Number of scored tokens (rows firstRow .. firstRow + count − 1). */
  count: number;
}

/**
 * Logit rows of whole sequences run from an empty past: right-padded together in least-cost
 * batches (padding after a sequence's end is masked and changes nothing before it), or each alone
 * when `alone` (one unpadded forward per sequence: exact for any graph that scores one sequence
 * right). Calls `onRows(index, row)` with `row(j)` the logits that predict scored token j, valid
 * only during the call.
 */
export async function wholeSequenceRows(
  model: PreTrainedModel,
  seqs: readonly WholeSequence[],
  onRows: (index: number, row: (j: number) => Float32Array) => void,
  options: BatchOptions & { alone?: boolean; vocab?: number } = {},
): Promise<void> {
  const budget = options.maxBatchTokens ?? DEFAULT_MAX_BATCH_TOKENS;
  const V = Math.max(1, options.vocab ?? 1);
  const fits = (rows: number, longest: number) => !options.alone && rows * longest <= budget && rows * longest * V <= MAX_PASS_LOGIT_FLOATS;
  for (const batch of lengthBatches(seqs.map((s) => s.ids.length), fits, options.passOverhead)) {
    if (options.cancel?.cancelled()) throw new AbortError();
    const { width: L, feeds } = paddedInputs(batch.map((i) => seqs[i].ids));
    const logits = await logitsOnly(model, { ...feeds, ...emptyPast(model, batch.length) });
    try {
      const data = await cpuData(logits);
      const vocab = logits.dims[2];
      batch.forEach((i, b) => {
        const { firstRow, count } = seqs[i];
        onRows(i, (j) => {
          if (j < 0 || j >= count) throw new RangeError('row out of range');
          const at = b * L + firstRow + j;
          return data.subarray(at * vocab, (at + 1) * vocab);
        });
      });
    } finally {
      if (logits.location === 'gpu-buffer') logits.dispose();
    }
  }
}
