// `lengthlens check` on benchmarks as they are published: small hand-written files in each
// published layout (format and schema, the mapping the report states, exact figures), a labels
// file, a field mapping, an ambiguous file, a log whose first line is not a record, an lm-eval run
// folder, and letter columns past H.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ByteWriter, parquetWrite } from 'hyparquet-writer';
import { runInProcess } from './inProcess';

const dir = mkdtempSync(path.join(tmpdir(), 'lengthlens-published-'));

function write(name: string, content: string | Uint8Array): string {
  const file = path.join(dir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

interface Out {
  kind: string;
  schema: { id: string; format: string; gzip: boolean; how: string; fields: Record<string, string>; labels?: { base: number; count: number } };
  n_items: number;
  choice_counts: Record<string, number>;
  length: { gold_longest: { successes: number; n: number; expected: number }; baselines: { longest: { successes: number } } };
  duplicates: { exact: { count: number } };
  subsets?: { by: string; correction: string; rows: { subset: string; n_items: number }[]; flagged_above: string[] };
  pairs?: { n_pairs: number; n_tied: number; chosen_longer: { successes: number; n: number }; baseline_longer: number };
  notes: string[];
  input_errors: { line: number; message: string }[];
  logged?: { rules: Record<string, { value: number }> };
}

async function check(...args: string[]): Promise<Out> {
  const r = await runInProcess(['check', ...args, '--json']);
  if (r.code !== 0) throw new Error(`exit ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Out;
}

describe('check reads published layouts', () => {
  it('AI2 jsonl (ARC): nested choices, the gold looked up in the labels', async () => {
    const f = write('ARC-Test.jsonl', jsonl([
      { id: 'q1', question: { stem: 'Which?', choices: [{ text: 'a much longer gold', label: 'A' }, { text: 'no', label: 'B' }, { text: 'nah', label: 'C' }] }, answerKey: 'A' },
      { id: 'q2', question: { stem: 'Two?', choices: [{ text: 'x', label: '1' }, { text: 'yy', label: '2' }, { text: 'zzz', label: '3' }, { text: 'w', label: '4' }] }, answerKey: '4' },
    ]));
    const out = await check(f);
    expect(out.schema).toMatchObject({ id: 'ai2_nested', format: 'jsonl', gzip: false, fields: { context: 'question.stem', choices: 'question.choices[*].text', gold: 'answerKey (looked up in question.choices[*].label)', id: 'id' } });
    expect(out.choice_counts).toEqual({ '3': 1, '4': 1 });
    expect(out.length.gold_longest).toMatchObject({ successes: 1, n: 2 });
    expect(out.length.gold_longest.expected).toBeCloseTo((1 / 3 + 1 / 4) / 2, 12);
  });

  it("Hendrycks' MMLU CSV: no header, CRLF, no final newline", async () => {
    const f = write('anatomy_test.csv', '"What, exactly?",short,a longer answer,mid one,x,B\r\nSecond,aa,b,c,d,A');
    const out = await check(f);
    expect(out.schema).toMatchObject({ id: 'mmlu_csv', format: 'csv' });
    expect(out.n_items).toBe(2);
    expect(out.length.gold_longest).toMatchObject({ successes: 2, n: 2 });
  });

  it('MMLU on the hub as Parquet: subjects become subsets, Holm-corrected', async () => {
    const subjects: string[] = [];
    const choices: string[][] = [];
    const answers: bigint[] = [];
    for (let i = 0; i < 40; i++) {
      subjects.push('biased');
      choices.push(['a', 'b', 'the much longer gold', 'c']);
      answers.push(2n);
      subjects.push('fair');
      choices.push(['aa', 'bb', 'cc', 'dd']);
      answers.push(BigInt(i % 4));
    }
    const writer = new ByteWriter();
    parquetWrite({ writer, columnData: [
      { name: 'question', data: subjects.map((_, i) => `q${i}`) },
      { name: 'subject', data: subjects },
      { name: 'choices', data: choices },
      { name: 'answer', data: answers, type: 'INT64' },
    ] });
    const f = write('test-00000-of-00001.parquet', new Uint8Array(writer.getBuffer()));
    const out = await check(f);
    expect(out.schema).toMatchObject({ id: 'mmlu_hub', format: 'parquet', fields: { subset: 'subject' } });
    expect(out.n_items).toBe(80);
    expect(out.subsets).toMatchObject({ by: 'subject', correction: 'holm', flagged_above: ['biased'] });
    expect(out.subsets!.rows.map((r) => [r.subset, r.n_items])).toEqual([
      ['biased', 40],
      ['fair', 40],
    ]);
  });

  it('PIQA with a separate 0-based labels file; Social IQa with a 1-based one (the base detected and said)', async () => {
    const piqa = write('piqa/valid.jsonl', jsonl([
      { goal: 'Open a jar', sol1: 'twist the lid', sol2: 'smash' },
      { goal: 'Dry a shirt', sol1: 'hang', sol2: 'put it in the oven' },
    ]));
    const labels = write('piqa/valid-labels.lst', '0\n1\n');
    const out = await check(piqa, '--labels', labels);
    expect(out.schema).toMatchObject({ id: 'piqa', labels: { base: 0, count: 2 } });
    expect(out.length.gold_longest).toMatchObject({ successes: 2, n: 2 });
    const siqa = write('siqa/dev.jsonl', jsonl([{ context: 'C.', question: 'Q?', answerA: 'a', answerB: 'bb', answerC: 'the longest one' }]));
    const sl = write('siqa/dev-labels.lst', '3\n');
    const s = await check(siqa, '--labels', sl);
    expect(s.schema.labels).toMatchObject({ base: 1 });
    expect(s.schema.fields.gold).toMatch(/1-based \(detected/);
    expect(s.length.gold_longest.successes).toBe(1);
    const none = await check(piqa);
    expect(none.length.gold_longest.n).toBe(0);
    expect(none.notes.join(' ')).toMatch(/give --labels FILE/);
  });

  it('TruthfulQA mc_task.json and OpenBookQA TSV', async () => {
    const tq = write('mc_task.json', JSON.stringify([{ question: 'Q?', mc1_targets: { 'The right and long answer': 1, No: 0, Maybe: 0 }, mc2_targets: { x: 1 } }], null, 2));
    const t = await check(tq);
    expect(t.schema).toMatchObject({ id: 'truthfulqa_mc_task', format: 'json' });
    expect(t.length.gold_longest.successes).toBe(1);
    const obqa = write('test.tsv', 'ID\tQuestion Stem\tChoices\tComplete Question\tAnswer Key\n8-1\tTo save\t(A) ab (B) the longest (C) c (D) d\tx\tB\n');
    const o = await check(obqa);
    expect(o.schema).toMatchObject({ id: 'openbookqa_tsv', format: 'tsv' });
    expect(o.choice_counts).toEqual({ '4': 1 });
    expect(o.length.gold_longest.successes).toBe(1);
  });

  it('gzip JSONL preference pairs (HH-RLHF dialogues): chosen longer, ties, the baseline', async () => {
    const f = write('harmless-base-test.jsonl.gz', gzipSync(jsonl([
      { chosen: '\n\nHuman: hi\n\nAssistant: Hello there, friend.', rejected: '\n\nHuman: hi\n\nAssistant: Go away.' },
      { chosen: '\n\nHuman: q\n\nAssistant: ab', rejected: '\n\nHuman: q\n\nAssistant: cd' },
      { chosen: '\n\nHuman: q\n\nAssistant: a', rejected: '\n\nHuman: q\n\nAssistant: bbb' },
    ])));
    const out = await check(f);
    expect(out).toMatchObject({ kind: 'pairs', schema: { id: 'preference_pairs', format: 'jsonl', gzip: true } });
    expect(out.pairs).toMatchObject({ n_pairs: 3, n_tied: 1, chosen_longer: { successes: 1, n: 2 }, baseline_longer: 0.5 });
  });

  it('any other layout by a field mapping; the report states it', async () => {
    const f = write('custom.jsonl', jsonl([
      { q: { text: 'Why?' }, opts: [{ t: 'short' }, { t: 'the long gold' }], key: 1, meta: { area: 'x' } },
      { q: { text: 'How?' }, opts: [{ t: 'the long gold' }, { t: 'no' }], key: 0, meta: { area: 'y' } },
    ]));
    const out = await check(f, '--context', 'q.text', '--choices', 'opts[*].t', '--gold', 'key', '--subset', 'meta.area');
    expect(out.schema).toMatchObject({ id: 'mapping', fields: { context: 'q.text', choices: 'opts[*].t', gold: 'key', subset: 'meta.area' } });
    expect(out.length.gold_longest).toMatchObject({ successes: 2, n: 2 });
    expect(out.subsets!.rows.map((r) => r.subset).sort()).toEqual(['x', 'y']);
    const bad = await runInProcess(['check', f, '--choices', 'opts[x]']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/"\[x\]" is neither \[\*\] nor a list index/);
  });

  it('names an ambiguous file with its candidates, and reads it with --schema', async () => {
    const f = write('both.jsonl', jsonl([{ ctx: 'c', endings: ['a', 'bb'], label: 1, goal: 'g', sol1: 'x', sol2: 'yy' }]));
    const r = await runInProcess(['check', f]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/ambiguous: its first records fit hellaswag \(.*\) and piqa \(.*\) equally/);
    expect((await check(f, '--schema', 'hellaswag')).schema).toMatchObject({ id: 'hellaswag', how: 'given (--schema)' });
  });
});

const logLine = (doc: number, choices: string[], target: number, lls: number[]) => ({
  doc_id: doc,
  doc: {},
  target: String(target),
  arguments: Object.fromEntries(choices.map((c, i) => [`gen_args_${i}`, { arg_0: 'Q:', arg_1: ` ${c}` }])),
  resps: lls.map((l) => [[String(l), 'False']]),
  filtered_resps: lls.map((l) => [String(l), 'False']),
  acc: 0,
});

describe('check reads logs by their records', () => {
  it('a log whose first line is not a record (a harness INFO line, a record cut short) is still a log', async () => {
    const records = [logLine(0, ['a', 'bbb'], 1, [-1, -2]), logLine(1, ['cc', 'd'], 0, [-3, -1])];
    const info = write('samples_info.jsonl', 'INFO 2024-05-01 evaluator.py:300 writing samples\n' + jsonl(records));
    const a = await check(info);
    expect(a.kind).toBe('log_samples');
    expect(a.n_items).toBe(2);
    expect(a.input_errors.map((e) => e.line)).toEqual([1]);
    const cut = write('samples_cut.jsonl', JSON.stringify(records[0]).slice(0, 40) + '\n' + jsonl(records));
    const b = await check(cut);
    expect(b.kind).toBe('log_samples');
    expect(b.n_items).toBe(2);
  });

  it('check DIR: an lm-eval output folder gives a row per task (its newest run) and pooled figures', async () => {
    const run = path.join(dir, 'run', 'org__model');
    write('run/org__model/samples_taskA_2024-01-01T10-00-00.000001.jsonl', jsonl([logLine(0, ['a', 'the long gold'], 1, [-1, -2]), logLine(1, ['x', 'the long gold'], 1, [-1, -2])]));
    write('run/org__model/samples_taskA_2023-01-01T10-00-00.000001.jsonl', jsonl([logLine(0, ['old'], 0, [-1])]));
    write('run/org__model/samples_taskB_2024-01-01T10-00-00.000001.jsonl', jsonl([logLine(0, ['the long gold', 'b'], 0, [-1, -2])]));
    write('run/org__model/results_2024-01-01T10-00-00.000001.json', '{}');
    const out = await check(path.dirname(run));
    expect(out.kind).toBe('log_samples');
    expect(out.n_items).toBe(3);
    expect(out.length.gold_longest).toMatchObject({ successes: 3, n: 3 });
    expect(out.subsets!.by).toBe('task');
    expect(out.subsets!.rows.map((r) => [r.subset, r.n_items]).sort()).toEqual([
      ['taskA', 2],
      ['taskB', 1],
    ]);
    expect(out.notes.join(' ')).toMatch(/1 older samples file/);
    // The raw sum picks choice 0 in every document: right only in taskB's.
    expect(out.logged!.rules.acc.value).toBeCloseTo(1 / 3, 12);
  });
});

describe('items CSV letter columns', () => {
  it('keeps option columns A to J (MMLU-Pro has ten), in check and the items reader', async () => {
    const header = 'context,A,B,C,D,E,F,G,H,I,J,label';
    const f = write('ten.csv', `${header}\nQ1,a,b,c,d,e,f,g,h,i,the longest option,J\nQ2,a,b,c,d,e,f,g,h,the longest,j,I\n`);
    const out = await check(f);
    expect(out.choice_counts).toEqual({ '10': 2 });
    expect(out.input_errors).toEqual([]);
    expect(out.length.gold_longest).toMatchObject({ successes: 2, n: 2 });
  });
});
