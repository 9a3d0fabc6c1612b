// The one device menu of the app (the Scorer's model panel and the Task lab's batch panel): the
// same options, Auto named by the device it resolves to, and Auto's reason in the same words.
import type { DeviceSupport, LoadRequest } from '../../state/engine';
import { autoChoice, type DevicePreference, type SpeedEvidence } from '../../state/devices';

type Device = LoadRequest['device'];

export const deviceName = (d: Device): string => (d === 'webgpu' ? 'WebGPU' : d === 'wasm' ? 'WASM' : 'CPU');

export function DeviceSelect(props: {
  value: DevicePreference;
  onChange(pref: DevicePreference): void;
  /** null until the browser's WebGPU check answers. */
  support: DeviceSupport | null;
  /** The device the preference resolves to (resolveDevice). */
  resolved: Device;
  disabled?: boolean;
  testId?: string;
}) {
  const { support } = props;
  return (
    <select value={props.value} disabled={props.disabled} onChange={(e) => props.onChange(e.target.value as DevicePreference)} data-testid={props.testId}>
      <option value="auto">Auto ({support ? deviceName(props.resolved) : 'detecting…'})</option>
      <option value="webgpu" disabled={support !== null && !support.webgpu}>
        WebGPU{support && !support.webgpu ? ' (not available)' : ''}
      </option>
      <option value="wasm">WASM (CPU)</option>
    </select>
  );
}

/** Why Auto picks what it picks, for a model and dtype (its probe timing, when one was measured). */
export function AutoReason(props: { support: DeviceSupport | null; speed?: SpeedEvidence; loadedReason?: string }) {
  if (props.support === null) return null;
  return (
    <p className="muted small" data-testid="auto-reason">
      {props.loadedReason ?? autoChoice(props.support, props.speed).reason}
    </p>
  );
}
