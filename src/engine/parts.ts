// An item's result from per-candidate parts: the conditional term of each candidate under
// (context, options), PMI's unconditional term of each continuation under the unconditional
// context, and what belongs to the context alone. Pure (core only), so the engine assembles every
// item through it and the Scorer can assemble an item from parts it cached (the same numbers).
import { candidateScore } from '../core/scoring/candidate';
import type { RuleOptions } from '../core/scoring/rules';
import type { BoundaryInfo, ItemScore, TokenScore } from '../core/scoring/types';
import { itemWarnings, type TooLong } from '../core/scoring/warnings';
import type { ContextCut } from '../core/scoring/window';
import { winners } from '../core/scoring/winners';

/** A too-long record before it knows its candidate's position. */
export type TooLongFact = Omit<TooLong, 'index'>;

/** What belongs to the (context, options) alone. */
export interface ContextPart {
  moved: string;
  contextCut?: ContextCut;
  noChatTemplate?: boolean;
}

/** One candidate's conditional term (depends on model, context, candidate, boundary policy, chat template, top-k). */
export type ConditionalPart =
  | { status: 'empty' }
  | { status: 'too-long'; tooLong: TooLongFact }
  /** Planned but nothing to score (no token after planning). */
  | { status: 'unscored'; continuation: string; merged: boolean }
  | {
      status: 'scored';
      continuation: string;
      tokens: TokenScore[];
      weights: number[];
      /** log mass of word-starting tokens after the last token (the acc_word term). */
      wordFinalLogprob?: number;
      /**
       * Its word-final term needs a pass of its own (dynamic quantisation) and was left for later
       * (PartsWanted.wordFinal 'if-same-pass'): absent here, asked for with wordFinalOnly.
       */
      wordFinalLater?: boolean;
      merged: boolean;
      boundaryInfo?: BoundaryInfo;
      byteNote?: string;
      /** The model input of the scored tokens, to tell whether PMI's term is the same quantity. */
      signature: string;
    };

/** PMI's unconditional term of one continuation (depends on model, unconditional context, continuation). */
export type UnconditionalPart =
  | { status: 'scored'; sum: number; nTokens: number; signature: string }
  | { status: 'too-long'; tooLong: TooLongFact }
  | { status: 'unscored' };

/** Prefix ids, scored token ids and weights of a plan, as one string. */
export function planSignature(prefixIds: readonly number[], tokenIds: readonly number[], weights: readonly number[]): string {
  return `${prefixIds.join(',')}|${tokenIds.join(',')}|${weights.join(',')}`;
}

/** Whether a candidate's conditional part has an unconditional term at all. */
export const needsUnconditional = (c: ConditionalPart): c is Extract<ConditionalPart, { continuation: string }> => c.status === 'scored' || c.status === 'unscored';

/**
 * The item's result. `unc[i]` is read only where `cond[i]` needs an unconditional term. Warnings
 * and winners come from the core's functions, with too-long records in the engine's order (the
 * conditional ones by position, then the unconditional ones).
 */
export function assembleParts(
  context: string,
  candidates: readonly string[],
  ctx: ContextPart,
  cond: readonly ConditionalPart[],
  unc: readonly (UnconditionalPart | undefined)[],
  opts: Partial<RuleOptions>,
): ItemScore {
  const empty: number[] = [];
  const tooLong: TooLong[] = [];
  cond.forEach((c, i) => {
    if (c.status === 'empty') empty.push(i);
    else if (c.status === 'too-long') tooLong.push({ index: i, ...c.tooLong });
  });
  cond.forEach((c, i) => {
    const u = unc[i];
    if (needsUnconditional(c) && u?.status === 'too-long') tooLong.push({ index: i, ...u.tooLong });
  });
  const skip = new Set<number>();
  const noPmi = new Set<number>();
  const unscored: number[] = [];
  const noPmiWarn: number[] = [];
  const merged: number[] = [];
  const nonFinite: number[] = [];
  const scores = candidates.map((cand, i) => {
    const c = cond[i];
    const u = needsUnconditional(c) ? unc[i] : undefined;
    if (needsUnconditional(c) && u?.status !== 'scored') noPmi.add(i);
    if (c.status !== 'scored') {
      skip.add(i);
      if (c.status === 'unscored') {
        unscored.push(i);
        if (c.merged) merged.push(i);
      }
      return candidateScore({ text: cand, continuation: ctx.moved + cand, tokens: [], unconditionalLogprob: NaN, boundary: 'ok', opts });
    }
    if (c.merged) merged.push(i);
    if (u?.status === 'unscored') noPmiWarn.push(i);
    const s = candidateScore({
      text: cand,
      continuation: c.continuation,
      tokens: c.tokens,
      weights: c.weights,
      unconditionalLogprob: u?.status === 'scored' ? u.sum : NaN,
      ...(u?.status === 'scored' ? { unconditionalNTokens: u.nTokens } : {}),
      unconditionalIsConditional: u?.status === 'scored' && u.signature === c.signature,
      wordFinalLogprob: c.wordFinalLogprob,
      boundary: c.merged ? 'merged' : 'ok',
      boundaryInfo: c.boundaryInfo,
      opts,
      byteNote: c.byteNote,
    });
    if (!Number.isFinite(s.sum_logprob)) nonFinite.push(i);
    return s;
  });
  return {
    context,
    candidates: scores,
    winners: winners(scores, skip, { pmi: noPmi }),
    warnings: itemWarnings({
      context,
      moved: ctx.moved,
      candidates,
      merged,
      tooLong,
      empty,
      nonFinite,
      contextCut: ctx.contextCut,
      noChatTemplate: ctx.noChatTemplate,
      unscored,
      noPmi: noPmiWarn,
      tokenCounts: scores.map((c, i) => (skip.has(i) ? undefined : c.n_tokens)),
    }),
  };
}
