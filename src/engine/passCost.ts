// Timing a loaded model's passes to learn its cost per pass and per token (src/core/passCost.ts),
// at load when asked (LoadRequest.passOverhead 'measure'), for the plans that choose by it, and in
// the benchmark. Passes from an empty past of four sizes up to LONGEST_TIMED tokens, each fed and
// read back as scoring feeds and reads them; each size keeps its fastest time, since load from
// elsewhere on the machine only ever slows a pass down.
import type { PreTrainedModel } from '@huggingface/transformers';
import { DEFAULT_MAX_BATCH_TOKENS, passTokenBudget } from '../core/batching';
import { defaultPassCost, fitPassCost, fixedPassCost, givenPassCost, type PassCost, type PassTiming } from '../core/passCost';
import { cpuData, emptyPast, logitsOnly, paddedInputs } from './forward';
import type { PlanName } from './plan';

/**
 * Longest pass timed (tokens); timed rounds (one pass of each size): at least MIN_ROUNDS, then more
 * until MAX_ROUNDS or TIME_BUDGET_MS of timing, after a warm-up round (a fresh session's first passes
 * run two to three times slower than later ones). A warm-up round that has not finished within
 * TIME_BUDGET_MS stops there and the default is used: a model that slow (a software GPU adapter, a
 * model of half a billion parameters on two cores) would spend seconds of its load on timing.
 */
const LONGEST_TIMED = 128;
const MIN_ROUNDS = 2;
const MAX_ROUNDS = 6;
const TIME_BUDGET_MS = 400;

/** Plans whose choices depend on the cost (the others run every pass alone, whatever it costs). */
export function planChoosesByCost(plan: PlanName): boolean {
  return plan === 'shared-cache' || plan === 'gqa-exact';
}

export interface PassCostInput {
  model: PreTrainedModel;
  vocab: number;
  maxLength: number;
  /** A token id to fill the timed passes with (what they hold changes no time). */
  tokenId: number;
}

/** Time passes of 1/8, 1/4, 1/2 and all of LONGEST_TIMED tokens (of fewer where the window or the logit cap is smaller) and fit the cost. */
export async function measurePassCost(input: PassCostInput): Promise<PassCost> {
  const longest = Math.max(1, Math.min(LONGEST_TIMED, input.maxLength, passTokenBudget(DEFAULT_MAX_BATCH_TOKENS, input.vocab)));
  const sizes = [...new Set([longest / 8, longest / 4, longest / 2, longest].map((n) => Math.max(1, Math.round(n))))];
  const pass = async (n: number) => {
    const { feeds } = paddedInputs([new Array<number>(n).fill(input.tokenId)]);
    const t0 = performance.now();
    const logits = await logitsOnly(input.model, { ...feeds, ...emptyPast(input.model, 1) });
    try {
      await cpuData(logits);
    } finally {
      if (logits.location === 'gpu-buffer') logits.dispose();
    }
    return performance.now() - t0;
  };
  const warm = performance.now();
  for (const n of sizes) {
    const ms = await pass(n);
    if (performance.now() - warm > TIME_BUDGET_MS)
      return defaultPassCost(`a pass of ${n} tokens took ${Math.round(ms)} ms, too slow to time within ${TIME_BUDGET_MS} ms at load`);
  }
  const best = new Map(sizes.map((n) => [n, Infinity]));
  const t0 = performance.now();
  for (let r = 0; r < MAX_ROUNDS && (r < MIN_ROUNDS || performance.now() - t0 < TIME_BUDGET_MS); r++) for (const n of sizes) best.set(n, Math.min(best.get(n)!, await pass(n)));
  const timings: PassTiming[] = sizes.map((n) => ({ tokens: n, ms: best.get(n)! }));
  return fitPassCost(timings);
}

/**
 * The cost a load's plan chooses by: null where the plan has no choice to make; else the one
 * given, or measured when asked ('measure'), or the fixed one.
 */
export async function passCostFor(plan: PlanName, input: PassCostInput, asked?: number | 'measure'): Promise<PassCost | null> {
  if (!planChoosesByCost(plan)) return null;
  if (typeof asked === 'number') return givenPassCost(asked);
  return asked === 'measure' ? measurePassCost(input) : fixedPassCost();
}
