// The context's cache reused across keystrokes: typing at the end of the context runs only the
// tokens from the first changed one onward (token ids compared, not text), and every score equals
// a from-scratch score to 1e-5 at fp32 — on each plan that allows it (plain attention: stories260K;
// GroupQueryAttention at batch 1: tiny-llama-gqa and -gqa-pos), while dynamic q8 (isolated) reuses
// only an identical context.
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import type { Engine } from '../../src/engine/engine';
import { lastPrefixRun } from '../../src/engine/forward';
import { onSessionRun } from './sessionRuns';
import { DEFAULT_SCORE_OPTIONS } from '../../src/core/scoring/types';
import type { Dtype } from '../../src/engine/types';
import { MODELS_DIR } from '../paths';
import { expectClose } from '../closeTo';

const TYPED = 'Once upon a time, there was a little girl.';
const CANDIDATES = [' She liked to play.', ' The dog ran away', ' happy'];
const engines: Engine[] = [];
afterAll(async () => {
  for (const e of engines) await e.unload();
});

/** Counts the engine's passes that start from an empty past (a context run whole), and all its passes. */
function countWholeContextPasses(engine: Engine): { count: number; all: number } {
  const counter = { count: 0, all: 0 };
  onSessionRun(engine.current()!.model, (feeds) => {
    counter.all++;
    const past = Object.entries(feeds).find(([k]) => k.startsWith('past_key_values'))?.[1];
    if (past && past.dims[2] === 0) counter.count++;
  });
  return counter;
}

async function typeContext(name: string, dtype: Dtype) {
  const engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, name) }, dtype);
  engines.push(engine);
  const whole = countWholeContextPasses(engine);
  const wholePasses: number[] = [];
  const options = DEFAULT_SCORE_OPTIONS;
  const runs: { ran: number; reused: number }[] = [];
  // Keystrokes at the end of the context, after a start of a few words.
  for (let n = 12; n <= TYPED.length; n += 3) {
    const context = TYPED.slice(0, n);
    const wanted = { conditional: CANDIDATES.map((_, i) => i), unconditionalKnown: [] };
    whole.count = 0;
    const parts = await engine.scoreParts({ context, candidates: CANDIDATES, options, wanted });
    runs.push(lastPrefixRun());
    wholePasses.push(whole.count);
    const scratch = await engine.score({ context, candidates: CANDIDATES, options });
    parts.conditional.forEach((c, i) => {
      expect(c?.status).toBe('scored');
      if (c?.status === 'scored') expectClose(c.tokens, scratch.candidates[i].tokens, `${name} ${JSON.stringify(context)} candidate ${i}`);
    });
  }
  // The same context twice: the second time nothing runs.
  for (let k = 0; k < 2; k++) {
    await engine.scoreParts({ context: TYPED, candidates: CANDIDATES, options, wanted: { conditional: [0], unconditionalKnown: [] } });
    runs.push(lastPrefixRun());
  }
  return { engine, runs, wholePasses };
}

describe('context cache reuse across keystrokes', () => {
  it.each([
    ['stories260K', 'fp32', 'shared-cache'],
    ['tiny-llama-gqa', 'fp32', 'gqa-exact'],
    ['tiny-llama-gqa-pos', 'fp32', 'gqa-exact'],
  ] as const)('%s %s (%s): runs only the changed tail and equals from-scratch to 1e-5', async (name, dtype, plan) => {
    const { engine, runs } = await typeContext(name, dtype);
    expect(engine.current()?.info.plan.plan).toBe(plan);
    // After the first context, each keystroke (3 characters) runs a few tokens, never the context.
    for (const r of runs.slice(1, -1)) {
      expect(r.reused).toBeGreaterThan(0);
      expect(r.ran).toBeLessThanOrEqual(4);
    }
    expect(runs[runs.length - 1]).toEqual({ ran: 0, reused: runs[runs.length - 1].reused });
  }, 120_000);

  it('stories260K q8 (dynamic quantisation, isolated): no partial reuse, still exact', async () => {
    const { engine, runs, wholePasses } = await typeContext('stories260K', 'q8');
    expect(engine.current()?.info.plan.plan).toBe('isolated');
    // Either the identical context as it is, or the whole context run again: once per changed
    // context (its word-final rows reuse it), never a partial run. The first keystroke also runs
    // PMI's unconditional context (BOS), held from then on.
    for (const r of runs) expect(r.ran === 0 || r.reused === 0, JSON.stringify(r)).toBe(true);
    expect(wholePasses[0]).toBe(2);
    expect(wholePasses.slice(1).filter((n) => n === 1).length).toBeGreaterThan(5);
    expect(Math.max(...wholePasses.slice(1))).toBe(1);
    expect(runs[runs.length - 1].ran).toBe(0);
  }, 120_000);
});

describe('issue 25 item 19: a shortened context (backspacing over whole words)', () => {
  it.each(['stories260K', 'tiny-llama-gqa', 'tiny-llama-gqa-pos'] as const)(
    '%s: each shorter context (its ids a strict prefix of the held ones) equals from-scratch to 1e-5',
    async (name) => {
      const engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, name) }, 'fp32');
      engines.push(engine);
      const options = DEFAULT_SCORE_OPTIONS;
      // The whole sentence first, then cut back word by word: the cache holds more than is asked.
      const cuts = [TYPED.length, ...[...TYPED.matchAll(/ /g)].map((m) => m.index).reverse()];
      const runs: { ran: number; reused: number }[] = [];
      for (const n of cuts) {
        const context = TYPED.slice(0, n);
        const parts = await engine.scoreParts({ context, candidates: CANDIDATES, options, wanted: { conditional: CANDIDATES.map((_, i) => i), unconditionalKnown: [] } });
        runs.push(lastPrefixRun());
        const scratch = await engine.score({ context, candidates: CANDIDATES, options });
        parts.conditional.forEach((c, i) => {
          expect(c?.status).toBe('scored');
          if (c?.status === 'scored') expectClose(c.tokens, scratch.candidates[i].tokens, `${name} ${JSON.stringify(context)} candidate ${i}`);
        });
      }
      // The shorter contexts were served from the held cache, not run again from the start.
      expect(runs.slice(1).some((r) => r.reused > 0)).toBe(true);
    },
    120_000,
  );
});

describe('a candidate keystroke under dynamic q8 (isolated) runs no context pass', () => {
  it('stories260K q8: the edited candidate and its word-final row run on the held context, equal to from-scratch', async () => {
    const engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'stories260K') }, 'q8');
    engines.push(engine);
    expect(engine.current()?.info.plan.plan).toBe('isolated');
    const whole = countWholeContextPasses(engine);
    const options = DEFAULT_SCORE_OPTIONS;
    const context = 'Once upon a time, there was a little girl named';
    const all = { conditional: [0, 1, 2], unconditionalKnown: [], unconditional: false };
    await engine.scoreParts({ context, candidates: [' Lily.', ' Sue', ' Tom went home.'], options, wanted: all });
    for (const edited of [' Lily.x', ' Lily.xy', ' Lil']) {
      whole.count = 0;
      whole.all = 0;
      const candidates = [edited, ' Sue', ' Tom went home.'];
      const parts = await engine.scoreParts({ context, candidates, options, wanted: { conditional: [0], unconditionalKnown: [], unconditional: false } });
      // Every pass fed the held context's cache: none started from an empty past. Two passes in
      // all: the candidate's scores (every token but its last fed, as lm-eval-harness feeds them)
      // and its word-final row (every token fed), which under dynamic q8 cannot share one pass
      // without moving the scores (feeding the last token changes every token's activation scales).
      expect(whole.count, edited).toBe(0);
      expect(whole.all, edited).toBe(2);
      const scratch = await engine.score({ context, candidates, options });
      const c = parts.conditional[0];
      expect(c?.status).toBe('scored');
      if (c?.status === 'scored') {
        expectClose(c.tokens, scratch.candidates[0].tokens, `q8 ${JSON.stringify(edited)}`);
        expect(c.wordFinalLogprob).toBeCloseTo(scratch.candidates[0].word_final_logprob, 5);
      }
    }
  }, 120_000);

  it("stories260K q8, the Scorer's phases: the scores in one pass, the word-final term later in one more, both on the held context and equal to from-scratch", async () => {
    const engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'stories260K') }, 'q8');
    engines.push(engine);
    const whole = countWholeContextPasses(engine);
    const options = DEFAULT_SCORE_OPTIONS;
    const context = 'Once upon a time, there was a little girl named';
    await engine.scoreParts({ context, candidates: [' Lily.', ' Sue', ' Tom went home.'], options, wanted: { conditional: [0, 1, 2], unconditionalKnown: [], unconditional: false } });
    for (const edited of [' Lily.x', ' Lily.xy', ' Lil']) {
      const candidates = [edited, ' Sue', ' Tom went home.'];
      whole.count = 0;
      whole.all = 0;
      const first = await engine.scoreParts({ context, candidates, options, wanted: { conditional: [0], unconditionalKnown: [], unconditional: false, wordFinal: 'if-same-pass' } });
      // One pass: the candidate's scores; its word-final term is left for later.
      expect([whole.count, whole.all], edited).toEqual([0, 1]);
      const c = first.conditional[0];
      expect(c?.status).toBe('scored');
      if (c?.status !== 'scored') continue;
      expect(c.wordFinalLater).toBe(true);
      expect(c.wordFinalLogprob).toBeUndefined();
      expect(first.wordFinal).toEqual([undefined, undefined, undefined]);
      whole.count = 0;
      whole.all = 0;
      const later = await engine.scoreParts({ context, candidates, options, wanted: { conditional: [], unconditionalKnown: [], unconditional: false, wordFinalOnly: [0] } });
      expect([whole.count, whole.all], edited).toEqual([0, 1]);
      expect(later.conditional).toEqual([undefined, undefined, undefined]);
      const scratch = await engine.score({ context, candidates, options });
      // The same passes as a from-scratch score's: the same numbers, bit for bit.
      expect(c.tokens.map((t) => t.logprob)).toEqual(scratch.candidates[0].tokens.map((t) => t.logprob));
      expect(later.wordFinal[0]).toBe(scratch.candidates[0].word_final_logprob);
      expect(later.wordFinal.slice(1)).toEqual([undefined, undefined]);
    }
  }, 120_000);
});
