// Issue 41: numbers `check` must not get wrong and gates that must not pass. A winogrande-layout
// log (lm-eval multiple_input) is checked on its options; a log whose own acc_norm disagrees with
// the recomputation says so; checks a log can never answer, and thresholds on nothing, do not pass.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './inProcess';
import { expectOneLineError } from './oneLineError';

const dir = mkdtempSync(path.join(tmpdir(), 'lengthlens-check-gates-'));

function write(name: string, lines: unknown[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return file;
}

/** A document in lm-eval 0.4's multiple_input layout: one request per option, each its own context, one shared continuation. */
function winoDoc(docId: number, prefix: string, options: string[], continuation: string, lls: number[], gold: number) {
  const args = Object.fromEntries(options.map((o, i) => [`gen_args_${i}`, { arg_0: prefix + o, arg_1: continuation }]));
  const resps = lls.map((ll) => [String(ll), 'False']);
  const pred = lls.indexOf(Math.max(...lls));
  return { doc_id: docId, doc: {}, target: String(gold), arguments: args, resps: resps.map((r) => [r]), filtered_resps: resps, filter: 'none', metrics: ['acc'], acc: pred === gold ? 1 : 0 };
}

const WINO = write('samples_winogrande.jsonl', [
  winoDoc(0, 'Sarah was a much better surgeon than Maria so ', ['Sarah', 'Maria'], ' always got the easier cases.', [-27.4, -26.2], 1),
  winoDoc(1, 'The trophy does not fit into the suitcase because the ', ['trophy', 'suitcase'], ' is too large.', [-12.5, -13.0], 0),
  winoDoc(2, 'Sam liked Samantha more than ', ['Sam', 'Samantha'], ' liked him.', [-9.0, -8.0], 0),
]);

describe('check on a multiple_input (winogrande) log', () => {
  it('checks the options, not the shared continuation: no duplicates, lengths of the options', async () => {
    const r = await runInProcess(['check', WINO, '--json', '--fail-on', 'duplicates_exact']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as {
      choice_counts: Record<string, number>;
      duplicates: { exact: { count: number } };
      length: { gold_longest: { share: number; successes: number } };
      logged: { rules: Record<string, { value: number }>; acc_picks_shortest: { successes: number; n: number } };
      notes: string[];
    };
    expect(out.choice_counts).toEqual({ '2': 3 });
    expect(out.duplicates.exact.count).toBe(0);
    // Golds: Maria (5 vs Sarah 5: tie, a longest), trophy (6 < suitcase 8), Sam (3 < Samantha 8) → 1 of 3.
    expect(out.length.gold_longest.successes).toBe(1);
    // The raw sum picks Maria (tie: a shortest too), trophy (shortest), Samantha (longest) → 2 of 3.
    expect(out.logged.acc_picks_shortest).toMatchObject({ successes: 2, n: 3 });
    // acc from the logged lls: doc 0 right, doc 1 right, doc 2 wrong.
    expect(out.logged.rules.acc.value).toBeCloseTo(2 / 3, 12);
    expect(out.notes.join('\n')).toMatch(/3 document\(s\) vary the context and share one continuation \(lm-eval multiple_input/);
  });
});

describe('check: the log\u2019s own per-document values', () => {
  it('a log written with target_delimiter "" whose choices start with a space: the acc_norm disagreement is named', async () => {
    // lm-eval counted the space (" ab" 3 chars, " abcdef" 7): acc_norm picks choice 0 (−2/3 > −5/7), gold 0 → 1.
    // Read with the default delimiter " ", the space is dropped: −2/2 < −5/6 → choice 1 → 0.
    const doc = (id: number) => {
      const args = { gen_args_0: { arg_0: `Q${id}`, arg_1: ' ab' }, gen_args_1: { arg_0: `Q${id}`, arg_1: ' abcdef' } };
      const resps = [['-2.0', 'False'], ['-5.0', 'False']];
      return { doc_id: id, doc: {}, target: '0', arguments: args, resps: resps.map((x) => [x]), filtered_resps: resps, acc: 1, acc_norm: 1 };
    };
    const log = write('samples_chat.jsonl', [doc(0), doc(1)]);
    const r = await runInProcess(['check', log, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { logged: { rules: Record<string, { value: number }> }; notes: string[] };
    expect(out.logged.rules.acc_norm.value).toBe(0);
    const line =
      `the log's own per-document acc_norm differs from the recomputation in 2 of 2 documents (logged mean 1.000, the logged section's 0.000; first: doc 0): ` +
      'was the run\'s target_delimiter other than " "? give it with --delimiter (a chat-templated run uses "")';
    expect(out.notes).toContain(line);
    expect(r.stderr).toContain(line);
    // With the run's delimiter the recomputation is the log's, and nothing is said.
    const ok = await runInProcess(['check', log, '--json', '--delimiter', '']);
    expect((JSON.parse(ok.stdout) as { logged: { rules: Record<string, { value: number }> } }).logged.rules.acc_norm.value).toBe(1);
    expect(ok.stderr).not.toMatch(/differs from the recomputation/);
  });
});

describe('--fail-on: a gate never passes on what it cannot measure', () => {
  const ARC_DOC = { doc_id: 0, doc: {}, target: '0', arguments: { gen_args_0: { arg_0: 'Q', arg_1: ' a' }, gen_args_1: { arg_0: 'Q', arg_1: ' bb' } }, resps: [[['-1', 'False']], [['-2', 'False']]], filtered_resps: [['-1', 'False'], ['-2', 'False']], acc: 1 };
  const ARC = write('samples_arc.jsonl', [ARC_DOC]);

  it('boundary_merge and choices_only on a log without acc_mutual_info: a wrong command line (2)', async () => {
    const merge = await runInProcess(['check', ARC, '--fail-on', 'boundary_merge']);
    expect(merge.code).toBe(2);
    expect(expectOneLineError(merge)).toMatch(/--fail-on boundary_merge needs --model M: it reads the tokens a model scores/);
    const only = await runInProcess(['check', ARC, '--fail-on', 'choices_only']);
    expect(only.code).toBe(2);
    expect(expectOneLineError(only)).toMatch(/--fail-on choices_only cannot run on .*samples_arc\.jsonl: choices-only accuracy needs each choice scored on an empty context \(give --model M, or a log with acc_mutual_info requests\)/);
  });

  it('a threshold (or a name) on a share with no gold to measure fails (3), saying why', async () => {
    // A log whose targets are not among the choices (lm-eval scores them 0): no gold to read.
    const doc = (id: number) => ({ ...(JSON.parse(JSON.stringify(ARC_DOC)) as object), doc_id: id, target: 'none of these' });
    const noGold = write('nogold.jsonl', [doc(0), doc(1)]);
    const r = await runInProcess(['check', noGold, '--json', '--fail-on', 'gold_longest>0.5,baseline_shortest,duplicates']);
    expect(r.code).toBe(3);
    const out = JSON.parse(r.stdout) as { fail_on: { rule: string; failed: boolean; why: string }[] };
    expect(out.fail_on.map((f) => [f.rule, f.failed])).toEqual([
      ['gold_longest>0.5', true],
      ['baseline_shortest', true],
      ['duplicates', false],
    ]);
    expect(out.fail_on[0].why).toBe('no item to measure (no multiple-choice item with a gold among its choices): fails (it fails on the share > 0.5, or on nothing to measure)');
    // The same gate on a file with golds still passes when the share is below it.
    expect((await runInProcess(['check', ARC, '--fail-on', 'gold_longest>0.5'])).code).toBe(0);
  });
});
