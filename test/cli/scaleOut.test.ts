// docs/scale-out.md end to end: an --output_path folder laid out as lm-eval-harness writes it
// (test/fixtures/harnessFolder.ts: copied at test time from real runs), read task by task through
// the CLI; every figure is the harness's own, from its results JSON. Then each row of the doc's
// table against what harness, check and task output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { LOG_VIEWS, logGaps, type LogView } from '../../src/core/formats/logViews';
import { logSampleToItem, parseLogSamples } from '../../src/core/formats/logSamples';
import { makeHarnessFolder, tasksInFolder as folderTasks } from '../fixtures/harnessFolder';
import { REALDATA_DIR } from '../paths';
import { runInProcess } from './inProcess';

let out: string;
const tasksInFolder = () => folderTasks(out);

beforeAll(() => {
  out = makeHarnessFolder();
});
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

interface HarnessJson {
  n_docs: number;
  accuracies: { rules: Record<string, { value: number; stderr: number; n: number }> };
  logged_agreement: Record<string, { n: number; mismatches: number }>;
  warnings: string[];
  not_in_log: { view: string; sentence: string }[];
}

async function harness(file: string, ...flags: string[]): Promise<HarnessJson> {
  const r = await runInProcess(['harness', file, '--json', ...flags]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as HarnessJson;
}

describe('an lm-eval-harness output folder through the CLI', () => {
  it('harness reproduces every accuracy and stderr in each run’s results JSON, task by task', async () => {
    const tasks = tasksInFolder();
    expect(tasks.map((t) => t.task)).toEqual(['negotiationtom_belief', 'negotiationtom_desire', 'arc_easy', 'copa']);
    for (const t of tasks) {
      const h = await harness(t.samples, '--delimiter', t.delimiter);
      expect(h.warnings).toEqual([]);
      expect(h.n_docs).toBe(t.results.sample_len);
      for (const metric of ['acc', 'acc_norm']) {
        if (!(`${metric},none` in t.results)) continue;
        expect({ task: t.task, metric, value: h.accuracies.rules[metric].value }).toEqual({ task: t.task, metric, value: t.results[`${metric},none`] });
        expect(h.accuracies.rules[metric].stderr).toBe(t.results[`${metric}_stderr,none`]);
        expect(h.logged_agreement[metric].mismatches).toBe(0);
      }
      expect(h.not_in_log.map((g) => g.view)).toEqual(['acc_per_token', 'acc_mutual_info', 'acc_word', 'acc_ncc', 'R(k), PriorBPB']);
    }
  });

  it('the chat-templated run needs --delimiter "", and harness says so when it is not given', async () => {
    const belief = tasksInFolder().find((t) => t.task === 'negotiationtom_belief')!;
    const json = await harness(belief.samples);
    expect(json.warnings[0]).toMatch(/^no continuation starts with the target delimiter " ": a run with a chat template \(--apply_chat_template\) uses the delimiter "", so pass --delimiter ""/);
  });

  it('the folder’s generation task (generate_until) is refused in one line that says why', async () => {
    const intention = fs.readdirSync(path.join(out, 'Qwen__Qwen3-8B')).find((f) => f.startsWith('samples_negotiationtom_intention_'))!;
    const r = await runInProcess(['harness', path.join(out, 'Qwen__Qwen3-8B', intention), '--json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(
      'line 1: a generate_until (generation) request: its second argument is generation settings, not a continuation to score; ' +
        'lengthlens harness recomputes log-likelihood accuracies, so pass the samples file of a multiple_choice or loglikelihood task (and 19 more bad lines)',
    );
  });

  it('check DIR reads a model\u2019s whole run: a row per scored task, and the pooled acc is the results JSON\u2019s accuracies weighted by their documents', async () => {
    const run = path.join(out, 'Qwen__Qwen3-8B');
    const tasks = tasksInFolder().filter((t) => path.dirname(t.samples) === run);
    const r = await runInProcess(['check', run, '--json']);
    expect(r.code).toBe(0);
    const c = JSON.parse(r.stdout) as { n_items: number; subsets: { by: string; rows: { subset: string; n_items: number }[] }; logged: { rules: Record<string, { value: number; n: number }> } };
    const docs = tasks.reduce((n, t) => n + Number(t.results.sample_len), 0);
    expect(c.n_items).toBe(docs);
    expect(c.subsets.by).toBe('task');
    expect(c.subsets.rows.map((row) => [row.subset, row.n_items]).sort()).toEqual(tasks.map((t) => [t.task, Number(t.results.sample_len)]).sort());
    const pooled = tasks.reduce((s, t) => s + Number(t.results['acc,none']) * Number(t.results.sample_len), 0) / docs;
    expect(c.logged.rules.acc.n).toBe(docs);
    expect(Math.abs(c.logged.rules.acc.value - pooled)).toBeLessThan(1e-12);
    // The folder's generation task has nothing to check: named on stderr, not counted.
    expect(r.stderr).toContain('negotiationtom_intention');
  });

  it('task refuses a samples file in one line that points to harness', async () => {
    const copa = tasksInFolder().find((t) => t.task === 'copa')!.samples;
    const items = await runInProcess(['task', '--model', 'stories260K', '--items', copa]);
    expect(items.code).toBe(1);
    expect(items.stdout).toBe('');
    expect(items.stderr).toBe(
      `lengthlens task: ${copa} is an lm-eval-harness --log_samples file, not an items file: read its logged scores with lengthlens harness ${copa} (add --model M to rescore its documents with a model)\n`,
    );
    const bits = await runInProcess(['task', '--bits', copa]);
    expect(bits.code).toBe(1);
    expect(bits.stderr).toMatch(/^lengthlens task: .* is an lm-eval-harness --log_samples file, which holds one summed log-likelihood per choice and no per-token bits: read it with lengthlens harness .*\n$/);
  });
});

/** The value at a dot path of a parsed JSON output. */
function at(json: unknown, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), json);
}

/** copa's log with acc_mutual_info's unconditional requests added (the layout of lm-eval-harness 0.4.9 and later). */
function withMutualInfo(text: string): string {
  return text
    .trim()
    .split('\n')
    .map((line, d) => {
      const rec = JSON.parse(line) as { arguments: Record<string, { arg_0: string; arg_1: string }>; resps: unknown[][]; filtered_resps: unknown[] };
      const n = Object.keys(rec.arguments).length;
      for (let i = 0; i < n; i++) {
        rec.arguments[`gen_args_${n + i}`] = { arg_0: '', arg_1: rec.arguments[`gen_args_${i}`].arg_1 };
        const ll = String(-10 - ((d + i) % 3));
        rec.resps.push([[ll, 'False']]);
        rec.filtered_resps.push([ll, 'False']);
      }
      return JSON.stringify(rec);
    })
    .join('\n');
}

describe('docs/scale-out.md’s table against the outputs', () => {
  it('a view that works from a log is in harness --json or check --json; one that does not is absent there and named in not_in_log', async () => {
    const copa = tasksInFolder().find((t) => t.task === 'copa')!.samples;
    const h = await harness(copa);
    const check = await runInProcess(['check', copa, '--json']);
    expect(check.code).toBe(0);
    const c = JSON.parse(check.stdout) as unknown;
    const fromLog = (v: LogView) => v.need === 'log';
    let walked = 0;
    for (const v of LOG_VIEWS) {
      if (v.harnessPath) {
        walked++;
        const value = at(h, v.harnessPath);
        if (fromLog(v)) expect({ view: v.name, finite: Number.isFinite(value) }).toEqual({ view: v.name, finite: true });
        else expect({ view: v.name, value }).toEqual({ view: v.name, value: undefined });
      }
      if (v.checkPath) {
        walked++;
        const value = at(c, v.checkPath);
        expect({ view: v.name, present: value !== undefined }).toEqual({ view: v.name, present: fromLog(v) });
      }
      if (v.gap) expect({ view: v.name, named: h.not_in_log.some((g) => g.view === v.gap) }).toEqual({ view: v.name, named: true });
    }
    expect(walked).toBe(LOG_VIEWS.filter((v) => v.harnessPath).length + LOG_VIEWS.filter((v) => v.checkPath).length);
    // The sentences are the core's, as the app writes them.
    expect(h.not_in_log).toEqual(logGaps(parseLogSamples(fs.readFileSync(copa, 'utf8')).records.map(logSampleToItem)));
  });

  it('the log of an acc_mutual_info task gives PMI, and then does not name it', async () => {
    const file = path.join(out, 'copa-with-mutual-info.jsonl');
    fs.writeFileSync(file, withMutualInfo(fs.readFileSync(tasksInFolder().find((t) => t.task === 'copa')!.samples, 'utf8')));
    const h = await harness(file);
    const mi = LOG_VIEWS.find((v) => v.need === 'log-mi')!;
    expect(Number.isFinite(at(h, mi.harnessPath!))).toBe(true);
    expect(h.not_in_log.map((g) => g.view)).toEqual(['acc_per_token', 'acc_word', 'acc_ncc', 'R(k), PriorBPB']);
    // acc is unchanged by the added requests.
    expect(h.accuracies.rules.acc.value).toBe(0.6);
  });

  it('the views that need a --bits file come from one: PriorBPB from per-token bits, acc_per_token and acc_ncc from token counts', async () => {
    const prior = await runInProcess(['task', '--bits', path.join(REALDATA_DIR, 'converted', 'gpt3_ada_bits.jsonl'), '--json']);
    expect(prior.code).toBe(0);
    const priorJson = JSON.parse(prior.stdout) as unknown;
    const bitsViews = LOG_VIEWS.filter((v) => v.need === 'bits');
    expect(bitsViews.map((v) => v.harnessPath)).toEqual(['accuracies.rules.acc_per_token.value', 'accuracies.rules.acc_ncc.value', 'prior_bpb']);
    expect(at(priorJson, 'prior_bpb')).toBeCloseTo(1.033605576332652, 12);
    const file = path.join(out, 'counts.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        items: [
          { tokens: [[4.328, 4]], choices: [{ text: 'a', logprob: -2, n_tokens: 1, unconditional_logprob: -3, unconditional_n_tokens: 2 }, { text: 'bbbb', logprob: -3, n_tokens: 4, unconditional_logprob: -2, unconditional_n_tokens: 1 }], label: 1 },
          { tokens: [[2.164, 1]], choices: [{ text: 'cc', logprob: -1, n_tokens: 2, unconditional_logprob: -4, unconditional_n_tokens: 2 }, { text: 'd', logprob: -1.5, n_tokens: 1, unconditional_logprob: -4, unconditional_n_tokens: 1 }], label: 1 },
        ],
      }),
    );
    const perToken = await runInProcess(['task', '--bits', file, '--json']);
    expect(perToken.code).toBe(0);
    // Per token: −2 vs −0.75 picks 1 (gold); −0.5 vs −1.5 picks 0 (not gold).
    expect(at(JSON.parse(perToken.stdout), 'accuracies.rules.acc_per_token.value')).toBe(0.5);
    // NCC: −2 − −1.5 = −0.5 vs −0.75 − −2 = 1.25 picks 1 (gold); −0.5 − −2 = 1.5 vs −1.5 − −4 = 2.5 picks 1 (gold).
    expect(at(JSON.parse(perToken.stdout), 'accuracies.rules.acc_ncc.value')).toBe(1);
  });
});
