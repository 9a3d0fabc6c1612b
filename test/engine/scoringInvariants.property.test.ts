// Property tests of the scoring invariants with the real stories260K (fp32), fixed seed, small
// budget:
// - a candidate's scores do not depend on the other candidates or their order (1e-5);
// - each candidate's token spans partition its bytes, or the result says why (byte_note);
// - winners never pick a candidate that was not scored or whose score under the rule is NaN;
// - the same input gives byte-identical JSON, whatever was scored in between.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import type { Engine } from '../../src/engine/engine';
import { DEFAULT_SCORE_OPTIONS, type CandidateScore, type ItemScore } from '../../src/core/scoring/types';
import { RULES } from '../../src/core/scoring/winners';
import { MODELS_DIR } from '../paths';

const RUNS = { seed: Number(process.env.FC_SEED ?? 424242), numRuns: Number(process.env.FC_RUNS ?? 12) } as const;
/**
 * Special-token text typed into a context or candidate ("<s>", "</s>"): it once broke the winners
 * invariant (an unscored "<s>" won PMI). On by default; FC_SPECIALS=0 leaves it out.
 */
const SPECIALS = process.env.FC_SPECIALS !== '0';

let engine: Engine;
beforeAll(async () => {
  engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'stories260K') }, 'fp32');
});
afterAll(async () => {
  await engine?.unload();
});

// Story-like text the model knows, mid-word cuts, whitespace, non-ASCII (byte fallback), emoji.
const WORDS = [...(SPECIALS ? ['<s>', '</s>'] : []), 'Once', 'upon', 'a', 'time', 'there', 'was', 'little', 'girl', 'named', 'Lily', 'Tom', 'she', 'loved', 'to', 'play', 'park', 'happy', 'dog', 'big', 'red', 'ball', '.', ',', '!', 'café', '日本', '🙂', 'hap', 'py'];
const SPACES = ['', ' ', ' ', ' ', '  ', '\n', '\t'];
const phrase = fc.array(fc.tuple(fc.constantFrom(...SPACES), fc.constantFrom(...WORDS)), { maxLength: 6 }).map((ws) => ws.map(([s, w]) => s + w).join(''));
const context = fc.oneof(phrase, phrase.map((p) => p + ' '), fc.constant(''), fc.constant('Once upon a time, there was a little girl named'));
const candidate = fc.oneof({ weight: 6, arbitrary: phrase }, fc.constant(''), fc.string({ unit: 'grapheme', maxLength: 8 }), ...(SPECIALS ? [fc.constantFrom('<s>', '</s>')] : []));
const candidates = fc.array(candidate, { minLength: 1, maxLength: 5 });

const score = (ctx: string, cands: string[]) => engine.score({ context: ctx, candidates: cands, options: DEFAULT_SCORE_OPTIONS });

function sameScores(a: CandidateScore, b: CandidateScore): void {
  expect(b.tokens.map((t) => t.id)).toEqual(a.tokens.map((t) => t.id));
  const near = (x: number, y: number) => (Number.isNaN(x) ? expect(y).toBeNaN() : expect(Math.abs(x - y)).toBeLessThan(1e-5));
  a.tokens.forEach((t, j) => near(t.logprob, b.tokens[j].logprob));
  for (const k of ['sum_logprob', 'per_token', 'per_char', 'per_byte', 'pmi', 'prior_bpb'] as const) near(a[k], b[k]);
}

describe('scoring invariants (stories260K fp32)', () => {
  it("a candidate's scores do not depend on the other candidates or their order", async () => {
    await fc.assert(
      fc.asyncProperty(context, candidates, fc.infiniteStream(fc.nat()), async (ctx, cands, rnd) => {
        const keys = cands.map(() => rnd.next().value as number);
        const order = cands.map((_, i) => i).sort((x, y) => keys[x] - keys[y] || x - y);
        const group = await score(ctx, cands);
        const shuffled = await score(ctx, order.map((i) => cands[i]));
        order.forEach((i, k) => sameScores(group.candidates[i], shuffled.candidates[k]));
        const alone = await score(ctx, [cands[0]]);
        sameScores(group.candidates[0], alone.candidates[0]);
      }),
      RUNS,
    );
  });

  it("spans partition each candidate's bytes, or a reason is given", async () => {
    await fc.assert(
      fc.asyncProperty(context, candidates, async (ctx, cands) => {
        const r = await score(ctx, cands);
        for (const c of r.candidates) {
          if (c.tokens.length === 0) continue;
          const spans = c.tokens.map((t) => t.bytes);
          const n = new TextEncoder().encode(c.continuation).length;
          const partition = spans[0][0] === 0 && spans.every((s, j) => s[0] <= s[1] && (j === 0 || s[0] === spans[j - 1][1])) && spans[spans.length - 1][1] === n;
          if (!partition) expect(c.byte_note, JSON.stringify({ ctx, text: c.text, spans, n })).toBeTruthy();
        }
      }),
      RUNS,
    );
  });

  it('winners never pick an unscored or NaN candidate', async () => {
    await fc.assert(
      fc.asyncProperty(context, candidates, async (ctx, cands) => {
        const r: ItemScore = await score(ctx, cands);
        for (const [rule, value] of Object.entries(RULES) as [keyof typeof RULES, (c: CandidateScore) => number][]) {
          const w = r.winners[rule];
          const finite = r.candidates.map((c) => c.tokens.length > 0 && Number.isFinite(value(c)));
          if (w === -1) {
            expect(finite.some(Boolean), `${rule}: no winner although some candidate is scored`).toBe(false);
            continue;
          }
          expect(finite[w], `${rule} picked ${w}: ${JSON.stringify({ ctx, cands })}`).toBe(true);
          for (const [i, c] of r.candidates.entries()) if (finite[i]) expect(value(c)).toBeLessThanOrEqual(value(r.candidates[w]) + 1e-9);
        }
      }),
      { ...RUNS, examples: SPECIALS ? [['Once upon a time', [' there', '<s>']]] : [] },
    );
  });

  it('the same input gives byte-identical JSON, whatever was scored in between', async () => {
    await fc.assert(
      fc.asyncProperty(context, candidates, context, candidates, async (ctx, cands, otherCtx, other) => {
        const first = JSON.stringify(await score(ctx, cands));
        await score(otherCtx, other);
        expect(JSON.stringify(await score(ctx, cands))).toBe(first);
      }),
      RUNS,
    );
  });
});
