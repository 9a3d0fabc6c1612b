// The benchmark's three paths (naive, harness-style padded batch, the app's) give the same
// per-token log-probs on the same items, so the benchmark compares speed of equal work.
import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import type { LoadedModel } from '../../src/engine/model';
import { appPath, benchPlans, harnessPath, naivePath } from '../../src/engine/bench/paths';
import { benchItemsFor } from '../../src/engine/bench/run';
import { HELLASWAG_SHAPE } from '../../src/engine/bench/items';
import { MODELS_DIR } from '../paths';
import { passTally, recordPasses } from '../../src/engine/forward';
import { onSessionRun } from './sessionRuns';

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

describe("the benchmark's ONNX Runtime alone replay", () => {
  it('keeps every pass a path runs and gives ONNX Runtime the same feeds again, once each, in order', async () => {
    const items = benchItemsFor(m, { ...HELLASWAG_SHAPE, items: 3 });
    const seen: string[] = [];
    onSessionRun(m.model, (feeds) => seen.push(Object.entries(feeds).map(([k, t]) => `${k}:${t.dims.join('x')}`).join(' ')));
    const before = passTally();
    const { result, passes } = await recordPasses(() => appPath(m, items));
    const ran = passTally().passes - before.passes;
    expect(result).toHaveLength(3);
    // A context pass per item, then its candidates on the cache (shared-cache: at least one pass).
    expect(ran).toBeGreaterThanOrEqual(2);
    expect(passes.notKept).toBe(0);
    expect(passes.replays).toHaveLength(ran);
    const recorded = seen.splice(0);
    for (const replay of passes.replays) await replay();
    expect(seen).toEqual(recorded);
    // Outside a recording nothing is kept.
    const after = await recordPasses(async () => undefined);
    await naivePath(m, items[0]);
    expect(after.passes.replays).toHaveLength(0);
  });
});
