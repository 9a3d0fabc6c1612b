import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectOneLineError } from './oneLineError';
import { runCli } from './run';

const vectorsPath = join(__dirname, '..', '..', '..', 'shared', 'reference', 'priorbpb-vectors.json');
const vectors = JSON.parse(readFileSync(vectorsPath, 'utf8')) as {
  cases: { name: string; expected: Record<string, number | null | number[] | Record<string, number | null>> }[];
};
const dir = mkdtempSync(join(tmpdir(), 'lengthlens-task-'));

function near(actual: unknown, expected: number | null): void {
  if (expected === null) expect(actual).toBeNull();
  else expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(1e-9);
}

describe('lengthlens task --bits', () => {
  for (const name of ['affine_entry_cost', 'mc_letters_leading_space']) {
    it(`${name}: the JSON keys match the reference vectors`, () => {
      const r = runCli(['task', '--bits', vectorsPath, '--case', name, '--json']);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout) as Record<string, unknown>;
      for (const key of ['corpus_bpb', 'mean_of_ratios_bpb', 'alpha', 'beta', 'r2', 'K', 'R', 'coverage', 'prior_bpb', 'prior_mass_within_K', 'self_prior_bpb', 'quintiles', 'accuracies'])
        expect(out).toHaveProperty(key);
      const e = vectors.cases.find((c) => c.name === name)!.expected;
      for (const key of ['corpus_bpb', 'mean_of_ratios_bpb', 'alpha', 'beta', 'r2', 'K', 'self_prior_bpb'] as const)
        near(out[key], e[key] as number | null);
      near(out.prior_bpb, e.priorbpb_mu111 as number);
      near(out.prior_mass_within_K, e.untruncated_prior_mass_within_K_mu111 as number);
      (e.R_head as number[]).forEach((v, k) => near((out.R as number[])[k], v));
      expect((out.coverage as number[])[0]).toBe(1);
    });
  }

  it('--mu and --space change PriorBPB', () => {
    const r = runCli(['task', '--bits', vectorsPath, '--case', 'affine_entry_cost', '--mu', '40', '--space', 'keep', '--json']);
    const out = JSON.parse(r.stdout) as { prior_bpb: number; mu: number; space: string };
    near(out.prior_bpb, vectors.cases[1].expected.priorbpb_mu40 as number);
    expect([out.mu, out.space]).toEqual([40, 'keep']);
  });

  it('JSONL with a bad line: the good items load and the bad line is reported', () => {
    const file = join(dir, 'items.jsonl');
    writeFileSync(
      file,
      [
        '{"id": "a", "tokens": [[3, 2], [1, 2]], "leading_space": true, "subject": "s1"}',
        '{"id": "b", "tokens": [[2, 1]]}',
        '{"id": "c", "tokens": [[2, "x"]]}',
        '{"id": "d", "tokens": [[4, 4], [2, 2]], "subject": "s1"}',
      ].join('\n'),
    );
    const r = runCli(['task', '--bits', file, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { n_items: number; corpus_bpb: number; input_errors: unknown[]; by_subject: Record<string, unknown> };
    expect(out.n_items).toBe(3);
    near(out.corpus_bpb, (4 + 2 + 6) / (4 + 1 + 6));
    expect(out.input_errors).toEqual([{ line: 3, message: 'token 1: bytes must be an integer ≥ 0' }]);
    expect(Object.keys(out.by_subject)).toEqual(['s1']);
  });

  it('--csv prints the metrics table', () => {
    const r = runCli(['task', '--bits', vectorsPath, '--case', 'flat_one_bit_per_byte', '--csv']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('scope,metric,value,stderr');
    expect(lines).toContain('all,corpus_bpb,1,');
  });

  it('bad input exits non-zero with one stderr line', () => {
    expect(expectOneLineError(runCli(['task', '--bits', join(dir, 'missing.json')]))).toMatch(/file not found/);
    expect(expectOneLineError(runCli(['task', '--bits', vectorsPath, '--mu', '1']))).toMatch(/--mu must be a number > 1/);
    expect(expectOneLineError(runCli(['task', '--bits', vectorsPath, '--case', 'nope']))).toMatch(/no case "nope"/);
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, 'nope\n{"tokens": 3}\n');
    expect(expectOneLineError(runCli(['task', '--bits', bad]))).toMatch(/item 1: not valid JSON.*1 more/);
    expect(expectOneLineError(runCli(['task']))).toMatch(/give --bits FILE/);
    expect(expectOneLineError(runCli(['task', '--bits', vectorsPath, '--frobnicate']))).toMatch(/frobnicate/);
  });
});
