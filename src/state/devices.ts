// Which device a model runs on: the browser's WebGPU support (asked once per page) and the
// user's preference resolved against it. The Scorer and the Task lab both go through here.
import { detectDevices, type DeviceSupport } from '../engine/models';
import type { Device } from '../engine/types';

/** The user's choice: `auto` is WebGPU where an adapter exists, else WASM. */
export const DEVICE_PREFERENCES = ['auto', 'webgpu', 'wasm'] as const;
export type DevicePreference = (typeof DEVICE_PREFERENCES)[number];

let support: Promise<DeviceSupport> | null = null;
/** WebGPU and shader-f16 support, asked once per page. */
export const deviceSupport = (): Promise<DeviceSupport> => (support ??= detectDevices());

/** The device a preference means on this browser (`support` null: not known yet, so WASM). */
export function resolveDevice(pref: DevicePreference, known: DeviceSupport | null): Device {
  if (pref !== 'auto') return pref;
  return known?.webgpu ? 'webgpu' : 'wasm';
}
