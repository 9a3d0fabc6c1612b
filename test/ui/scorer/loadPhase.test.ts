// A load's phase in words: starting, downloading with its bytes, then (files in) the runtime's
// start, whose bar shows no false 100%.
import { describe, expect, it } from 'vitest';
import { loadPhase } from '../../../src/ui/scorer/loadPhase';

const progress = (loaded: number, total: number) => ({ loaded, total, files: {}, status: 'progress' as const });

describe('loadPhase', () => {
  it('names each phase of a load', () => {
    expect(loadPhase(null)).toEqual({ phase: 'starting', label: 'Total starting…', determinate: false });
    expect(loadPhase(progress(0, 0)).phase).toBe('starting');
    expect(loadPhase(progress(650_000, 1_300_000))).toEqual({ phase: 'downloading', label: 'Total 0.7 MB of 1.3 MB', determinate: true });
    const runtime = loadPhase(progress(1_300_000, 1_300_000));
    expect(runtime.phase).toBe('runtime');
    expect(runtime.determinate).toBe(false);
    expect(runtime.label).toBe("Model files in (1.3 MB). Building the model's session (a page's first load also fetches and compiles ONNX Runtime's WebAssembly)…");
  });
});
