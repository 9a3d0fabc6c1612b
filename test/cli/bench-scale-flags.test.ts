// `bench --scale --cpu-arena` and `--release-outputs`: on or off (`--peers`: auto or no), anything else is a usage error named by the flag (exit 2),
// before any model is made or loaded (an unknown shape would fail later, with another message).
import { describe, expect, it } from 'vitest';
import { expectOneLineError } from './oneLineError';
import { runInProcess } from './inProcess';

describe('bench --scale --cpu-arena', () => {
  it('rejects a value other than on or off', async () => {
    for (const bad of ['yes', '', 'ON']) {
      const r = await runInProcess(['bench', '--scale', '--cpu-arena', bad, '--shape', 'no-such-shape']);
      expect(r.code).toBe(2);
      expect(expectOneLineError(r)).toBe(`lengthlens bench: --cpu-arena must be on or off, got "${bad}"`);
    }
  });
});

describe('bench --scale --release-outputs', () => {
  it('rejects a value other than on or off', async () => {
    for (const bad of ['no', 'Off']) {
      const r = await runInProcess(['bench', '--scale', '--release-outputs', bad, '--shape', 'no-such-shape']);
      expect(r.code).toBe(2);
      expect(expectOneLineError(r)).toBe(`lengthlens bench: --release-outputs must be on or off, got "${bad}"`);
    }
  });
});

describe('bench --scale --peers', () => {
  it('rejects a value other than auto or no', async () => {
    for (const bad of ['yes', 'off']) {
      const r = await runInProcess(['bench', '--scale', '--peers', bad, '--shape', 'no-such-shape']);
      expect(r.code).toBe(2);
      expect(expectOneLineError(r)).toBe(`lengthlens bench: --peers must be auto or no, got "${bad}"`);
    }
  });
});
