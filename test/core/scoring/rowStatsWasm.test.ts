// The committed module is what rowStats.wat compiles to (scripts/build-row-stats-wasm.mjs).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { compileRowStats } from '../../../scripts/build-row-stats-wasm.mjs';

describe('rowStatsWasm.ts', () => {
  it('is up to date with rowStats.wat', async () => {
    const committed = readFileSync(new URL('../../../src/core/scoring/rowStatsWasm.ts', import.meta.url), 'utf8');
    expect(await compileRowStats()).toBe(committed);
  });
});
