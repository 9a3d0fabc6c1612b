// The browser's WebGPU support for a component: null until the (shared, one-per-page) check answers.
import { useEffect, useState } from 'react';
import type { DeviceSupport } from '../../state/engine';
import { deviceSupport } from '../../state/devices';

export function useDeviceSupport(): DeviceSupport | null {
  const [support, setSupport] = useState<DeviceSupport | null>(null);
  useEffect(() => {
    let live = true;
    void deviceSupport().then((s) => live && setSupport(s));
    return () => {
      live = false;
    };
  }, []);
  return support;
}
