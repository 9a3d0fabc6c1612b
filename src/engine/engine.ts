// The engine behind EngineApi: one loaded model, runs that a newer run supersedes, and the
// WebGPU-vs-WASM probe check. The same class runs in Node and inside the browser Worker.
import type { ItemScore } from '../core/scoring/types';
import type { ChunkRequest, EngineApi, ItemParts, PartsRequest, ProbeCheck, ScoreRequest } from './api';
import { AbortError, type CancelToken } from './forward';
import { disposeModel, loadModel, type LoadedModel } from './model';
import { configureRuntime, type EngineConfig } from './runtime';
import { scoreItem, scoreItemParts, scoreItems, scorePlans, planContinuation } from './scorer';
import type { LoadProgress, LoadRequest, ModelInfo } from './types';

export const PROBE_TEXT = 'Once upon a time, there was a little girl named Lily. She loved to play outside in the park.';
/** Sum log-prob difference (nats) beyond which WebGPU and WASM are said to disagree. */
export const PROBE_TOLERANCE = 0.05;

export class Engine implements EngineApi {
  private loaded: LoadedModel | null = null;
  private latestRun = 0;
  private cancelledBelow = 0;
  private queue: Promise<unknown> = Promise.resolve();

  async configure(config: EngineConfig): Promise<void> {
    configureRuntime(config);
  }

  current(): LoadedModel | null {
    return this.loaded;
  }

  async load(req: LoadRequest, onProgress?: (p: LoadProgress) => void): Promise<ModelInfo> {
    return this.serial(async () => {
      // The previous model is released only once the new one has loaded: a failed load (no
      // network, a missing file) leaves it loaded and working.
      const next = await loadModel(req, onProgress);
      const previous = this.loaded;
      this.loaded = next;
      await disposeModel(previous);
      return next.info;
    });
  }

  async score(req: ScoreRequest, runId?: number): Promise<ItemScore> {
    return this.run(runId, (m, cancel) => scoreItem(m, req.context, req.candidates, req.options, cancel));
  }

  async scoreParts(req: PartsRequest, runId?: number): Promise<ItemParts> {
    return this.run(runId, (m, cancel) => scoreItemParts(m, req.context, req.candidates, req.options, req.wanted, cancel));
  }

  async scoreChunk(req: ChunkRequest, runId?: number): Promise<ItemScore[]> {
    return this.run(runId, (m, cancel) => scoreItems(m, req.items, req.options, { cancel, stats: req.stats ?? 'full' }));
  }

  /** A scoring run in turn, abandoned (AbortError) once a newer run id cancels it. */
  private run<T>(runId: number | undefined, fn: (m: LoadedModel, cancel: CancelToken) => Promise<T>): Promise<T> {
    const id = runId ?? ++this.latestRun;
    this.latestRun = Math.max(this.latestRun, id);
    const cancel = { cancelled: () => id < this.cancelledBelow };
    return this.serial(async () => {
      const m = this.requireModel();
      if (cancel.cancelled()) throw new AbortError();
      return fn(m, cancel);
    });
  }

  cancelBefore(runId: number): void {
    this.cancelledBelow = Math.max(this.cancelledBelow, runId);
  }

  async probeCheck(): Promise<ProbeCheck> {
    return this.serial(async () => {
      const m = this.requireModel();
      const onDevice = await probeSum(m);
      if (m.request.device !== 'webgpu') {
        return { probe: PROBE_TEXT, sumLogprobDevice: onDevice, sumLogprobWasm: onDevice, absDiff: 0, tolerance: PROBE_TOLERANCE, ok: true };
      }
      const wasm = await loadModel({ ...m.request, device: 'wasm' });
      try {
        const onWasm = await probeSum(wasm);
        const absDiff = Math.abs(onDevice - onWasm);
        return { probe: PROBE_TEXT, sumLogprobDevice: onDevice, sumLogprobWasm: onWasm, absDiff, tolerance: PROBE_TOLERANCE, ok: absDiff <= PROBE_TOLERANCE };
      } finally {
        await disposeModel(wasm);
      }
    });
  }

  async unload(): Promise<void> {
    await this.serial(async () => {
      await disposeModel(this.loaded);
      this.loaded = null;
    });
  }

  private requireModel(): LoadedModel {
    if (!this.loaded) throw new Error('no model is loaded');
    return this.loaded;
  }

  /** One operation at a time: a model switch never races a scoring run. */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/** Sum log-prob of the probe text after BOS. */
async function probeSum(m: LoadedModel): Promise<number> {
  const plan = planContinuation(m, '', PROBE_TEXT, { boundaryPolicy: 'whole' });
  const [r] = await scorePlans(m, [plan], { stats: 'logprob' });
  return r?.sum ?? NaN;
}
