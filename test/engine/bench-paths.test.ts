// The benchmark's three paths (naive, harness-style padded batch, the app's) give the same
// per-token log-probs on the same items, so the benchmark compares speed of equal work.
import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import type { LoadedModel } from '../../src/engine/model';
import { appPath, benchPlans, harnessPath, naivePath } from '../../src/engine/bench/paths';
import { benchItemsFor } from '../../src/engine/bench/run';
import { HELLASWAG_SHAPE } from '../../src/engine/bench/items';
import { MODELS_DIR } from '../models';

let m: LoadedModel;
beforeAll(async () => {
  m = (await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'stories260K') }, 'fp32')).current()!;
});

describe('benchmark paths agree (stories260K fp32)', () => {
  it('naive, harness and app give every scored token the same log-prob to 1e-4', async () => {
    const items = benchItemsFor(m, { ...HELLASWAG_SHAPE, items: 2 });
    const app = await appPath(m, items);
    for (const [i, item] of items.entries()) {
      const naive = await naivePath(m, item);
      const harness = await harnessPath(m, item);
      const plans = benchPlans(m, item);
      expect(naive.map((c) => c.length)).toEqual(plans.map((p) => p.tokens.length));
      for (const other of [harness, app[i]]) {
        expect(other.map((c) => c.length)).toEqual(naive.map((c) => c.length));
        other.forEach((c, k) => c.forEach((v, j) => expect(Math.abs(v - naive[k][j])).toBeLessThan(1e-4)));
      }
      // Real log-probs, not zeros from a misread row.
      expect(naive.flat().every((v) => v < 0 && Number.isFinite(v))).toBe(true);
    }
  });
});
