// The engine behind EngineApi: a few loaded models, each in its own slot (the primary one and,
// for a comparison, a second), runs that a newer run supersedes, and the WebGPU-vs-WASM probe
// check. The same class runs in Node and inside the browser Worker.
import type { ItemScore } from '../core/scoring/types';
import { MAX_LOADED_MODELS, PRIMARY_SLOT, type ChunkRequest, type EngineApi, type ItemParts, type ModelSlot, type PartsRequest, type ProbeCheck, type ScoreRequest, type TemperedCandidate, type TemperedRequest } from './api';
import { AbortError, type CancelToken } from './forward';
import { disposeModel, loadModel, type LoadedModel } from './model';
import { LOAD_ERROR } from './models';
import { loadFitProblem, WASM32_HEAP_LIMIT, type MemoryLimit } from '../core/memory/fit';
import { weightFileBytes } from './weightFiles';
import type { OutputRelease } from './outputRelease';
import { configureRuntime, runtimeConfig, sourceLabel, type EngineConfig } from './runtime';
import { scoreItem, scoreItemParts, scoreItems, scorePlans, planContinuation } from './scorer';
import { temperedSums } from './tempered';
import type { LoadProgress, LoadRequest, ModelInfo } from './types';

export const PROBE_TEXT = 'Once upon a time, there was a little girl named Lily. She loved to play outside in the park.';
/** Sum log-prob difference (nats) beyond which WebGPU and WASM are said to disagree. */
export const PROBE_TOLERANCE = 0.05;

/**
 * Graph styles a device is known to score wrongly, with what was measured. ONNX Runtime Web's
 * GroupQueryAttention on WebGPU is exact for passes up to about 30 tokens and then off by
 * 0.6–1.6 nats (one unpadded sequence from an empty cache, batch 1, SwiftShader adapter), while
 * WASM is exact at every length; the probe text is too short to show it.
 */
export const KNOWN_DEVICE_FAULTS: { device: LoadRequest['device']; style: ModelInfo['plan']['style']; why: string }[] = [
  {
    device: 'webgpu',
    style: 'gqa',
    why: "ONNX Runtime Web's GroupQueryAttention on WebGPU gives wrong log-probs for passes longer than about 30 tokens (measured: 0.6–1.6 nats off)",
  },
];

/** The error a load refused for a known device fault carries (the app retries on WASM). */
export const KNOWN_FAULT_ERROR = 'KnownDeviceFault';

export class Engine implements EngineApi {
  /** Loaded models by slot; a model is used only by the requests that name its slot. */
  private readonly models = new Map<ModelSlot, LoadedModel>();
  private cancelledBelow = 0;
  private queue: Promise<unknown> = Promise.resolve();

  /** `release`: frees a chunk's dead pass outputs after it (Node; see outputRelease.ts). */
  constructor(private readonly release?: OutputRelease) {}

  /** The release run after each chunk, if any (the benchmark reports its collections). */
  outputRelease(): OutputRelease | undefined {
    return this.release;
  }

  async configure(config: EngineConfig): Promise<void> {
    configureRuntime(config);
  }

  current(slot: ModelSlot = PRIMARY_SLOT): LoadedModel | null {
    return this.models.get(slot) ?? null;
  }

  /** The slots that hold a model. */
  async slots(): Promise<ModelSlot[]> {
    return [...this.models.keys()];
  }

  async load(req: LoadRequest, onProgress?: (p: LoadProgress) => void, slot: ModelSlot = PRIMARY_SLOT): Promise<ModelInfo> {
    return this.serial(async () => {
      // Refused before any download: the slots are full.
      if (!this.models.has(slot) && this.models.size >= MAX_LOADED_MODELS)
        throw new Error(`${MAX_LOADED_MODELS} models are loaded already (${[...this.models.keys()].join(', ')}); unload one before loading into "${slot}"`);
      // Refused before any download: it would not fit beside the models loaded (all of them, the
      // slot's own too: it is released only after the new one has loaded).
      const weightBytes = await weightFileBytes(req.source, req.dtype);
      const limit = memoryLimit(req.device);
      const problem = limit && loadFitProblem([...this.models.values()].map((m) => ({ label: modelLabel(m.request), bytes: m.info.weightBytes })), { label: modelLabel(req), bytes: weightBytes }, limit);
      if (problem) {
        const err = new Error(problem);
        err.name = LOAD_ERROR.tooLarge;
        throw err;
      }
      // The slot's previous model is released only once the new one has loaded: a failed load (no
      // network, a missing file) leaves it loaded and working. Other slots are untouched.
      const next = await loadModel(req, onProgress, weightBytes);
      const fault = KNOWN_DEVICE_FAULTS.find((f) => f.device === req.device && f.style === next.info.plan.style);
      if (fault && !req.allowKnownFaults) {
        await disposeModel(next);
        const err = new Error(`${fault.why}; this ${fault.style} graph is not scored on ${req.device}`);
        err.name = KNOWN_FAULT_ERROR;
        throw err;
      }
      const previous = this.models.get(slot) ?? null;
      this.models.set(slot, next);
      await disposeModel(previous);
      return next.info;
    });
  }

  async score(req: ScoreRequest, runId?: number): Promise<ItemScore> {
    return this.run(runId, req.slot, (m, cancel) => scoreItem(m, req.context, req.candidates, req.options, cancel));
  }

  async scoreParts(req: PartsRequest, runId?: number): Promise<ItemParts> {
    return this.run(runId, req.slot, (m, cancel) => scoreItemParts(m, req.context, req.candidates, req.options, req.wanted, cancel));
  }

  async scoreChunk(req: ChunkRequest, runId?: number): Promise<ItemScore[]> {
    return this.run(runId, req.slot, async (m, cancel) => {
      try {
        return await scoreItems(m, req.items, req.options, { cancel, stats: req.stats ?? 'full' });
      } finally {
        // Before the next chunk starts: its passes are dead now.
        this.release?.afterChunk();
      }
    });
  }

  async scoreTempered(req: TemperedRequest): Promise<TemperedCandidate[]> {
    return this.run(undefined, req.slot, (m) => temperedSums(m, req.context, req.candidates, req.temperatures));
  }

  /**
   * A scoring run in turn. A numbered run is abandoned (AbortError) once `cancelBefore` passes its
   * id; an unnumbered one (a task chunk, a lesson's figure sharing the Worker with the Scorer's
   * live runs) is never, so a keystroke in the Scorer cannot abort it.
   */
  private run<T>(runId: number | undefined, slot: ModelSlot | undefined, fn: (m: LoadedModel, cancel: CancelToken) => Promise<T>): Promise<T> {
    const cancel = { cancelled: () => runId !== undefined && runId < this.cancelledBelow };
    return this.serial(async () => {
      const m = this.requireModel(slot);
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

  /** Unload one slot's model, or every model when no slot is named. */
  async unload(slot?: ModelSlot): Promise<void> {
    await this.serial(async () => {
      for (const key of slot === undefined ? [...this.models.keys()] : [slot]) {
        await disposeModel(this.models.get(key) ?? null);
        this.models.delete(key);
      }
    });
  }

  private requireModel(slot: ModelSlot = PRIMARY_SLOT): LoadedModel {
    const m = this.models.get(slot);
    if (!m) throw new Error(slot === PRIMARY_SLOT ? 'no model is loaded' : `no model is loaded in "${slot}"`);
    return m;
  }

  /** One operation at a time: a model switch never races a scoring run. */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/** "stories260K q4": a model as a refusal names it. */
function modelLabel(req: LoadRequest): string {
  return `${sourceLabel(req.source)} ${req.dtype}`;
}

/**
 * The limit a load is checked against: the test's, else the wasm32 heap on WASM and on WebGPU
 * (ONNX Runtime Web reads each model's file into that heap to create its session), none on Node.
 */
function memoryLimit(device: LoadRequest['device']): MemoryLimit | null {
  const test = runtimeConfig().memoryLimitBytes;
  if (test !== undefined) return { bytes: test, what: 'the memory limit set for this engine' };
  return device === 'cpu' ? null : WASM32_HEAP_LIMIT;
}

/** Sum log-prob of the probe text after BOS. */
async function probeSum(m: LoadedModel): Promise<number> {
  const plan = planContinuation(m, '', PROBE_TEXT, { boundaryPolicy: 'whole' });
  const [r] = await scorePlans(m, [plan], { stats: 'logprob' });
  return r?.sum ?? NaN;
}
