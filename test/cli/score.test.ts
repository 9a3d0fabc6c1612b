import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MODELS_DIR } from '../models';
import { runCli } from './run';

const STORIES = path.join(MODELS_DIR, 'stories260K');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lengthlens-cli-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

interface GoldenCandidate {
  candidate: string;
  continuation_ids: number[];
  token_logprobs: number[];
  token_bytes: number[];
  continuation_bytes: number;
}
const golden = JSON.parse(fs.readFileSync(path.join(MODELS_DIR, 'reference/stories260K-golden.json'), 'utf8')) as {
  items: { context: string; candidates: GoldenCandidate[] }[];
};

describe('lengthlens score', () => {
  it('reproduces the golden ids, byte counts and log-probs from an items file (fp32)', () => {
    const file = path.join(tmp, 'golden.jsonl');
    fs.writeFileSync(file, golden.items.map((it) => JSON.stringify({ context: it.context, candidates: it.candidates.map((c) => c.candidate) })).join('\n') + '\n');
    const r = runCli(['score', '--model', STORIES, '--items', file, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ model: STORIES, dtype: 'fp32' });
    expect(out.items).toHaveLength(golden.items.length);
    golden.items.forEach((item, n) => {
      const got = out.items[n];
      expect(Object.keys(got.winners).sort()).toEqual(['acc', 'acc_bytes', 'acc_norm', 'per_token', 'pmi']);
      expect(Array.isArray(got.warnings)).toBe(true);
      item.candidates.forEach((g, i) => {
        const c = got.candidates[i];
        for (const key of ['text', 'boundary', 'tokens', 'sum_logprob', 'per_token', 'per_char', 'per_byte', 'bits_per_byte', 'pmi', 'prior_bpb', 'first_token_bits', 'is_greedy']) expect(c).toHaveProperty(key);
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

  it('flags a mid-word boundary and scores it by the chosen policy', () => {
    for (const policy of ['whole', 'separate']) {
      const r = runCli(['score', '--model', STORIES, '--context', 'The dog was hap', '--candidate', 'py.', '--policy', policy, '--json']);
      expect(r.code).toBe(0);
      const c = JSON.parse(r.stdout).items[0].candidates[0];
      expect(c.boundary).toBe('merged');
      expect(c.boundary_info.policy).toBe(policy);
      expect(c.tokens.length).toBeGreaterThan(0);
      expect(Number.isFinite(c.sum_logprob)).toBe(true);
    }
  });

  it('scores q8 and q4', () => {
    for (const dtype of ['q8', 'q4']) {
      const r = runCli(['score', '--model', STORIES, '--dtype', dtype, '--context', 'Once upon a time', '--candidate', ' there', '--json']);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).dtype).toBe(dtype);
    }
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
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/line 2: not valid JSON.*and 1 more bad line/);
  });
});
