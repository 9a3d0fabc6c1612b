// No forward pass returns more than MAX_PASS_LOGIT_FLOATS logits (a 32,000-token vocabulary), and
// the capped passes give the same log-probs as one full forward per candidate.
import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import type { LoadedModel } from '../../src/engine/model';
import { scorePlans } from '../../src/engine/scorer';
import { onSessionRun } from './sessionRuns';
import { benchPlans, naivePath } from '../../src/engine/bench/paths';
import { benchItemsFor } from '../../src/engine/bench/run';
import { HELLASWAG_SHAPE } from '../../src/engine/bench/items';
import { MAX_PASS_LOGIT_FLOATS } from '../../src/core/batching';
import { MODELS_DIR } from '../paths';

for (const name of ['tiny-llama-plain', 'tiny-llama-gqa']) {
  describe(`${name}: passes within the logit cap`, () => {
    let m: LoadedModel;
    const logitFloats: number[] = [];
    beforeAll(async () => {
      const engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, name) }, 'fp32');
      m = engine.current()!;
      onSessionRun(m.model, (_, out) => logitFloats.push(out.logits.dims.reduce((a, b) => a * b, 1)));
    });

    it('a chunk of 10 items: every pass at most 4M logit floats, every log-prob as the full forward (1e-5)', async () => {
      expect(m.info.vocabSize).toBe(32000);
      const items = benchItemsFor(m, { ...HELLASWAG_SHAPE, items: 10 });
      logitFloats.length = 0;
      const scored = await scorePlans(m, items.flatMap((it) => benchPlans(m, it)), { stats: 'logprob' });
      // Before the cap, one padded pass of the 10 contexts alone returned about 26M floats.
      expect(logitFloats.length).toBeGreaterThan(10);
      expect(Math.max(...logitFloats)).toBeLessThanOrEqual(MAX_PASS_LOGIT_FLOATS);
      let maxDiff = 0;
      for (const [i, it] of items.entries()) {
        const naive = await naivePath(m, it);
        naive.forEach((lps, k) => lps.forEach((lp, j) => (maxDiff = Math.max(maxDiff, Math.abs(lp - scored[i * 4 + k]!.tokens[j].logprob)))));
      }
      expect(maxDiff).toBeLessThan(1e-5);
    });
  });
}
