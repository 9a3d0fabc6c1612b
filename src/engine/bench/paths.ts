// Three ways to get the same per-token log-probs of an item's candidates, for the benchmark:
// - naive: one full forward pass per (context, candidate) pair;
// - harness: the full (context + candidate) sequences of an item, right-padded into one batch —
//   one forward per item, as lm-eval-harness's Hugging Face backend does;
// - app: the app's own path (scorePlans: the context once, candidates batched on its KV cache),
//   on a chunk of items at once as a streamed task does, or item by item as the Scorer does.
// All three start from the same plans (the app's tokenisation), ask ONNX Runtime for logits only
// and compute log-softmax only at the scored positions, so they differ only in forward passes.
import { Tensor } from '@huggingface/transformers';
import { rowLogprob } from '../../core/scoring/distribution';
import { cpuData, logitsOnly, paddedInputs } from '../forward';
import type { LoadedModel } from '../model';
import type { StatsMode } from '../api';
import { passOverheadOf, planContinuation, scorePlans, type ContinuationPlan } from '../scorer';
import { splitPair } from '../../core/scoring/split';
import type { BenchItem } from './items';
import { DEFAULT_SCORE_OPTIONS } from '../../core/scoring/types';
import { gqaPrefixChoice, type PlanName } from '../plan';
import { decoderSession, modelConfig } from '../transformersAdapter';

export type PathName = 'naive' | 'harness' | 'app';

/** Per candidate, the log-prob of each scored token. */
export type ItemLogprobs = number[][];

/** The tokens of an item as the app plans them (lm-eval split, boundary policy `whole`). */
export function benchPlans(m: LoadedModel, item: BenchItem): ContinuationPlan[] {
  const split = splitPair(item.context, '');
  return item.candidates.map((c) => planContinuation(m, split.context, split.moved + c, DEFAULT_SCORE_OPTIONS));
}

interface PastShape {
  names: string[];
  heads: number;
  headDim: number;
}

function pastShape(m: LoadedModel): PastShape {
  const session = decoderSession(m.model);
  if (!session) throw new Error('the model has no decoder session to read its cache inputs from');
  const c = modelConfig<number>(m.model);
  const heads = c.num_key_value_heads ?? c.num_attention_heads ?? 1;
  const headDim = c.head_dim ?? (c.hidden_size ?? 0) / (c.num_attention_heads ?? 1);
  return { names: session.inputNames.filter((n) => n.startsWith('past_key_values')), heads, headDim };
}

/** One forward over right-padded full sequences (an empty past): the logits of every position. */
async function paddedForward(m: LoadedModel, rows: number[][]): Promise<{ data: Float32Array; L: number; V: number }> {
  const B = rows.length;
  const { width: L, feeds } = paddedInputs(rows);
  const shape = pastShape(m);
  for (const n of shape.names) feeds[n] = new Tensor('float32', new Float32Array(0), [B, shape.heads, 0, shape.headDim]);
  const logits = await logitsOnly(m.model, feeds);
  try {
    const V = logits.dims[2];
    // No copy: a CPU tensor's data stays valid after this (nothing frees it), and a GPU tensor's
    // read-back is a copy already. (A copy of every pass's logits, 12.8 MB at a 32,000-token
    // vocabulary, was a cost the naive and harness paths paid and the app's did not.)
    return { data: await cpuData(logits), L, V };
  } finally {
    if (logits.location === 'gpu-buffer') logits.dispose();
  }
}

/** Input sequence of a plan (everything but its last token) and where its scored rows start. */
function fullRow(plan: ContinuationPlan): { row: number[]; firstRow: number } {
  const all = [...plan.prefixIds, ...plan.tokens.map((t) => t.id)];
  return { row: all.slice(0, -1), firstRow: plan.prefixIds.length - 1 };
}

function logprobsAt(data: Float32Array, V: number, rowOffset: number, plan: ContinuationPlan, firstRow: number): number[] {
  return plan.tokens.map((t, j) => rowLogprob(data.subarray((rowOffset + firstRow + j) * V, (rowOffset + firstRow + j + 1) * V), t.id).logprob);
}

export async function naivePath(m: LoadedModel, item: BenchItem): Promise<ItemLogprobs> {
  const out: ItemLogprobs = [];
  for (const plan of benchPlans(m, item)) {
    const { row, firstRow } = fullRow(plan);
    const { data, V } = await paddedForward(m, [row]);
    out.push(logprobsAt(data, V, 0, plan, firstRow));
  }
  return out;
}

export async function harnessPath(m: LoadedModel, item: BenchItem): Promise<ItemLogprobs> {
  const plans = benchPlans(m, item);
  const rows = plans.map(fullRow);
  const { data, L, V } = await paddedForward(m, rows.map((r) => r.row));
  return plans.map((plan, b) => logprobsAt(data, V, b * L, plan, rows[b].firstRow));
}

/** The app's path on a chunk of items at once (one item: the Scorer's case). */
export async function appPath(m: LoadedModel, items: readonly BenchItem[], stats: StatsMode = 'logprob', topK = 0): Promise<ItemLogprobs[]> {
  const perItem = items.map((it) => benchPlans(m, it));
  const scored = await scorePlans(m, perItem.flat(), { stats, topK });
  let offset = 0;
  return perItem.map((plans) => {
    const out = scored.slice(offset, offset + plans.length).map((s) => (s ? s.tokens.map((t) => t.logprob) : []));
    offset += plans.length;
    return out;
  });
}

/**
 * Token counts of one item: what each path feeds through the model (padding included), and the
 * two counts behind the ideal speed-up — every (context, candidate) pair in full (the naive
 * path's work) against the context once plus every candidate (the least any path must process).
 */
export function tokenCounts(m: LoadedModel, item: BenchItem): Record<PathName | 'pairs' | 'least' | 'context' | 'candidates', number> {
  const plans = benchPlans(m, item);
  const full = plans.map((p) => p.prefixIds.length + p.tokens.length - 1);
  const prefix = plans[0].prefixIds.length;
  const cont = plans.map((p) => p.tokens.length);
  return {
    naive: full.reduce((a, b) => a + b, 0),
    harness: plans.length * Math.max(...full),
    app: appTokens(m.info.plan.plan, prefix, cont, passOverheadOf(m)),
    pairs: plans.reduce((s, p) => s + p.prefixIds.length + p.tokens.length, 0),
    least: prefix + cont.reduce((a, b) => a + b, 0),
    context: prefix,
    candidates: cont.reduce((a, b) => a + b, 0),
  };
}

/**
 * Tokens the app's plan feeds the model for one item whose candidates fit one batch: one prefix
 * pass, then the candidates batched right-padded (shared-cache), one per pass unpadded (isolated,
 * gqa-exact 'rows'), or as whole sequences (gqa-exact 'whole', full-forward).
 */
export function appTokens(plan: PlanName, prefix: number, cont: readonly number[], overhead: number): number {
  const fed = cont.filter((n) => n > 1).map((n) => n - 1);
  const wholeSeqs = cont.reduce((s, n) => s + prefix + n - 1, 0);
  switch (plan) {
    case 'shared-cache':
      return prefix + fed.length * Math.max(0, ...fed);
    case 'isolated':
      return prefix + fed.reduce((a, b) => a + b, 0);
    case 'gqa-exact':
      return gqaPrefixChoice(prefix, cont, overhead) === 'rows' ? prefix + fed.reduce((a, b) => a + b, 0) : cont.length * Math.max(...cont.map((n) => prefix + n - 1));
    case 'full-forward':
      return wholeSeqs;
  }
}
