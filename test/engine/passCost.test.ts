// The pass cost a plan chooses by is fixed unless a load asks to measure it (or gives one), and it
// steers only how many passes and padded tokens a score takes: under any cost the log-probs are
// those of one full forward per candidate.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import type { LoadedModel } from '../../src/engine/model';
import { planContinuation, scorePlans, type ContinuationPlan } from '../../src/engine/scorer';
import { benchPlans, naivePath } from '../../src/engine/bench/paths';
import { benchItemsFor } from '../../src/engine/bench/run';
import { HELLASWAG_SHAPE } from '../../src/engine/bench/items';
import { DEFAULT_SCORE_OPTIONS } from '../../src/core/scoring/types';
import { roundOverheadTokens } from '../../src/core/passCost';
import { onSessionRun } from './sessionRuns';
import { MODELS_DIR } from '../paths';

const load = async (name: string, dtype: 'fp32' | 'q8', passOverhead?: number | 'measure') =>
  (await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, name) }, dtype, passOverhead === undefined ? {} : { passOverhead })).current()!;

/** Passes a scoring call runs (count, and whether each started from an empty past). */
async function passesOf(m: LoadedModel, run: () => Promise<unknown>): Promise<{ fromEmpty: number; onPast: number }> {
  const seen = { fromEmpty: 0, onPast: 0 };
  let on = true;
  onSessionRun(m.model, (feeds) => {
    if (!on) return;
    const past = Object.entries(feeds).find(([k]) => k.startsWith('past_key_values'))![1].dims[2];
    if (past === 0) seen.fromEmpty++;
    else seen.onPast++;
  });
  await run();
  on = false;
  return seen;
}

async function maxDiffToNaive(m: LoadedModel, plans: ContinuationPlan[], scored: Awaited<ReturnType<typeof scorePlans>>, naive: number[][]): Promise<number> {
  let d = 0;
  plans.forEach((_, i) => naive[i].forEach((lp, j) => (d = Math.max(d, Math.abs(lp - scored[i]!.tokens[j].logprob)))));
  return d;
}

describe('the pass cost a load counts by', () => {
  it('by default the fixed 16 tokens, timing nothing: the same splits, and so the same digits, on every load', async () => {
    for (const name of ['bench-llama-6M', 'tiny-llama-gqa']) {
      const m = await load(name, 'fp32');
      expect(m.info.plan.cost).toEqual({ passMs: NaN, tokenMs: NaN, overheadTokens: 16, source: 'fixed' });
    }
  });

  it('asked to measure, shared-cache and gqa-exact time passes of four sizes and count a pass as a power of two of tokens', async () => {
    for (const name of ['bench-llama-6M', 'tiny-llama-gqa']) {
      const m = await load(name, 'fp32', 'measure');
      const cost = m.info.plan.cost!;
      expect(cost.timings!.map((t) => t.tokens)).toEqual([16, 32, 64, 128]);
      for (const t of cost.timings!) expect(t.ms).toBeGreaterThan(0);
      if (cost.source === 'measured') {
        expect(cost.tokenMs).toBeGreaterThan(0);
        expect(cost.overheadTokens).toBe(roundOverheadTokens(cost.passMs / cost.tokenMs));
      } else {
        // A machine too noisy to fit: the default, and the reason.
        expect(cost).toMatchObject({ source: 'default', overheadTokens: 16 });
        expect(cost.reason).toMatch(/off the line|not measurably slower/);
      }
    }
  });

  it('isolated (dynamic q8) times nothing: every pass runs alone whatever it costs', async () => {
    const m = await load('bench-llama-6M', 'q8', 'measure');
    expect(m.info.plan.plan).toBe('isolated');
    expect(m.info.plan.cost).toBeNull();
  });

  it('a given cost is used as it is', async () => {
    const m = await load('bench-llama-6M', 'fp32', 3);
    expect(m.info.plan.cost).toMatchObject({ source: 'given', overheadTokens: 3 });
  });
});

describe('the cost steers passes, never numbers', () => {
  it('shared-cache: a chunk of 10 items splits into more passes when a pass is cheap, with the same log-probs (1e-5)', async () => {
    const cheap = await load('tiny-llama-plain', 'fp32', 0);
    const dear = await load('tiny-llama-plain', 'fp32', 64);
    const items = benchItemsFor(cheap, { ...HELLASWAG_SHAPE, items: 10 });
    const plans = items.flatMap((it) => benchPlans(cheap, it));
    const naive = (await Promise.all(items.map((it) => naivePath(cheap, it)))).flat();
    const out: Record<string, { passes: number; diff: number }> = {};
    for (const [label, m] of [['cheap', cheap], ['dear', dear]] as const) {
      let scored: Awaited<ReturnType<typeof scorePlans>> = [];
      const p = await passesOf(m, async () => (scored = await scorePlans(m, plans, { stats: 'logprob' })));
      out[label] = { passes: p.fromEmpty + p.onPast, diff: await maxDiffToNaive(m, plans, scored, naive) };
    }
    expect(out.cheap.passes).toBeGreaterThan(out.dear.passes);
    expect(out.cheap.diff).toBeLessThan(1e-5);
    expect(out.dear.diff).toBeLessThan(1e-5);
  });

  it('gqa-exact: a short context takes whole sequences when a pass is dear, its rows when cheap, with the same log-probs (1e-5)', async () => {
    const cheap = await load('tiny-llama-gqa', 'fp32', 0);
    const dear = await load('tiny-llama-gqa', 'fp32', 64);
    const candidates = [' the cat sat on the mat', ' a dog ran far away', ' two birds sang', ' nobody came home that night'];
    const plans = candidates.map((c) => planContinuation(cheap, 'Once upon a time', c, DEFAULT_SCORE_OPTIONS));
    for (const p of plans) expect(p.tokens.length).toBeGreaterThanOrEqual(3);
    const naive = await naivePath(cheap, { context: 'Once upon a time', candidates });
    let scoredCheap: Awaited<ReturnType<typeof scorePlans>> = [];
    let scoredDear: Awaited<ReturnType<typeof scorePlans>> = [];
    const rows = await passesOf(cheap, async () => (scoredCheap = await scorePlans(cheap, plans, { stats: 'logprob' })));
    const whole = await passesOf(dear, async () => (scoredDear = await scorePlans(dear, plans, { stats: 'logprob' })));
    // Rows: the context from an empty past, then each candidate on its cache; whole: one padded pass from an empty past.
    expect(rows).toEqual({ fromEmpty: 1, onPast: 4 });
    expect(whole).toEqual({ fromEmpty: 1, onPast: 0 });
    expect(await maxDiffToNaive(cheap, plans, scoredCheap, naive)).toBeLessThan(1e-5);
    expect(await maxDiffToNaive(dear, plans, scoredDear, naive)).toBeLessThan(1e-5);
  });
});
