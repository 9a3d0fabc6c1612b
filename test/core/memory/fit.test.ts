import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatBytes, loadFitProblem, WASM32_HEAP_BYTES, WASM32_HEAP_LIMIT } from '../../../src/core/memory/fit';

const MiB = 1024 ** 2;

describe('formatBytes', () => {
  it('reads as a person would', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(1536)).toBe('1.50 KiB');
    expect(formatBytes(1_245_672)).toBe('1.19 MiB');
    expect(formatBytes(16_826_806)).toBe('16.0 MiB');
    expect(formatBytes(WASM32_HEAP_BYTES)).toBe('4.00 GiB');
    expect(formatBytes(300 * MiB)).toBe('300 MiB');
    expect(formatBytes(NaN)).toBe('unknown size');
  });
});

describe('loadFitProblem', () => {
  it('refuses with the numbers and the limit named', () => {
    const msg = loadFitProblem([{ label: 'a fp32', bytes: 3 * 1024 ** 3 }], { label: 'b fp32', bytes: 1.5 * 1024 ** 3 }, WASM32_HEAP_LIMIT);
    expect(msg).toBe(
      "b fp32 would not fit: its weights are 1.50 GiB, and a fp32 holds 3.00 GiB: 4.50 GiB together, over the 4.00 GiB of ONNX Runtime Web's wasm32 heap, shared by every model in the Worker; close the other model first",
    );
    expect(loadFitProblem([], { label: 'big q4', bytes: 5 * 1024 ** 3 }, WASM32_HEAP_LIMIT)).toBe(
      "big q4 would not fit: its weights are 5.00 GiB, over the 4.00 GiB of ONNX Runtime Web's wasm32 heap, shared by every model in the Worker",
    );
  });

  it('says when a loaded model of unknown size was counted as zero', () => {
    expect(loadFitProblem([{ label: 'x fp32', bytes: null }], { label: 'y fp32', bytes: 10 }, { bytes: 5, what: 'the test limit' })).toContain('x fp32 holds an unknown amount (counted as 0)');
  });

  it('goes ahead when the next size is unknown', () => {
    expect(loadFitProblem([{ label: 'a', bytes: WASM32_HEAP_BYTES }], { label: 'b', bytes: null }, WASM32_HEAP_LIMIT)).toBeNull();
  });

  it('refuses exactly when the sum passes the limit', () => {
    const size = fc.option(fc.integer({ min: 0, max: 2 ** 40 }), { nil: null });
    fc.assert(
      fc.property(fc.array(size, { maxLength: 3 }), fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 0, max: 2 ** 42 }), (held, next, limit) => {
        const loaded = held.map((bytes, i) => ({ label: `m${i}`, bytes }));
        const total = held.reduce<number>((s, b) => s + (b ?? 0), 0) + next;
        const msg = loadFitProblem(loaded, { label: 'next', bytes: next }, { bytes: limit, what: 'L' });
        expect(msg === null).toBe(total <= limit);
        if (msg) expect(msg).toContain(formatBytes(limit));
      }),
    );
  });
});
