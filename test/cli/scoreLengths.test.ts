// `score --lengths harness|typed`: what n_chars and n_bytes count. lm-eval-harness scores
// " " + choice but divides acc_norm / acc_bytes by len(choice); "typed" counts every character.
// The per-char and per-byte values are checked against the sums divided by hand-counted lengths.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { MODELS_DIR } from '../paths';
import { runCli } from './run';
import { expectOneLineError } from './oneLineError';
import type { CandidateScore, ItemScore } from '../../src/core/scoring/types';

const CONTEXT = 'Tim got out of the pool. His mom gave him a';
// Hand-counted [chars, bytes] as typed and without the leading space: " café." has é (2 bytes);
// "towel" has no leading space (the same either way); " " is the delimiter alone (kept, 1 and 1).
const CANDIDATES: { text: string; typed: [number, number]; harness: [number, number] }[] = [
  { text: ' hat.', typed: [5, 5], harness: [4, 4] },
  { text: ' café.', typed: [6, 7], harness: [5, 6] },
  { text: 'towel', typed: [5, 5], harness: [5, 5] },
  { text: ' ', typed: [1, 1], harness: [1, 1] },
];
const ITEM = ['--context', CONTEXT, ...CANDIDATES.flatMap((c) => ['--candidate', c.text])];

function ok(args: string[]): string {
  const r = runCli(args);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
}

const doc = (flags: string[]) => JSON.parse(ok(['score', '--model', 'stories260K', ...ITEM, '--json', ...flags])) as { lengths: string; items: ItemScore[] };

function expectCounted(c: CandidateScore, [chars, bytes]: [number, number]) {
  expect([c.n_chars, c.n_bytes]).toEqual([chars, bytes]);
  expect(Math.abs(c.per_char - c.sum_logprob / chars)).toBeLessThan(1e-9);
  expect(Math.abs(c.per_byte - c.sum_logprob / bytes)).toBeLessThan(1e-9);
  expect(Math.abs(c.bits_per_byte - -c.sum_logprob / Math.LN2 / bytes)).toBeLessThan(1e-9);
}

describe('score --lengths', () => {
  it('harness (the default) leaves a leading space out of chars and bytes; typed counts it; the log-probs are the same', () => {
    const byDefault = doc([]);
    const harness = doc(['--lengths', 'harness']);
    const typed = doc(['--lengths', 'typed']);
    expect(byDefault).toEqual(harness);
    expect([harness.lengths, typed.lengths]).toEqual(['harness', 'typed']);
    CANDIDATES.forEach((want, i) => {
      const [h, t] = [harness.items[0].candidates[i], typed.items[0].candidates[i]];
      expect(h.text).toBe(want.text);
      expect(h.sum_logprob).toBe(t.sum_logprob);
      expect(h.per_token).toBe(t.per_token);
      expectCounted(h, want.harness);
      expectCounted(t, want.typed);
    });
    // The winners follow the lengths: each length rule's winner is its own column's first maximum.
    for (const d of [harness, typed]) {
      const col = (k: 'per_char' | 'per_byte') => d.items[0].candidates.map((c) => c[k]);
      expect(d.items[0].winners.acc_norm).toBe(col('per_char').indexOf(Math.max(...col('per_char'))));
      expect(d.items[0].winners.acc_bytes).toBe(col('per_byte').indexOf(Math.max(...col('per_byte'))));
    }
  });

  it('the table says which convention it used, only where a candidate starts with a space', () => {
    const table = ok(['score', '--model', 'stories260K', ...ITEM]);
    expect(table).toContain('lengths: as lm-eval-harness, a leading " " (its target_delimiter) not counted in chars and bytes (--lengths typed counts it)');
    expect(ok(['score', '--model', 'stories260K', ...ITEM, '--lengths', 'typed'])).toContain('lengths: as typed, every character counted in chars and bytes');
    expect(ok(['score', '--model', 'stories260K', '--context', CONTEXT, '--candidate', 'towel'])).not.toContain('lengths:');
  });

  it('--jsonl says it on every line', () => {
    const lines = ok(['score', '--model', 'stories260K', ...ITEM, '--jsonl', '--lengths', 'typed']).trim().split('\n').map((l) => JSON.parse(l) as ItemScore & { lengths: string });
    expect(lines.map((l) => l.lengths)).toEqual(['typed']);
    expectCounted(lines[0].candidates[1], CANDIDATES[1].typed);
  });

  it('--compare-model counts both models the same way', () => {
    for (const lengths of ['harness', 'typed'] as const) {
      const out = JSON.parse(ok(['score', '--model', 'stories260K', '--compare-model', path.join(MODELS_DIR, 'tiny-llama-plain'), ...ITEM, '--json', '--lengths', lengths])) as { models: { lengths: string; items: ItemScore[] }[] };
      for (const m of out.models) {
        expect(m.lengths).toBe(lengths);
        CANDIDATES.forEach((want, i) => expectCounted(m.items[0].candidates[i], want[lengths]));
      }
    }
  });

  it('rejects another value with a one-line error before loading a model', () => {
    const r = runCli(['score', '--model', 'stories260K', ...ITEM, '--lengths', 'chars']);
    expect(r.code).toBe(2);
    expect(expectOneLineError(r)).toContain('--lengths must be "harness" or "typed", got "chars"');
  });
});
