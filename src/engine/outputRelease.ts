// Dead pass outputs, released between streamed chunks. ONNX Runtime for Node copies every output
// of a pass into a fresh ArrayBuffer (a pre-allocated output is written and then copied all the
// same: onnxruntime-node 1.30), and the logits are most of it: every position's row of the whole
// vocabulary, though the scorer keeps a few (a 16-item chunk at 135M shape hands JS some 0.4 GB).
// V8 frees a dead ArrayBuffer only at a full collection, which it starts late because its own heap
// is small, so over a long task the dead buffers and the C heap they fragment kept growing. A full
// collection after the chunks that produced much of it keeps the process's memory flat; it never
// touches a number. It goes by the bytes the passes produced, not by the ArrayBuffers still held:
// those are freed a task after the collection, so a reading right after it is too high. (The
// larger part of the old growth, transformers.js reading the model file in the background, is
// stopped at load: withoutUnreadWeightReads in node.ts.) The browser Worker does not need one (its memory
// stays flat: docs/performance.md).

/** What an OutputRelease needs from its runtime. */
export interface ReleaseHooks {
  /** A full garbage collection. */
  collect: () => void;
  /** Bytes of pass outputs produced so far (a running count). */
  producedBytes: () => number;
  /** Output bytes produced since the last collection that call for one. */
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
    this.floor = hooks.producedBytes();
  }

  /** After a chunk: collect when the passes since the last collection produced the slack or more. Returns whether it collected. */
  afterChunk(): boolean {
    const produced = this.hooks.producedBytes();
    if (produced - this.floor < this.hooks.slackBytes) return false;
    this.floor = produced;
    const t0 = performance.now();
    this.hooks.collect();
    this.counts.ms += performance.now() - t0;
    this.counts.collections++;
    return true;
  }

  stats(): ReleaseStats {
    return { ...this.counts };
  }
}
