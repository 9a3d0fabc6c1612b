// Which device a model runs on: the browser's WebGPU support (asked once per page) and the
// user's preference resolved against it. The Scorer and the Task lab both go through here.
//
// "Auto" goes by evidence, not by the mere presence of `navigator.gpu`: WebGPU is chosen only on
// a hardware adapter (a software one, such as SwiftShader, or a fallback adapter is slower than
// WASM for everything), and only where WebGPU scored a probe faster than WASM for the model in
// question (tiny models usually run faster on WASM). Otherwise WASM, with the reason.
import { detectDevices, type DeviceSupport } from '../engine';
import type { Device } from '../engine';

/** The user's choice: `auto` decides by evidence (see above), the others force a device. */
export const DEVICE_PREFERENCES = ['auto', 'webgpu', 'wasm'] as const;
export type DevicePreference = (typeof DEVICE_PREFERENCES)[number];

/** What the browser says about its WebGPU adapter. */
export interface AdapterFacts {
  vendor: string;
  architecture: string;
  description: string;
  /** The adapter said it is a fallback (software) adapter. */
  isFallbackAdapter: boolean;
}

/** WebGPU support plus what Auto needs: whether the adapter is hardware, and why (not). */
export interface DeviceEvidence extends DeviceSupport {
  adapter: AdapterFacts | null;
  /** WebGPU is there and runs on a hardware adapter. */
  hardware: boolean;
  /** Why Auto may (or may not) use WebGPU, in words. */
  adapterReason: string;
}

const SOFTWARE_ADAPTER = /swiftshader|llvmpipe|lavapipe|softpipe|warp|software|basic render|microsoft basic/i;

/** Decide from the adapter's own facts whether it is a software adapter. Pure, for tests. */
export function judgeAdapter(webgpu: boolean, adapter: AdapterFacts | null): { hardware: boolean; reason: string } {
  if (!webgpu) return { hardware: false, reason: 'this browser has no usable WebGPU adapter' };
  if (!adapter) return { hardware: false, reason: 'the WebGPU adapter did not describe itself, so it cannot be shown to be hardware' };
  const name = [adapter.vendor, adapter.architecture, adapter.description].filter(Boolean).join(' ');
  if (adapter.isFallbackAdapter) return { hardware: false, reason: `the WebGPU adapter is a fallback (software) adapter${name ? ` (${name})` : ''}` };
  if (SOFTWARE_ADAPTER.test(name)) return { hardware: false, reason: `the WebGPU adapter is a software renderer (${name}), slower than WASM` };
  return { hardware: true, reason: `hardware WebGPU adapter${name ? ` (${name})` : ''}` };
}

interface GpuAdapterLike {
  features: Set<string>;
  info?: { vendor?: string; architecture?: string; description?: string; device?: string; isFallbackAdapter?: boolean };
  isFallbackAdapter?: boolean;
}

async function adapterFacts(): Promise<AdapterFacts | null> {
  const gpu = (globalThis.navigator as Navigator & { gpu?: { requestAdapter(): Promise<GpuAdapterLike | null> } } | undefined)?.gpu;
  if (!gpu) return null;
  try {
    const a = await gpu.requestAdapter();
    if (!a) return null;
    const info = a.info ?? {};
    return {
      vendor: info.vendor ?? '',
      architecture: info.architecture ?? '',
      description: [info.description, info.device].filter(Boolean).join(' '),
      isFallbackAdapter: Boolean(info.isFallbackAdapter ?? a.isFallbackAdapter),
    };
  } catch {
    return null;
  }
}

async function detectEvidence(): Promise<DeviceEvidence> {
  const [support, adapter] = await Promise.all([detectDevices(), adapterFacts()]);
  const judged = judgeAdapter(support.webgpu, adapter);
  return { ...support, adapter, hardware: judged.hardware, adapterReason: judged.reason };
}

let support: Promise<DeviceEvidence> | null = null;
/** WebGPU, shader-f16 and adapter evidence, asked once per page. */
export const deviceSupport = (): Promise<DeviceEvidence> => (support ??= detectEvidence());

/** Probe timings of one model on both devices (ms per probe score, median). */
export interface SpeedEvidence {
  webgpuMs: number;
  wasmMs: number;
}

const SPEED_KEY = 'lengthlens.deviceSpeed.v1';
const speeds = new Map<string, SpeedEvidence>();

function readSpeeds(): void {
  if (speeds.size > 0 || typeof localStorage === 'undefined') return;
  try {
    const raw = JSON.parse(localStorage.getItem(SPEED_KEY) ?? '{}') as Record<string, unknown>;
    for (const [k, v] of Object.entries(raw)) {
      const s = v as Partial<SpeedEvidence>;
      if (typeof s?.webgpuMs === 'number' && typeof s.wasmMs === 'number' && s.webgpuMs > 0 && s.wasmMs > 0) speeds.set(k, { webgpuMs: s.webgpuMs, wasmMs: s.wasmMs });
    }
  } catch {
    // A damaged entry only means the probe runs again.
  }
}

/** The key speed evidence is kept under: one per model and dtype. */
export const speedKey = (model: string, dtype: string) => `${model}|${dtype}`;

export function speedEvidence(key: string): SpeedEvidence | undefined {
  readSpeeds();
  return speeds.get(key);
}

export function recordSpeed(key: string, s: SpeedEvidence): void {
  readSpeeds();
  speeds.set(key, s);
  try {
    localStorage.setItem(SPEED_KEY, JSON.stringify(Object.fromEntries(speeds)));
  } catch {
    // Storage full or off: the evidence still holds for this page.
  }
}

export interface AutoChoice {
  device: Device;
  reason: string;
  /** Auto would use WebGPU but has no timing for this model yet: measure before trusting it. */
  needsSpeedProbe: boolean;
}

const ms = (x: number) => (x < 10 ? x.toFixed(1) : x.toFixed(0));

/** What Auto picks from the evidence at hand (`known` null: not asked yet, so WASM). */
export function autoChoice(known: DeviceSupport | DeviceEvidence | null, speed?: SpeedEvidence): AutoChoice {
  if (!known) return { device: 'wasm', reason: 'WebGPU support is not known yet', needsSpeedProbe: false };
  const ev = 'hardware' in known ? known : null;
  if (!known.webgpu) return { device: 'wasm', reason: 'Auto chose WASM: this browser has no usable WebGPU adapter.', needsSpeedProbe: false };
  if (!ev?.hardware) return { device: 'wasm', reason: `Auto chose WASM: ${ev?.adapterReason ?? 'the WebGPU adapter could not be shown to be hardware'}.`, needsSpeedProbe: false };
  if (!speed) return { device: 'webgpu', reason: `Auto: ${ev.adapterReason}; timing WebGPU against WASM on a probe for this model.`, needsSpeedProbe: true };
  if (speed.webgpuMs < speed.wasmMs)
    return { device: 'webgpu', reason: `Auto chose WebGPU: ${ev.adapterReason}, and it scored the probe in ${ms(speed.webgpuMs)} ms against ${ms(speed.wasmMs)} ms on WASM for this model.`, needsSpeedProbe: false };
  return { device: 'wasm', reason: `Auto chose WASM: for this model WASM scored the probe in ${ms(speed.wasmMs)} ms against ${ms(speed.webgpuMs)} ms on WebGPU (${ev.adapterReason}).`, needsSpeedProbe: false };
}

/** The device a preference means on this browser (`known` null: not known yet, so WASM). */
export function resolveDevice(pref: DevicePreference, known: DeviceSupport | DeviceEvidence | null, speed?: SpeedEvidence): Device {
  if (pref !== 'auto') return pref;
  return autoChoice(known, speed).device;
}
