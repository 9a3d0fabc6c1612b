// Statistics of logit rows the Scorer saw in its last passes, found again by the row's content.
// Typing at the end of a candidate re-runs its tokens, and at fp32 and q4 ONNX Runtime gives the
// unchanged tokens' rows bit for bit again (measured at 135M shape; dynamic q8 does not: a pass's
// tokens set each other's activation scales). Their statistics (a softmax over the whole
// vocabulary each) are then taken from here instead of being computed again. A hit compares the
// whole row, the target and the statistics asked for, so it gives exactly what computing gives.

/** Floats of logit rows a memo keeps (16 MiB): 85 rows of a 49,152-entry vocabulary. */
export const ROW_MEMO_FLOATS = 1 << 22;

interface Entry<T> {
  key: string;
  row: Float32Array;
  value: T;
}

/** Row statistics keyed by (what was asked, the row's content), least recently used dropped first. */
export class RowMemo<T> {
  /** Fingerprint → entries (full rows compared on lookup); Map order is use order. */
  private entries = new Map<string, Entry<T>[]>();
  private floats = 0;
  hits = 0;
  misses = 0;

  constructor(readonly maxFloats: number = ROW_MEMO_FLOATS) {}

  /** The value for (`ask`, `row`): remembered if this exact row was seen with this ask, else computed and remembered. */
  get(ask: string, row: Float32Array, compute: () => T): T {
    const fp = fingerprint(ask, row);
    const list = this.entries.get(fp);
    if (list) {
      const hit = list.find((e) => e.key === ask && sameRow(e.row, row));
      if (hit) {
        this.hits++;
        this.entries.delete(fp);
        this.entries.set(fp, list);
        return hit.value;
      }
    }
    this.misses++;
    const value = compute();
    if (row.length > this.maxFloats) return value;
    const entry = { key: ask, row: row.slice(), value };
    if (list) {
      list.push(entry);
      this.entries.delete(fp);
      this.entries.set(fp, list);
    } else this.entries.set(fp, [entry]);
    this.floats += row.length;
    this.evict();
    return value;
  }

  /** Rows held. */
  get size(): number {
    let n = 0;
    for (const list of this.entries.values()) n += list.length;
    return n;
  }

  clear(): void {
    this.entries.clear();
    this.floats = 0;
  }

  private evict(): void {
    for (const [fp, list] of this.entries) {
      if (this.floats <= this.maxFloats) return;
      const gone = list.shift()!;
      this.floats -= gone.row.length;
      if (list.length === 0) this.entries.delete(fp);
    }
  }
}

/** A cheap key that equal rows share: the ask, the length and a few entries' bits. */
function fingerprint(ask: string, row: Float32Array): string {
  const n = row.length;
  if (n === 0) return `${ask}|0`;
  return `${ask}|${n}|${row[0]}|${row[n >> 2]}|${row[n >> 1]}|${row[(3 * n) >> 2]}|${row[n - 1]}`;
}

/** Equal bit for bit (−0 and 0 apart, NaN equal to the same NaN). */
function sameRow(a: Float32Array, b: Float32Array): boolean {
  if (a.length !== b.length) return false;
  const x = new Int32Array(a.buffer, a.byteOffset, a.length);
  const y = new Int32Array(b.buffer, b.byteOffset, b.length);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}
