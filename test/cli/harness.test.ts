import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARC_EASY_DOCS, logSampleLine } from '../core/metrics/logSamplesFixture';
import { expectOneLineError } from './oneLineError';
import { runInProcess } from './inProcess';
import { runCli } from './run';
import { storiesChoiceTask } from '../../src/core/tasks/samples/storiesChoice';
import { MODELS_DIR } from '../paths';

const dir = mkdtempSync(join(tmpdir(), 'lengthlens-harness-'));

describe('lengthlens harness', () => {
  it('recomputes the arc_easy accuracies and checks them against the logged values; bad lines are reported', () => {
    const file = join(dir, 'samples_arc_easy.jsonl');
    const lines = ARC_EASY_DOCS.map(logSampleLine);
    lines.splice(2, 0, '{"doc_id": 9, "arguments": ');
    writeFileSync(file, lines.join('\n') + '\n');
    const r = runCli(['harness', file, '--json']);
    // Issue 12 (defect 20): the skipped line is counted on stderr, once.
    expect(r.stderr).toMatch(/^warning: .*samples_arc_easy\.jsonl: skipped 1 bad line \(line 3: .*\); --strict makes a bad line an error\n$/);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      n_docs: number;
      accuracies: { rules: Record<string, { value: number; stderr: number; n: number }> };
      logged_agreement: Record<string, { mismatches: number }>;
      input_errors: { line: number }[];
      corpus_bpb: number;
      quintiles: { bins: unknown[] };
      spearman: Record<string, number>;
      R?: unknown;
    };
    expect(out.n_docs).toBe(4);
    expect(out.accuracies.rules.acc).toEqual({ value: 0.25, stderr: 0.25, n: 4 });
    expect(out.accuracies.rules.acc_norm).toEqual({ value: 0.25, stderr: 0.25, n: 4 });
    expect(out.logged_agreement.acc.mismatches).toBe(0);
    expect(out.input_errors.map((e) => e.line)).toEqual([3]);
    // Gold answers' BPB from the logged lls: -ll / (ln 2 * bytes of " " + gold).
    const golds = [
      [-41.902435302734375, ' Sunlight is the source of energy for nearly all ecosystems.'],
      [-20.342208862304688, ' breathing mask'],
      [-18.04828453063965, ' ovary cells'],
      [-11.872495651245117, ' soft'],
    ] as const;
    const bits = golds.reduce((s, [ll]) => s - ll / Math.LN2, 0);
    const bytes = golds.reduce((s, [, t]) => s + Buffer.byteLength(t), 0);
    expect(Math.abs(out.corpus_bpb - bits / bytes)).toBeLessThan(1e-12);
    expect(out.quintiles.bins).toHaveLength(5);
    expect(out.spearman.logprob).toBeCloseTo(-1, 12);
    expect(out.R).toBeUndefined();
  });

  it('bad input exits non-zero with one stderr line', async () => {
    expect(expectOneLineError(await runInProcess(['harness', join(dir, 'missing.jsonl')]))).toMatch(/file not found/);
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, '{"doc_id": 0, "arguments": {"gen_args_0": {"arg_0": "Q", "arg_1": " a"}}, "filtered_resps": [["x", "False"]]}\n');
    expect(expectOneLineError(await runInProcess(['harness', bad]))).toMatch(/line 1: response 1: log-likelihood "x" is not a number/);
    expect(expectOneLineError(await runInProcess(['harness']))).toMatch(/exactly one log_samples file/);
  });
});

describe('perplexity (loglikelihood_rolling) documents', () => {
  it('aggregates as lm-eval weighted_mean (research §5 D)', async () => {
    const file = join(dir, 'samples_wikitext.jsonl');
    const doc = (id: number, ll: string, words: number, bytes: number) =>
      `{"doc_id": ${id}, "doc": {"page": "..."}, "target": "", "arguments": {"gen_args_0": {"arg_0": "..."}}, "resps": [["${ll}"]], "filtered_resps": ["${ll}"], "filter": "none", "metrics": ["word_perplexity", "byte_perplexity", "bits_per_byte"], "word_perplexity": [${ll}, ${words}], "byte_perplexity": [${ll}, ${bytes}], "bits_per_byte": [${ll}, ${bytes}]}`;
    writeFileSync(file, [doc(0, '-3603.6328125', 1000, 5000), doc(1, '-19779.23974609375', 4000, 21000)].join('\n'));
    const r = await runInProcess(['harness', file, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { rolling: { n_docs: number; word_perplexity: number; byte_perplexity: number; bits_per_byte: number }; output_types: Record<string, number> };
    expect(out.output_types).toEqual({ loglikelihood_rolling: 2 });
    expect(out.rolling.n_docs).toBe(2);
    expect(out.rolling.bits_per_byte).toBe(1.2974751646931473);
    // exp may differ from Python's by an ulp or two.
    expect(Math.abs(out.rolling.word_perplexity / 107.40153901479076 - 1)).toBeLessThan(1e-14);
    expect(Math.abs(out.rolling.byte_perplexity / 2.4579833867039405 - 1)).toBeLessThan(1e-14);
  });
});

describe('lengthlens harness --model (rescore)', () => {
  it('rescoring a log written from the same model reproduces its log-likelihoods and accuracies', async () => {
    const model = join(MODELS_DIR, 'stories260K');
    const items = storiesChoiceTask().items.slice(0, 5);
    const itemsFile = join(dir, 'score-items.jsonl');
    writeFileSync(itemsFile, items.map((it) => JSON.stringify({ context: it.context, candidates: it.choices.map((c) => ' ' + c) })).join('\n'));
    const s = await runInProcess(['score', '--model', model, '--items', itemsFile, '--json']);
    expect(s.code).toBe(0);
    const scored = JSON.parse(s.stdout) as { items: { candidates: { sum_logprob: number }[]; winners: { per_token: number } }[] };
    // A log as lm-eval would write it: lls as Python repr strings (shortest round trip, like JS).
    const log = join(dir, 'samples_stories.jsonl');
    writeFileSync(
      log,
      items
        .map((it, i) =>
          logSampleLine({
            docId: i,
            context: it.context,
            choices: it.choices,
            lls: scored.items[i].candidates.map((c) => String(c.sum_logprob)),
            target: String(it.gold),
            doc: { subject: it.subject },
          }),
        )
        .join('\n'),
    );
    const r = await runInProcess(['harness', log, '--model', model, '--json']);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as {
      accuracies: { rules: Record<string, { value: number }> };
      by_subject: Record<string, unknown>;
      rescore: {
        max_abs_ll_diff: number;
        metrics: { accuracies: { rules: Record<string, { value: number; n: number }> }; K: number; prior_bpb: number; corpus_bpb: number };
      };
      corpus_bpb: number;
    };
    expect(out.rescore.max_abs_ll_diff).toBeLessThan(1e-9);
    expect(out.rescore.metrics.accuracies.rules.acc.value).toBe(out.accuracies.rules.acc.value);
    expect(out.rescore.metrics.accuracies.rules.acc_norm.value).toBe(out.accuracies.rules.acc_norm.value);
    // acc_per_token is not in the log: the rescore gives the score command's per-token winners.
    const perTokenHits = scored.items.filter((it, i) => it.winners.per_token === items[i].gold).length;
    expect(out.rescore.metrics.accuracies.rules.acc_per_token).toMatchObject({ value: perTokenHits / items.length, n: items.length });
    expect(Math.abs(out.rescore.metrics.corpus_bpb - out.corpus_bpb)).toBeLessThan(1e-9);
    expect(out.rescore.metrics.K).toBeGreaterThan(2);
    expect(Object.keys(out.by_subject).length).toBeGreaterThan(1);
  });
});

describe('issue 12: skipped lines, --strict, NaN log-likelihoods (defects 8, 20)', () => {
  it('--strict turns a bad line into a one-line error', async () => {
    const file = join(dir, 'strict.jsonl');
    writeFileSync(file, [logSampleLine(ARC_EASY_DOCS[0]), '{"doc_id": 9, "arguments": '].join('\n'));
    expect(expectOneLineError(await runInProcess(['harness', file, '--strict']))).toMatch(/strict\.jsonl: line 2: not valid JSON/);
    const ok = await runInProcess(['harness', file, '--json']);
    expect(ok.code).toBe(0);
    expect(ok.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
  it('a NaN log-likelihood is decided as np.argmax decides it, and stderr says so', async () => {
    const file = join(dir, 'nan.jsonl');
    writeFileSync(file, [logSampleLine({ ...ARC_EASY_DOCS[0], lls: ['-41.9', 'nan', '-33.9', '-37.0'] }), logSampleLine(ARC_EASY_DOCS[3])].join('\n'));
    const r = await runInProcess(['harness', file, '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^warning: 1 document\(s\) have a NaN or \+inf log-likelihood \(1 NaN, 0 \+inf; first: doc 0\).*np\.argmax.*\n$/);
    const out = JSON.parse(r.stdout) as { accuracies: { rules: { acc: { value: number } }; non_finite: unknown } };
    expect(out.accuracies.rules.acc.value).toBe(0.5);
    expect(out.accuracies.non_finite).toEqual({ items: 1, nan: 1, pos_inf: 0, examples: ['0'] });
  });
});


describe('issue 12: files that are not a log_samples file of a scored task say what they are (defect 21)', () => {
  it('a generation (generate_until) task', async () => {
    const file = join(dir, 'samples_gsm8k.jsonl');
    const rec = (i: number) =>
      JSON.stringify({ doc_id: i, doc: {}, target: '42', arguments: { gen_args_0: { arg_0: 'Q: 6*7?', arg_1: { until: ['\n\n'], do_sample: false } } }, resps: [['42']], filtered_resps: ['42'], filter: 'strict-match', metrics: ['exact_match'], exact_match: 1.0 });
    writeFileSync(file, [rec(0), rec(1)].join('\n'));
    const msg = expectOneLineError(await runInProcess(['harness', file]));
    expect(msg).toMatch(/line 1: a generate_until \(generation\) request/);
    expect(msg).toMatch(/pass the samples file of a multiple_choice or loglikelihood task/);
  });
  it('a results JSON passed by mistake', async () => {
    const file = join(dir, 'results_2026-01-01.json');
    writeFileSync(file, JSON.stringify({ results: { arc_easy: { 'acc,none': 0.25 } }, configs: { arc_easy: { target_delimiter: ' ' } }, chat_template: null }, null, 2));
    expect(expectOneLineError(await runInProcess(['harness', file]))).toMatch(
      /results_2026-01-01\.json is an lm-eval-harness results file \(results_\*\.json\), not a log_samples file: pass the samples_<task>_<date>\.jsonl/,
    );
  });
  it('the layout that logged only the first request as a flat [context, continuation] pair', async () => {
    const file = join(dir, 'samples_old.jsonl');
    writeFileSync(file, JSON.stringify({ doc_id: 0, target: '0', arguments: ['Question: ?\nAnswer:', ' yes'], resps: [[['-1.0', 'False']], [['-2.0', 'False']]], filtered_resps: [['-1.0', 'False'], ['-2.0', 'False']] }) + '\n');
    expect(expectOneLineError(await runInProcess(['harness', file]))).toMatch(
      /line 1: "arguments" is one flat \[context, continuation\] pair, the first request only .*the other choices' strings are not in the file/,
    );
  });
  it('a chat-templated run read with the default delimiter suggests --delimiter ""', async () => {
    const file = join(dir, 'samples_chat.jsonl');
    writeFileSync(file, ARC_EASY_DOCS.map((d) => logSampleLine({ ...d, delimiter: '' })).join('\n'));
    const r = await runInProcess(['harness', file, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { warnings: string[] };
    expect(out.warnings.join('\n')).toMatch(/no continuation starts with the target delimiter " ".*chat template.*--delimiter ""/);
    const ok = JSON.parse((await runInProcess(['harness', file, '--json', '--delimiter', ''])).stdout) as { warnings: string[] };
    expect(ok.warnings).toEqual([]);
  });
});
