// The form that loads the Scorer's second model: a served model or hub id by name, or a folder
// from disk; its dtype and device (the first model's device menu); and whether its context is
// wrapped in its chat template (so "the same model with the chat template" is the first model's
// name with the box ticked). It records the choice in the workspace (the share link carries it,
// a folder from disk excepted) and loads it beside the first model.
import { useState } from 'react';
import { ALL_DTYPES, type Dtype } from '../../core/dtypes';
import { useCompare } from '../../state/compareSession';
import { runnableDtypes } from '../../state/engine';
import { resolveDevice, type DevicePreference } from '../../state/devices';
import { addModelFolder, DISK_PREFIX, useDiskModels } from '../../state/diskModels';
import { choiceOf, modelLabel, useEngine } from '../../state/engineSession';
import { useWorkspace } from '../../state/workspace';
import type { ModelChoice } from '../../state/workspaceSchema';
import { DeviceSelect } from '../common/DeviceSelect';
import { useDeviceSupport } from '../common/useDeviceSupport';

function choiceOfName(name: string): ModelChoice {
  // An org/name is a hub id; anything else a model the app serves (or a picked folder's disk- name).
  return /^[\w.-]+\/[\w.-]+$/.test(name) ? { kind: 'hub', id: name } : { kind: 'served', name };
}

export function CompareForm() {
  const wanted = useWorkspace((s) => s.compare);
  const load = useCompare((s) => s.load);
  const first = useEngine((s) => s.load);
  const disk = useDiskModels();
  const support = useDeviceSupport();
  const [name, setName] = useState(() => (wanted ? modelLabel(wanted.model) : 'stories260K'));
  const [dtype, setDtype] = useState<Dtype>(() => wanted?.dtype ?? 'q4');
  const [devicePref, setDevicePref] = useState<DevicePreference>(() => wanted?.device ?? 'wasm');
  const [chatTemplate, setChatTemplate] = useState(() => wanted?.chatTemplate ?? false);
  const [folderError, setFolderError] = useState<string | null>(null);
  const trimmed = name.trim();
  const device = resolveDevice(devicePref, support);
  const picked = trimmed.startsWith(DISK_PREFIX) ? disk.models[trimmed] : undefined;
  // What the device can run (fp16 kinds only on WebGPU with shader-f16), as the first model's menu offers.
  const dtypes = runnableDtypes(picked?.dtypes ?? ALL_DTYPES, device, support?.shaderF16 ?? false);
  // The one model whose template is known before loading it: the first model's, loaded already.
  const firstName = first.status === 'ready' ? modelLabel(choiceOf(first.request.source)) : null;
  const noTemplate = first.status === 'ready' && trimmed === firstName && !first.info.hasChatTemplate;

  return (
    <form
      className="compare-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (trimmed === '') return;
        const model = choiceOfName(trimmed);
        const template = chatTemplate && !noTemplate;
        useWorkspace.getState().setCompare({ model, dtype, device: devicePref, chatTemplate: template });
        void useCompare.getState().loadCompare(model, dtype, { device: device === 'webgpu' ? 'webgpu' : 'wasm', chatTemplate: template });
      }}
    >
      <label>
        second model <input data-testid="compare-model" value={name} onChange={(e) => setName(e.target.value)} list="compare-models" spellCheck={false} />
      </label>
      <datalist id="compare-models">
        <option value="stories260K" />
        {Object.keys(disk.models).map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
      <label className="compare-folder">
        or a model folder{' '}
        <input
          type="file"
          webkitdirectory=""
          multiple
          data-testid="compare-folder-input"
          onChange={(e) => {
            const m = addModelFolder(Array.from(e.currentTarget.files ?? []));
            // The store's error is shared with the first model's picker: this form shows its own pick's.
            setFolderError(m ? null : useDiskModels.getState().error);
            if (!m) return;
            setName(m.name);
            if (!m.dtypes.includes(dtype)) setDtype(m.dtypes[0]);
          }}
        />
      </label>
      <label>
        dtype{' '}
        <select data-testid="compare-dtype" value={dtype} onChange={(e) => setDtype(e.target.value as Dtype)}>
          {dtypes.map((d) => (
            <option key={d}>{d}</option>
          ))}
        </select>
      </label>
      <label>
        runs on <DeviceSelect value={devicePref} onChange={setDevicePref} support={support} resolved={device} testId="compare-device" />
      </label>
      <label title={noTemplate ? `${firstName} has no chat template` : 'Its context becomes a user turn of its chat template; a model without one is scored raw, with a warning'}>
        <input type="checkbox" data-testid="compare-chat-template" checked={chatTemplate && !noTemplate} disabled={noTemplate} onChange={(e) => setChatTemplate(e.target.checked)} /> with its chat template
        {noTemplate && <span className="muted small"> ({firstName} has none)</span>}
      </label>
      <button type="submit" data-testid="compare-load" disabled={load.status === 'loading'}>
        Load beside
      </button>
      {load.status === 'ready' && (
        <button
          type="button"
          onClick={() => {
            useWorkspace.getState().setCompare(undefined);
            void useCompare.getState().close();
          }}
        >
          Close
        </button>
      )}
      {folderError && (
        <span className="error small" role="alert">
          {folderError}
        </span>
      )}
    </form>
  );
}

