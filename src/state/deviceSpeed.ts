// Times one model on WebGPU and on WASM with a probe text, in a throwaway engine Worker, so that
// "Auto" can prefer the faster device for the model actually loaded. Only asked on a hardware
// adapter; the result is kept per model and dtype (devices.ts).
import { createEngineClient } from '../engine';
import type { LoadRequest } from '../engine';
import { DEFAULT_SCORE_OPTIONS } from '../core/scoring/types';
import { autoChoice, deviceSupport, recordSpeed, speedEvidence, speedKey, type SpeedEvidence } from './devices';

const PROBE = { context: 'Once upon a time, there was a little girl named Lily. She loved to play outside in the park with her', candidates: [' dog.', ' friends and her big red ball.'] };

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timeOn(req: LoadRequest): Promise<number> {
  const client = createEngineClient();
  try {
    await client.load(req);
    const req2 = { ...PROBE, options: DEFAULT_SCORE_OPTIONS };
    await client.api.score(req2); // warm-up: shader compilation and first allocations
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await client.api.score(req2);
      times.push(performance.now() - t0);
    }
    return median(times);
  } finally {
    client.terminate();
  }
}

/** Median probe time on each device; a device that fails counts as infinitely slow. */
export async function measureSpeed(req: LoadRequest): Promise<SpeedEvidence> {
  const wasmMs = await timeOn({ ...req, device: 'wasm' });
  const webgpuMs = await timeOn({ ...req, device: 'webgpu' }).catch(() => Number.POSITIVE_INFINITY);
  return { webgpuMs, wasmMs };
}

const sourceKey = (req: LoadRequest) => (req.source.kind === 'hub' ? req.source.id : req.source.kind === 'path' ? req.source.path : req.source.name);
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The device Auto settles on for this model, timing both devices once where that is needed. */
export async function autoDeviceFor(req: LoadRequest, onProbing?: () => void): Promise<{ device: LoadRequest['device']; reason: string }> {
  const support = await deviceSupport();
  const key = speedKey(sourceKey(req), req.dtype);
  let choice = autoChoice(support, speedEvidence(key));
  if (choice.needsSpeedProbe && req.source.kind !== 'files') {
    onProbing?.();
    try {
      recordSpeed(key, await measureSpeed(req));
      choice = autoChoice(support, speedEvidence(key));
    } catch (e) {
      return { device: 'wasm', reason: `Auto chose WASM: timing WebGPU against WASM failed (${messageOf(e)}).` };
    }
  }
  return { device: choice.device, reason: choice.reason };
}
