// `lengthlens check` end to end: the JSON paths of issue 21 on a hand-computed items file, the
// logged section against `harness` on a real lm-eval log, --fail-on's exit status, --markdown,
// and the model probes on stories260K against `task` and `score`.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import LZString from 'lz-string';
import { runInProcess } from './inProcess';
import { runCli } from './run';
import { expectOneLineError } from './oneLineError';
import { MODELS_DIR, ARC_EASY_LOG } from '../paths';

const dir = mkdtempSync(path.join(tmpdir(), 'lengthlens-check-'));
const MODEL = path.join(MODELS_DIR, 'stories260K');

function write(name: string, lines: unknown[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  return file;
}

// Bytes: the gold is the longest choice in 2 of 3 multiple-choice items.
const ITEMS = write('items.jsonl', [
  { id: 'long', context: 'Q: one?', choices: ['a much longer gold', 'no', 'nah'], label: 0 },
  { id: 'dup', context: 'Q: two?', choices: ['Paris', 'Paris', 'the city of Rome'], label: 2 },
  { id: 'nbsp', context: 'Q: three? ', choices: [' yes\u00a0indeed', ' no', ' maybe'], label: 2 },
  { id: 'cloze', context: 'Once upon', gold: ' a time' },
  'not json',
]);

interface Out {
  n_items: number;
  choice_counts: Record<string, number>;
  length: { gold_longest: { share: number; expected: number; interval: number[]; verdict: string }; baselines: { longest: { share: number } } };
  duplicates: { exact: { ids: string[]; items: { id: string; why: string; scorer: string }[] }; normalised: { ids: string[] } };
  join_whitespace: { ids: string[] };
  invisible: { ids: string[] };
  input_errors: { line: number }[];
  logged?: { rules: Record<string, { value: number; stderr: number }>; acc_picks_shortest: { share: number; expected: number } };
  model?: {
    rules: Record<string, { value: number }>;
    choices_only: { accuracy: { successes: number }; agreement: { successes: number } };
    tokenizer: { boundary_merge: { n: number; count: number; ids: string[] } };
  };
  fail_on?: { rule: string; failed: boolean }[];
}

describe('lengthlens check', () => {
  it('reports the model-free checks under the JSON paths of the issue; the bad line is counted', async () => {
    const r = await runInProcess(['check', ITEMS, '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/skipped 1 bad line \(line 5: not valid JSON/);
    const out = JSON.parse(r.stdout) as Out;
    expect(out.n_items).toBe(4);
    expect(out.choice_counts).toEqual({ '3': 3 });
    // long: gold longest; dup: "the city of Rome" longest, gold; nbsp: " yes\u00a0indeed" longest, gold is " maybe" → 2/3, chance 1/3.
    expect(out.length.gold_longest.share).toBeCloseTo(2 / 3, 12);
    expect(out.length.gold_longest.expected).toBeCloseTo(1 / 3, 12);
    expect(out.duplicates.exact.ids).toEqual(['dup']);
    expect(out.join_whitespace.ids).toEqual(['nbsp']);
    expect(out.invisible.ids).toEqual(['nbsp']);
    expect(out.input_errors.map((e) => e.line)).toEqual([5]);
    // The listed item opens in the Scorer with its context, choices and gold.
    const link = out.duplicates.exact.items[0].scorer;
    expect(link.startsWith('#item=')).toBe(true);
    expect(JSON.parse(LZString.decompressFromEncodedURIComponent(link.slice('#item='.length)))).toEqual({ context: 'Q: two?', choices: ['Paris', 'Paris', 'the city of Rome'], gold: 2 });
  });

  it('reads an items CSV and one JSON array as the Task lab does (parsed whole), with their bad rows named', async () => {
    const csv = path.join(dir, 'items.csv');
    writeFileSync(csv, 'id,context,A,B,C,label\nq1,Pick,Paris,Paris,Rome,C\nq2,Pick,x,y,z,Q\n');
    const c = await runInProcess(['check', csv, '--json']);
    expect(c.stderr).toMatch(/skipped 1 bad line \(line 3: label "Q" is neither/);
    expect((JSON.parse(c.stdout) as Out).duplicates.exact.ids).toEqual(['q1']);
    const arr = path.join(dir, 'items.json');
    writeFileSync(arr, JSON.stringify([{ id: 'a', context: 'Q', choices: ['A', 'B'], label: 0 }, { context: 1 }]));
    const j = await runInProcess(['check', arr, '--json']);
    expect(j.stderr).toMatch(/skipped 1 bad item \(item 2: "context" is missing/);
    expect((JSON.parse(j.stdout) as Out).n_items).toBe(1);
  });

  it('from a real lm-eval log: the logged section has the accuracies `harness` recomputes', async () => {
    const c = await runInProcess(['check', ARC_EASY_LOG, '--json']);
    const h = await runInProcess(['harness', ARC_EASY_LOG, '--json']);
    expect(c.code).toBe(0);
    const out = JSON.parse(c.stdout) as Out;
    const harness = JSON.parse(h.stdout) as { accuracies: { rules: Record<string, { value: number; stderr: number }> } };
    for (const rule of ['acc', 'acc_norm', 'acc_bytes'])
      expect(out.logged!.rules[rule], rule).toMatchObject({ value: harness.accuracies.rules[rule].value, stderr: harness.accuracies.rules[rule].stderr });
    // SOURCES.md: acc 0.58, acc_norm 0.64 on these 50 docs.
    expect(out.logged!.rules.acc.value).toBe(0.58);
    expect(out.logged!.rules.acc_norm.value).toBe(0.64);
    expect(out.n_items).toBe(50);
  });

  it('--fail-on: exit 3 when a named check finds something, 0 when none does; the report is printed either way', async () => {
    const failed = await runInProcess(['check', ITEMS, '--fail-on', 'duplicates,letter_keys', '--json']);
    expect(failed.code).toBe(3);
    expect(failed.stderr).toMatch(/--fail-on: duplicates \(exact: 1 of 3 items \(33.3%\); normalised: 0 of 3 items/);
    expect((JSON.parse(failed.stdout) as Out).fail_on).toEqual([
      expect.objectContaining({ rule: 'duplicates', failed: true }),
      expect.objectContaining({ rule: 'letter_keys', failed: false }),
    ]);
    // gold longest 2/3: above 0.6 fails, above 0.7 passes.
    expect((await runInProcess(['check', ITEMS, '--fail-on', 'gold_longest>0.6'])).code).toBe(3);
    expect((await runInProcess(['check', ITEMS, '--fail-on', 'gold_longest>0.7,letter_keys'])).code).toBe(0);
    const cli = runCli(['check', ITEMS, '--fail-on', 'invisible']);
    expect(cli.code).toBe(3);
  });

  it('--fail-on a check that needs scores runs on an lm-eval log without --model: the log carries them', async () => {
    // Counted by hand (Python over the log): acc's pick is a shortest choice (bytes of arg_1 without
    // its leading space) in 16 of 50 docs; chance is the mean share of shortest choices, 0.33.
    const r = await runInProcess(['check', ARC_EASY_LOG, '--fail-on', 'acc_picks_shortest', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Out & { logged: { acc_picks_shortest: { successes: number; n: number } } };
    expect(out.logged.acc_picks_shortest).toMatchObject({ successes: 16, n: 50, share: 0.32, expected: 0.33 });
    expect(out.fail_on).toEqual([
      { check: 'acc_picks_shortest', rule: 'acc_picks_shortest', failed: false, ran: true, value: 0.32, why: '32.0% (95% interval 20.8%–45.8%) against 33.0% by chance: passes (it fails on any finding, or on nothing to measure)' },
    ]);
    // A threshold the share reaches fails the run (3), the report still printed.
    const over = await runInProcess(['check', ARC_EASY_LOG, '--fail-on', 'acc_picks_shortest>=0.32']);
    expect(over.code).toBe(3);
    expect(over.stdout).toContain('lengthlens check:');
    expect(over.stderr).toContain('--fail-on: acc_picks_shortest>=0.32 (32.0% (95% interval 20.8%–45.8%) against 33.0% by chance: fails (it fails on the share >= 0.32, or on nothing to measure))');
    // The small fixture log (one bad line skipped): 1 of 4, chance (1/4 + 1/4 + 1/4 + 1)/4 = 0.4375.
    const small = await runInProcess(['check', path.resolve(__dirname, '../fixtures/task-log-samples.jsonl'), '--fail-on', 'acc_picks_shortest', '--json']);
    expect(small.code, small.stderr).toBe(0);
    expect((JSON.parse(small.stdout) as Out).fail_on).toEqual([expect.objectContaining({ failed: false, value: 0.25, why: expect.stringContaining('25.0% (95% interval 4.6%–69.9%) against 43.8% by chance: passes') })]);
  });

  it('an unknown check, a probe without scores, --json with --markdown: a wrong command line (2)', async () => {
    const cases: [string[], RegExp][] = [
      [['check', ITEMS, '--fail-on', 'gold_longer'], /--fail-on: unknown check "gold_longer" \(checks: gold_longest,/],
      [['check', ITEMS, '--fail-on', 'gold_longest>2'], /must be a share from 0 to 1/],
      [['check', ITEMS, '--fail-on', 'choices_only'], /--fail-on choices_only needs scores: give --model M, or check an lm-eval --log_samples file/],
      [['check', ITEMS, '--json', '--markdown'], /either --json or --markdown/],
      [['check'], /give exactly one FILE/],
    ];
    for (const [args, message] of cases) {
      const r = await runInProcess(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(expectOneLineError(r), args.join(' ')).toMatch(message);
    }
    const missing = await runInProcess(['check', path.join(dir, 'nope.jsonl')]);
    expect(missing.code).toBe(1);
    expect(expectOneLineError(missing)).toMatch(/file not found/);
  });

  it('--markdown: a heading, one table per section, the listed items folded, links with --app-url', async () => {
    const r = await runInProcess(['check', ITEMS, '--markdown', '--app-url', 'https://example.org/lengthlens/', '--fail-on', 'duplicates']);
    expect(r.code).toBe(3);
    const md = r.stdout;
    expect(md).toMatch(/^## lengthlens check: `.*items\.jsonl`\n/);
    expect(md).toContain('**--fail-on: `duplicates` failed.**');
    expect(md).toContain('| | check | verdict |');
    expect(md).toMatch(/\| ⚠️ \| Duplicate choices \| 1 item of 3 has two identical choices \|/);
    expect(md).toMatch(/<details><summary>Duplicate choices: 1 item<\/summary>\n\n- \[`dup`\]\(https:\/\/example\.org\/lengthlens\/#item=[A-Za-z0-9+$-]+\): choices A and B are both `"Paris"`/);
  });

  it('--model: the Task lab\u2019s accuracies, and choices-only picks from the unconditional scores', async () => {
    const file = write('model-items.jsonl', [
      { id: '1', context: 'Once upon a time, there was a little', choices: [' girl', ' dog named Max', ' tree'], label: 0 },
      { id: '2', context: 'The sun was', choices: [' shining', ' very big and hot', ' sad'], label: 0 },
      { id: '3', context: 'Lily wanted to', choices: [' play', ' go to the park with her mom', ' eat'], label: 1 },
      { id: '4', context: 'Once upon a ti', choices: ['me', 'ny dog'], label: 0 },
    ]);
    const c = await runInProcess(['check', file, '--model', MODEL, '--json']);
    expect(c.code, c.stderr).toBe(0);
    const out = JSON.parse(c.stdout) as Out;
    const t = JSON.parse((await runInProcess(['task', '--model', MODEL, '--items', file, '--json'])).stdout) as { accuracies: { rules: Record<string, { value: number }> } };
    for (const rule of ['acc', 'acc_norm', 'acc_bytes', 'acc_per_token', 'acc_mutual_info'])
      expect(out.model!.rules[rule].value, rule).toBe(t.accuracies.rules[rule].value);
    const scoreItems = write('score-items.jsonl', [
      { context: 'Once upon a time, there was a little', candidates: [' girl', ' dog named Max', ' tree'] },
      { context: 'The sun was', candidates: [' shining', ' very big and hot', ' sad'] },
      { context: 'Lily wanted to', candidates: [' play', ' go to the park with her mom', ' eat'] },
      { context: 'Once upon a ti', candidates: ['me', 'ny dog'] },
    ]);
    const s = JSON.parse((await runInProcess(['score', '--model', MODEL, '--items', scoreItems, '--json'])).stdout) as {
      items: { candidates: { sum_logprob: number; unconditional_logprob: number }[]; warnings: { code: string }[] }[];
    };
    const merged = s.items.filter((it) => it.warnings.some((w) => w.code === 'boundary_merge')).length;
    expect(merged).toBeGreaterThan(0);
    expect(out.model!.tokenizer).toMatchObject({ boundary_merge: { n: 4, count: merged, ids: ['4'] }, inconsistent_leading_space: { n: 4 } });
    const argmax = (xs: number[]) => xs.indexOf(Math.max(...xs));
    const golds = [0, 0, 1, 0];
    const picks = s.items.map((it) => argmax(it.candidates.map((x) => x.unconditional_logprob)));
    const accPicks = s.items.map((it) => argmax(it.candidates.map((x) => x.sum_logprob)));
    expect(out.model!.choices_only.accuracy.successes).toBe(picks.filter((p, i) => p === golds[i]).length);
    expect(out.model!.choices_only.agreement.successes).toBe(picks.filter((p, i) => p === accPicks[i]).length);
  }, 120_000);
});
