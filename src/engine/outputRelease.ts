// Dead pass outputs, released between streamed chunks. ONNX Runtime for Node copies every output
// of a pass into a fresh ArrayBuffer (a pre-allocated output is written and then copied all the
// same: onnxruntime-node 1.30), and the logits are most of it: every position's row of the whole
// vocabulary, though the scorer keeps a few (a 16-item chunk at 135M shape leaves some 0.4 GB). V8
// frees a dead ArrayBuffer only at a full collection, which it starts late because its own heap is
// small, so over a long task the dead buffers and the C heap they fragment kept growing. A full
// collection after a chunk that left much garbage keeps the process's memory flat; it never
// touches a number. The browser Worker does not need one (its memory stays flat: docs/performance.md).

/** What an OutputRelease needs from its runtime. */
export interface ReleaseHooks {
  /** A full garbage collection. */
  collect: () => void;
  /** Bytes held by ArrayBuffers now, dead ones included. */
  heldBytes: () => number;
  /** ArrayBuffer growth since the last collection that calls for one. */
  slackBytes: number;
}

export interface ReleaseStats {
  /** Collections run. */
  collections: number;
  /** Time spent in them, ms. */
  ms: number;
}

export class OutputRelease {
  private floor: number;
  private readonly counts: ReleaseStats = { collections: 0, ms: 0 };

  constructor(private readonly hooks: ReleaseHooks) {
    this.floor = hooks.heldBytes();
  }

  /** After a chunk: collect when its dead outputs may have piled up past the slack. Returns whether it collected. */
  afterChunk(): boolean {
    if (this.hooks.heldBytes() - this.floor < this.hooks.slackBytes) return false;
    const t0 = performance.now();
    this.hooks.collect();
    this.counts.ms += performance.now() - t0;
    this.counts.collections++;
    this.floor = this.hooks.heldBytes();
    return true;
  }

  stats(): ReleaseStats {
    return { ...this.counts };
  }
}
