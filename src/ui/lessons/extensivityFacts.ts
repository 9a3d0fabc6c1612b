// The extensivity step's numbers: a raw sum grows as −L×H, with H the model's mean surprisal per
// token. H here is estimated from one item's answers (their bits over their tokens), so it is an
// estimate from that many tokens, not the model's average over text.
import type { ItemScore } from '../../core/scoring/types';

export interface Extensivity {
  /** Mean surprisal per token, in bits: the answers' total bits over their total tokens. */
  H: number;
  /** The tokens H is estimated from. */
  tokens: number;
  /** Each answer at (L tokens, raw sum in bits, negative). */
  points: { L: number; sumBits: number }[];
}

export function extensivity(result: ItemScore): Extensivity {
  const points = result.candidates.map((c) => ({ L: c.n_tokens, sumBits: c.sum_logprob / Math.LN2 }));
  const tokens = points.reduce((s, p) => s + p.L, 0);
  const bits = points.reduce((s, p) => s - p.sumBits, 0);
  return { H: bits / tokens, tokens, points };
}

/** The expected raw sum, in bits, of L tokens at H bits per token. */
export const expectedSum = (L: number, H: number) => -L * H;
