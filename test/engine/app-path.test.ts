// The app's scoring path (context once, candidates batched on its KV cache) gives the same
// per-token log-probs as one full forward pass per (context, candidate), on stories260K.
import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Tensor } from '@huggingface/transformers';
import { createNodeEngine } from '../../src/engine/node';
import type { LoadedModel } from '../../src/engine/model';
import { callModel } from '../../src/engine/forward';
import { planItem, scoreItems, scorePlans, type ContinuationPlan } from '../../src/engine/scorer';
import { DEFAULT_SCORE_OPTIONS, type ScoreOptions } from '../../src/core/scoring/types';
import { MODELS_DIR } from '../paths';

let m: LoadedModel;
beforeAll(async () => {
  const engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'stories260K') }, 'fp32');
  m = engine.current()!;
});

/** Reference: one forward over prefix + continuation (no cache, no batching), log-softmax in float64. */
async function fullForwardLogprobs(plan: ContinuationPlan): Promise<number[]> {
  const ids = [...plan.prefixIds, ...plan.tokens.map((t) => t.id)].slice(0, -1);
  const n = ids.length;
  const t = (v: number[]) => new Tensor('int64', BigInt64Array.from(v, (x) => BigInt(x)), [1, n]);
  const out = await callModel(m.model, { input_ids: t(ids), attention_mask: t(ids.map(() => 1)), position_ids: t(ids.map((_, i) => i)) });
  const V = out.logits.dims[2];
  const data = out.logits.data as Float32Array;
  return plan.tokens.map((tok, j) => {
    const row = data.subarray((plan.prefixIds.length - 1 + j) * V, (plan.prefixIds.length + j) * V);
    let max = -Infinity;
    for (const v of row) max = Math.max(max, v);
    let s = 0;
    for (const v of row) s += Math.exp(v - max);
    return row[tok.id] - max - Math.log(s);
  });
}

const ITEMS = [
  { context: 'Once upon a time, there was a little girl named', candidates: [' Lily.', ' Tom and his big red dog.', ' Sue', ' a'] },
  // The context's last token merges with the candidate's first ("ti" + "me" → "▁time").
  { context: 'Once upon a ti', candidates: ['me, there was a cat.', 'me', 'ger named Tim.'] },
  // Empty context: scored from BOS.
  { context: '', candidates: ['Once upon a time', 'The dog ran.', ' 🐶 happy'] },
  // Trailing whitespace moves to the candidates; lengths from 1 to many tokens.
  { context: 'The sun was shining. Ben went to the park ', candidates: ['and', 'and played with his friends all day long until the sun went down.', 'to see the ducks.'] },
];

describe('app path equals one full forward per candidate (stories260K fp32, 1e-4)', () => {
  for (const policy of ['whole', 'separate'] as const) {
    it(`boundary policy ${policy}, every stats mode and batch budget`, async () => {
      const options: ScoreOptions = { ...DEFAULT_SCORE_OPTIONS, boundaryPolicy: policy };
      const planned = ITEMS.map((it) => planItem(m, it.context, it.candidates, options));
      expect(planned[1].plans.some((p) => p?.merged)).toBe(true);
      expect(planned[2].plans[0]!.prefixIds).toEqual([m.prefixTokenId]);
      const plans = planned.flatMap((p) => p.plans);
      const reference = await Promise.all(plans.map((p) => fullForwardLogprobs(p!)));
      for (const run of [{ stats: 'full' as const, topK: 5 }, { stats: 'logprob' as const }, { stats: 'logprob' as const, maxBatchTokens: 8 }]) {
        const scored = await scorePlans(m, plans, run);
        let maxDiff = 0;
        scored.forEach((s, i) => {
          expect(s!.tokens.map((t) => t.id)).toEqual(plans[i]!.tokens.map((t) => t.id));
          s!.tokens.forEach((t, j) => (maxDiff = Math.max(maxDiff, Math.abs(t.logprob - reference[i][j]))));
        });
        expect(maxDiff).toBeLessThan(1e-4);
      }
    });
  }

  it('scoreItems (several items at once) equals item-by-item scoring, PMI term included', async () => {
    const together = await scoreItems(m, ITEMS, DEFAULT_SCORE_OPTIONS, { stats: 'logprob' });
    for (const [i, it] of ITEMS.entries()) {
      const [alone] = await scoreItems(m, [it], DEFAULT_SCORE_OPTIONS);
      together[i].candidates.forEach((c, k) => {
        expect(Math.abs(c.sum_logprob - alone.candidates[k].sum_logprob)).toBeLessThan(1e-4);
        expect(Math.abs(c.pmi - alone.candidates[k].pmi)).toBeLessThan(1e-4);
        expect(c.is_greedy).toBe(alone.candidates[k].is_greedy);
      });
      // With an empty context every PMI is 0 up to rounding: its winner is a tie, not compared.
      if (it.context !== '') expect(together[i].winners).toEqual(alone.winners);
    }
    // Lean statistics leave rank and entropy out; full ones have them.
    expect(Number.isNaN(together[0].candidates[0].tokens[0].rank)).toBe(true);
    const [full] = await scoreItems(m, [ITEMS[0]], DEFAULT_SCORE_OPTIONS);
    expect(full.candidates[0].tokens[0].rank).toBeGreaterThanOrEqual(1);
    expect(full.candidates[0].tokens[0].top).toHaveLength(5);
  });
});
