// Whether one more model fits beside the models an engine holds, predicted from the bytes of the
// weight files it would read, before anything is downloaded. Pure: the engine supplies the sizes
// and the limit.

/**
 * ONNX Runtime Web runs in one wasm32 instance per Worker: its heap is at most 4 GiB, for every
 * model's session together (each model's file is read into it when its session is created).
 */
export const WASM32_HEAP_BYTES = 4 * 1024 ** 3;

/** A memory limit and what it is, in words (for the refusal). */
export interface MemoryLimit {
  bytes: number;
  what: string;
}

export const WASM32_HEAP_LIMIT: MemoryLimit = { bytes: WASM32_HEAP_BYTES, what: "ONNX Runtime Web's wasm32 heap, shared by every model in the Worker" };

/** A model's footprint as predicted from its weight files; null where their sizes are unknown. */
export interface ModelFootprint {
  label: string;
  bytes: number | null;
}

const UNITS = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

/** 1536 → "1.5 KiB"; three significant figures from KiB up. */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n) || n < 0) return 'unknown size';
  let v = n;
  let u = 0;
  while (v >= 1024 && u < UNITS.length - 1) {
    v /= 1024;
    u++;
  }
  return u === 0 ? `${n} bytes` : `${v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)} ${UNITS[u]}`;
}

/**
 * Why `next` would not fit beside `loaded` under `limit`, as one sentence, or null when it fits
 * or its size is unknown (nothing to predict from: the load goes ahead). A loaded model of
 * unknown size counts as zero, and the sentence says so. Every loaded model counts, the one the
 * new load would replace too: it is released only once the new one has loaded.
 */
export function loadFitProblem(loaded: readonly ModelFootprint[], next: ModelFootprint, limit: MemoryLimit): string | null {
  if (next.bytes === null) return null;
  const held = loaded.reduce((s, m) => s + (m.bytes ?? 0), 0);
  const total = held + next.bytes;
  if (total <= limit.bytes) return null;
  const others = loaded.length === 0 ? '' : `, and ${loaded.map((m) => `${m.label} holds ${m.bytes === null ? 'an unknown amount (counted as 0)' : formatBytes(m.bytes)}`).join(', ')}: ${formatBytes(total)} together`;
  return `${next.label} would not fit: its weights are ${formatBytes(next.bytes)}${others}, over the ${formatBytes(limit.bytes)} of ${limit.what}${loaded.length ? '; close the other model first' : ''}`;
}
