// `score --compare-model`: each model's part of the output is byte for byte what `score` prints
// for that model alone (a score never depends on what else is loaded), and the agreement, the
// fertility and the byte-aligned traces follow from the two results as their definitions say.
import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MODELS_DIR } from '../paths';
import { runCli } from './run';
import { expectOneLineError } from './oneLineError';
import type { ItemScore } from '../../src/core/scoring/types';
import { lengthText } from '../../src/core/scoring/lengthConvention';
import type { ItemComparison } from '../../src/core/compare/agreement';

const STORIES = 'stories260K';
const PLAIN = path.join(MODELS_DIR, 'tiny-llama-plain');
const CONTEXT = 'Once upon a time, there was a little girl named';
const ITEM = ['--context', CONTEXT, '--candidate', ' Lily.', '--candidate', ' Tom.', '--candidate', ' Sue went', '--candidate', ''];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lengthlens-compare-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

interface Doc {
  model: string;
  dtype: string;
  items: ItemScore[];
}
interface Comparison {
  models: [Doc, Doc];
  agreement: { rules: Record<string, { same: number; flipped: number; undecided: number }>; items: ItemComparison[] };
}

function ok(args: string[]): string {
  const r = runCli(args);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
}

/** The output of a comparison, and checks that hold for any: each part is what score prints alone. */
function compared(a: string[], flags: string[], bAlone: string[]): Comparison {
  const both = ok(['score', ...a, ...flags, ...ITEM, '--json']);
  // The whole document is in the one JSON layout, so an element re-printed is its text in the output.
  expect(JSON.stringify(JSON.parse(both), null, 2) + '\n').toBe(both);
  const out = JSON.parse(both) as Comparison;
  expect(JSON.stringify(out.models[0], null, 2) + '\n').toBe(ok(['score', ...a, ...ITEM, '--json']));
  expect(JSON.stringify(out.models[1], null, 2) + '\n').toBe(ok(['score', ...bAlone, ...ITEM, '--json']));
  const [ra, rb] = [out.models[0].items[0], out.models[1].items[0]];
  const c = out.agreement.items[0];
  for (const [rule, r] of Object.entries(c.rules)) {
    expect(r).toEqual({ a: ra.winners[rule as keyof ItemScore['winners']], b: rb.winners[rule as keyof ItemScore['winners']], same: r.a < 0 || r.b < 0 ? null : r.a === r.b });
    expect(out.agreement.rules[rule]).toEqual({ same: r.same === true ? 1 : 0, flipped: r.same === false ? 1 : 0, undecided: r.same === null ? 1 : 0 });
  }
  expect(Object.keys(c.rules)).toEqual(Object.keys(ra.winners));
  c.candidates.forEach((f, i) => {
    const [ca, cb] = [ra.candidates[i], rb.candidates[i]];
    expect(f.n_tokens).toEqual([ca.n_tokens, cb.n_tokens]);
    // Both models' lengths as lm-eval-harness counts them (score's default): the leading space left out.
    expect(f.n_bytes).toBe(Buffer.byteLength(lengthText(ITEM[2 * i + 3], 'harness')));
    if (f.n_bytes === 0) expect(f.tokens_per_byte).toEqual([null, null]);
    else expect(f.tokens_per_byte).toEqual([ca.n_tokens / f.n_bytes, cb.n_tokens / f.n_bytes]);
    // Each aligned group: both sides' tokens span exactly its bytes, and its bits add up to the candidate's.
    for (const g of f.aligned)
      for (const [side, cand] of [[0, ca], [1, cb]] as const) {
        expect(cand.tokens[g.tokens[side][0]].bytes[0]).toBe(g.bytes[0]);
        expect(cand.tokens[g.tokens[side][1] - 1].bytes[1]).toBe(g.bytes[1]);
      }
    for (const [side, cand] of [[0, ca], [1, cb]] as const) {
      const bits = f.aligned.reduce((s, g) => s + g.bits[side], 0);
      if (cand.n_tokens > 0) expect(bits).toBeCloseTo(-cand.sum_logprob / Math.LN2, 4);
    }
  });
  return out;
}

describe('score --compare-model', () => {
  it('stories260K fp32 beside q4: both outputs as alone, the same tokens, the largest per-token differences', () => {
    const out = compared(['--model', STORIES], ['--compare-dtype', 'q4'], ['--model', STORIES, '--dtype', 'q4']);
    expect(out.models.map((m) => [m.model, m.dtype])).toEqual([[STORIES, 'fp32'], [STORIES, 'q4']]);
    const c = out.agreement.items[0];
    expect(c.same_tokens).toBe(true);
    // Recomputed from the two results: every scored token's difference, largest |b − a| first.
    const all = out.models[0].items[0].candidates.flatMap((ca, i) =>
      ca.tokens.map((t, k) => ({ candidate: i, token: k, diff: out.models[1].items[0].candidates[i].tokens[k].logprob - t.logprob })),
    );
    all.sort((x, y) => Math.abs(y.diff) - Math.abs(x.diff));
    expect(c.largest_token_differences!.map((d) => [d.candidate, d.token, d.diff])).toEqual(all.slice(0, 5).map((d) => [d.candidate, d.token, d.diff]));
    // q4 moves stories260K's log-probs by tenths of a nat here (measured: up to 0.62 on " T").
    expect(Math.abs(c.largest_token_differences![0].diff)).toBeGreaterThan(0.1);
    // The empty candidate has no winner on either model and no tokens: nothing to align.
    expect(c.candidates[3]).toMatchObject({ n_tokens: [0, 0], aligned: [] });
  });

  it('stories260K beside tiny-llama-plain (another tokenizer): fertility differs, no per-token differences', () => {
    const out = compared(['--model', STORIES], ['--compare-model', PLAIN], ['--model', PLAIN]);
    const c = out.agreement.items[0];
    expect(c.same_tokens).toBe(false);
    expect(c.largest_token_differences).toBeNull();
    // " Sue went": 5 tokens of stories260K's 512 (" S" "u" "e" " w" "ent"), 2 of the 32,000 (" Sue" " went").
    expect(c.candidates[2].n_tokens).toEqual([5, 2]);
    expect(c.candidates[2].aligned.map((g) => [g.bytes, g.tokens])).toEqual([
      [[0, 4], [[0, 3], [0, 1]]],
      [[4, 9], [[3, 5], [1, 2]]],
    ]);
  });

  it('--jsonl: one line per item, each model\'s part the line score --jsonl prints alone', () => {
    const file = path.join(tmp, 'items.jsonl');
    fs.writeFileSync(file, [JSON.stringify({ context: CONTEXT, candidates: [' Lily.', ' Tom.'] }), JSON.stringify({ context: 'The dog ran to the', candidates: [' park', ' par'] })].join('\n') + '\n');
    const lines = ok(['score', '--model', STORIES, '--compare-dtype', 'q8', '--items', file, '--jsonl']).trimEnd().split('\n');
    const alone = [ok(['score', '--model', STORIES, '--items', file, '--jsonl']), ok(['score', '--model', STORIES, '--dtype', 'q8', '--items', file, '--jsonl'])].map((s) => s.trimEnd().split('\n'));
    expect(lines).toHaveLength(2);
    lines.forEach((line, n) => {
      const parsed = JSON.parse(line) as { models: [ItemScore, ItemScore]; agreement: ItemComparison };
      expect(JSON.stringify(parsed.models[0])).toBe(alone[0][n]);
      expect(JSON.stringify(parsed.models[1])).toBe(alone[1][n]);
      expect(line.startsWith(`{"models":[${alone[0][n]},${alone[1][n]}],"agreement":`)).toBe(true);
      expect(parsed.agreement.same_tokens).toBe(true);
    });
  });

  it('the table holds each model\'s table as score prints it alone, then the comparison', () => {
    const both = ok(['score', '--model', STORIES, '--compare-model', PLAIN, ...ITEM]);
    const a = ok(['score', '--model', STORIES, ...ITEM]);
    const b = ok(['score', '--model', PLAIN, ...ITEM]);
    expect(both.startsWith(`model A: ${STORIES} fp32\n${a}model B: ${PLAIN} fp32\n${b}  compared: A = ${STORIES} fp32, B = ${PLAIN} fp32\n`)).toBe(true);
    // Bytes and chars as lm-eval-harness counts them (the leading space left out), for both models.
    expect(both).toContain('    2      8      8         5         2      0.6250      0.2500  " Sue went"');
    expect(both).toMatch(/\n {6}\[0, 4\) +A +\d+\.\d{4} +B +\d+\.\d{4} +" S" "u" "e" \| " Sue"\n/);
    expect(both).toContain('per-token differences: not shown, the two models tokenise differently');
  });

  it('bad flags: one line each, nothing scored', () => {
    const same = runCli(['score', '--model', STORIES, '--compare-dtype', 'fp32', ...ITEM]);
    expect(same.code).toBe(2);
    expect(expectOneLineError(same)).toMatch(/already name \(stories260K, fp32\)/);
    const dtype = runCli(['score', '--model', STORIES, '--compare-dtype', 'q3', ...ITEM]);
    expect(dtype.code).toBe(2);
    expect(expectOneLineError(dtype)).toMatch(/^lengthlens score: --compare-dtype must be one of .*got "q3"/);
    const missing = runCli(['score', '--model', STORIES, '--compare-model', path.join(tmp, 'no-such-model'), ...ITEM]);
    expect(missing.code).toBe(1);
    expect(expectOneLineError(missing)).toContain('no-such-model');
    expect(missing.stdout).toBe('');
  });
});
