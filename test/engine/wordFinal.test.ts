// The word-final correction (acc_word) on the real stories260K against the float64 reference
// (test/fixtures/make/stories260k_reference.py: its own forward pass and its own boundary set,
// classified with Python's unicodedata): the boundary set, each candidate's word_final_logprob and
// word_logprob, and the prefix choice that wins the raw sum and loses the whole-word sum.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import type { Engine } from '../../src/engine/engine';
import { assembleParts, type ConditionalPart } from '../../src/engine/parts';
import { boundaryIdsOf, planItem, scorePlans } from '../../src/engine/scorer';
import { truthWordFinal } from '../fixtures/groundTruth';
import { ensureExportStyleModels, exportStyleFolder } from '../fixtures/exportStyles';
import { DEFAULT_SCORE_OPTIONS } from '../../src/core/scoring/types';
import { MODELS_DIR } from '../paths';

interface RefCandidate {
  text: string;
  tokens: { id: number }[];
  sum_logprob: number;
  word_final_logprob: number;
  word_logprob: number;
}
const ref = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/stories260k-reference.json'), 'utf8')) as {
  boundary_ids: number[];
  cases: { context: string; candidates: RefCandidate[] }[];
  word_final_cases: { context: string; candidates: RefCandidate[] }[];
};

const TOL = 1e-4;
let engine: Engine;
beforeAll(async () => {
  engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'stories260K') }, 'fp32');
});
afterAll(async () => {
  await engine?.unload();
});

const close = (got: number, want: number, tol = TOL) => expect(Math.abs(got - want), `${got} vs ${want}`).toBeLessThan(tol);

describe('word-final correction on stories260K against the float64 reference', () => {
  it("the engine's boundary set is the reference's (148 of 512 ids)", () => {
    expect(ref.boundary_ids.length).toBe(148);
    expect([...boundaryIdsOf(engine.current()!)]).toEqual(ref.boundary_ids);
  });

  for (const c of [...ref.word_final_cases, ...ref.cases]) {
    it(`word_final_logprob and word_logprob of every candidate: ${JSON.stringify(c.context)}`, async () => {
      const out = await engine.score({ context: c.context, candidates: c.candidates.map((x) => x.text), options: DEFAULT_SCORE_OPTIONS });
      c.candidates.forEach((want, i) => {
        const got = out.candidates[i];
        expect(got.tokens.map((t) => t.id)).toEqual(want.tokens.map((t) => t.id));
        close(got.word_final_logprob, want.word_final_logprob);
        close(got.word_logprob, want.word_logprob);
        expect(got.word_logprob).toBe(got.sum_logprob + got.word_final_logprob);
        expect(got.word_final_logprob).toBeLessThanOrEqual(0);
      });
    });
  }

  it('" par" beats " park" on the raw sum and loses once the word must end', async () => {
    const c = ref.word_final_cases[0];
    expect(c.context).toBe('The dog ran to the');
    const [par, park] = c.candidates;
    // The reference itself: the prefix wins by 0.006 nats, and pays 9.8 nats for ending there.
    expect(par.sum_logprob).toBeGreaterThan(park.sum_logprob);
    expect(par.word_logprob).toBeLessThan(park.word_logprob - 8);
    const out = await engine.score({ context: c.context, candidates: [' par', ' park'], options: DEFAULT_SCORE_OPTIONS });
    expect(out.winners.acc).toBe(0);
    expect(out.winners.acc_word).toBe(1);
  });

  it('a one-token candidate gets its term in the same numbers alone as among longer ones', async () => {
    const c = ref.word_final_cases[1];
    const group = await engine.score({ context: c.context, candidates: c.candidates.map((x) => x.text), options: DEFAULT_SCORE_OPTIONS });
    for (const [i, want] of c.candidates.entries()) {
      const alone = await engine.score({ context: c.context, candidates: [want.text], options: DEFAULT_SCORE_OPTIONS });
      close(alone.candidates[0].word_final_logprob, group.candidates[i].word_final_logprob, 1e-6);
      close(alone.candidates[0].word_final_logprob, want.word_final_logprob);
    }
  });

  it("the Scorer's incremental parts carry the same term (prefix reuse and the row memo)", async () => {
    const c = ref.word_final_cases[0];
    const cands = c.candidates.map((x) => x.text);
    // Twice: the second run takes the held prefix and memoised rows.
    for (let run = 0; run < 2; run++) {
      const parts = await engine.scoreParts({ context: c.context, candidates: cands, options: DEFAULT_SCORE_OPTIONS, wanted: { conditional: cands.map((_, i) => i), unconditionalKnown: [], unconditional: false } });
      const item = assembleParts(c.context, cands, parts.context, parts.conditional as ConditionalPart[], parts.unconditional, { mu: DEFAULT_SCORE_OPTIONS.mu });
      c.candidates.forEach((want, i) => close(item.candidates[i].word_final_logprob, want.word_final_logprob));
      expect(item.winners.acc_word).toBe(1);
    }
  });
});

describe('a context cut to the window (GPT-2 export style: learned positions, 1,024 of them)', () => {
  it('the scores keep their passes, and the word-final row conditions on one token less instead of a position past the window', async () => {
    ensureExportStyleModels();
    const gpt2 = await createNodeEngine({ kind: 'path', path: exportStyleFolder('gpt2') }, 'fp32', { cpuThreads: 1 });
    try {
      const m = gpt2.current()!;
      const context = 'Once upon a time, there was a little girl named Lily. She liked to play in the park. '.repeat(80) + 'One day she saw a';
      const candidates = [' dog', ' big red ball'];
      const plans = planItem(m, context, candidates, DEFAULT_SCORE_OPTIONS, false).plans.map((p) => p!);
      // The window is full: prefix + tokens = maxLength + 1, no position left after the last token.
      for (const p of plans) expect(p.prefixIds.length + p.tokens.length).toBe(m.info.maxLength + 1);
      const plain = await scorePlans(m, plans, { stats: 'logprob' });
      const withFinal = await scorePlans(m, plans, { stats: 'logprob', wordFinal: true });
      for (const [i, p] of plans.entries()) {
        expect(withFinal[i]!.sum).toBe(plain[i]!.sum);
        close(withFinal[i]!.wordFinal!, await truthWordFinal(m, { ...p, prefixIds: p.prefixIds.slice(1) }));
      }
      const out = await gpt2.score({ context, candidates, options: DEFAULT_SCORE_OPTIONS });
      expect(out.warnings.map((w) => w.code)).toContain('context_truncated');
      out.candidates.forEach((c, i) => close(c.word_final_logprob, withFinal[i]!.wordFinal!));
    } finally {
      await gpt2.unload();
    }
  }, 120_000);
});
