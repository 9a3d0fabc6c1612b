// Log-probs under a temperature, on a path of their own: plain forwards of context + candidate
// from an empty past (no shared cache; the candidates right-padded into one batch, or each alone
// where the graph's plan is not a plain one), reading the full logit row at every scored position. Only the sharpening lesson uses it; the Scorer's scoring path is untouched.
import { temperedLogprob } from '../core/scoring/temperature';
import { wholeSequenceRows } from './forward';
import type { LoadedModel } from './model';
import { planContinuation } from './scorer';

/** One candidate's summed log-prob (nats) at each asked temperature, and its token count. */
export interface TemperedCandidate {
  tokens: number;
  sums: number[];
  /** Per temperature, each token's log-prob (nats): the sum's terms, for a trace. */
  perToken: number[][];
  /** The tokenizer's pieces of the candidate, in order. */
  pieces: string[];
}

export async function temperedSums(m: LoadedModel, context: string, candidates: readonly string[], temperatures: readonly number[]): Promise<TemperedCandidate[]> {
  for (const T of temperatures) if (!(T > 0) || !Number.isFinite(T)) throw new RangeError(`temperature must be a positive finite number, got ${T}`);
  const plans = candidates.map((c) => planContinuation(m, context, c, { boundaryPolicy: 'whole' }));
  const seqs = plans.map((p, i) => {
    if (p.prefixIds.length === 0) throw new Error(`candidate ${i + 1} has no token before it to predict it from (the model adds no start token)`);
    return { ids: [...p.prefixIds, ...p.tokens.map((t) => t.id)], firstRow: p.prefixIds.length - 1, count: p.tokens.length };
  });
  const out: TemperedCandidate[] = plans.map((p) => ({ tokens: p.tokens.length, sums: temperatures.map(() => 0), perToken: temperatures.map(() => []), pieces: p.tokens.map((t) => t.piece) }));
  await wholeSequenceRows(
    m.model,
    seqs,
    (i, row) => {
      plans[i].tokens.forEach((t, j) => {
        const logits = row(j);
        temperatures.forEach((T, k) => {
          const lp = temperedLogprob(logits, t.id, T);
          out[i].perToken[k][j] = lp;
          out[i].sums[k] += lp;
        });
      });
    },
    { alone: m.info.plan.style !== 'plain', vocab: m.info.vocabSize },
  );
  return out;
}
