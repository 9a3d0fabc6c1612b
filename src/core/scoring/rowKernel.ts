// The two passes of a logits row's statistics in WebAssembly (rowStats.wat): the same comparisons,
// the same index-order sums and the same exp as distribution.ts's JavaScript, so the same numbers
// bit for bit (checked by property tests against it), about three times as fast at 32,000 and
// 49,152 entries. Where WebAssembly SIMD is missing, or a row has a NaN or an infinite maximum, the
// callers use the JavaScript passes.
import { ROW_STATS_WASM_BASE64 } from './rowStatsWasm';
import { sumIgnoreBelow, sumsIgnoreBelow } from './expSkip';

/** What the passes give; the caller turns it into log-prob, rank, entropy and the top-k. */
export interface RowPasses {
  /** The first maximal logit's own value, and its index. */
  max: number;
  argmax: number;
  /** Logits strictly above the target's. */
  higher: number;
  /** Top-k, highest first, ties in index order. */
  topIds: Int32Array;
  topVals: Float64Array;
  /** Σ exp(d) and Σ exp(d)·d, d = logit − max, in index order (the second only with both sums). */
  sumExp: number;
  sumExpLogit: number;
}

interface Kernel {
  memory: WebAssembly.Memory;
  pass1: (n: number, target: number, k: number) => void;
  pass2: (n: number, max: number, one: number) => number;
}

const ROW_OFFSET = 2048;
const TOP_IDS = 64;
const TOP_VALS = 576;
/** The most top-k entries the layout holds. */
export const KERNEL_MAX_TOP_K = 128;

let kernel: Kernel | null | undefined;

function decodeBase64(s: string): Uint8Array<ArrayBuffer> {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function loadKernel(): Kernel | null {
  try {
    // Under 4 KB, so synchronous compilation is allowed even on a browser's main thread.
    const module = new WebAssembly.Module(decodeBase64(ROW_STATS_WASM_BASE64));
    const instance = new WebAssembly.Instance(module, { js: { cutBoth: sumsIgnoreBelow, cutOne: sumIgnoreBelow } });
    const e = instance.exports as unknown as Kernel;
    return { memory: e.memory, pass1: e.pass1, pass2: e.pass2 };
  } catch {
    // No WebAssembly SIMD here: the JavaScript passes serve.
    return null;
  }
}

/** Whether the WebAssembly passes are in use in this runtime. */
export function rowKernelAvailable(): boolean {
  if (kernel === undefined) kernel = loadKernel();
  return kernel !== null;
}

/**
 * Both passes over `row` in WebAssembly (the top-k limited to the row, as in JavaScript), or
 * undefined where the JavaScript passes must serve
 * (no kernel, an empty row, a target outside it, more than KERNEL_MAX_TOP_K, a NaN anywhere or an
 * infinite maximum). `oneSum`: only Σ exp(d), with rowLogprob's skipping rule.
 */
export function rowPassesWasm(row: Float32Array, target: number, topK: number, oneSum: boolean): RowPasses | undefined {
  const n = row.length;
  if (n === 0 || !(target >= 0 && target < n) || topK > KERNEL_MAX_TOP_K || !rowKernelAvailable()) return undefined;
  const k = kernel!;
  const need = ROW_OFFSET + 4 * (n + 4);
  if (k.memory.buffer.byteLength < need) k.memory.grow(Math.ceil((need - k.memory.buffer.byteLength) / 65536));
  const v = viewsOf(k.memory.buffer);
  v.row.set(row);
  k.pass1(n, target, topK > 0 ? Math.min(topK, n) : 0);
  if (v.ints[7] !== 0) return undefined;
  const max = v.floats[0];
  const filled = v.ints[6];
  const sumExp = k.pass2(n, max, oneSum ? 1 : 0);
  return {
    max,
    argmax: v.ints[4],
    higher: v.ints[5],
    topIds: filled === 0 ? NO_IDS : new Int32Array(v.buffer, TOP_IDS, filled).slice(),
    topVals: filled === 0 ? NO_VALS : new Float64Array(v.buffer, TOP_VALS, filled).slice(),
    sumExp,
    sumExpLogit: v.floats[1],
  };
}

/** Views of the kernel's memory, made again only when it grows (a new buffer): a row's call made six. */
interface Views {
  buffer: ArrayBuffer;
  row: Float32Array;
  ints: Int32Array;
  floats: Float64Array;
}
let views: Views | undefined;
function viewsOf(buffer: ArrayBuffer): Views {
  if (views?.buffer !== buffer) views = { buffer, row: new Float32Array(buffer, ROW_OFFSET), ints: new Int32Array(buffer, 0, 8), floats: new Float64Array(buffer, 0, 2) };
  return views;
}
const NO_IDS = new Int32Array(0);
const NO_VALS = new Float64Array(0);
