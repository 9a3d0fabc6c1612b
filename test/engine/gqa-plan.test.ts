// GroupQueryAttention graphs (onnxruntime-genai model builder style) score exactly what the same
// weights in plain ONNX ops score: tiny-llama-gqa (rotary fused, no position_ids) and
// tiny-llama-gqa-pos (rotary from position_ids) against tiny-llama-plain, on the app's path —
// single items, several items at once, PMI, boundary merges under both policies, an empty context.
import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import type { LoadedModel } from '../../src/engine/model';
import { planItem, prefixPasses, scoreItem, scoreItems, scorePlans, type ContinuationPlan } from '../../src/engine/scorer';
import { gqaPrefixChoice, type PlanName } from '../../src/engine/plan';
import { DEFAULT_MAX_BATCH_TOKENS, PASS_OVERHEAD_TOKENS } from '../../src/core/batching';
import { DEFAULT_SCORE_OPTIONS, type ItemScore, type ScoreOptions } from '../../src/core/scoring/types';
import { MODELS_DIR } from '../paths';

const models: Record<string, LoadedModel> = {};
beforeAll(async () => {
  for (const name of ['tiny-llama-gqa', 'tiny-llama-gqa-pos', 'tiny-llama-plain']) {
    const engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, name) }, 'fp32');
    models[name] = engine.current()!;
  }
});

/** The same model scored under another plan. */
function withPlan(m: LoadedModel, plan: PlanName): LoadedModel {
  return { ...m, info: { ...m.info, plan: { ...m.info.plan, plan } } };
}

const LONG = 'Once upon a time, there was a little girl named Lily. She loved to play outside in the park with her friends and her big brown dog';
const ITEMS = [
  { context: 'Once upon a time, there was a little girl named', candidates: [' Lily.', ' Tom and his big red dog.', ' Sue', ' a'] },
  // The context's last token merges with the candidate's first ("ti" + "me" → "▁time").
  { context: 'Once upon a ti', candidates: ['me, there was a cat.', 'me', 'ger named Tim.'] },
  { context: '', candidates: ['Once upon a time', 'The dog ran.', ' happy'] },
  { context: 'The sun was shining. Ben went to the park ', candidates: ['and', 'and played with his friends all day long until the sun went down.', 'to see the ducks.'] },
  // Same context as the first item: shares its prefix; a long context picks one row per pass.
  { context: 'Once upon a time, there was a little girl named', candidates: [' Anna and Ben.', ' Max'] },
  { context: LONG, candidates: [' Max.', ' outside with a ball.', ' and cat.', '.'] },
  // A second long context of another length: both pick one row per pass and share one padded
  // prefix pass, so the shorter one's cache has masked holes after it.
  { context: `${LONG} and her little cat named`, candidates: [' Tom and his big red dog.', ' Max and Ben went home.', ' a'] },
];

function maxItemDiff(a: ItemScore[], b: ItemScore[]): { token: number; pmi: number } {
  let token = 0;
  let pmi = 0;
  a.forEach((item, i) =>
    item.candidates.forEach((c, k) => {
      const o = b[i].candidates[k];
      expect(c.tokens.map((t) => t.id)).toEqual(o.tokens.map((t) => t.id));
      c.tokens.forEach((t, j) => (token = Math.max(token, Math.abs(t.logprob - o.tokens[j].logprob))));
      pmi = Math.max(pmi, Math.abs(c.pmi - o.pmi));
    }),
  );
  return { token, pmi };
}

describe('GroupQueryAttention graphs: plan and exact scores (1e-4 nats per token against the plain twin)', () => {
  it('each fixture is recognised from its operators and gets its plan', () => {
    expect(models['tiny-llama-gqa'].info.plan).toMatchObject({ style: 'gqa', plan: 'gqa-exact', positionIds: false, cacheType: 'float32' });
    expect(models['tiny-llama-gqa-pos'].info.plan).toMatchObject({ style: 'gqa', plan: 'gqa-exact', positionIds: true });
    expect(models['tiny-llama-plain'].info.plan).toMatchObject({ style: 'plain', plan: 'shared-cache', positionIds: true });
    expect(models['tiny-llama-gqa'].info.plan.keyOps).toContain('com.microsoft:GroupQueryAttention');
  });

  it('the items exercise both GQA choices: one row per pass after a long context, whole sequences after BOS (PMI) and short contexts', () => {
    const m = models['tiny-llama-gqa'];
    const planned = ITEMS.map((it) => planItem(m, it.context, it.candidates, DEFAULT_SCORE_OPTIONS));
    const choice = (p: (ContinuationPlan | null)[]) => gqaPrefixChoice(p[0]!.prefixIds.length, p.map((x) => x!.tokens.length), PASS_OVERHEAD_TOKENS);
    expect(choice(planned[5].plans)).toBe('rows');
    expect(choice(planned[6].plans)).toBe('rows');
    const lengths = [planned[5].plans[0]!.prefixIds.length, planned[6].plans[0]!.prefixIds.length];
    expect(lengths[0]).toBeLessThan(lengths[1]);
    expect(prefixPasses(lengths, DEFAULT_MAX_BATCH_TOKENS)).toEqual([[0, 1]]);
    expect(choice(planned[2].plans)).toBe('whole');
    expect(choice(planned[0].uncPlans)).toBe('whole');
    expect(planned[1].plans.some((p) => p?.merged)).toBe(true);
  });

  for (const policy of ['whole', 'separate'] as const) {
    it(`scoreItems (chunk) and scoreItem (one at a time) equal the plain graph, PMI included (policy ${policy})`, async () => {
      const options: ScoreOptions = { ...DEFAULT_SCORE_OPTIONS, boundaryPolicy: policy };
      const plain = await scoreItems(models['tiny-llama-plain'], ITEMS, options);
      for (const name of ['tiny-llama-gqa', 'tiny-llama-gqa-pos']) {
        const m = models[name];
        const chunk = await scoreItems(m, ITEMS, options);
        const single: ItemScore[] = [];
        for (const it of ITEMS) single.push(await scoreItem(m, it.context, it.candidates, options));
        for (const [label, got] of [['chunk', chunk], ['one item per call', single]] as const) {
          const d = maxItemDiff(got, plain);
          console.log(`${name} node (${label}, policy ${policy}): max |Δ token log-prob| ${d.token.toExponential(2)}, max |Δ PMI| ${d.pmi.toExponential(2)}`);
          expect(d.token).toBeLessThan(1e-4);
          expect(d.pmi).toBeLessThan(1e-3); // a sum of up to ~15 tokens' differences
          got.forEach((it, i) => {
            if (ITEMS[i].context !== '') expect(it.winners).toEqual(plain[i].winners);
          });
        }
      }
    });
  }

  it('every exact plan agrees on every graph, under a tiny batch budget too', async () => {
    const planned = ITEMS.map((it) => planItem(models['tiny-llama-plain'], it.context, it.candidates, DEFAULT_SCORE_OPTIONS));
    const plans = planned.flatMap((p) => [...p.plans, ...p.uncPlans]);
    const ref = await scorePlans(withPlan(models['tiny-llama-plain'], 'full-forward'), plans, { stats: 'logprob' });
    const runs: [string, PlanName, number | undefined][] = [
      ['tiny-llama-plain', 'shared-cache', undefined],
      ['tiny-llama-plain', 'gqa-exact', 8],
      ['tiny-llama-gqa', 'gqa-exact', undefined],
      ['tiny-llama-gqa', 'gqa-exact', 8],
      ['tiny-llama-gqa', 'isolated', undefined],
      ['tiny-llama-gqa', 'full-forward', undefined],
      ['tiny-llama-gqa-pos', 'gqa-exact', 8],
      ['tiny-llama-gqa-pos', 'isolated', undefined],
    ];
    for (const [name, plan, maxBatchTokens] of runs) {
      const got = await scorePlans(withPlan(models[name], plan), plans, { stats: 'logprob', maxBatchTokens });
      let max = 0;
      got.forEach((s, i) => s!.tokens.forEach((t, j) => (max = Math.max(max, Math.abs(t.logprob - ref[i]!.tokens[j].logprob)))));
      console.log(`${name} node, plan ${plan}, budget ${maxBatchTokens ?? 'default'}: max |Δ token log-prob| vs plain full forward ${max.toExponential(2)}`);
      expect(max, `${name} ${plan} budget ${maxBatchTokens}`).toBeLessThan(1e-4);
    }
  });

  it('the padded fast path is not exact on GroupQueryAttention (why the plan exists)', async () => {
    // Two candidates of 3+ tokens on one past in one batch: ONNX Runtime refuses the pass.
    await expect(scoreItems(withPlan(models['tiny-llama-gqa'], 'shared-cache'), [ITEMS[0]], DEFAULT_SCORE_OPTIONS)).rejects.toThrow(/batch_size must be 1/);
  });

  it('an empty candidate list item and an empty context still score under gqa-exact', async () => {
    const [it] = await scoreItems(models['tiny-llama-gqa'], [{ context: '', candidates: ['A', ''] }], DEFAULT_SCORE_OPTIONS);
    const [ref] = await scoreItems(models['tiny-llama-plain'], [{ context: '', candidates: ['A', ''] }], DEFAULT_SCORE_OPTIONS);
    expect(Math.abs(it.candidates[0].sum_logprob - ref.candidates[0].sum_logprob)).toBeLessThan(1e-4);
    expect(it.candidates[1].tokens).toHaveLength(0);
  });
});
