// The browser half of `bench --scale` (scripts/scale-browser.ts) on a tiny served model, so the
// path stays tested without the 135M-shape model: cold and warm loads in the real Scorer, typed
// keystrokes timed to a fresh table, long tasks, the engine Worker's memory, the engine-level run
// in a Worker, and the Scorer's final table against a from-scratch score.
// LENGTHLENS_SLOW=1 also runs it on the SmolLM2-135M-shape model, when bench-models/ has it (make
// it with `npx tsx scripts/bench-scale-browser.ts`, which serves that folder itself).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './chromium';
import { startPreview } from '../../scripts/preview';
import { runScaleBrowser, type BrowserScaleRow } from '../../scripts/scale-browser';
import { DEBOUNCE_MS } from '../../src/ui/scorer/useLiveScoring';

function expectEveryNullExplained(row: BrowserScaleRow) {
  for (const [k, v] of Object.entries(row)) if (v === null) expect(row.reasons[k], `reason for null ${k}`).toMatch(/\w/);
}

describe('bench --scale in Chromium (WASM)', () => {
  it('measures load, keystrokes, long tasks and memory in the real Scorer on stories260K', async () => {
    const { rows } = await runScaleBrowser({
      url: baseUrl(),
      model: 'stories260K',
      shape: 'stories260K',
      style: 'plain',
      dtype: 'fp32',
      keystrokes: 2,
      engineKeystrokes: 2,
      taskItems: 1,
      streamItems: 30,
      streamStep: 10,
      webgpu: false,
      screenshots: null,
      timeoutMs: 120_000,
    });
    expect(rows.map((r) => r.environment)).toEqual(['chromium-wasm']);
    const r = rows[0];
    expect(r.plan).toBe('shared-cache');
    expect(r.load_ms_cold).toBeGreaterThan(0);
    expect(r.load_ms).toBeGreaterThan(0);
    // The warm load read the graph from the browser's cache, not from the server.
    expect(r.warm_load_from_cache).toBe(true);
    for (const k of ['keystroke_candidate_ms', 'keystroke_candidate_first_phase_ms', 'keystroke_context_ms', 'keystroke_candidate_to_table_ms', 'keystroke_context_to_table_ms'] as const) {
      expect(r[k]?.n, k).toBe(2);
      expect(r[k]!.median, k).toBeGreaterThan(0);
    }
    // A candidate keystroke shows every rule but PMI first (its term is a second forward).
    expect(r.keystroke_candidate_first_phase_ms!.median).toBeLessThan(r.keystroke_candidate_ms!.median);
    // From the key press, the table waits for the typing pause first.
    expect(r.keystroke_candidate_to_table_ms!.median).toBeGreaterThanOrEqual(DEBOUNCE_MS);
    expect(r.keystroke_candidate_to_table_ms!.median).toBeGreaterThan(r.keystroke_candidate_ms!.median);
    // The Scorer's table, built from cached parts after the typing, equals a from-scratch score.
    expect(r.table_vs_scratch_max_abs_diff).toBeLessThan(1e-4);
    // The engine-level run: a context keystroke ran only the changed tail; the paths agree.
    expect(r.engine!.environment).toBe('chromium-wasm');
    // The per-token statistics ran in WebAssembly SIMD inside the Worker.
    expect(r.engine!.row_stats).toBe('wasm-simd');
    expect(r.engine!.context_tokens_run).toBeLessThanOrEqual(4);
    expect(r.engine!.max_abs_logprob_diff).toBeLessThan(1e-4);
    expect(r.floor_candidate_ms).toBeGreaterThan(0);
    expect(r.task_items_per_s).toBeGreaterThan(0);
    // Memory attributed to the engine Worker: ONNX Runtime's WebAssembly heap at least holds the model.
    expect(r.worker_peak_mib).toBeGreaterThan(1);
    expect(r.worker_memory_mib.length).toBe(3);
    expect(r.long_tasks!.window_ms).toBeGreaterThan(0);
    expect(r.long_tasks!.over_200_ms).toBeLessThanOrEqual(r.long_tasks!.count);
    // The traced windows: the main thread did work (typing, renders) and no task's CPU time exceeds its wall time.
    const lt = r.long_tasks!;
    expect(lt.traced, r.reasons['long_tasks.traced']).not.toBeNull();
    expect(lt.main_thread_cpu_ms).toBeGreaterThan(0);
    expect(lt.main_thread_cpu_ms!).toBeLessThanOrEqual(lt.traced_window_ms! * 1.05);
    for (const t of lt.traced!) {
      expect(t.wall_ms).toBeGreaterThan(50);
      expect(t.cpu_ms).toBeLessThanOrEqual(t.wall_ms + 1);
      expect(t.parts.reduce((a, [, ms]) => a + ms, 0)).toBeLessThanOrEqual(t.wall_ms + 1);
    }
    // Streaming in the bench Worker: its memory read by the page every 10 items (30 streamed here,
    // too few for the 100- and 1,000-item figures, which stay null with the reason).
    expect(r.stream_items).toBe(30);
    expect(r.stream_memory_source).toMatch(/^worker/);
    expect(r.stream_memory!.map((s) => s.items)).toEqual([10, 20, 30]);
    for (const s of r.stream_memory!) expect(s.memory_mib).toBeGreaterThan(1);
    expect(r.memory_after_last_mib).toBe(r.stream_memory![2].memory_mib);
    expect(r.stream_items_per_s).toBeGreaterThan(0);
    expect(r.memory_after_100_mib).toBeNull();
    expect(r.memory_after_1000_mib).toBeNull();
    expectEveryNullExplained(r);
  });

  const big = path.resolve('bench-models');
  const slow = process.env.LENGTHLENS_SLOW === '1' && fs.existsSync(path.join(big, 'smollm2-135m-plain', 'config.json'));
  it.runIf(slow)('slow: the same at SmolLM2-135M shape (fp32), served from bench-models/', async () => {
    const prev = process.env.MODELS_DIR;
    process.env.MODELS_DIR = big;
    const { url, server } = await startPreview();
    if (prev === undefined) delete process.env.MODELS_DIR;
    else process.env.MODELS_DIR = prev;
    try {
      const { rows } = await runScaleBrowser({
        url, model: 'smollm2-135m-plain', shape: 'SmolLM2-135M', style: 'plain', dtype: 'fp32',
        keystrokes: 2, engineKeystrokes: 2, taskItems: 0, webgpu: false, screenshots: null, timeoutMs: 600_000,
      });
      const r = rows[0];
      expect(r.warm_load_from_cache).toBe(true);
      expect(r.engine!.context_tokens_run).toBeLessThanOrEqual(4);
      // float32 at this size: sums of thousands of bits differ in the fourth decimal with the batch shape.
      expect(r.table_vs_scratch_max_abs_diff).toBeLessThan(5e-3);
      // The Worker holds at least the 514 MiB graph.
      expect(r.worker_peak_mib).toBeGreaterThan(514);
      expectEveryNullExplained(r);
    } finally {
      await server.close();
    }
  }, 3_600_000);
});
