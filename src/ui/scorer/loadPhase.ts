// What a model load is doing, in words, from its progress events. Once the model's files are in,
// the bar would sit at 100% for seconds on a cold visit while ONNX Runtime's WebAssembly is
// fetched (the first time) and compiled and the session is built: that phase is named, and its
// bar has no false end.
import type { LoadProgress } from '../../state/engine';
import { fmt } from './format';

export interface LoadPhase {
  phase: 'starting' | 'downloading' | 'runtime';
  label: string;
  /** Whether the bar can show a fraction (bytes of known files). */
  determinate: boolean;
}

const mb = (b: number) => `${fmt(b / 1e6, 1)} MB`;

export function loadPhase(p: LoadProgress | null): LoadPhase {
  if (!p || p.total <= 0) return { phase: 'starting', label: 'Total starting…', determinate: false };
  if (p.loaded < p.total) return { phase: 'downloading', label: `Total ${mb(p.loaded)} of ${mb(p.total)}`, determinate: true };
  return {
    phase: 'runtime',
    label: `Model files in (${mb(p.total)}). Building the model's session (a page's first load also fetches and compiles ONNX Runtime's WebAssembly)…`,
    determinate: false,
  };
}
