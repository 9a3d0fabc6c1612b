import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LEADERBOARD } from '../core/judge/alpacaEvalData';
import { ALPACAEVAL_DIR } from '../paths';
import { progressReporter } from '../../src/cli/commands/judge';

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ['bin/lengthlens.mjs', 'judge', ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('lengthlens judge simulate', () => {
  it('prints the published figures at the defaults as fractions', () => {
    const r = cli('simulate', '--seed', '3', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    for (const key of ['target', 'fixed_order', 'a_second', 'swap', 'lc', 'phi', 'gamma', 'first_slot', 'inconsistency']) {
      expect(typeof out[key], key).toBe('number');
    }
    // Seed 3 at the defaults (reference run); published: 46.4, 63.6, 53.7, 46.7, 59.9, 43.
    expect(Math.abs(out.target - 0.464)).toBeLessThan(0.01);
    expect(Math.abs(out.fixed_order - 0.636)).toBeLessThan(0.01);
    expect(Math.abs(out.swap - 0.537)).toBeLessThan(0.01);
    expect(Math.abs(out.lc - 0.467)).toBeLessThan(0.01);
    expect(Math.abs(out.first_slot - 0.599)).toBeLessThan(0.01);
    expect(Math.abs(out.inconsistency - 0.43)).toBeLessThan(0.01);
    expect(out.swap).toBeCloseTo((out.fixed_order + out.a_second) / 2, 12);
    expect(out.params).toEqual({ b: 0.5, lambda: 0.8, m: 0.47, s: 0.5, rho: 0, n: 2000, seed: 3 });
    expect(out.worked_example.a_first).toBeCloseTo(0.705993240268099526, 12);
  });

  it('takes every slider as a flag', () => {
    const out = JSON.parse(cli('simulate', '--b', '0', '--lambda=0', '--m', '0.2', '--s', '0.3', '--rho', '0.5', '--n', '500', '--seed', '2', '--json').stdout);
    expect(out.params).toEqual({ b: 0, lambda: 0, m: 0.2, s: 0.3, rho: 0.5, n: 500, seed: 2 });
    // No bias: every order gives the target.
    expect(out.fixed_order).toBeCloseTo(out.target, 12);
    expect(out.first_slot).toBeCloseTo(0.5, 12);
  });

  it('rejects bad input with one line on stderr and a non-zero exit', () => {
    for (const args of [['simulate', '--b', 'x'], ['simulate', '--rho', '2'], ['simulate', '--n', '1.5'], ['simulate', '--bogus', '1'], ['frobnicate'], []]) {
      const r = cli(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stdout).toBe('');
    }
  });
});

describe('lengthlens judge audit', () => {
  it('audits the sample file', () => {
    const r = cli('audit', 'public/samples/judge-verdicts.csv', '--reps', '200', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.counts.prompts).toBe(400);
    expect(out.counts.bad_lines).toBe(0);
    for (const key of ['raw', 'swap', 'lc']) {
      expect(out[key].lo).toBeLessThan(out[key].estimate);
      expect(out[key].hi).toBeGreaterThan(out[key].estimate);
    }
    expect(out.first_slot).toBeGreaterThan(0.5);
    expect(out.categories).toHaveLength(5);
    expect(out.checklist).toHaveLength(6);
  });

  it('lists bad lines, keeps the good ones, and fails under --strict', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'judge-'));
    const file = path.join(dir, 'v.jsonl');
    writeFileSync(
      file,
      [
        '{"prompt_id":"a","a_first":true,"verdict":"A","len_a":200,"len_b":100}',
        '{"prompt_id":"a","a_first":false,"verdict":"A","len_a":200,"len_b":100}',
        '{"prompt_id":"b","a_first":true,"verdict":"Q","len_a":200,"len_b":100}',
        '{"prompt_id":"c","a_first":false,"verdict":"B","len_a":50,"len_b":100}',
      ].join('\n'),
    );
    const r = cli('audit', file, '--reps', '20', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.counts.verdicts).toBe(3);
    expect(out.bad_lines).toEqual([{ line: 3, message: 'verdict must be A, B, tie or a probability in [0, 1], got "Q"' }]);
    expect(out.counts.only_a_second).toBe(1);
    expect(r.stderr).toMatch(/:3: verdict must be/);
    const strict = cli('audit', file, '--strict', '--json');
    // A bad line under --strict is bad input: exit 1 (2 is for a wrong command line).
    expect(strict.code).toBe(1);
    expect(strict.stdout).toBe('');
    expect(strict.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('counts every bad line, also past the 200 it lists', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'judge-'));
    const file = path.join(dir, 'many-bad.jsonl');
    const good = ['{"prompt_id":"a","a_first":true,"verdict":"A","len_a":200,"len_b":100}', '{"prompt_id":"a","a_first":false,"verdict":"B","len_a":200,"len_b":100}'];
    const bad = Array.from({ length: 205 }, (_, i) => `{"prompt_id":"b${i}","a_first":true,"verdict":"Q","len_a":2,"len_b":1}`);
    writeFileSync(file, [...good, ...bad].join('\n'));
    const r = cli('audit', file, '--reps', '10', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).counts.bad_lines).toBe(205);
    expect(r.stderr).toMatch(/^lengthlens judge: skipped 205 bad line\(s\), first .*:3: verdict must be/);
    const strict = cli('audit', file, '--strict');
    expect(strict.code).toBe(1);
    expect(strict.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^lengthlens judge: 205 bad line\(s\), first /)]);
  });

  it('fails on a missing file or a file with no valid verdicts', () => {
    const missing = cli('audit', 'no/such/file.csv', '--json');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/file not found/);
    const dir = mkdtempSync(path.join(tmpdir(), 'judge-'));
    const file = path.join(dir, 'bad.csv');
    writeFileSync(file, 'prompt,verdict\nx,A\n');
    const bad = cli('audit', file, '--json');
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toMatch(/bad\.csv:1: missing columns: a_first, len_a, len_b/);
    expect(cli('audit').code).toBe(2);
  });
});

describe('lengthlens judge montecarlo and sample', () => {
  it('runs a small Monte Carlo', () => {
    const out = JSON.parse(cli('montecarlo', '--prompts', '200', '--reps', '40', '--json').stdout);
    expect(out.worse).toBe('A');
    expect(out.estimators.fixedOrder.declares_worse).toBeGreaterThan(0.9);
    expect(out.population_target).toBeCloseTo(0.458758831114452, 9);
  });

  it('prints the sample verdict file', () => {
    const r = cli('sample', '--prompts', '3');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('prompt_id,a_first,verdict,len_a,len_b,category,human');
  });
});

describe('lengthlens judge: numbers, seeds and work limits', () => {
  it('rejects non-numbers, fractions where whole numbers are needed and out-of-range values, by name (exit 2)', () => {
    const cases: [string[], RegExp][] = [
      [['simulate', '--n', '0x10'], /^lengthlens judge: --n must be a whole number from 2 to 1000000, got "0x10"$/],
      [['simulate', '--n', ''], /--n must be a whole number from 2 to 1000000, got ""/],
      [['simulate', '--b', '1e'], /--b must be a number, got "1e"/],
      [['simulate', '--b', 'Infinity'], /--b must be a number/],
      [['simulate', '--n', '2.7'], /--n must be a whole number from 2 to 1000000, got "2.7"/],
      [['simulate', '--rho', '-2'], /--rho must be a number from -1 to 1, got "-2"/],
      [['simulate', '--seed', '-1'], /--seed must be a whole number from 0 to 9007199254740991, got "-1"/],
      [['simulate', '--seed', '1e300'], /--seed must be a whole number from 0 to/],
      [['simulate', '--b'], /--b needs a value/],
      [['simulate', 'extra'], /unexpected argument "extra"/],
      [['audit', 'public/samples/judge-verdicts.csv', '--reps', '2.5'], /--reps must be a whole number/],
      [['audit', 'public/samples/judge-verdicts.csv', '--reps', '0'], /--reps must be a whole number from 1 to 100000, got "0"/],
      [['audit', 'public/samples/judge-verdicts.csv', '--length-feature', 'words'], /--length-feature must be log-ratio or char-difference, got "words"/],
      [['montecarlo', '--prompts', '5'], /--prompts must be a whole number from 10 to 100000, got "5"/],
      [['montecarlo', '--n', '100'], /unknown option --n/],
      [['sample', '--prompts', '-3'], /--prompts must be a whole number from 1 to 1000000, got "-3"/],
    ];
    for (const [args, message] of cases) {
      const r = cli(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      const lines = r.stderr.split('\n').filter((l) => l && !l.startsWith('npm warn'));
      expect(lines, args.join(' ')).toHaveLength(1);
      expect(lines[0], args.join(' ')).toMatch(message);
    }
  });

  it('takes a negative value after a numeric flag as its value', () => {
    const out = JSON.parse(cli('simulate', '--m', '-0.3', '--n', '50', '--json').stdout);
    expect(out.params.m).toBe(-0.3);
  });

  it('refuses a Monte Carlo that would run for hours, at once, and says how far to lower --reps', () => {
    const started = Date.now();
    const r = cli('montecarlo', '--prompts', '100000', '--reps', '100000');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--prompts 100000 × --reps 100000 = 1\.0e\+10 prompt-replications is over the limit of 5e\+7; lower --reps to at most 500/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('reports progress on stderr once a run passes 3 s, every 3 s, with the time left', () => {
    const lines: string[] = [];
    let now = 0;
    const report = progressReporter('bootstrap replicates', (l) => lines.push(l), () => now);
    now = 1000;
    report(50, 1000); // quick runs print nothing
    now = 4000;
    report(200, 1000);
    now = 5000;
    report(250, 1000); // within 3 s of the last line
    now = 8000;
    report(400, 1000);
    now = 12000;
    report(1000, 1000);
    expect(lines).toEqual([
      'lengthlens judge: bootstrap replicates 200/1000, about 16 s left\n',
      'lengthlens judge: bootstrap replicates 400/1000, about 12 s left\n',
      'lengthlens judge: bootstrap replicates 1000/1000\n',
    ]);
    // Ten seconds of set-up before the first replicate do not count towards the time left.
    const slow: string[] = [];
    now = 0;
    const after = progressReporter('replications', (l) => slow.push(l), () => now);
    now = 10_000;
    after(10, 1000);
    now = 13_000;
    after(310, 1000);
    expect(slow).toEqual(['lengthlens judge: replications 310/1000, about 7 s left\n']);
  });

  it('gives seeds that differ modulo 2^32 their own draws', () => {
    const one = JSON.parse(cli('simulate', '--seed', '1', '--n', '200', '--json').stdout);
    const wrapped = JSON.parse(cli('simulate', '--seed', '4294967297', '--n', '200', '--json').stdout);
    expect(wrapped.params.seed).toBe(4294967297);
    expect(wrapped.target).not.toBe(one.target);
    // Seeds below 2^32 keep the draws they always had.
    expect(one.target).toBe(JSON.parse(cli('simulate', '--seed', '1', '--n', '200', '--json').stdout).target);
  });
});

describe("lengthlens judge audit on AlpacaEval's annotations.json", () => {
  it('loads the file as it is, matches the leaderboard and calls LC supported where lengths overlap', () => {
    const model = 'FuseChat-Llama-3.2-1B-Instruct';
    const r = cli('audit', path.join(ALPACAEVAL_DIR, `${model}.json`), '--reps', '50', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.format).toBe('alpacaeval');
    expect(out.alpaca_eval.model).toBe(model);
    expect(out.counts.verdicts).toBe(805);
    expect(Math.abs(100 * out.raw.estimate - LEADERBOARD[model].winRate)).toBeLessThan(1e-9);
    expect(out.lc.supported).toBe(true);
    expect(out.lc.reason).toBeNull();
    expect(out.lc.range).toBeNull();
    expect(Math.abs(100 * out.lc.estimate - LEADERBOARD[model].lc)).toBeLessThan(3);
    expect(out.lc.a_longer_share).toBeCloseTo(0.596, 3);
    expect(out.lc.feature).toBe('log-ratio');
    expect(out.length_ratio.mean_len_a).toBeCloseTo(2259, -1);
    expect(out.notes.join(' ')).toMatch(/rebuilt with AlpacaEval's rule/);
  });

  it('gives no point for an unsupported LC: null estimate, the reason, the range, and the fit kept apart', () => {
    const model = 'gpt-3.5-turbo-1106_verbose';
    const r = cli('audit', path.join(ALPACAEVAL_DIR, `${model}.json`), '--reps', '20', '--length-feature', 'char-difference', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.lc.supported).toBe(false);
    expect(out.lc.estimate).toBeNull();
    expect(out.lc.reason).toMatch(/A's answer is the longer on only 7\.1% of prompts/);
    expect(out.lc.range.low).toBeLessThan(LEADERBOARD[model].lc / 100);
    expect(out.lc.range.high).toBeGreaterThan(LEADERBOARD[model].lc / 100);
    expect(out.lc.fitted.estimate).toBeGreaterThan(0);
    expect(out.lc.feature).toBe('char-difference');
    expect(out.length_feature.formula).toMatch(/AlpacaEval/);
    expect(out.checklist[3].status).toBe('warn');
    const text = cli('audit', path.join(ALPACAEVAL_DIR, `${model}.json`), '--reps', '20');
    expect(text.stdout).toMatch(/length-control\.  not supported: between \d+\.\d% and \d+\.\d% over plausible length effects/);
  });
});

describe('judge --help (issue 25)', () => {
  it('says what --strict does: a bad line exits 1, as the code does', () => {
    const help = cli('--help');
    expect(help.stdout).toMatch(/--strict: exit 1\)/);
    expect(help.stdout).not.toMatch(/--strict: exit 2/);
  });
});
