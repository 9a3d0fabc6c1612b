// `lengthlens check DATA --task FILE.yaml`: an lm-eval-harness task YAML applied to a published
// data file as the harness applies it (hand-written fixtures in test/fixtures/lm-eval-tasks): the
// report's schema names the task and its templates, the choices carry target_delimiter, a YAML
// that needs Python is named and the file is read as without it, and bad settings are one-line errors.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run';
import { runInProcess } from './inProcess';
import { EXPECTED, expectFigures, type NativeFigures } from './nativeFigures';
import { NATIVE_DIR } from '../paths';

const FIXTURES = path.resolve(__dirname, '../fixtures/lm-eval-tasks');
const fixture = (rel: string) => path.join(FIXTURES, rel);
const dir = mkdtempSync(path.join(tmpdir(), 'lengthlens-task-yaml-'));
function write(name: string, content: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

interface Out {
  schema: { id: string; name: string; how: string; fields: Record<string, string>; task?: { file: string; includes: string[]; templates: Record<string, string>; target_delimiter: string; settings: Record<string, string>; python: { field: string; function: string }[]; applied: boolean; fallback?: string } };
  n_items: number;
  n_no_gold: number;
  choice_counts: Record<string, number>;
  length: NativeFigures['length'];
  duplicates: { exact: { count: number } };
  letter_keys: { count: number };
  join_whitespace: { count: number };
  notes: string[];
  input_errors: { line: number; message: string }[];
}

async function check(...args: string[]): Promise<Out> {
  const r = await runInProcess(['check', ...args, '--json']);
  if (r.code !== 0) throw new Error(`exit ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Out;
}

describe('check --task FILE.yaml', () => {
  it('ARC: the CLI applies the included templates; choices carry target_delimiter; the gold comes from .index()', () => {
    const r = runCli(['check', fixture('arc/arc_easy_test.jsonl'), '--task', fixture('arc/arc_easy.yaml'), '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Out;
    expect(out.schema).toMatchObject({
      id: 'lm_eval_task',
      name: 'lm-eval-harness task YAML arc_easy.yaml (task arc_easy)',
      fields: {
        context: 'doc_to_text "Question: {{question}}\\nAnswer:"',
        choices: '" " (target_delimiter) + each of doc_to_choice "{{choices.text}}"',
        gold: 'doc_to_target "{{choices.label.index(answerKey)}}" (an index, or looked up among the choices)',
      },
      task: { target_delimiter: ' ', applied: true, settings: { task: 'arc_easy', dataset_path: 'allenai/ai2_arc', dataset_name: 'ARC-Easy', test_split: 'test' } },
    });
    expect(out.schema.how).toMatch(/^read through the task YAML .*_default_template_yaml included/);
    expect(out.schema.task!.includes.map((f) => path.basename(f))).toEqual(['_default_template_yaml']);
    expect(out.n_items).toBe(3);
    expect(out.choice_counts).toEqual({ '3': 1, '4': 2 });
    // Gold: carbon dioxide (longest of 4), sand (shortest of 3), evaporation (longest of 4).
    expect(out.length.gold_longest).toMatchObject({ successes: 2, n: 3 });
    expect(out.length.gold_longest.expected).toBeCloseTo((1 / 4 + 1 / 3 + 1 / 4) / 3, 12);
    expect(out.length.gold_shortest).toMatchObject({ successes: 1, n: 3 });
    expect(out.n_no_gold).toBe(0);
  });

  it('MMLU: letters as choices (" A" …), the description and the answer field; num_fewshot is said', async () => {
    const out = await check(fixture('mmlu/anatomy_test.jsonl'), '--task', fixture('mmlu/mmlu_anatomy.yaml'));
    expect(out.schema.fields.context).toMatch(/^description "The following are multiple choice questions \(with answers\) about anatomy\.\\n\\n" \+ doc_to_text /);
    expect(out.schema.fields.choices).toBe('" " (target_delimiter) + each of doc_to_choice ["A","B","C","D"]');
    expect(out.letter_keys.count).toBe(2);
    // "Answer:" then " A": no whitespace on both sides of the join.
    expect(out.join_whitespace.count).toBe(0);
    expect(out.notes.some((n) => n.startsWith('the task YAML sets num_fewshot 5: the check builds each context zero-shot'))).toBe(true);
  });

  it('--delimiter over target_delimiter is said in the mapping', async () => {
    const out = await check(fixture('mmlu/anatomy_test.jsonl'), '--task', fixture('mmlu/mmlu_anatomy.yaml'), '--delimiter', '');
    expect(out.schema.fields.choices).toBe('"" (--delimiter, over the task\'s target_delimiter " ") + each of doc_to_choice ["A","B","C","D"]');
  });

  it('the checked choices carry target_delimiter: a context ending in a space meets it at the join', async () => {
    const yaml = write('space.yaml', 'output_type: multiple_choice\ndoc_to_text: "Question: {{q}}\\nAnswer: "\ndoc_to_choice: c\ndoc_to_target: 0\n');
    const data = write('space.jsonl', [{ q: 'one', c: ['x', 'yy'] }, { q: 'two', c: ['zz', 'w'] }].map((x) => JSON.stringify(x)).join('\n') + '\n');
    expect((await check(data, '--task', yaml)).join_whitespace.count).toBe(2);
    expect((await check(data, '--task', yaml, '--delimiter', '')).join_whitespace.count).toBe(0);
  });

  it('gen_prefix is reported and said not to be applied', async () => {
    const yaml = write('prefix.yaml', 'output_type: multiple_choice\ngen_prefix: "The answer is"\ndoc_to_text: q\ndoc_to_choice: c\ndoc_to_target: 0\n');
    const data = write('prefix.jsonl', JSON.stringify({ q: 'Q', c: ['a', 'b'] }) + '\n');
    const out = await check(data, '--task', yaml);
    expect(out.schema.task!.settings.gen_prefix).toBe('The answer is');
    expect(out.notes).toContain('the task YAML sets gen_prefix "The answer is", which the check does not put after the context: where the context meets each choice may differ from what the harness scores');
  });

  it('HellaSwag: process_docs is Python: named, and the raw records are read with the detected schema', async () => {
    const out = await check(fixture('hellaswag/hellaswag_validation.jsonl'), '--task', fixture('hellaswag/hellaswag.yaml'));
    expect(out.schema.id).toBe('hellaswag');
    expect(out.schema.how).toBe('detected (2 of the first 2 records fit); not through the task YAML: process_docs: !function utils.process_docs is Python');
    expect(out.schema.task).toMatchObject({ applied: false, python: [{ field: 'process_docs', function: 'utils.process_docs' }] });
    expect(out.notes).toContain(
      'the task YAML needs Python (process_docs: !function utils.process_docs), which lengthlens cannot run: its templates are not applied; the check reads the raw records, as without --task (the schema detected from them), so the strings may differ from those the harness scores',
    );
    expect(out.n_items).toBe(2);
  });

  it('a record the templates fail on is a bad record naming the template; a gold that is not a choice is counted and said', async () => {
    const yaml = write('t.yaml', 'output_type: multiple_choice\ndoc_to_text: "{{question}}"\ndoc_to_choice: "{{choices}}"\ndoc_to_target: answer\n');
    const data = write('d.jsonl', [{ question: 'Q1', choices: ['a', 'bb'], answer: 1 }, { choices: ['a', 'bb'], answer: 0 }, { question: 'Q3', choices: ['a', 'bb'], answer: 'ccc' }].map((x) => JSON.stringify(x)).join('\n') + '\n');
    const out = await check(data, '--task', yaml);
    expect(out.input_errors).toEqual([{ line: 2, message: 'doc_to_text "{{question}}": "question" is undefined (the record has no such field)' }]);
    expect(out.n_items).toBe(2);
    expect(out.n_no_gold).toBe(1);
    expect(out.notes.some((n) => n.startsWith('doc_to_target gives a value that is not one of the choices for 1 record(s) (first: record 3: "ccc")'))).toBe(true);
  });

  it('wrong settings and flags: one-line errors, exit 1 or 2', async () => {
    const missing = write('child.yaml', 'include: nowhere_yaml\ntask: x\n');
    let r = await runInProcess(['check', fixture('arc/arc_easy_test.jsonl'), '--task', missing]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--task .*child\.yaml: include "nowhere_yaml": no such file .*nowhere_yaml/);
    const gen = write('gen.yaml', 'output_type: generate_until\ndoc_to_text: q\ndoc_to_target: a\n');
    r = await runInProcess(['check', fixture('arc/arc_easy_test.jsonl'), '--task', gen]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('output_type is generate_until; lengthlens check reads multiple_choice tasks');
    r = await runInProcess(['check', fixture('arc/arc_easy_test.jsonl'), '--task', fixture('arc/arc_easy.yaml'), '--schema', 'ai2_flat']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--task says how to read the file: use it without --schema');
  });
});

describe.skipIf(!existsSync(NATIVE_DIR))('check --task on a published file', () => {
  it("ARC-Challenge's AI2 jsonl through a task YAML written for its nested layout: the figures Python computed from the raw strings", async () => {
    const yaml = write('arc_nested.yaml', [
      'output_type: multiple_choice',
      'doc_to_text: "Question: {{question.stem}}\\nAnswer:"',
      `doc_to_choice: "{{question.choices|map(attribute='text')|list}}"`,
      `doc_to_target: "{{(question.choices|map(attribute='label')|list).index(answerKey)}}"`,
      '',
    ].join('\n'));
    const out = await check(path.join(NATIVE_DIR, 'arc/ARC-Challenge-Test.jsonl'), '--task', yaml);
    const want = EXPECTED['arc/ARC-Challenge-Test.jsonl'];
    expect(out.n_no_gold).toBe(0);
    // target_delimiter adds one byte to every choice: which choices are longest and shortest does not change.
    expectFigures(out, want);
  });
});
