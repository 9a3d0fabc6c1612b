// Dynamically quantised graphs (stories260K q8: DynamicQuantizeLinear before MatMulInteger) quantise
// activations with a scale computed per pass, so a batched pass makes a candidate's score depend on
// its batch mates. The isolated plan makes every score depend on (context, candidate) alone, and
// equal to ONNX Runtime at batch size 1: the context in one pass, the candidate in one pass on its
// cache.
import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Tensor } from '@huggingface/transformers';
import { createNodeEngine } from '../../src/engine/node';
import type { LoadedModel } from '../../src/engine/model';
import { decoderSession } from '../../src/engine/graph';
import { rowLogprob } from '../../src/core/scoring/distribution';
import { planItem, scoreItem, scoreItems, scorePlans, type ContinuationPlan } from '../../src/engine/scorer';
import { DEFAULT_SCORE_OPTIONS, type ItemScore } from '../../src/core/scoring/types';
import { MODELS_DIR } from '../paths';

let q8: LoadedModel;
beforeAll(async () => {
  const engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'stories260K') }, 'q8');
  q8 = engine.current()!;
});

const CONTEXT = 'Once upon a time, there was a little girl named';
const CANDIDATES = [' Lily. She loved to play outside.', ' Tom and his big red dog went to the park.', ' Sue', ' a very happy cat who liked to eat fish and sleep all day long.'];
const OTHERS = [
  { context: 'The sun was shining. Ben went to the park ', candidates: ['and', 'and played with his friends all day long until the sun went down.'] },
  { context: '', candidates: ['Once upon a time', 'The dog ran away from the big scary bear in the woods.'] },
];

/** ONNX Runtime at batch size 1, by hand: the prefix alone, then the continuation alone on its cache. */
async function batchOneReference(m: LoadedModel, plan: ContinuationPlan): Promise<number[]> {
  const session = decoderSession(m.model)!;
  const ids = (v: readonly number[]) => new Tensor('int64', BigInt64Array.from(v, (x) => BigInt(x)), [1, v.length]);
  const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
  const P = plan.prefixIds.length;
  const past: Record<string, unknown> = {};
  for (const n of session.inputNames) if (n.startsWith('past_key_values')) past[n] = new Tensor('float32', new Float32Array(0), [1, 4, 0, 8]).ort_tensor;
  const first = await session.run({ input_ids: ids(plan.prefixIds).ort_tensor, attention_mask: ids(range(0, P).map(() => 1)).ort_tensor, position_ids: ids(range(0, P)).ort_tensor, ...past });
  const V = (first.logits as { dims: number[] }).dims[2];
  const firstData = (first.logits as { data: Float32Array }).data;
  const out = [rowLogprob(firstData.subarray((P - 1) * V, P * V), plan.tokens[0].id).logprob];
  const fed = plan.tokens.slice(0, -1).map((t) => t.id);
  if (fed.length > 0) {
    const cache: Record<string, unknown> = {};
    for (const n of session.outputNames) if (n.startsWith('present')) cache[n.replace('present', 'past_key_values')] = first[n];
    const next = await session.run({ input_ids: ids(fed).ort_tensor, attention_mask: ids(range(0, P + fed.length).map(() => 1)).ort_tensor, position_ids: ids(range(P, fed.length)).ort_tensor, ...cache });
    const data = (next.logits as { data: Float32Array }).data;
    plan.tokens.slice(1).forEach((t, j) => out.push(rowLogprob(data.subarray(j * V, (j + 1) * V), t.id).logprob));
  }
  return out;
}

function maxDiff(a: ItemScore, b: ItemScore, pick: (k: number) => number): { token: number; sum: number; pmi: number } {
  let token = 0;
  a.candidates.forEach((c, k) => c.tokens.forEach((t, j) => (token = Math.max(token, Math.abs(t.logprob - b.candidates[pick(k)].tokens[j].logprob)))));
  const sum = Math.max(...a.candidates.map((c, k) => Math.abs(c.sum_logprob - b.candidates[pick(k)].sum_logprob)));
  const pmi = Math.max(...a.candidates.map((c, k) => Math.abs(c.pmi - b.candidates[pick(k)].pmi)));
  return { token, sum, pmi };
}

describe('dynamically quantised graphs: a candidate’s score depends on (context, candidate) only', () => {
  it('stories260K q8 is recognised as dynamically quantised and scored by the isolated plan', () => {
    expect(q8.info.plan).toMatchObject({ style: 'dynamic-quant', plan: 'isolated' });
    expect(q8.info.plan.keyOps).toEqual(expect.arrayContaining([':DynamicQuantizeLinear', ':MatMulInteger']));
  });

  it('alone, with other candidates, in another order, and inside a chunk with other items: identical to 1e-6 (PMI too)', async () => {
    const together = await scoreItem(q8, CONTEXT, CANDIDATES, DEFAULT_SCORE_OPTIONS);
    const reversed = await scoreItem(q8, CONTEXT, [...CANDIDATES].reverse(), DEFAULT_SCORE_OPTIONS);
    const chunk = await scoreItems(q8, [...OTHERS, { context: CONTEXT, candidates: CANDIDATES }], DEFAULT_SCORE_OPTIONS);
    const n = CANDIDATES.length;
    for (const [k, cand] of CANDIDATES.entries()) {
      const alone = await scoreItem(q8, CONTEXT, [cand], DEFAULT_SCORE_OPTIONS);
      const d = maxDiff(alone, together, () => k);
      expect(d.token).toBeLessThanOrEqual(1e-6);
      expect(d.pmi).toBeLessThanOrEqual(1e-6);
      expect(maxDiff(alone, reversed, () => n - 1 - k).token).toBeLessThanOrEqual(1e-6);
      const inChunk = maxDiff(alone, chunk[OTHERS.length], () => k);
      expect(inChunk.token).toBeLessThanOrEqual(1e-6);
      expect(inChunk.pmi).toBeLessThanOrEqual(1e-6);
    }
  });

  it('equals ONNX Runtime at batch size 1 (context pass, then the candidate on its cache) to 1e-6', async () => {
    const planned = planItem(q8, CONTEXT, CANDIDATES, DEFAULT_SCORE_OPTIONS);
    const plans = [...planned.plans, ...planned.uncPlans];
    const scored = await scorePlans(q8, plans, { stats: 'logprob' });
    for (const [i, plan] of plans.entries()) {
      const ref = await batchOneReference(q8, plan!);
      scored[i]!.tokens.forEach((t, j) => expect(Math.abs(t.logprob - ref[j])).toBeLessThanOrEqual(1e-6));
    }
  });

  it('the batched fast path would not be (why the plan exists): batch mates move q8 scores', async () => {
    const fast = { ...q8, info: { ...q8.info, plan: { ...q8.info.plan, plan: 'shared-cache' as const } } };
    const together = await scoreItem(fast, CONTEXT, CANDIDATES, DEFAULT_SCORE_OPTIONS);
    let moved = 0;
    for (const [k, cand] of CANDIDATES.entries()) {
      const alone = await scoreItem(fast, CONTEXT, [cand], DEFAULT_SCORE_OPTIONS);
      moved = Math.max(moved, maxDiff(alone, together, () => k).token);
    }
    expect(moved).toBeGreaterThan(1e-3);
  });
});
