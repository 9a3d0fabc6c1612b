// Scoring items: plan the tokens of every candidate (lm-eval split, byte spans, boundary policy),
// run each distinct prefix once, and turn logit rows into per-token and per-candidate scores.
import { rowLogMass, rowLogprob, rowStats, type RowStats } from '../core/scoring/distribution';
import { splitPair } from '../core/scoring/split';
import type { BoundaryInfo, ItemScore, ScoreOptions, TokenScore } from '../core/scoring/types';
import type { TooLong } from '../core/scoring/warnings';
import { charsForTokens, textTail, type ContextCut } from '../core/scoring/window';
import { assembleParts, planSignature, type ConditionalPart, type ContextPart, type UnconditionalPart } from './parts';
import { pieceText } from '../core/tokens/pieces';
import { wordBoundaryIds } from '../core/tokens/wordBoundary';
import { tokenSpans, type EncodedToken } from '../core/tokens/spans';
import { codePointLength, utf8Length } from '../core/text/unicode';
import { MAX_CANDIDATE_CHARS } from '../core/limits';
import { addSpecialTokensFor, encodeAlone, encodeCached, encodeWithPieces, longestPieceChars, LruCache, pieceOf, piecesById } from './encode';
import { AbortError, continuationRows, disposePrefix, prefixTokensToRun, runPrefixes, runPrefixReusing, wholeSequenceRows, type BatchOptions, type CancelToken, type PrefixReuse } from './forward';
import { DEFAULT_MAX_BATCH_TOKENS, lengthBatches, PASS_OVERHEAD_TOKENS, passTokenBudget } from '../core/batching';
import { gqaPrefixChoice, type PlanName } from './plan';
import type { LoadedModel } from './model';
import type { StatsMode } from './api';
import { applyChatTemplateText } from './transformersAdapter';
import { RowMemo } from './rowMemo';


/** The tokens to score for one continuation and what conditions them. */
export interface ContinuationPlan {
  prefixIds: number[];
  tokens: EncodedToken[];
  /** [start, end) byte spans within the continuation. */
  spans: [number, number][];
  weights: number[];
  merged: boolean;
  boundaryInfo?: BoundaryInfo;
  byteNote?: string;
}

function startsWith(whole: readonly EncodedToken[], prefix: readonly EncodedToken[]): boolean {
  return prefix.length <= whole.length && prefix.every((t, i) => whole[i].id === t.id);
}

/** The lm-eval split of one continuation after an (already split) context, under a boundary policy. */
export function planContinuation(m: LoadedModel, contextSplit: string, continuation: string, options: Pick<ScoreOptions, 'boundaryPolicy'>): ContinuationPlan {
  const wholeText = contextSplit + continuation;
  const special = addSpecialTokensFor(m, contextSplit);
  const whole = encodeWithPieces(m, wholeText, special);
  const ctx = encodeCached(m, contextSplit, special);
  const spans = tokenSpans(whole, wholeText, m.traits);
  const Lc = utf8Length(contextSplit);
  const merged = !startsWith(whole, ctx);
  // Unmerged, the continuation's tokens are those after the context's (the harness's positional
  // slice, right even where the byte spans are not exact); merged, they start at the first token
  // that covers a byte of the continuation.
  let first = merged ? whole.findIndex((t, i) => !t.special && spans.spans[i][1] > Lc) : ctx.length;
  if (first < 0) first = whole.length;
  const scoredIdx: number[] = [];
  for (let i = first; i < whole.length; i++) if (!whole[i].special) scoredIdx.push(i);
  const byteNote = spans.exact ? undefined : spans.note;

  if (merged && options.boundaryPolicy === 'separate') {
    // The continuation's own tokens, without the space a dummy-prefix tokenizer puts in front of a
    // text encoded alone (that space is not in the string and would be scored as if it were).
    const alone = encodeAlone(m, continuation);
    let toks = alone ?? encodeWithPieces(m, continuation, false);
    if (!alone && m.traits.dummyPrefix && toks.length > 1 && (toks[0].piece === '▁' || toks[0].piece === 'Ġ') && !/^\s/.test(continuation)) toks = toks.slice(1);
    const s = tokenSpans(toks, continuation, m.traits);
    const straddle = first < whole.length && spans.spans[first][0] < Lc ? whole[first] : undefined;
    return {
      prefixIds: ctx.map((t) => t.id),
      tokens: toks,
      spans: s.spans,
      weights: toks.map(() => 1),
      merged,
      boundaryInfo: {
        policy: 'separate',
        ...(straddle ? { straddlingPiece: straddle.piece, contextBytes: Lc - spans.spans[first][0], continuationBytes: spans.spans[first][1] - Lc } : {}),
      },
      byteNote: s.exact ? undefined : s.note,
    };
  }

  const prefix = whole.slice(0, first).map((t) => t.id);
  const tokens = scoredIdx.map((i) => whole[i]);
  const rel = scoredIdx.map((i) => [Math.max(0, spans.spans[i][0] - Lc), spans.spans[i][1] - Lc] as [number, number]);
  const weights = scoredIdx.map((i) => {
    const [s, e] = spans.spans[i];
    return merged && s < Lc && e > s ? (e - Lc) / (e - s) : 1;
  });
  let boundaryInfo: BoundaryInfo | undefined;
  if (merged) {
    const straddling = first < whole.length && spans.spans[first][0] < Lc;
    boundaryInfo = {
      policy: 'whole',
      ...(straddling
        ? { straddlingPiece: whole[first].piece, contextBytes: Lc - spans.spans[first][0], continuationBytes: spans.spans[first][1] - Lc }
        : {}),
    };
  }
  return {
    prefixIds: prefix.length > 0 ? prefix : [m.prefixTokenId],
    tokens,
    spans: rel,
    weights,
    merged,
    boundaryInfo,
    byteNote,
  };
}

/** Plans kept per model: an item's worth several times over (a plan is its tokens and spans, small). */
export const PLAN_CACHE_ENTRIES = 64;
const planCaches = new WeakMap<LoadedModel, LruCache<string, ContinuationPlan>>();

/**
 * planContinuation, cached per model (the result is shared: do not mutate it): a keystroke in one
 * candidate tokenises only that candidate again.
 */
export function planContinuationCached(m: LoadedModel, contextSplit: string, continuation: string, options: Pick<ScoreOptions, 'boundaryPolicy'>): ContinuationPlan {
  let cache = planCaches.get(m);
  if (!cache) planCaches.set(m, (cache = new LruCache(PLAN_CACHE_ENTRIES)));
  const key = `${options.boundaryPolicy}\u0000${contextSplit.length}\u0000${contextSplit}${continuation}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const plan = planContinuation(m, contextSplit, continuation, options);
  cache.set(key, plan);
  return plan;
}

/** Context text as the model sees it: raw, or as a user turn of the model's chat template. */
export function modelContext(m: LoadedModel, context: string, chatTemplate: boolean): string {
  if (!chatTemplate || !m.info.hasChatTemplate) return context;
  return applyChatTemplateText(m.tokenizer, [{ role: 'user', content: context }], { tokenize: false, add_generation_prompt: true });
}

export interface Scored {
  tokens: TokenScore[];
  sum: number;
  /** log mass of the word-starting tokens right after the last token (when asked for). */
  wordFinal?: number;
  /** Asked for with wordFinal 'if-same-pass' where it needs a pass of its own: it was left for a later call (wordFinal 'only'). */
  wordFinalLater?: true;
}

/** Each model's word-final boundary set (core/tokens/wordBoundary.ts), built once from its vocabulary. */
const boundarySets = new WeakMap<LoadedModel, Int32Array>();
export function boundaryIdsOf(m: LoadedModel): Int32Array {
  let ids = boundarySets.get(m);
  if (!ids) {
    const size = Math.max(m.info.vocabSize, ...[...m.specialIds].map((id) => id + 1));
    ids = wordBoundaryIds({ pieces: piecesById(m, size), kind: m.traits.kind, specialIds: m.specialIds, eosIds: m.eosTokenId === null ? [] : [m.eosTokenId] });
    boundarySets.set(m, ids);
  }
  return ids;
}

/**
 * The one more row the word-final term reads: a continuation is given one position past its last
 * token, which is never fed (the passes feed all but a continuation's last id), so that its last
 * token is fed and the row after it computed, in the same pass as the others.
 */
const ROW_AFTER_LAST = -1;

export interface ScorePlansOptions extends BatchOptions {
  /** Alternatives kept per token in `full` mode (default 0). */
  topK?: number;
  stats?: StatsMode;
  /**
   * Start a lone prefix from the last one in this slot's cache where the plan makes that exact
   * (the Scorer's keystrokes; see runPrefixReusing). Off for tasks and plain scores, which run every context
   * from scratch so a number never depends on what was scored before.
   */
  reusePrefix?: string;
  /**
   * Also compute each plan's word-final term (Scored.wordFinal) from the row after its last
   * token: one more position per continuation in the passes it already has. A one-token
   * continuation, scored from its prefix's last row alone, then needs a pass of its own token.
   * Where the term needs a pass of its own (dynamic quantisation, a continuation that fills the
   * window): true runs it now; 'if-same-pass' leaves it out (Scored.wordFinalLater) for a later
   * call with 'only', which runs just the passes that give the term (its Scored carries only
   * `wordFinal` worth reading): the Scorer shows the other rules one pass sooner.
   */
  wordFinal?: boolean | 'if-same-pass' | 'only';
}

/** How a plan may reuse the last lone prefix's cache (see PrefixReuse). */
export function prefixReuseFor(plan: PlanName): PrefixReuse | null {
  if (plan === 'shared-cache' || plan === 'gqa-exact') return 'prefix';
  if (plan === 'isolated') return 'identical';
  return null;
}

type RowResult = RowStats | ReturnType<typeof rowLogprob> | number;

/**
 * Row statistics of the Scorer's keystroke passes, per model (see rowMemo.ts). Only the Scorer's
 * incremental path uses it (reusePrefix): a task's rows are never seen twice.
 */
const rowMemos = new WeakMap<LoadedModel, RowMemo<RowResult>>();

/** Rows whose statistics the Scorer's passes took from the memo, and computed (tests, the benchmark). */
export function rowMemoStats(m: LoadedModel): { hits: number; misses: number } {
  const memo = rowMemos.get(m);
  return { hits: memo?.hits ?? 0, misses: memo?.misses ?? 0 };
}
function rowMemoOf(m: LoadedModel): RowMemo<RowResult> {
  let memo = rowMemos.get(m);
  if (!memo) rowMemos.set(m, (memo = new RowMemo()));
  return memo;
}

function tokenScore(m: LoadedModel, plan: ContinuationPlan, j: number, row: Float32Array, topK: number, stats: StatsMode, memo?: RowMemo<RowResult>): TokenScore {
  const t = plan.tokens[j];
  const text = pieceText(t.piece, m.traits.kind);
  const bytes = plan.spans[j];
  // Object literals in the fields' order, not spreads: this runs once per scored token, and
  // spreading a base object cost about 5 µs a token (more than the row's log-softmax at a
  // 512-token vocabulary). The key order is the JSON outputs'.
  let score: TokenScore;
  if (stats === 'logprob') {
    const ask = () => rowLogprob(row, t.id);
    const { logprob, argmax } = memo ? (memo.get(`logprob ${t.id}`, row, ask) as ReturnType<typeof rowLogprob>) : ask();
    score = { id: t.id, piece: t.piece, text, bytes, logprob, bits: -logprob / Math.LN2, rank: NaN, entropy: NaN, top: [], greedy: argmax === t.id };
  } else {
    const ask = () => rowStats(row, t.id, topK);
    const st = (memo ? memo.get(`full ${t.id} ${topK}`, row, ask) : ask()) as RowStats;
    const top = st.top.map((a) => ({ id: a.id, piece: pieceOf(m, a.id), prob: a.prob }));
    score = { id: t.id, piece: t.piece, text, bytes, logprob: st.logprob, bits: -st.logprob / Math.LN2, rank: st.rank, entropy: st.entropy, top, greedy: st.argmax === t.id };
  }
  if (plan.weights[j] !== 1) score.weight = plan.weights[j];
  return score;
}

/** A pass's cost beyond its tokens, in tokens, that the model's plan chooses by (ScoringPlan.cost: fixed, measured or given). */
export function passOverheadOf(m: LoadedModel): number {
  return m.info.plan.cost?.overheadTokens ?? PASS_OVERHEAD_TOKENS;
}

/** Distinct prefixes in padded passes of similar length, at least cost (see lengthBatches). */
export function prefixPasses(lengths: readonly number[], maxBatchTokens: number, overhead = PASS_OVERHEAD_TOKENS): number[][] {
  return lengthBatches(lengths, (rows, longest) => rows * longest <= maxBatchTokens, overhead);
}

/**
 * Score many continuations — the app's one scoring path, for one item (the Scorer) or a chunk of
 * items (a streamed task), under the model's exact plan (see plan.ts):
 * - shared-cache: each distinct prefix runs once, prefixes of similar length share a padded pass,
 *   and all continuations are batched by length (right-padded) against their prefixes' cache;
 * - gqa-exact: per prefix, whichever costs less of its continuations one per pass on its cache
 *   (prefixes still share padded passes) or their whole sequences right-padded from an empty past;
 * - isolated: every prefix alone, every continuation alone on its cache;
 * - full-forward: one unpadded forward per continuation over prefix + continuation.
 */
export async function scorePlans(m: LoadedModel, plans: readonly (ContinuationPlan | null)[], options: ScorePlansOptions = {}): Promise<(Scored | null)[]> {
  if (!options.wordFinal) return runPlans(m, plans, options, false);
  // Dynamic quantisation: a pass's tokens set each other's activation scales, so feeding the last
  // token in the scored pass would change every other token's log-prob. A plan that fills the
  // model's window has no position left for the row after its last token. Both keep their scores'
  // own passes (lm-eval-harness's), and their word-final rows come from passes of their own.
  const isolated = m.info.plan.plan === 'isolated';
  const over = (p: ContinuationPlan) => p.prefixIds.length + p.tokens.length - m.info.maxLength;
  const apart = (p: ContinuationPlan | null): p is ContinuationPlan => p !== null && (isolated || over(p) > 0);
  if (!plans.some(apart)) return runPlans(m, plans, options, true);
  const together = await runPlans(m, plans.map((p) => (apart(p) ? null : p)), options, true);
  const scored = options.wordFinal === 'only' ? [] : await runPlans(m, plans.map((p) => (apart(p) ? p : null)), options, false);
  if (options.wordFinal === 'if-same-pass') return plans.map((_, i) => together[i] ?? (scored[i] ? { ...scored[i]!, wordFinalLater: true } : null));
  // A full window's word-final row conditions on one token less at its start (left truncation, as
  // the window itself is cut); a continuation that fills the window alone has none (NaN).
  const shifted = plans.map((p) => {
    if (!apart(p)) return null;
    const cut = Math.max(0, over(p));
    return cut < p.prefixIds.length ? { ...p, prefixIds: p.prefixIds.slice(cut) } : null;
  });
  // The Scorer's held context serves these passes too where no prefix was shifted (without it,
  // every keystroke under dynamic q8 ran the whole context once more for the word-final rows).
  const shiftedAny = plans.some((p) => apart(p) && over(p) > 0);
  const reuse = options.reusePrefix && !shiftedAny ? { reusePrefix: options.reusePrefix } : {};
  const finals = await runPlans(m, shifted, { cancel: options.cancel, maxBatchTokens: options.maxBatchTokens, stats: 'logprob', ...reuse }, true);
  if (options.wordFinal === 'only') return plans.map((p, i) => together[i] ?? (apart(p) ? { tokens: [], sum: NaN, wordFinal: finals[i]?.wordFinal ?? NaN } : null));
  return plans.map((_, i) => together[i] ?? (scored[i] ? { ...scored[i]!, wordFinal: finals[i]?.wordFinal ?? NaN } : null));
}

async function runPlans(m: LoadedModel, plans: readonly (ContinuationPlan | null)[], options: ScorePlansOptions, wordFinal: boolean): Promise<(Scored | null)[]> {
  const { topK = 0, stats = 'full', cancel } = options;
  // One budget for every pass of this call, in tokens, capped by the vocabulary (passTokenBudget).
  const budget = passTokenBudget(options.maxBatchTokens ?? DEFAULT_MAX_BATCH_TOKENS, m.info.vocabSize);
  // What a pass costs in tokens (the plan's cost): every split and choice below goes by it.
  const overhead = passOverheadOf(m);
  const passOptions = { ...options, maxBatchTokens: budget, passOverhead: overhead };
  const extra = wordFinal ? 1 : 0;
  const results: (Scored | null)[] = plans.map(() => null);
  // Under dynamic quantisation (plan isolated) a pass's tokens set each other's scales: its rows
  // never come back bit for bit, so nothing is kept.
  const memo = options.reusePrefix && m.info.plan.plan !== 'isolated' ? rowMemoOf(m) : undefined;
  const score = (i: number, row: (j: number) => Float32Array) => {
    const plan = plans[i]!;
    const tokens = plan.tokens.map((_, j) => tokenScore(m, plan, j, row(j), topK, stats, memo));
    const sum = tokens.reduce((s, t, j) => s + plan.weights[j] * t.logprob, 0);
    if (!wordFinal) results[i] = { tokens, sum };
    else {
      const last = row(plan.tokens.length);
      const ask = () => rowLogMass(last, boundaryIdsOf(m));
      results[i] = { tokens, sum, wordFinal: memo ? (memo.get('word-final', last, ask) as number) : ask() };
    }
  };
  const groups = new Map<string, number[]>();
  plans.forEach((p, i) => {
    if (!p || p.tokens.length === 0) return;
    const key = p.prefixIds.join(',');
    const members = groups.get(key);
    if (members) members.push(i);
    else groups.set(key, [i]);
  });
  const kind = m.info.plan.plan;
  let cached = [...groups.values()];
  let whole: number[] = [];
  if (kind === 'full-forward') {
    whole = cached.flat();
    cached = [];
  } else if (kind === 'gqa-exact') {
    // A held context (a keystroke) costs only its changed tail: whole sequences then rarely pay.
    const toRun = (ids: number[]) => (options.reusePrefix && groups.size === 1 ? prefixTokensToRun(m.model, ids, options.reusePrefix) : ids.length);
    const rows = (g: number[]) => {
      const ids = plans[g[0]]!.prefixIds;
      return gqaPrefixChoice(ids.length, g.map((i) => plans[i]!.tokens.length + extra), overhead, toRun(ids)) === 'rows';
    };
    whole = cached.filter((g) => !rows(g)).flat();
    cached = cached.filter(rows);
  }
  if (whole.length > 0) {
    const seqs = whole.map((i) => {
      const p = plans[i]!;
      return { ids: [...p.prefixIds, ...p.tokens.slice(0, wordFinal ? undefined : -1).map((t) => t.id)], firstRow: p.prefixIds.length - 1, count: p.tokens.length + extra };
    });
    await wholeSequenceRows(m.model, seqs, (k, row) => score(whole[k], row), { ...passOptions, alone: kind === 'full-forward', vocab: m.info.vocabSize });
  }
  const prefixOf = (g: number) => plans[cached[g][0]]!.prefixIds;
  const passes = kind === 'isolated' ? cached.map((_, g) => [g]) : prefixPasses(cached.map((_, g) => prefixOf(g).length), budget, overhead);
  const grouping = kind === 'shared-cache' ? 'padded' : kind === 'isolated' ? 'alone' : 'single';
  for (const pass of passes) {
    if (cancel?.cancelled()) break;
    const reuse = options.reusePrefix && pass.length === 1 ? prefixReuseFor(kind) : null;
    const state = reuse ? await runPrefixReusing(m.model, prefixOf(pass[0]), reuse, options.reusePrefix) : await runPrefixes(m.model, pass.map(prefixOf));
    try {
      const members = pass.flatMap((g, k) => cached[g].map((i) => ({ plan: i, prefix: k })));
      await continuationRows(
        m.model,
        state,
        members.map(({ plan, prefix }) => {
          const ids = plans[plan]!.tokens.map((t) => t.id);
          return { prefix, ids: wordFinal ? [...ids, ROW_AFTER_LAST] : ids };
        }),
        (c, row) => score(members[c].plan, row),
        passOptions,
        grouping,
      );
    } finally {
      // A held prefix stays for the next keystroke.
      if (!reuse) disposePrefix(state);
    }
  }
  return results;
}

/**
 * Left-truncate a plan's prefix so the model's input fits, as lm-eval-harness does: it keeps the
 * last maxLength + 1 tokens of prefix + continuation and feeds all but the last, so up to
 * maxLength continuation tokens can be scored (after at least one prefix token).
 */
function fitToContext(plan: ContinuationPlan, maxLength: number): ContinuationPlan | 'too-long' {
  const total = plan.prefixIds.length + plan.tokens.length;
  if (plan.tokens.length > maxLength) return 'too-long';
  if (total <= maxLength + 1) return plan;
  return { ...plan, prefixIds: plan.prefixIds.slice(total - (maxLength + 1)) };
}

/** An item's plans: what scoring it needs, before any forward pass. */
export interface PlannedItem {
  context: string;
  candidates: string[];
  moved: string;
  plans: (ContinuationPlan | null)[];
  /** PMI's unconditional term: the same candidates after the unconditional context. */
  uncPlans: (ContinuationPlan | null)[];
  empty: number[];
  tooLong: TooLong[];
  /** The context did not fit the model's window (cut from the left). */
  contextCut?: ContextCut;
  /** A chat template was asked for and the model has none. */
  noChatTemplate?: boolean;
}

/** `unconditional: false` plans no unconditional term (uncPlans all null): a caller that scores none. */
export function planItem(m: LoadedModel, context: string, candidates: string[], options: ScoreOptions, unconditional = true): PlannedItem {
  const ctxText = modelContext(m, context, options.chatTemplate);
  const whole = splitPair(ctxText, '');
  // Only the last window of tokens can reach the model: the text before a bound that certainly
  // holds more is not tokenised at all.
  const budget = charsForTokens(m.info.maxLength + 1, longestPieceChars(m));
  const tail = textTail(whole.context, budget);
  const split = { ...whole, context: tail.text };
  let tokensKept = Infinity;
  const fit = (plan: ContinuationPlan) => {
    const fitted = fitToContext(plan, m.info.maxLength);
    if (fitted !== 'too-long' && fitted.prefixIds.length < plan.prefixIds.length) tokensKept = Math.min(tokensKept, fitted.prefixIds.length);
    return fitted;
  };
  const empty: number[] = [];
  const tooLong: TooLong[] = [];
  const plans = candidates.map((cand, i): ContinuationPlan | null => {
    if (cand.length === 0) {
      empty.push(i);
      return null;
    }
    // Code points, as the app counts them (a cheap check before tokenising).
    const chars = codePointLength(cand);
    if (chars > MAX_CANDIDATE_CHARS) {
      tooLong.push({ index: i, tokens: NaN, limit: MAX_CANDIDATE_CHARS, chars });
      return null;
    }
    const plan = planContinuationCached(m, split.context, split.moved + cand, options);
    const fitted = fit(plan);
    if (fitted === 'too-long') {
      tooLong.push({ index: i, tokens: plan.tokens.length, limit: m.info.maxLength });
      return null;
    }
    return fitted;
  });
  // The unconditional term scores the same continuation (the moved whitespace included, as
  // lm-eval-harness's ("", delimiter + choice) does) after the unconditional context; '' means
  // BOS only.
  const uncPlans = candidates.map((cand, i) => {
    if (!plans[i] || !unconditional) return null;
    const unc = splitPair(textTail(options.unconditionalContext, budget).text, split.moved + cand);
    const p = planContinuationCached(m, unc.context, unc.continuation, { boundaryPolicy: 'whole' });
    const fitted = fitToContext(p, m.info.maxLength);
    if (fitted !== 'too-long') return fitted;
    tooLong.push({ index: i, tokens: p.tokens.length, limit: m.info.maxLength, unconditional: true });
    return null;
  });
  const contextCut = tokensKept < Infinity || tail.charsCut > 0 ? { window: m.info.maxLength, tokensKept: Math.min(tokensKept, m.info.maxLength), charsCut: tail.charsCut } : undefined;
  const noChatTemplate = options.chatTemplate && !m.info.hasChatTemplate;
  return { context, candidates, moved: split.moved, plans, uncPlans, empty, tooLong, ...(contextCut ? { contextCut } : {}), ...(noChatTemplate ? { noChatTemplate } : {}) };
}

/** The parts of an item (see parts.ts) from its scored plans; `null` where a part was not asked for. */
export function itemParts(p: PlannedItem, scored: readonly (Scored | null)[], unc: readonly (Scored | null)[]): { context: ContextPart; conditional: ConditionalPart[]; unconditional: (UnconditionalPart | undefined)[] } {
  const tooLongAt = (i: number, unconditional: boolean) => {
    const t = p.tooLong.find((x) => x.index === i && !!x.unconditional === unconditional);
    if (!t) return undefined;
    const { index: _index, ...fact } = t;
    return fact;
  };
  const conditional = p.candidates.map((cand, i): ConditionalPart => {
    const plan = p.plans[i];
    const s = scored[i];
    const continuation = p.moved + cand;
    if (!plan) {
      const t = tooLongAt(i, false);
      return t ? { status: 'too-long', tooLong: t } : { status: 'empty' };
    }
    if (!s) return { status: 'unscored', continuation, merged: plan.merged };
    return {
      status: 'scored',
      continuation,
      tokens: s.tokens,
      weights: plan.weights,
      ...(s.wordFinal !== undefined ? { wordFinalLogprob: s.wordFinal } : {}),
      ...(s.wordFinalLater ? { wordFinalLater: true } : {}),
      merged: plan.merged,
      ...(plan.boundaryInfo ? { boundaryInfo: plan.boundaryInfo } : {}),
      ...((plan.byteNote ?? byteSumNote(plan, continuation)) !== undefined ? { byteNote: plan.byteNote ?? byteSumNote(plan, continuation) } : {}),
      signature: signatureOf(plan),
    };
  });
  const unconditional = p.candidates.map((_, i): UnconditionalPart | undefined => {
    if (!p.plans[i]) return undefined;
    const plan = p.uncPlans[i];
    if (!plan) {
      const t = tooLongAt(i, true);
      return t ? { status: 'too-long', tooLong: t } : { status: 'unscored' };
    }
    const u = unc[i];
    return u ? { status: 'scored', sum: u.sum, nTokens: plan.tokens.length, signature: signatureOf(plan) } : { status: 'unscored' };
  });
  const context: ContextPart = { moved: p.moved, ...(p.contextCut ? { contextCut: p.contextCut } : {}), ...(p.noChatTemplate ? { noChatTemplate: p.noChatTemplate } : {}) };
  return { context, conditional, unconditional };
}

const signatureOf = (plan: ContinuationPlan) => planSignature(plan.prefixIds, plan.tokens.map((t) => t.id), plan.weights);

/** The item's result from its scored plans. */
export function assembleItem(p: PlannedItem, scored: readonly (Scored | null)[], unc: readonly (Scored | null)[], options: ScoreOptions): ItemScore {
  const parts = itemParts(p, scored, unc);
  return assembleParts(p.context, p.candidates, parts.context, parts.conditional, parts.unconditional, { mu: options.mu });
}

export interface ScoreItemsOptions extends BatchOptions {
  /** Per-token statistics of the conditional scores (default full). */
  stats?: StatsMode;
}

/**
 * Score several items in one go: every plan of every item through one scorePlans call, so each
 * context runs once and the unconditional prefix (PMI) runs once for all of them.
 */
export async function scoreItems(
  m: LoadedModel,
  items: readonly { context: string; candidates: string[] }[],
  options: ScoreOptions,
  run: ScoreItemsOptions = {},
): Promise<ItemScore[]> {
  const planned = items.map((it) => planItem(m, it.context, it.candidates, options));
  const scored = await scorePlans(m, planned.flatMap((p) => p.plans), { ...run, topK: options.topK, stats: run.stats ?? 'full', wordFinal: true });
  const unc = await scorePlans(m, planned.flatMap((p) => p.uncPlans), { ...run, stats: 'logprob' });
  if (run.cancel?.cancelled()) throw new AbortError();
  let offset = 0;
  return planned.map((p) => {
    const n = p.candidates.length;
    const item = assembleItem(p, scored.slice(offset, offset + n), unc.slice(offset, offset + n), options);
    offset += n;
    return item;
  });
}

export async function scoreItem(
  m: LoadedModel,
  context: string,
  candidates: string[],
  options: ScoreOptions,
  cancel?: CancelToken,
): Promise<ItemScore> {
  const [item] = await scoreItems(m, [{ context, candidates }], options, { cancel });
  return item;
}

/** What of an item to score: the conditional terms asked for, and the unconditional continuations already held. */
export interface PartsWanted {
  /** Positions whose conditional term to score. */
  conditional: readonly number[];
  /** Continuations (moved whitespace + candidate) whose unconditional term the caller holds for this unconditional context. */
  unconditionalKnown: readonly string[];
  /**
   * false: score no unconditional term (the Scorer's first phase: every rule but PMI, which needs
   * a second forward of the candidate after the unconditional context). Default true.
   */
  unconditional?: boolean;
  /**
   * 'if-same-pass': a conditional term whose word-final term needs a pass of its own (dynamic
   * quantisation) comes without it (ConditionalPart.wordFinalLater), for `wordFinalOnly` to ask
   * for later (the Scorer's first phase). Default 'now': every conditional term comes whole.
   */
  wordFinal?: 'now' | 'if-same-pass';
  /** Positions whose word-final term alone to score (their conditional terms held without it). */
  wordFinalOnly?: readonly number[];
}

/** The parts of one item, scoring only what is wanted (see parts.ts); the rest is left undefined. */
export interface ItemParts {
  context: ContextPart;
  conditional: (ConditionalPart | undefined)[];
  unconditional: (UnconditionalPart | undefined)[];
  /** The word-final terms asked for by PartsWanted.wordFinalOnly (NaN: none exists, as for a continuation that fills the window). */
  wordFinal: (number | undefined)[];
  /** The continuation of each candidate (its unconditional term's key). */
  continuations: string[];
}

export async function scoreItemParts(m: LoadedModel, context: string, candidates: string[], options: ScoreOptions, wanted: PartsWanted, cancel?: CancelToken): Promise<ItemParts> {
  const p = planItem(m, context, candidates, options, wanted.unconditional !== false);
  const cond = new Set(wanted.conditional);
  const known = new Set(wanted.unconditionalKnown);
  const continuations = candidates.map((c) => p.moved + c);
  const uncWanted = candidates.map((_, i) => wanted.unconditional !== false && !!p.plans[i] && !known.has(continuations[i]));
  const wordFinal = wanted.wordFinal === 'if-same-pass' ? 'if-same-pass' : true;
  const scored = await scorePlans(m, p.plans.map((plan, i) => (cond.has(i) ? plan : null)), { cancel, topK: options.topK, stats: 'full', reusePrefix: 'context', wordFinal });
  // Word-final terms alone (the Scorer's second phase under dynamic q8), on the held context.
  const only = new Set((wanted.wordFinalOnly ?? []).filter((i) => !cond.has(i) && p.plans[i]));
  const finals = only.size > 0 ? await scorePlans(m, p.plans.map((plan, i) => (only.has(i) ? plan : null)), { cancel, stats: 'logprob', reusePrefix: 'context', wordFinal: 'only' }) : [];
  const unc = await scorePlans(m, p.uncPlans.map((plan, i) => (uncWanted[i] ? plan : null)), { cancel, stats: 'logprob', reusePrefix: 'unconditional' });
  if (cancel?.cancelled()) throw new AbortError();
  const parts = itemParts(p, scored, unc);
  return {
    context: parts.context,
    conditional: parts.conditional.map((c, i) => (cond.has(i) ? c : undefined)),
    unconditional: parts.unconditional.map((u, i) => (uncWanted[i] ? u : undefined)),
    wordFinal: candidates.map((_, i) => (only.has(i) ? (finals[i]?.wordFinal ?? NaN) : undefined)),
    continuations,
  };
}

/** The same model input and scored tokens: PMI's two terms are one quantity. */
function samePlan(a: ContinuationPlan, b: ContinuationPlan | null): boolean {
  const same = (x: readonly number[], y: readonly number[]) => x.length === y.length && x.every((v, k) => v === y[k]);
  return !!b && same(a.prefixIds, b.prefixIds) && same(a.tokens.map((t) => t.id), b.tokens.map((t) => t.id)) && same(a.weights, b.weights);
}

/** Explain spans that do not add up to the continuation's byte length. */
function byteSumNote(plan: ContinuationPlan, continuation: string): string | undefined {
  const covered = plan.spans.reduce((s, [a, b]) => s + (b - a), 0);
  const n = utf8Length(continuation);
  if (covered === n) return undefined;
  if (plan.merged && plan.boundaryInfo?.policy === 'separate') return `the separately encoded continuation's tokens cover ${covered} of its ${n} bytes`;
  return `the scored tokens cover ${covered} of the continuation's ${n} bytes`;
}
