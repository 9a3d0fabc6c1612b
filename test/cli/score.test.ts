import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MODELS_DIR } from '../paths';
import { runCli } from './run';
import { DECIDING_RULES } from '../../src/core/scoring/rules';

const STORIES = path.join(MODELS_DIR, 'stories260K');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lengthlens-cli-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

interface GoldenCandidate {
  candidate: string;
  continuation: string;
  sum_logprob: number;
  is_greedy: boolean;
  continuation_ids: number[];
  token_logprobs: number[];
  token_bytes: number[];
  continuation_bytes: number;
}
const reference = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/stories260k-reference.json'), 'utf8')) as {
  separate: {
    context: string;
    candidate: string;
    first_row_logprobs: number[];
    whole_policy: { tokens: { id: number; span: number[]; weight: number; logprob: number }[]; sum_logprob: number };
  };
};

/**
 * PriorBPB (mu 111) of a golden candidate, straight from the definition: each token's bits spread
 * over its bytes, one leading space dropped, geometric weights (1 − 1/mu)^(k−1). The empty-context
 * item's first token carries the tokenizer's dummy-prefix byte, which is not a byte of the string.
 */
function priorBpb(g: GoldenCandidate, emptyContext: boolean): number {
  const r: number[] = [];
  g.token_logprobs.forEach((lp, j) => {
    const m = j === 0 && emptyContext ? g.token_bytes[0] - 1 : g.token_bytes[j];
    for (let k = 0; k < m; k++) r.push(-lp / Math.LN2 / m);
  });
  const content = g.continuation.startsWith(' ') ? r.slice(1) : r;
  let num = 0;
  let den = 0;
  content.forEach((x, k) => {
    const w = (1 - 1 / 111) ** k;
    num += w * x;
    den += w;
  });
  return num / den;
}

const golden = JSON.parse(fs.readFileSync(path.join(MODELS_DIR, 'reference/stories260K-golden.json'), 'utf8')) as {
  items: { context: string; candidates: GoldenCandidate[] }[];
};

describe('lengthlens score', () => {
  it('reproduces the golden ids, byte counts and log-probs from an items file (fp32)', () => {
    const file = path.join(tmp, 'golden.jsonl');
    fs.writeFileSync(file, golden.items.map((it) => JSON.stringify({ context: it.context, candidates: it.candidates.map((c) => c.candidate) })).join('\n') + '\n');
    // The golden counts are as typed (every character of the candidate, its leading space too).
    const r = runCli(['score', '--model', STORIES, '--items', file, '--json', '--lengths', 'typed']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ model: STORIES, dtype: 'fp32' });
    expect(out.items).toHaveLength(golden.items.length);
    golden.items.forEach((item, n) => {
      const got = out.items[n];
      // One winner per deciding row of the rule table, the built-in ones among them by name.
      expect(Object.keys(got.winners).sort()).toEqual(DECIDING_RULES.map((r) => r.names.winner).sort());
      expect(Object.keys(got.winners)).toEqual(expect.arrayContaining(['acc', 'acc_bytes', 'acc_norm', 'per_token', 'pmi']));
      expect(Array.isArray(got.warnings)).toBe(true);
      // Winners from the golden (float64) sums: numpy argmax, first index on ties.
      const argmax = (xs: number[]) => xs.indexOf(Math.max(...xs));
      const sums = item.candidates.map((g) => g.sum_logprob);
      expect(got.winners.acc).toBe(argmax(sums));
      expect(got.winners.acc_bytes).toBe(argmax(item.candidates.map((g) => g.sum_logprob / Buffer.byteLength(g.candidate))));
      expect(got.winners.acc_norm).toBe(argmax(item.candidates.map((g) => g.sum_logprob / [...g.candidate].length)));
      item.candidates.forEach((g, i) => {
        const c = got.candidates[i];
        // Every score by value, from the golden log-probs and the candidate string.
        const bytes = Buffer.byteLength(g.candidate);
        const chars = [...g.candidate].length;
        const near = (x: number, want: number) => expect(Math.abs(x - want), `${x} vs ${want}`).toBeLessThan(1e-4);
        expect(c.text).toBe(g.candidate);
        expect(c.boundary).toBe('ok');
        near(c.sum_logprob, g.sum_logprob);
        near(c.per_token, g.sum_logprob / g.continuation_ids.length);
        near(c.per_char, g.sum_logprob / chars);
        near(c.per_byte, g.sum_logprob / bytes);
        near(c.bits_per_byte, -g.sum_logprob / Math.LN2 / bytes);
        near(c.pmi, c.sum_logprob - c.unconditional_logprob);
        expect(Number.isFinite(c.unconditional_logprob)).toBe(true);
        near(c.first_token_bits, -g.token_logprobs[0] / Math.LN2);
        expect(c.is_greedy).toBe(g.is_greedy);
        near(c.prior_bpb, priorBpb(g, item.context === ''));
        expect(c.tokens.map((t: { id: number }) => t.id)).toEqual(g.continuation_ids);
        const widths = c.tokens.map((t: { bytes: [number, number] }) => t.bytes[1] - t.bytes[0]);
        // The empty-context item's first token counts 4 content bytes, not 5 (no dummy-prefix byte).
        const expected = item.context === '' ? [g.token_bytes[0] - 1, ...g.token_bytes.slice(1)] : g.token_bytes;
        expect(widths).toEqual(expected);
        c.tokens.forEach((t: { logprob: number; bits: number }, j: number) => {
          expect(Math.abs(t.logprob - g.token_logprobs[j])).toBeLessThan(1e-4);
          expect(t.bits).toBeCloseTo(-t.logprob / Math.LN2, 12);
        });
      });
    });
    expect(out.items[6].candidates[0].tokens[0].bytes).toEqual([0, 4]);
  });

  it('flags a mid-word boundary and scores it by the chosen policy (float64 reference values)', () => {
    const sep = reference.separate;
    for (const policy of ['whole', 'separate']) {
      const r = runCli(['score', '--model', STORIES, '--context', sep.context, '--candidate', sep.candidate, '--policy', policy, '--json']);
      expect(r.code).toBe(0);
      const c = JSON.parse(r.stdout).items[0].candidates[0];
      expect(c.boundary).toBe('merged');
      expect(c.boundary_info.policy).toBe(policy);
      if (policy === 'whole') {
        // The straddling "▁happy" counts with the share of its bits on "py" (2 of its 6 bytes).
        const want = sep.whole_policy;
        expect(c.tokens.map((t: { id: number }) => t.id)).toEqual(want.tokens.map((t) => t.id));
        expect(c.tokens.map((t: { bytes: number[] }) => t.bytes)).toEqual(want.tokens.map((t) => t.span));
        c.tokens.forEach((t: { logprob: number; weight?: number }, j: number) => {
          expect(Math.abs(t.logprob - want.tokens[j].logprob)).toBeLessThan(1e-4);
          expect(t.weight ?? 1).toBeCloseTo(want.tokens[j].weight, 12);
        });
        expect(Math.abs(c.sum_logprob - want.sum_logprob)).toBeLessThan(1e-4);
        expect(c.boundary_info).toMatchObject({ straddlingPiece: '▁happy', contextBytes: 4, continuationBytes: 2 });
      } else {
        // Conditioned on encode(context) alone: the first token's log-prob is the reference row's.
        expect(Math.abs(c.tokens[0].logprob - sep.first_row_logprobs[c.tokens[0].id])).toBeLessThan(1e-4);
      }
    }
  });

  it('scores q8 and q4 with their own weights (the models README sums of the probe text)', () => {
    // models/README.md: "Once upon a time, ... in the park." after BOS: fp32 −5.5910, q8 −5.9105,
    // q4 −8.5071 nats, each from one full pass. q4 is exact under prefix caching; q8's dynamic
    // activation scales depend on the pass (README: q8 models), so its figure moves.
    const probe = 'Once upon a time, there was a little girl named Lily. She loved to play outside in the park.';
    const sum = (dtype: string) => {
      const r = runCli(['score', '--model', STORIES, '--dtype', dtype, '--context', '', '--candidate', probe, '--json']);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).dtype).toBe(dtype);
      return JSON.parse(r.stdout).items[0].candidates[0].sum_logprob as number;
    };
    expect(Math.abs(sum('q4') - -8.5071)).toBeLessThan(1e-3);
    const q8 = sum('q8');
    expect(Math.abs(q8 - -5.9105)).toBeLessThan(0.3);
    expect(Math.abs(q8 - -5.591)).toBeGreaterThan(0.05);
  });

  const bad: [string, string[], RegExp][] = [
    ['no model', ['score', '--context', 'x', '--candidate', 'y'], /--model is required/],
    ['empty candidate list', ['score', '--model', STORIES, '--context', 'x'], /candidate list is empty/],
    ['missing model file', ['score', '--model', STORIES, '--dtype', 'fp16', '--context', 'x', '--candidate', ' y'], /missing onnx\/model_fp16\.onnx/],
    ['not a model', ['score', '--model', 'no/such/folder/here', '--context', 'x', '--candidate', ' y'], /neither a folder nor a hub id/],
    ['bad dtype', ['score', '--model', STORIES, '--dtype', 'int3', '--context', 'x', '--candidate', ' y'], /--dtype must be one of/],
    ['missing items file', ['score', '--model', STORIES, '--items', '/nonexistent/items.jsonl'], /file not found/],
  ];
  for (const [name, args, message] of bad) {
    it(`exits non-zero with one line: ${name}`, () => {
      const r = runCli(args);
      expect(r.code).not.toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    });
  }

  it('names the unreadable JSONL line', () => {
    const file = path.join(tmp, 'bad.jsonl');
    fs.writeFileSync(file, '{"context": "a", "candidates": [" b"]}\n{"context": "a", "candidates": [" b"\n{"context": "a", "candidates": []}\n');
    const r = runCli(['score', '--model', STORIES, '--items', file]);
    // Bad input, not a bad command line: exit 1.
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/line 2: not valid JSON.*and 1 more bad line/);
  });
});
