import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectOneLineError } from './oneLineError';
import { runInProcess } from './inProcess';
import { runCli } from './run';
import { ACCURACY_RULES } from '../../src/core/scoring/rules';
import { storiesChoiceTask } from '../../src/core/tasks/samples/storiesChoice';
import { MODELS_DIR, PRIORBPB_VECTORS } from '../paths';

const vectors = JSON.parse(readFileSync(PRIORBPB_VECTORS, 'utf8')) as {
  cases: { name: string; expected: Record<string, number | null | number[] | Record<string, number | null>> }[];
};
const dir = mkdtempSync(join(tmpdir(), 'lengthlens-task-'));

function near(actual: unknown, expected: number | null): void {
  if (expected === null) expect(actual).toBeNull();
  else expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(1e-9);
}

describe('lengthlens task --bits', () => {
  for (const name of ['affine_entry_cost', 'mc_letters_leading_space']) {
    it(`${name}: the JSON keys match the reference vectors`, async () => {
      const r = await runInProcess(['task', '--bits', PRIORBPB_VECTORS, '--case', name, '--json']);
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

  it('the real binary prints parseable JSON', () => {
    const r = runCli(['task', '--bits', PRIORBPB_VECTORS, '--case', 'zero_byte_tokens', '--json']);
    expect(r.code).toBe(0);
    near((JSON.parse(r.stdout) as { corpus_bpb: number }).corpus_bpb, 2.225);
  });

  it('--mu and --space change PriorBPB', async () => {
    const r = await runInProcess(['task', '--bits', PRIORBPB_VECTORS, '--case', 'affine_entry_cost', '--mu', '40', '--space', 'keep', '--json']);
    const out = JSON.parse(r.stdout) as { prior_bpb: number; mu: number; space: string };
    near(out.prior_bpb, vectors.cases[1].expected.priorbpb_mu40 as number);
    expect([out.mu, out.space]).toEqual([40, 'keep']);
  });

  it('JSONL with a bad line: the good items load and the bad line is reported', async () => {
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
    const r = await runInProcess(['task', '--bits', file, '--json']);
    expect(r.code).toBe(0);
    // Issue 12 (defect 20): one stderr line counts the skipped lines; --strict refuses them.
    expect(r.stderr).toMatch(/^warning: .*items\.jsonl: skipped 1 bad line \(line 3: token 1: bytes must be an integer ≥ 0\); --strict makes a bad line an error\n$/);
    expect(expectOneLineError(await runInProcess(['task', '--bits', file, '--strict']))).toMatch(/items\.jsonl: line 3: token 1: bytes must be an integer ≥ 0/);
    const out = JSON.parse(r.stdout) as { n_items: number; corpus_bpb: number; input_errors: unknown[]; by_subject: Record<string, unknown> };
    expect(out.n_items).toBe(3);
    near(out.corpus_bpb, (4 + 2 + 6) / (4 + 1 + 6));
    expect(out.input_errors).toEqual([{ line: 3, message: 'token 1: bytes must be an integer ≥ 0' }]);
    expect(Object.keys(out.by_subject)).toEqual(['s1']);
  });

  it('--export-lm-eval writes a YAML and JSONL that reload to the same items', async () => {
    const { parseItems } = await import('../../src/core/formats/items');
    const { storiesClozeTask } = await import('../../src/core/tasks/samples/storiesCloze');
    const out = join(dir, 'lm-eval');
    const r = await runInProcess(['task', '--sample', 'stories-cloze', '--export-lm-eval', out]);
    expect(r.code).toBe(0);
    const written = JSON.parse(r.stdout) as { yaml: string; jsonl: string; items: number };
    expect(written.items).toBe(200);
    expect(readFileSync(written.yaml, 'utf8')).toContain('task: stories-cloze');
    expect(parseItems(readFileSync(written.jsonl, 'utf8'), 'jsonl').records).toEqual(storiesClozeTask().items);
  });

  it('repeated --bits files compare side by side (CSV)', async () => {
    const r = await runInProcess(['task', '--bits', PRIORBPB_VECTORS, '--bits', PRIORBPB_VECTORS, '--case', 'affine_entry_cost', '--csv']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe(`metric,${PRIORBPB_VECTORS},${PRIORBPB_VECTORS},delta ${PRIORBPB_VECTORS}`);
    expect(lines).toContain('alpha,6,6,0');
  });

  it('--csv prints the metrics table', async () => {
    const r = await runInProcess(['task', '--bits', PRIORBPB_VECTORS, '--case', 'flat_one_bit_per_byte', '--csv']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('scope,metric,value,stderr');
    expect(lines).toContain('all,corpus_bpb,1,');
  });

  it('bad input exits non-zero with one stderr line', async () => {
    expect(expectOneLineError(runCli(['task', '--bits', join(dir, 'missing.json')]))).toMatch(/file not found/);
    expect(expectOneLineError(await runInProcess(['task', '--bits', PRIORBPB_VECTORS, '--mu', '1']))).toMatch(/--mu must be a number > 1/);
    expect(expectOneLineError(await runInProcess(['task', '--bits', PRIORBPB_VECTORS, '--case', 'nope']))).toMatch(/no case "nope"/);
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, 'nope\n{"tokens": 3}\n');
    expect(expectOneLineError(await runInProcess(['task', '--bits', bad]))).toMatch(/line 1: not valid JSON.*1 more bad line/);
    const badList = join(dir, 'bad-list.json');
    writeFileSync(badList, '[\n{"tokens": 3},\n[[1]]\n]');
    expect(expectOneLineError(await runInProcess(['task', '--bits', badList]))).toMatch(/item 1: tokens must be a list.*1 more bad item/);
    expect(expectOneLineError(await runInProcess(['task']))).toMatch(/give --bits FILE/);
    expect(expectOneLineError(await runInProcess(['task', '--bits', PRIORBPB_VECTORS, '--frobnicate']))).toMatch(/frobnicate/);
  });
});

describe('lengthlens task --model (stories260K, CPU)', () => {
  const model = join(MODELS_DIR, 'stories260K');
  it('scores a sample task and its metrics agree with lengthlens score on the same items', async () => {
    const r = await runInProcess(['task', '--model', model, '--sample', 'stories-choice', '--limit', '6', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      model: string;
      dtype: string;
      n_items: number;
      accuracies: { rules: Record<string, { value: number; n: number }> };
      corpus_bpb: number;
      K: number;
      prior_bpb: number;
      self_prior_bpb: number;
    };
    expect([out.dtype, out.n_items]).toEqual(['fp32', 6]);
    // One accuracy per deciding row of the rule table, the built-in ones among them by name.
    expect(Object.keys(out.accuracies.rules).sort()).toEqual([...ACCURACY_RULES].sort());
    expect(Object.keys(out.accuracies.rules)).toEqual(expect.arrayContaining(['acc', 'acc_bytes', 'acc_mutual_info', 'acc_norm', 'acc_per_token']));
    expect(out.K).toBeGreaterThan(2);
    expect(Number.isFinite(out.prior_bpb)).toBe(true);

    // The same items through `lengthlens score`: corpus BPB of the golds and acc by hand.
    const set = storiesChoiceTask();
    const items = set.items.slice(0, 6);
    const file = join(dir, 'score-items.jsonl');
    writeFileSync(file, items.map((it) => JSON.stringify({ context: it.context, candidates: it.choices.map((c) => ' ' + c) })).join('\n'));
    const s = await runInProcess(['score', '--model', model, '--items', file, '--json']);
    expect(s.code).toBe(0);
    const scored = JSON.parse(s.stdout) as { items: { candidates: { sum_logprob: number; text: string }[] }[] };
    let bits = 0;
    let bytes = 0;
    let hits = 0;
    scored.items.forEach((it, i) => {
      const g = items[i].gold as number;
      bits += -it.candidates[g].sum_logprob / Math.LN2;
      bytes += Buffer.byteLength(it.candidates[g].text);
      const lls = it.candidates.map((c) => c.sum_logprob);
      if (lls.indexOf(Math.max(...lls)) === g) hits++;
    });
    expect(Math.abs(out.corpus_bpb - bits / bytes)).toBeLessThan(1e-9);
    expect(out.accuracies.rules.acc.value).toBeCloseTo(hits / 6, 12);
  });

  it('compares dtypes side by side', async () => {
    const r = await runInProcess(['task', '--model', model, '--sample', 'stories-choice', '--limit', '8', '--dtype', 'fp32', '--dtype', 'q8', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      runs: { label: string; dtype: string; alpha: number; corpus_bpb: number }[];
      comparison: { labels: string[]; metrics: { metric: string; values: number[]; deltas: number[] }[]; alpha_beta: { alpha: number }[]; acc_vs_acc_norm: { movement: string }[] };
    };
    expect(out.runs.map((x) => x.label)).toEqual(['fp32', 'q8']);
    expect(out.comparison.labels).toEqual(['fp32', 'q8']);
    const corpus = out.comparison.metrics.find((m) => m.metric === 'corpus_bpb')!;
    expect(corpus.values).toEqual(out.runs.map((x) => x.corpus_bpb));
    expect(corpus.deltas[1]).toBeCloseTo(out.runs[1].corpus_bpb - out.runs[0].corpus_bpb, 14);
    // q8 is a different model numerically: its BPB moves.
    expect(corpus.deltas[1]).not.toBe(0);
    expect(out.comparison.alpha_beta.map((x) => x.alpha)).toEqual(out.runs.map((x) => x.alpha));
    expect(['together', 'apart', 'flat']).toContain(out.comparison.acc_vs_acc_norm[0].movement);
  });

  it('bad model input exits non-zero with one stderr line', async () => {
    expect(expectOneLineError(await runInProcess(['task', '--model', model, '--sample', 'nope']))).toMatch(/no sample task "nope"/);
    expect(expectOneLineError(await runInProcess(['task', '--model', join(dir, 'no-such-model'), '--sample', 'stories-choice']))).toMatch(
      /neither a folder nor a hub id/,
    );
    expect(expectOneLineError(await runInProcess(['task', '--model', model]))).toMatch(/--items FILE or --sample NAME/);
    const bad = join(dir, 'bad-items.jsonl');
    writeFileSync(bad, '{"context": "x"}\n');
    expect(expectOneLineError(await runInProcess(['task', '--model', model, '--items', bad]))).toMatch(/line 1: needs "gold"/);
  });
});

describe('issue 12: NaN and +inf choices in --bits (defect 8)', () => {
  it('are counted, warned about on stderr, and decided as np.argmax decides them', async () => {
    const file = join(dir, 'nan-bits.jsonl');
    const item = (id: string, lps: string[], gold: number) =>
      `{"id": "${id}", "tokens": [[1, 1]], "choices": [${lps.map((lp, i) => `{"text": "c${i}", "logprob": ${lp}}`).join(', ')}], "gold": ${gold}}`;
    writeFileSync(file, [item('n', ['-1', 'NaN', '-3'], 0), item('i', ['-1', 'Infinity'], 0), item('ok', ['-1', '-2'], 0)].join('\n'));
    const r = await runInProcess(['task', '--bits', file, '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^warning: 2 item\(s\) have a NaN or \+inf log-likelihood \(1 NaN, 1 \+inf; first: item n\).*np\.argmax.*\n$/);
    const out = JSON.parse(r.stdout) as { accuracies: { rules: { acc: { value: number } }; non_finite: unknown }; notes: string[] };
    // NaN at index 1 and +inf at index 1 are the predictions: both wrong; the third item is right.
    expect(out.accuracies.rules.acc.value).toBe(1 / 3);
    expect(out.accuracies.non_finite).toEqual({ items: 2, nan: 1, pos_inf: 1, examples: ['n', 'i'] });
  });
});


describe('issue 12: task items whose context overflows the window (defect 7)', () => {
  it('are counted on stderr', async () => {
    const story = 'Once upon a time, there was a little girl named Lily. She liked to play in the park with her dog. ';
    const file = join(dir, 'long-context.jsonl');
    writeFileSync(file, [JSON.stringify({ id: 'long', context: story.repeat(40), choices: [' Lily', ' Tom'], label: 0 }), JSON.stringify({ id: 'short', context: story, choices: [' Lily', ' Tom'], label: 0 })].join('\n'));
    const r = await runInProcess(['task', '--model', join(MODELS_DIR, 'stories260K'), '--items', file, '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^warning: 1 item\(s\) have a context longer than the model's window of 512 tokens \(first: long\); only its last tokens were used/);
  });
});
