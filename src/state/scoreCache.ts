// Incremental re-scoring: the parts of scored items (see engine/parts.ts), cached per model
// (model, dtype, device), options, context and candidate, and PMI's unconditional term per model,
// unconditional context and continuation (and, under dynamic q8, the whole-word rule's term of a
// conditional part that came without it). An item whose parts are all held is assembled here
// with the core's functions — the same numbers a from-scratch score gives — and a keystroke asks
// the engine only for the parts it changed. Pure: no engine, no DOM.
import type { ItemScore, ScoreOptions } from '../core/scoring/types';
import { assembleParts, needsUnconditional, type ConditionalPart, type ContextPart, type ItemParts, type PartsWanted, type UnconditionalPart } from '../engine';

/** Which parts a request asks for: all at once, or the Scorer's two phases (see ScoreCache.missing). */
export type ScorePhase = 'all' | 'conditional' | 'unconditional';

/** Rows of an item whose terms the Scorer's second phase brings: PMI's, and (dynamic q8) the whole-word rule's. */
export interface PendingRows {
  pmi: number[];
  wordFinal: number[];
}

export interface CacheItem {
  context: string;
  candidates: readonly string[];
  options: ScoreOptions;
}

/** Parts kept per kind before the least recently used go. */
export const DEFAULT_CACHE_ENTRIES = 4000;

class Lru<V> {
  private map = new Map<string, V>();
  constructor(private readonly limit: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  has(key: string): boolean {
    return this.map.has(key);
  }
  set(key: string, v: V): void {
    this.map.delete(key);
    this.map.set(key, v);
    if (this.map.size > this.limit) this.map.delete(this.map.keys().next().value as string);
  }
  get size(): number {
    return this.map.size;
  }
}

/**
 * Which parts each score option changes: a context's parts (and so every conditional term), only
 * PMI's unconditional term, or only the assembly (which runs on every read, so no key needs it).
 * The type names every option, so a new one cannot be left out of the keys below.
 */
const OPTION_SCOPE: { readonly [K in keyof ScoreOptions]-?: 'context' | 'unconditional' | 'assembly' } = {
  boundaryPolicy: 'context',
  topK: 'context',
  chatTemplate: 'context',
  unconditionalContext: 'unconditional',
  mu: 'assembly',
};
const OPTION_NAMES = Object.keys(OPTION_SCOPE).sort() as (keyof ScoreOptions)[];
const optionsIn = (scope: 'context' | 'unconditional', options: ScoreOptions) =>
  OPTION_NAMES.filter((k) => OPTION_SCOPE[k] === scope).map((k) => [k, options[k]]);

/** Everything a context's parts depend on besides the candidate. */
const contextKey = (model: string, it: CacheItem) => JSON.stringify([model, optionsIn('context', it.options), it.context]);
const conditionalKey = (model: string, it: CacheItem, candidate: string) => `${contextKey(model, it)}\u0000${candidate}`;
const unconditionalKey = (model: string, it: CacheItem, continuation: string) => JSON.stringify([model, optionsIn('unconditional', it.options), continuation]);

export class ScoreCache {
  private contexts: Lru<ContextPart>;
  private conditional: Lru<ConditionalPart>;
  private unconditional: Lru<UnconditionalPart>;
  /** Word-final terms of conditional parts that came without one (wordFinalLater), by the part's key. */
  private wordFinals: Lru<number>;

  constructor(limit = DEFAULT_CACHE_ENTRIES) {
    this.contexts = new Lru(limit);
    this.conditional = new Lru(limit);
    this.unconditional = new Lru(limit);
    this.wordFinals = new Lru(limit);
  }

  /** A held conditional part, its word-final term filled in where it came later; null while that term is missing. */
  private whole(model: string, it: CacheItem, cand: string, c: ConditionalPart): ConditionalPart | null {
    if (c.status !== 'scored' || !c.wordFinalLater) return c;
    const w = this.wordFinals.get(conditionalKey(model, it, cand));
    return w === undefined ? null : { ...c, wordFinalLogprob: w };
  }

  /** Per candidate: is its result held (both terms)? */
  fresh(model: string, it: CacheItem): boolean[] {
    const ctx = this.contexts.get(contextKey(model, it));
    return it.candidates.map((cand) => {
      const c = this.conditional.get(conditionalKey(model, it, cand));
      if (!ctx || !c || !this.whole(model, it, cand, c)) return false;
      return !needsUnconditional(c) || this.unconditional.has(unconditionalKey(model, it, c.continuation));
    });
  }

  /**
   * What the engine must score for this item, or null when every part is held. In phases (what
   * the Scorer does, so a keystroke shows fresh numbers after one forward of the edited
   * candidate): 'conditional' asks for the context's part and the conditional terms only, every
   * rule but PMI (and under dynamic q8 the whole-word rule, whose term needs a pass of its own);
   * 'unconditional' then asks for PMI's unconditional terms and those word-final terms not held
   * (call it after the first phase was stored: it needs the conditional parts' continuations).
   */
  missing(model: string, it: CacheItem, phase: ScorePhase = 'all'): PartsWanted | null {
    const ctx = this.contexts.get(contextKey(model, it));
    const conditional: number[] = [];
    const unconditionalKnown: string[] = [];
    const pending = phase === 'conditional' ? { pmi: [], wordFinal: [] } : this.pending(model, it);
    const wordFinalOnly = pending.wordFinal;
    it.candidates.forEach((cand, i) => {
      const c = this.conditional.get(conditionalKey(model, it, cand));
      if (!c) conditional.push(i);
      if (phase === 'conditional') return;
      // The continuation (moved whitespace + candidate) is known once the context's part is; before
      // that, offer every way the candidate could have been continued that is held.
      const continuations = c && needsUnconditional(c) ? [c.continuation] : ctx ? [ctx.moved + cand] : [cand, ' ' + cand, '\n' + cand];
      for (const k of continuations) if (this.unconditional.has(unconditionalKey(model, it, k))) unconditionalKnown.push(k);
    });
    if (phase === 'conditional') return ctx && conditional.length === 0 ? null : { conditional, unconditionalKnown, unconditional: false, wordFinal: 'if-same-pass' };
    const uncMissing = pending.pmi.length > 0;
    const finals = wordFinalOnly.length > 0 ? { wordFinalOnly } : {};
    if (phase === 'unconditional') return uncMissing || wordFinalOnly.length > 0 ? { conditional: [], unconditionalKnown, ...finals } : null;
    if (ctx && conditional.length === 0 && !uncMissing && wordFinalOnly.length === 0) return null;
    return { conditional, unconditionalKnown, ...finals };
  }

  /**
   * Positions whose conditional term is held but whose PMI unconditional term is not, and those
   * whose conditional term came without its word-final term and that term is not held.
   */
  pending(model: string, it: CacheItem): PendingRows {
    const out: PendingRows = { pmi: [], wordFinal: [] };
    it.candidates.forEach((cand, i) => {
      const c = this.conditional.get(conditionalKey(model, it, cand));
      if (!c) return;
      if (needsUnconditional(c) && !this.unconditional.has(unconditionalKey(model, it, c.continuation))) out.pmi.push(i);
      if (!this.whole(model, it, cand, c)) out.wordFinal.push(i);
    });
    return out;
  }

  /** Keep what the engine scored for this item. */
  store(model: string, it: CacheItem, parts: ItemParts): void {
    this.contexts.set(contextKey(model, it), parts.context);
    it.candidates.forEach((cand, i) => {
      const c = parts.conditional[i];
      if (c) this.conditional.set(conditionalKey(model, it, cand), c);
      const u = parts.unconditional[i];
      if (u) this.unconditional.set(unconditionalKey(model, it, parts.continuations[i]), u);
      const w = parts.wordFinal[i];
      if (w !== undefined) this.wordFinals.set(conditionalKey(model, it, cand), w);
    });
  }

  /**
   * The item from held parts (null when one is missing): equal to a from-scratch score. With
   * `partial`, the second phase's terms may be missing: a row's PMI (without its unconditional
   * term) or whole-word score (without its word-final term) is NaN, and out of that rule's
   * winners, until the term arrives; every other number is already final.
   */
  assemble(model: string, it: CacheItem, opts: { partial?: boolean } = {}): ItemScore | null {
    const ctx = this.contexts.get(contextKey(model, it));
    if (!ctx) return null;
    const cond: ConditionalPart[] = [];
    const unc: (UnconditionalPart | undefined)[] = [];
    for (const cand of it.candidates) {
      const held = this.conditional.get(conditionalKey(model, it, cand));
      if (!held) return null;
      const c = this.whole(model, it, cand, held);
      if (!c && !opts.partial) return null;
      cond.push(c ?? held);
      if (needsUnconditional(held)) {
        const u = this.unconditional.get(unconditionalKey(model, it, held.continuation));
        if (!u && !opts.partial) return null;
        unc.push(u);
      } else unc.push(undefined);
    }
    return assembleParts(it.context, it.candidates, ctx, cond, unc, { mu: it.options.mu });
  }

  get size(): { contexts: number; conditional: number; unconditional: number; wordFinal: number } {
    return { contexts: this.contexts.size, conditional: this.conditional.size, unconditional: this.unconditional.size, wordFinal: this.wordFinals.size };
  }
}

/** The engine call the two phases use (EngineApi.scoreParts). */
export type ScorePartsFn = (req: { context: string; candidates: string[]; options: ScoreOptions; wanted: PartsWanted }) => Promise<ItemParts>;

/**
 * Score an item through the cache in two phases: first the context and the conditional terms
 * (every rule but PMI, and under dynamic q8 but the whole-word rule), reported through
 * `onConditional` with the rows whose terms are still pending; then PMI's unconditional terms and
 * those word-final terms. Returns the complete item, equal to a from-scratch score.
 */
export async function scoreInPhases(
  cache: ScoreCache,
  model: string,
  it: CacheItem,
  scoreParts: ScorePartsFn,
  onConditional?: (partial: ItemScore, pending: PendingRows) => void,
): Promise<ItemScore> {
  const ask = async (phase: ScorePhase) => {
    const wanted = cache.missing(model, it, phase);
    if (wanted) cache.store(model, it, await scoreParts({ context: it.context, candidates: [...it.candidates], options: it.options, wanted }));
  };
  await ask('conditional');
  const pending = cache.pending(model, it);
  if (pending.pmi.length > 0 || pending.wordFinal.length > 0) {
    if (onConditional) {
      const partial = cache.assemble(model, it, { partial: true });
      if (!partial) throw new Error('a scored part is missing from the cache');
      onConditional(partial, pending);
    }
    await ask('unconditional');
  }
  const result = cache.assemble(model, it);
  if (!result) throw new Error('a scored part is missing from the cache');
  return result;
}
