// docs/performance.md: fp32 log-probs agree across all paths to 7e-7 nats per token on
// the benchmark's model, bench-llama-6M. Checked at that tolerance there, and at 1e-5 on
// stories260K, whose peaked logits give larger float32 rounding (measured 7.3e-6 app vs naive,
// 5.7e-6 chunk vs alone; bench-llama-6M 4.1e-7 and 3.5e-7): the naive path (one full pass per
// candidate), the harness-style padded batch, the app's cached path, and whole chunks of items
// scored together against one item at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import type { Engine } from '../../src/engine/engine';
import type { LoadedModel } from '../../src/engine/model';
import { appPath, harnessPath, naivePath } from '../../src/engine/bench/paths';
import { benchItemsFor } from '../../src/engine/bench/run';
import { HELLASWAG_SHAPE } from '../../src/engine/bench/items';
import { DEFAULT_SCORE_OPTIONS } from '../../src/core/scoring/types';
import { MODELS_DIR } from '../paths';

for (const [model, CLAIM] of [
  ['bench-llama-6M', 7e-7],
  ['stories260K', 1e-5],
] as const)
  describe(`fp32 paths agree per token: ${model} to ${CLAIM}`, () => {
    let engine: Engine;
    let m: LoadedModel;
    beforeAll(async () => {
      engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, model) }, 'fp32');
      m = engine.current()!;
    });
    afterAll(async () => {
      await engine?.unload();
    });

    it('naive, harness-style and app paths on benchmark-shaped items', async () => {
      const items = benchItemsFor(m, { ...HELLASWAG_SHAPE, items: 3 });
      const app = await appPath(m, items);
      let worstHarness = 0;
      let worstApp = 0;
      for (const [i, item] of items.entries()) {
        const naive = await naivePath(m, item);
        const harness = await harnessPath(m, item);
        naive.forEach((c, k) =>
          c.forEach((v, j) => {
            worstHarness = Math.max(worstHarness, Math.abs(harness[k][j] - v));
            worstApp = Math.max(worstApp, Math.abs(app[i][k][j] - v));
          }),
        );
      }
      if (process.env.SHOW_AGREEMENT) console.log({ worstHarness, worstApp });
      expect(worstHarness).toBeLessThan(CLAIM);
      expect(worstApp).toBeLessThan(CLAIM);
    });

    it('a chunk of items scored together against each item alone (score --items, the Task lab)', async () => {
      const names = ['Lily', 'Tom', 'Sue', 'Ben', 'Max', 'Mia'];
      const items = names.map((n, i) => ({ context: `${'Once upon a time, '.repeat(1 + (i % 3))}${n} went to the`, candidates: [' park.', ' store to buy some milk.', ' big tree'] }));
      const together = await engine.scoreChunk({ items, options: DEFAULT_SCORE_OPTIONS });
      let worst = 0;
      for (const [i, it] of items.entries()) {
        const alone = await engine.score({ ...it, options: DEFAULT_SCORE_OPTIONS });
        alone.candidates.forEach((c, k) => c.tokens.forEach((t, j) => (worst = Math.max(worst, Math.abs(t.logprob - together[i].candidates[k].tokens[j].logprob)))));
      }
      if (process.env.SHOW_AGREEMENT) console.log({ worstChunk: worst });
      expect(worst).toBeLessThan(CLAIM);
    });
  });
