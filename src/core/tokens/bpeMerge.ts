// Byte-pair merging of one word's pieces: repeatedly merge the adjacent pair whose merge comes
// first in the list, the leftmost such pair where one merge applies at several places, until no
// adjacent pair has a merge. This is the rule of transformers.js's BPE (its priority is the merge's
// rank plus the left piece's start position over the word's length, so rank first, then position)
// and of Hugging Face tokenizers. Over typed arrays and one binary heap, with each pair's rank
// looked up by its left piece and then its right: transformers.js keys every lookup by a
// JSON.stringify of the pair and keeps each piece as an object, which made tokenising a 400-character
// text without a pre-tokenizer (Llama 2's SentencePiece style, one "word") cost about 1 ms.

/** Merges of one word's pieces (code points, or whatever the caller split it into). */
export type BpeMerger = (pieces: readonly string[]) => string[];

/**
 * A merger for `merges`, in rank order (index 0 applies first). A pair listed twice takes its later
 * rank, as a Map built from the list does (transformers.js's `bpe_ranks`).
 */
export function createBpeMerger(merges: readonly (readonly [string, string])[]): BpeMerger {
  const ranks = new Map<string, Map<string, number>>();
  merges.forEach(([a, b], i) => {
    let right = ranks.get(a);
    if (!right) ranks.set(a, (right = new Map()));
    right.set(b, i);
  });
  const heap = new PairHeap();
  let piece: string[] = [];
  let prev = new Int32Array(16);
  let next = new Int32Array(16);
  // A piece's version changes whenever its own text or its right neighbour's does: a queued pair
  // is current only while its left piece is at the version it was queued with. −1: merged away.
  let version = new Int32Array(16);

  const queue = (i: number) => {
    const rank = ranks.get(piece[i])?.get(piece[next[i]]);
    if (rank !== undefined) heap.push(rank, i, version[i]);
  };

  return (pieces) => {
    const n = pieces.length;
    if (n < 2) return pieces.slice();
    if (n > prev.length) {
      const size = Math.max(n, 2 * prev.length);
      prev = new Int32Array(size);
      next = new Int32Array(size);
      version = new Int32Array(size);
    }
    piece = pieces.slice();
    for (let i = 0; i < n; i++) {
      prev[i] = i - 1;
      next[i] = i + 1 < n ? i + 1 : -1;
      version[i] = 0;
    }
    heap.clear();
    for (let i = 0; i + 1 < n; i++) queue(i);
    while (heap.size > 0) {
      const i = heap.topIndex();
      const v = heap.topVersion();
      heap.pop();
      if (version[i] !== v) continue;
      const j = next[i];
      piece[i] += piece[j];
      version[i]++;
      version[j] = -1;
      const k = next[j];
      next[i] = k;
      if (k !== -1) prev[k] = i;
      const p = prev[i];
      if (p !== -1) {
        version[p]++;
        queue(p);
      }
      if (k !== -1) queue(i);
    }
    const out: string[] = [];
    for (let i = 0; i !== -1; i = next[i]) out.push(piece[i]);
    return out;
  };
}

/** A binary min-heap of (rank, position, version), ordered by rank and then position. */
class PairHeap {
  private rank = new Float64Array(64);
  private index = new Int32Array(64);
  private version = new Int32Array(64);
  size = 0;

  clear(): void {
    this.size = 0;
  }

  topIndex(): number {
    return this.index[0];
  }

  topVersion(): number {
    return this.version[0];
  }

  push(rank: number, index: number, version: number): void {
    if (this.size === this.rank.length) this.grow();
    let k = this.size++;
    this.rank[k] = rank;
    this.index[k] = index;
    this.version[k] = version;
    while (k > 0) {
      const parent = (k - 1) >> 1;
      if (!this.before(k, parent)) break;
      this.swap(k, parent);
      k = parent;
    }
  }

  pop(): void {
    this.size--;
    this.swap(0, this.size);
    let k = 0;
    for (;;) {
      const l = 2 * k + 1;
      const r = l + 1;
      let m = k;
      if (l < this.size && this.before(l, m)) m = l;
      if (r < this.size && this.before(r, m)) m = r;
      if (m === k) return;
      this.swap(k, m);
      k = m;
    }
  }

  private before(a: number, b: number): boolean {
    return this.rank[a] < this.rank[b] || (this.rank[a] === this.rank[b] && this.index[a] < this.index[b]);
  }

  private swap(a: number, b: number): void {
    const r = this.rank[a];
    this.rank[a] = this.rank[b];
    this.rank[b] = r;
    const i = this.index[a];
    this.index[a] = this.index[b];
    this.index[b] = i;
    const v = this.version[a];
    this.version[a] = this.version[b];
    this.version[b] = v;
  }

  private grow(): void {
    const size = 2 * this.rank.length;
    const rank = new Float64Array(size);
    const index = new Int32Array(size);
    const version = new Int32Array(size);
    rank.set(this.rank);
    index.set(this.index);
    version.set(this.version);
    this.rank = rank;
    this.index = index;
    this.version = version;
  }
}
