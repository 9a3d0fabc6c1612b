// An lm-eval-harness task YAML applied to records as the harness applies it: the include chain,
// the templates (fields, Jinja with .strip() and .index(), a rendered list read as a Python
// literal), target_delimiter, description, the gold as an index or a choice's text, !function
// values named, and errors that name the setting and the field.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyTask, parseTaskYaml, pythonNeeded, renderTemplate, resolveTaskYaml, taskFieldsText, taskFromConfig, type IncludeReader, type LmEvalTask } from '../../../src/core/formats/lmEvalTask';

const FIXTURES = path.resolve(__dirname, '../../fixtures/lm-eval-tasks');
const readInclude: IncludeReader = (include, from) => {
  const file = path.join(path.dirname(from), include);
  return { file, text: readFileSync(file, 'utf8') };
};

function loadTask(rel: string): LmEvalTask {
  const file = path.join(FIXTURES, rel);
  const { config, files } = resolveTaskYaml(file, readFileSync(file, 'utf8'), readInclude);
  return taskFromConfig(config, files);
}

const records = (rel: string): unknown[] =>
  readFileSync(path.join(FIXTURES, rel), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);

function task(yaml: string): LmEvalTask {
  return taskFromConfig(parseTaskYaml(yaml), ['t.yaml']);
}

describe('task YAML files', () => {
  it('ARC: the included template gives the settings; the file its own', () => {
    const t = loadTask('arc/arc_easy.yaml');
    expect(t.files.map((f) => path.basename(f))).toEqual(['arc_easy.yaml', '_default_template_yaml']);
    expect(t.info).toMatchObject({ task: 'arc_easy', dataset_path: 'allenai/ai2_arc', dataset_name: 'ARC-Easy', test_split: 'test', output_type: 'multiple_choice', tag: '["ai2_arc"]' });
    expect(t.targetDelimiter).toBe(' ');
    const [a, b, c] = records('arc/arc_easy_test.jsonl').map((r, i) => applyTask(t, r, i + 1));
    expect(a.item).toEqual({ id: '1', context: 'Question: Which gas do plants take in?\nAnswer:', choices: ['carbon dioxide', 'oxygen', 'helium', 'neon'], gold: 0 });
    // Choices labelled 1–3: .index() finds "3" among the labels.
    expect(b.item.gold).toBe(2);
    expect(c.item.gold).toBe(3);
    expect(taskFieldsText(t).choices).toBe('" " (target_delimiter) + each of doc_to_choice "{{choices.text}}"');
  });

  it('MMLU: description before doc_to_text, a list of letters as the choices, the answer field as the gold', () => {
    const t = loadTask('mmlu/mmlu_anatomy.yaml');
    expect(t.info.num_fewshot).toBe('5');
    const [a, b] = records('mmlu/anatomy_test.jsonl').map((r, i) => applyTask(t, r, i + 1));
    expect(a.item).toEqual({
      id: '1',
      context: 'The following are multiple choice questions (with answers) about anatomy.\n\nWhich bone is the longest?\nA. femur\nB. tibia\nC. ulna\nD. the stapes of the middle ear\nAnswer:',
      choices: ['A', 'B', 'C', 'D'],
      gold: 0,
    });
    expect(b.item.gold).toBe(1);
  });

  it('HellaSwag: process_docs is Python, named; the templates are not applied', () => {
    const t = loadTask('hellaswag/hellaswag.yaml');
    expect(pythonNeeded(t)).toEqual([{ field: 'process_docs', function: 'utils.process_docs' }]);
    expect(() => applyTask(t, records('hellaswag/hellaswag_validation.jsonl')[0], 1)).toThrow(/needs Python/);
  });

  it('a !function outside the string settings is kept, not needed', () => {
    const t = task('output_type: multiple_choice\ndoc_to_text: q\ndoc_to_choice: c\ndoc_to_target: g\nprocess_results: !function utils.process_results\n');
    expect(t.python).toEqual([{ field: 'process_results', function: 'utils.process_results' }]);
    expect(pythonNeeded(t)).toEqual([]);
    expect(applyTask(t, { q: 'Q', c: ['x', 'yy'], g: 1 }, 4).item).toEqual({ id: '4', context: 'Q', choices: ['x', 'yy'], gold: 1 });
  });
});

describe('applying a task to one record', () => {
  const base = 'output_type: multiple_choice\n';

  it('target_delimiter is read as written (an empty one included)', () => {
    expect(task(`${base}target_delimiter: ""\ndoc_to_text: q\ndoc_to_choice: c\ndoc_to_target: 0`).targetDelimiter).toBe('');
    expect(task(`${base}target_delimiter: "\\n"\ndoc_to_text: q\ndoc_to_choice: c\ndoc_to_target: 0`).targetDelimiter).toBe('\n');
  });

  it('the gold: an int, digits rendered, a choice text, a list, or (not a choice) reported', () => {
    const t = (target: string) => task(`${base}doc_to_text: q\ndoc_to_choice: c\ndoc_to_target: ${target}`);
    const rec = { q: 'Q', c: ['red', 'blue', 'green'], g: 'blue', k: 'B', n: '2' };
    expect(applyTask(t('2'), rec, 1).item.gold).toBe(2);
    expect(applyTask(t('"{{c.index(g)}}"'), rec, 1).item.gold).toBe(1);
    expect(applyTask(t('g'), rec, 1).item.gold).toBe(1);
    expect(applyTask(t('"{{g}}"'), rec, 1).item.gold).toBe(1);
    expect(applyTask(t('"{{[0, 2]}}"'), rec, 1).item.gold).toEqual([0, 2]);
    expect(applyTask(t("\"{{['A','B','C'].index(k)}}\""), rec, 1).item.gold).toBe(1);
    // A CSV's digits: the integer a typed loader reads.
    expect(applyTask(t('n'), rec, 1).item.gold).toBe(2);
    const out = applyTask(t('k'), rec, 1);
    expect(out.item.gold).toEqual([]);
    expect(out.goldNotAChoice).toBe('B');
    expect(applyTask(t('7'), rec, 1).goldNotAChoice).toBe('7');
  });

  it('doc_to_choice: a rendered list of strings with quotes, a YAML mapping, a field', () => {
    const rec = { q: 'Q', a: 'it\'s "x"', b: 'b\\n' };
    expect(applyTask(task(`${base}doc_to_text: q\ndoc_to_choice: "{{[a, b]}}"\ndoc_to_target: 0`), rec, 1).item.choices).toEqual(['it\'s "x"', 'b\\n']);
    expect(applyTask(task(`${base}doc_to_text: q\ndoc_to_choice: {x: yes, y: no}\ndoc_to_target: 0`), rec, 1).item.choices).toEqual(['yes', 'no']);
  });

  it('keeps a template\u2019s trailing newline, as the harness does', () => {
    expect(renderTemplate('{{q}}\n', { q: 'Q' })).toBe('Q\n');
    expect(renderTemplate('{{q.strip()}}', { q: '  Q ' })).toBe('Q');
  });

  it('errors name the setting and what is wrong', () => {
    const t = task(`${base}doc_to_text: "{{question}}"\ndoc_to_choice: "{{choices}}"\ndoc_to_target: 0`);
    expect(() => applyTask(t, { choices: ['a', 'b'] }, 1)).toThrow('doc_to_text "{{question}}": "question" is undefined (the record has no such field)');
    expect(() => applyTask(t, { question: 'Q', choices: 'a, b' }, 1)).toThrow(/^doc_to_choice "\{\{choices\}\}" rendered "a, b", not a Python literal/);
    expect(() => applyTask(t, { question: 'Q', choices: ['a'] }, 1)).toThrow('gives 1 choice, not two or more');
    expect(() => applyTask(task(`${base}doc_to_text: "{{['x','y'].index(k)}}"\ndoc_to_choice: c\ndoc_to_target: 0`), { k: 'z', c: ['a', 'b'] }, 1)).toThrow('"z" is not in the list (.index)');
    expect(() => applyTask(task(`${base}doc_to_text: "{{i}}"\ndoc_to_choice: c\ndoc_to_target: 0`), { i: 1, c: ['a', 'b'] }, 1)).toThrow(/multiple_input/);
  });

  it('settings errors: not multiple_choice, a missing template, bad YAML, an include loop', () => {
    expect(() => task('output_type: generate_until\ndoc_to_text: q\ndoc_to_target: a')).toThrow('output_type is generate_until; lengthlens check reads multiple_choice tasks');
    expect(() => task(`${base}doc_to_text: q\ndoc_to_target: a`)).toThrow('doc_to_choice is not set');
    expect(() => task('group: mmlu\ntask:\n  - mmlu_stem\n  - mmlu_other\n')).toThrow('t.yaml: a group of tasks (task: a list of 2); give the YAML of one task');
    expect(() => task(`${base}use_prompt: "promptsource:GPT-3 Style"\ndoc_to_text: q\ndoc_to_choice: c\ndoc_to_target: a`)).toThrow('t.yaml: use_prompt promptsource:GPT-3 Style takes its templates from promptsource, which lengthlens cannot read');
    expect(() => parseTaskYaml('a: [1, 2', 'x.yaml')).toThrow(/^x\.yaml: /);
    expect(() => parseTaskYaml('- a\n- b\n', 'x.yaml')).toThrow('x.yaml: not a mapping of task settings');
    const loop: IncludeReader = (include) => ({ file: include, text: `include: ${include === 'a' ? 'b' : 'a'}\n` });
    expect(() => resolveTaskYaml('a', 'include: b\n', loop)).toThrow('a: include goes round in a circle (a → b → a)');
  });

  it('include: the first listed wins over later ones; the file\u2019s own settings over all', () => {
    const files: Record<string, string> = { p1: 'x: 1\ny: 1\n', p2: 'x: 2\ny: 2\nz: 2\n' };
    const read: IncludeReader = (include) => ({ file: include, text: files[include] });
    expect(resolveTaskYaml('t', 'include: [p1, p2]\ny: 0\n', read).config).toEqual({ x: 1, y: 0, z: 2 });
  });
});
