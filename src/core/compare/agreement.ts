// What two models' results for the same item have in common: which rules pick the same winner,
// how many tokens each model spends on each candidate (fertility), and, where both tokenise the
// same way (one model at two dtypes), the tokens whose log-probs moved most.
import type { CandidateScore, ItemScore } from '../scoring/types';
import { alignOnBytes, groupCosts } from './byteAlign';

/** One rule's winners on the two models; `same` is null where a model has no winner (-1). */
export interface RuleAgreement {
  a: number;
  b: number;
  same: boolean | null;
}

export interface WinnerAgreement {
  rules: Record<string, RuleAgreement>;
  /** Rules whose winner is the same candidate on both models, in the rule table's order. */
  same: string[];
  /** Rules whose winner differs. */
  flipped: string[];
  /** Rules without a winner on at least one model. */
  undecided: string[];
}

export function winnerAgreement(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): WinnerAgreement {
  const out: WinnerAgreement = { rules: {}, same: [], flipped: [], undecided: [] };
  for (const rule of Object.keys(a)) {
    if (!(rule in b)) continue;
    const wa = a[rule];
    const wb = b[rule];
    const same = wa < 0 || wb < 0 ? null : wa === wb;
    out.rules[rule] = { a: wa, b: wb, same };
    (same === null ? out.undecided : same ? out.same : out.flipped).push(rule);
  }
  return out;
}

/** One byte-aligned group of a candidate's two tokenisations, with each side's bits. */
export interface AlignedCost {
  bytes: [number, number];
  /** [from, to) token indices on each model. */
  tokens: [[number, number], [number, number]];
  bits: [number, number];
  bits_per_byte: [number, number];
}

export interface CandidateComparison {
  n_bytes: number;
  n_chars: number;
  n_tokens: [number, number];
  /** Tokens per byte of the candidate on each model (NaN for an empty candidate). */
  tokens_per_byte: [number, number];
  /** The two surprisal traces, lined up on the candidate's bytes. */
  aligned: AlignedCost[];
}

export function compareCandidate(a: CandidateScore, b: CandidateScore): CandidateComparison {
  const groups = alignOnBytes(a.tokens.map((t) => t.bytes), b.tokens.map((t) => t.bytes));
  return {
    n_bytes: a.n_bytes,
    n_chars: a.n_chars,
    n_tokens: [a.n_tokens, b.n_tokens],
    tokens_per_byte: [a.n_tokens / a.n_bytes, b.n_tokens / b.n_bytes].map((x) => (a.n_bytes > 0 ? x : NaN)) as [number, number],
    aligned: groups.map((g) => {
      const [ca, cb] = groupCosts(g, a.tokens, b.tokens);
      return { bytes: g.bytes, tokens: [g.a, g.b], bits: [ca.bits, cb.bits], bits_per_byte: [ca.bitsPerByte, cb.bitsPerByte] };
    }),
  };
}

/** A token both models scored (the same id at the same place) with its two log-probs. */
export interface TokenDifference {
  candidate: number;
  token: number;
  piece: string;
  logprob: [number, number];
  /** b − a, nats. */
  diff: number;
}

/** Whether the two results tokenise every candidate identically (the same ids, in order). */
export function sameTokens(a: ItemScore, b: ItemScore): boolean {
  return (
    a.candidates.length === b.candidates.length &&
    a.candidates.every((ca, i) => {
      const cb = b.candidates[i];
      return ca.tokens.length === cb.tokens.length && ca.tokens.every((t, k) => t.id === cb.tokens[k].id);
    })
  );
}

/**
 * The `n` tokens whose log-prob differs most between the two results (largest |b − a| first; ties
 * in candidate, then token order). Null where the tokenisations differ: token by token
 * differences then compare different things.
 */
export function largestTokenDifferences(a: ItemScore, b: ItemScore, n: number): TokenDifference[] | null {
  if (!sameTokens(a, b)) return null;
  const all: TokenDifference[] = [];
  a.candidates.forEach((ca, i) =>
    ca.tokens.forEach((t, k) => {
      const lb = b.candidates[i].tokens[k].logprob;
      all.push({ candidate: i, token: k, piece: t.piece, logprob: [t.logprob, lb], diff: lb - t.logprob });
    }),
  );
  // A NaN difference (a token one side could not score) sorts first: it is the largest change.
  const size = (d: TokenDifference) => (Number.isNaN(d.diff) ? Infinity : Math.abs(d.diff));
  return all
    .map((d, order) => ({ d, order }))
    .sort((x, y) => size(y.d) - size(x.d) || x.order - y.order)
    .slice(0, Math.max(0, n))
    .map(({ d }) => d);
}

/** Everything the comparison of one item shows beside the two models' own results. */
export interface ItemComparison extends WinnerAgreement {
  candidates: CandidateComparison[];
  same_tokens: boolean;
  largest_token_differences: TokenDifference[] | null;
}

/** How many token differences a comparison lists. */
export const TOKEN_DIFFERENCES_SHOWN = 5;

export function compareItems(a: ItemScore, b: ItemScore, differences = TOKEN_DIFFERENCES_SHOWN): ItemComparison {
  if (a.candidates.length !== b.candidates.length || a.context !== b.context)
    throw new Error('the two results are not of the same item (context or candidate count differ)');
  return {
    ...winnerAgreement(a.winners, b.winners),
    candidates: a.candidates.map((ca, i) => compareCandidate(ca, b.candidates[i])),
    same_tokens: sameTokens(a, b),
    largest_token_differences: largestTokenDifferences(a, b, differences),
  };
}

/** Per rule, over many items: how often the two models agree, flip, or one has no winner. */
export type AgreementCounts = Record<string, { same: number; flipped: number; undecided: number }>;

export function countAgreement(items: readonly WinnerAgreement[]): AgreementCounts {
  const out: AgreementCounts = {};
  for (const it of items)
    for (const [rule, r] of Object.entries(it.rules)) {
      const c = (out[rule] ??= { same: 0, flipped: 0, undecided: 0 });
      if (r.same === null) c.undecided++;
      else if (r.same) c.same++;
      else c.flipped++;
    }
  return out;
}
