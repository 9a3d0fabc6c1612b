// Which scoring plan is exact for a graph, decided from what the graph is (its inputs, outputs and
// operators), and the least-cost choices inside the plans. Pure: no model, no ONNX Runtime.
import type { PassCost } from '../core/passCost';

/** What the engine learns about a decoder graph when it loads. */
export interface GraphFacts {
  inputs: string[];
  outputs: string[];
  /** Element type of the `past_key_values.*` inputs (null: not declared). */
  cacheType: string | null;
  /** Declared shape of the first `past_key_values.*` input, e.g. ['batch_size', 2, 'past_sequence_length', 16]. */
  cacheShape: (string | number)[] | null;
  /** `domain:op` → node count; null when the model file could not be read. */
  ops: Record<string, number> | null;
  /** Why the operators are not known (when ops is null). */
  opsError?: string;
}

/**
 * How the graph does attention and quantisation:
 * - plain: standard ONNX ops (MatMul/Softmax attention, masks built from attention_mask);
 * - gqa: com.microsoft GroupQueryAttention (onnxruntime-genai's model builder);
 * - mha: com.microsoft MultiHeadAttention / Attention;
 * - dynamic-quant: activations quantised per pass (DynamicQuantizeLinear + MatMulInteger);
 * - unknown: anything else, or a graph whose operators could not be read.
 */
export type GraphStyle = 'plain' | 'gqa' | 'mha' | 'dynamic-quant' | 'unknown';

/**
 * - shared-cache: prefixes in right-padded passes, continuations right-padded in batches on their
 *   prefix's cache (the fast path);
 * - gqa-exact: never new tokens right-padded on a past: per prefix, either its continuations one
 *   per pass on its cache (two-token ones batched, one token fed each), or whole sequences
 *   right-padded from an empty past, whichever costs less;
 * - isolated: every prefix alone in an unpadded pass, every continuation alone on its cache, so a
 *   score depends on (context, candidate) only;
 * - full-forward: one unpadded forward over context + candidate per candidate.
 */
export type PlanName = 'shared-cache' | 'gqa-exact' | 'isolated' | 'full-forward';

export interface ScoringPlan {
  style: GraphStyle;
  plan: PlanName;
  /** One line for people: why this plan. */
  note: string;
  /** Operators that decided the style (attention, quantisation), for the record. */
  keyOps: string[];
  cacheType: string | null;
  positionIds: boolean;
  /** `num_logits_to_keep` / `logits_to_keep` when the graph has such an input. */
  logitsToKeep: string | null;
  /**
   * What a pass costs, which the plan's choices go by (batch splits, gqa-exact's rows or whole),
   * for shared-cache and gqa-exact: the fixed one, or measured at load or given when the load asks
   * (LoadRequest.passOverhead); null where the plan has no choice to make (every pass alone).
   * Absent until the model is loaded.
   */
  cost?: PassCost | null;
}

const DYNAMIC_QUANT = ['DynamicQuantizeLinear', 'MatMulInteger', 'DynamicQuantizeMatMul', 'MatMulIntegerToFloat', 'DynamicQuantizeLSTM'];
const GQA = ['GroupQueryAttention'];
const MHA = ['MultiHeadAttention', 'Attention', 'PackedMultiHeadAttention', 'PackedAttention'];
/**
 * com.microsoft operators that work on each token's row alone (norms, activations, weight-only
 * quantised matmuls, rotary from explicit positions), so they change nothing about batching.
 */
const ROWWISE_MS = new Set([
  'SkipSimplifiedLayerNormalization',
  'SimplifiedLayerNormalization',
  'SkipLayerNormalization',
  'LayerNormalization',
  'RotaryEmbedding',
  'MatMulNBits',
  'GatherBlockQuantized',
  'FastGelu',
  'BiasGelu',
  'Gelu',
  'QuickGelu',
  'FusedMatMul',
  'BiasAdd',
  'BiasSplitGelu',
]);

const opName = (key: string) => key.slice(key.indexOf(':') + 1);
const opDomain = (key: string) => key.slice(0, key.indexOf(':'));

export const LOGITS_TO_KEEP_INPUTS = ['num_logits_to_keep', 'logits_to_keep'];

/** The graph's style, with the reason when it is unknown. */
export function classifyGraph(f: GraphFacts): { style: GraphStyle; reason: string; keyOps: string[] } {
  const unknown = (reason: string, keyOps: string[] = []) => ({ style: 'unknown' as const, reason, keyOps });
  const past = f.inputs.filter((n) => n.startsWith('past_key_values.'));
  if (!f.inputs.includes('input_ids') || !f.inputs.includes('attention_mask') || past.length === 0 || !f.outputs.includes('logits') || !f.outputs.some((n) => n.startsWith('present')))
    return unknown(`its inputs (${f.inputs.join(', ')}) are not the decoder-with-past signature lengthlens batches on`);
  if (f.cacheShape && f.cacheShape.length !== 4) return unknown(`its cache has ${f.cacheShape.length} dimensions, not [batch, heads, sequence, head_dim]`);
  if (f.cacheType && f.cacheType !== 'float32' && f.cacheType !== 'float16') return unknown(`its cache is ${f.cacheType}`);
  if (!f.ops) return unknown(`its operators could not be read${f.opsError ? ` (${f.opsError})` : ''}`);
  const keys = Object.keys(f.ops);
  const find = (names: readonly string[], domain?: string) => keys.filter((k) => names.includes(opName(k)) && (domain === undefined || opDomain(k) === domain));
  const dyn = find(DYNAMIC_QUANT);
  if (dyn.length > 0) return { style: 'dynamic-quant', reason: '', keyOps: dyn };
  const gqa = find(GQA, 'com.microsoft');
  const mha = find(MHA, 'com.microsoft');
  const strange = keys.filter((k) => {
    const d = opDomain(k);
    if (d === '') return opName(k) === 'Attention'; // ONNX's own Attention (opset 23): not yet checked
    if (d === 'com.microsoft') return !ROWWISE_MS.has(opName(k)) && !GQA.includes(opName(k)) && !MHA.includes(opName(k));
    return true;
  });
  if (strange.length > 0) return unknown(`it uses operators lengthlens has not checked for batching (${strange.join(', ')})`, strange);
  if (gqa.length > 0 && mha.length > 0) return unknown(`it mixes ${gqa.join(', ')} and ${mha.join(', ')}`, [...gqa, ...mha]);
  if (gqa.length > 0) return { style: 'gqa', reason: '', keyOps: gqa };
  if (mha.length > 0) return { style: 'mha', reason: '', keyOps: mha };
  return { style: 'plain', reason: '', keyOps: find(['MatMul', 'Softmax'], '') };
}

/** The exact plan for a graph, with what it is and why. */
export function scoringPlan(f: GraphFacts): ScoringPlan {
  const { style, reason, keyOps } = classifyGraph(f);
  const base = {
    style,
    keyOps,
    cacheType: f.cacheType,
    positionIds: f.inputs.includes('position_ids'),
    logitsToKeep: LOGITS_TO_KEEP_INPUTS.find((n) => f.inputs.includes(n)) ?? null,
  };
  switch (style) {
    case 'plain':
      return { ...base, plan: 'shared-cache', note: 'plain attention: contexts share padded passes and candidates are batched with right padding on their cache (masked pads are exact)' };
    case 'gqa':
      return {
        ...base,
        plan: 'gqa-exact',
        note: 'GroupQueryAttention places new tokens by the count of unmasked positions, so new tokens are never right-padded on a past: each candidate runs alone on its context’s cache, or whole sequences run right-padded from an empty past, whichever costs less',
      };
    case 'mha':
      return { ...base, plan: 'isolated', note: 'MultiHeadAttention: padding on a past is not relied on; each context runs alone and each candidate alone on its cache' };
    case 'dynamic-quant':
      return {
        ...base,
        plan: 'isolated',
        note: 'activations are quantised per pass (dynamic int8), so each context runs alone and each candidate alone on its cache: a score depends on its context and candidate only, never on what else is scored',
      };
    case 'unknown':
      return { ...base, plan: 'full-forward', note: `unknown graph style: ${reason}; every candidate is scored by one unpadded forward over context + candidate (slow, exact by construction)` };
  }
}

/** A short label for the plan, e.g. "gqa · gqa-exact". */
export function planLabel(p: Pick<ScoringPlan, 'style' | 'plan'>): string {
  return `${p.style} · ${p.plan}`;
}

/**
 * Under gqa-exact, how one prefix's continuations run, by token cost (each pass's overhead
 * counted in tokens): 'rows' = the prefix once, then every continuation of three or more tokens
 * in a pass of its own (two-token ones share one-token-fed batches); 'whole' = every
 * continuation's whole sequence (prefix + all but its last token), right-padded together.
 * `continuations` are the continuation lengths in tokens.
 */
export function gqaPrefixChoice(prefixLength: number, continuations: readonly number[], overhead: number, prefixToRun = prefixLength): 'rows' | 'whole' {
  // `prefixToRun`: the prefix tokens a 'rows' choice must still run (fewer when a keystroke's
  // context starts from a held cache).
  let rows = prefixToRun;
  let twoToken = false;
  for (const n of continuations) {
    if (n >= 3) rows += overhead + n - 1;
    else if (n === 2) {
      rows += 1 + (twoToken ? 0 : overhead);
      twoToken = true;
    }
  }
  const whole = continuations.reduce((s, n) => s + prefixLength + n - 1, 0);
  return rows < whole ? 'rows' : 'whole';
}

