// The Scorer's workspace: what the user is scoring and how it is shown. Everything here is
// shareable (URL) and persisted (local storage); engine state lives in engineSession.ts.
import type { LengthConvention } from '../core/scoring/lengthConvention';
import { create } from 'zustand';
import type { Dtype } from '../engine';
import type { BoundaryPolicy } from '../core/scoring/types';
import { DEFAULT_SERVED_MODEL } from '../engine';
import { MAX_CANDIDATES } from './limits';
import type { DevicePreference, ModelChoice, Units, Workspace } from './workspaceSchema';


export function defaultWorkspace(): Workspace {
  return {
    v: 1,
    model: { kind: 'served', name: DEFAULT_SERVED_MODEL },
    dtype: 'fp32',
    device: 'auto',
    // The towel example: a short wrong answer, a long right one, a rare-word wrong one.
    context: 'Tim got out of the pool. He was wet and cold. His mom gave him a',
    candidates: [' hat.', ' big soft towel so he could dry off.', ' zebra.'],
    gold: 1,
    boundaryPolicy: 'whole',
    unconditionalContext: '',
    chatTemplate: false,
    units: 'bits',
    lengths: 'harness',
  };
}

interface WorkspaceActions {
  /** Stable React keys for the candidates, parallel to `candidates` (not part of the state). */
  keys: number[];
  replace(ws: Workspace): void;
  setContext(text: string): void;
  setCandidate(i: number, text: string): void;
  addCandidate(text?: string): void;
  removeCandidate(i: number): void;
  moveCandidate(i: number, delta: -1 | 1): void;
  /** Replace all candidates with a pasted list (one per line). */
  setCandidates(list: string[]): void;
  setGold(i: number | null): void;
  setModel(model: ModelChoice, dtype: Dtype): void;
  setDtype(dtype: Dtype): void;
  setDevice(device: DevicePreference): void;
  setBoundaryPolicy(p: BoundaryPolicy): void;
  setUnconditionalContext(text: string): void;
  setChatTemplate(on: boolean): void;
  setUnits(units: Units): void;
  setCompare(compare: Workspace['compare']): void;
  setLengths(lengths: LengthConvention): void;
}

export type WorkspaceStore = Workspace & WorkspaceActions;

let nextKey = 1;
const freshKeys = (n: number) => Array.from({ length: n }, () => nextKey++);

/** The workspace part of the store (drops actions and keys). */
export function snapshot(s: WorkspaceStore): Workspace {
  return {
    v: 1,
    model: s.model,
    dtype: s.dtype,
    device: s.device,
    context: s.context,
    candidates: s.candidates,
    gold: s.gold,
    boundaryPolicy: s.boundaryPolicy,
    unconditionalContext: s.unconditionalContext,
    chatTemplate: s.chatTemplate,
    units: s.units,
    // Absent without a comparison: a link without one is what it was before comparisons existed.
    ...(s.compare ? { compare: s.compare } : {}),
    lengths: s.lengths,
  };
}

export const useWorkspace = create<WorkspaceStore>()((set) => ({
  ...defaultWorkspace(),
  keys: freshKeys(defaultWorkspace().candidates.length),
  replace: (ws) => set({ ...ws, compare: ws.compare, keys: freshKeys(ws.candidates.length) }),
  setContext: (context) => set({ context }),
  setCandidate: (i, text) =>
    set((s) => (i < 0 || i >= s.candidates.length ? {} : { candidates: s.candidates.map((c, j) => (j === i ? text : c)) })),
  addCandidate: (text = '') =>
    set((s) =>
      s.candidates.length >= MAX_CANDIDATES ? {} : { candidates: [...s.candidates, text], keys: [...s.keys, nextKey++] },
    ),
  removeCandidate: (i) =>
    set((s) => {
      if (s.candidates.length <= 1 || i < 0 || i >= s.candidates.length) return {};
      const gold = s.gold === null || s.gold === i ? null : s.gold > i ? s.gold - 1 : s.gold;
      return {
        candidates: s.candidates.filter((_, j) => j !== i),
        keys: s.keys.filter((_, j) => j !== i),
        gold,
      };
    }),
  moveCandidate: (i, delta) =>
    set((s) => {
      const j = i + delta;
      if (i < 0 || j < 0 || i >= s.candidates.length || j >= s.candidates.length) return {};
      const swap = <T,>(xs: T[]) => {
        const out = xs.slice();
        [out[i], out[j]] = [out[j], out[i]];
        return out;
      };
      const gold = s.gold === i ? j : s.gold === j ? i : s.gold;
      return { candidates: swap(s.candidates), keys: swap(s.keys), gold };
    }),
  setCandidates: (list) =>
    set((s) => {
      const candidates = list.slice(0, MAX_CANDIDATES);
      if (candidates.length === 0) candidates.push('');
      return {
        candidates,
        keys: freshKeys(candidates.length),
        gold: s.gold !== null && s.gold < candidates.length ? s.gold : null,
      };
    }),
  setGold: (gold) => set((s) => ({ gold: gold !== null && gold >= 0 && gold < s.candidates.length ? gold : null })),
  setModel: (model, dtype) => set({ model, dtype }),
  setDtype: (dtype) => set({ dtype }),
  setDevice: (device) => set({ device }),
  setBoundaryPolicy: (boundaryPolicy) => set({ boundaryPolicy }),
  setUnconditionalContext: (unconditionalContext) => set({ unconditionalContext }),
  setChatTemplate: (chatTemplate) => set({ chatTemplate }),
  setUnits: (units) => set({ units }),
  setCompare: (compare) => set({ compare }),
  setLengths: (lengths) => set({ lengths }),
}));
