// The schema table on one hand-written record per published layout (written here after each
// benchmark's documented format, not copied from its files): the schema detected, and the item
// (context, choices, 0-based gold, id, subset) it reads.
import { describe, expect, it } from 'vitest';
import { detectSchema, parseLabels, resolveGold, schemaById, splitDialogues, type SchemaRead } from '../../../src/core/formats/schemas';

function readAs(record: unknown, n = 7, gold?: number): { id: string; read: SchemaRead } {
  const guess = detectSchema([record]);
  if (!('schema' in guess)) throw new Error(`no single schema: ${JSON.stringify(guess)}`);
  return { id: guess.schema.id, read: guess.schema.read(record, n, gold) };
}

const CASES: { name: string; record: unknown; schema: string; item: Record<string, unknown> }[] = [
  {
    name: 'HellaSwag (rowanz)',
    record: { ind: 24, activity_label: 'Roof shingle removal', ctx_a: 'A man is', ctx_b: 'he', ctx: 'A man is on a roof. he', split: 'val', label: 2, endings: ['is a', 'bb', 'ccc dd', 'e'] },
    schema: 'hellaswag',
    item: { id: '24', context: 'A man is on a roof. he', choices: ['is a', 'bb', 'ccc dd', 'e'], gold: 2 },
  },
  {
    name: 'HellaSwag (hub: label as a string)',
    record: { ind: 5, ctx: 'c', endings: ['x', 'y'], label: '1', source_id: 's' },
    schema: 'hellaswag',
    item: { id: '5', context: 'c', choices: ['x', 'y'], gold: 1 },
  },
  {
    name: 'ARC (AI2 nested, numeric labels)',
    record: { id: 'Mercury_1', question: { stem: 'Which?', choices: [{ text: 'one', label: '1' }, { text: 'two', label: '2' }, { text: 'three', label: '3' }] }, answerKey: '3' },
    schema: 'ai2_nested',
    item: { id: 'Mercury_1', context: 'Which?', choices: ['one', 'two', 'three'], gold: 2 },
  },
  {
    name: 'CommonsenseQA (AI2 nested, label before text)',
    record: { answerKey: 'B', id: 'abc', question: { question_concept: 'door', choices: [{ label: 'A', text: 'bank' }, { label: 'B', text: 'library' }], stem: 'Where?' } },
    schema: 'ai2_nested',
    item: { id: 'abc', context: 'Where?', choices: ['bank', 'library'], gold: 1 },
  },
  {
    name: 'ARC on the hub (flat)',
    record: { id: 'x1', question: 'Q?', choices: { text: ['a', 'b', 'c', 'd'], label: ['A', 'B', 'C', 'D'] }, answerKey: 'D' },
    schema: 'ai2_flat',
    item: { id: 'x1', context: 'Q?', choices: ['a', 'b', 'c', 'd'], gold: 3 },
  },
  {
    name: 'OpenBookQA on the hub',
    record: { id: '7-980', question_stem: 'The sun is', choices: { text: ['hot', 'cold'], label: ['A', 'B'] }, answerKey: 'A' },
    schema: 'openbookqa_hub',
    item: { id: '7-980', context: 'The sun is', choices: ['hot', 'cold'], gold: 0 },
  },
  {
    name: 'OpenBookQA TSV row',
    record: { ID: '8-343', 'Question Stem': 'To save money', Choices: '(A) make calls (B) quit eating out (C) buy (D) have lunch', 'Complete Question': '…', 'Answer Key': 'B' },
    schema: 'openbookqa_tsv',
    item: { id: '8-343', context: 'To save money', choices: ['make calls', 'quit eating out', 'buy', 'have lunch'], gold: 1 },
  },
  {
    name: 'MMLU headerless CSV row',
    record: ['What is 2+2?', '3', '4', '5', '22', 'B'],
    schema: 'mmlu_csv',
    item: { id: '7', context: 'What is 2+2?', choices: ['3', '4', '5', '22'], gold: 1 },
  },
  {
    name: 'MMLU on the hub',
    record: { question: 'Q', subject: 'anatomy', choices: ['a', 'b', 'c', 'd'], answer: 3 },
    schema: 'mmlu_hub',
    item: { id: '7', subject: 'anatomy', context: 'Q', choices: ['a', 'b', 'c', 'd'], gold: 3 },
  },
  {
    name: 'MMLU-Pro (answer_index wins over answer)',
    record: { question_id: 3983, question: 'Q', options: ['a', 'b', 'c', 'N/A'], answer: 'C', answer_index: 1, cot_content: '', category: 'law', src: 'ori' },
    schema: 'mmlu_pro',
    item: { id: '3983', subject: 'law', context: 'Q', choices: ['a', 'b', 'c', 'N/A'], gold: 1 },
  },
  {
    name: 'TruthfulQA mc_task.json',
    record: { question: 'Seeds?', mc0_targets: { x: 1, y: 0 }, mc1_targets: { 'They pass through': 1, 'You grow them': 0, 'You die': 0 }, mc2_targets: { a: 1, b: 0 } },
    schema: 'truthfulqa_mc_task',
    item: { id: '7', context: 'Seeds?', choices: ['They pass through', 'You grow them', 'You die'], gold: 0 },
  },
  {
    name: 'TruthfulQA on the hub',
    record: { question: 'Q', mc1_targets: { choices: ['a', 'b', 'c'], labels: [0, 1, 0] }, mc2_targets: { choices: ['a'], labels: [1] } },
    schema: 'truthfulqa_hub',
    item: { id: '7', context: 'Q', choices: ['a', 'b', 'c'], gold: 1 },
  },
  {
    name: 'TruthfulQA.csv (binary)',
    record: { Type: 'Adversarial', Category: 'Misconceptions', Question: 'Q', 'Best Answer': 'right', 'Best Incorrect Answer': 'wrong one', 'Correct Answers': 'x', 'Incorrect Answers': 'y', Source: 'u' },
    schema: 'truthfulqa_csv',
    item: { id: '7', subject: 'Misconceptions', context: 'Q', choices: ['right', 'wrong one'], gold: 0 },
  },
  {
    name: 'PIQA (label from a labels file)',
    record: { goal: 'Open a jar', sol1: 'twist', sol2: 'smash it' },
    schema: 'piqa',
    item: { id: '7', context: 'Open a jar', choices: ['twist', 'smash it'], gold: 1 },
  },
  {
    name: 'Social IQa (hub label "1" counts from 1)',
    record: { context: 'Tracy stayed.', question: 'Why?', answerA: 'a', answerB: 'b', answerC: 'c', label: '1' },
    schema: 'siqa',
    item: { id: '7', context: 'Tracy stayed. Why?', choices: ['a', 'b', 'c'], gold: 0 },
  },
  {
    name: 'COPA (SuperGLUE)',
    record: { premise: 'The man turned on the faucet.', choice1: 'The toilet filled.', choice2: 'Water flowed.', question: 'effect', label: 1, idx: 0 },
    schema: 'copa',
    item: { id: '0', context: 'The man turned on the faucet.', choices: ['The toilet filled.', 'Water flowed.'], gold: 1 },
  },
  {
    name: 'Winogrande (answer counts from 1)',
    record: { qID: 'w1', sentence: 'Sarah was a better surgeon than Maria so _ always got the harder cases.', option1: 'Sarah', option2: 'Maria', answer: '2' },
    schema: 'winogrande',
    item: { id: 'w1', choices: ['Sarah', 'Maria'], gold: 1 },
  },
  {
    name: 'lengthlens items',
    record: { id: 'a', context: 'c', choices: ['x', 'yy'], label: 1 },
    schema: 'lengthlens',
    item: { id: 'a', context: 'c', choices: ['x', 'yy'], gold: 1 },
  },
];

describe('schema table', () => {
  for (const c of CASES) {
    it(`recognises ${c.name}`, () => {
      const gold = c.schema === 'piqa' ? 1 : undefined;
      const { id, read } = readAs(c.record, 7, gold);
      expect(id).toBe(c.schema);
      expect(read.items).toHaveLength(1);
      expect(read.items![0]).toMatchObject(c.item);
      if (!('subject' in c.item)) expect(read.items![0].subject).toBeUndefined();
    });
  }

  it('an item whose gold is missing (a test split) has no gold; PIQA without labels too', () => {
    expect(readAs({ ind: 1, ctx: 'c', endings: ['a', 'b'], label: '' }).read.items![0].gold).toEqual([]);
    expect(readAs({ goal: 'g', sol1: 'a', sol2: 'b' }).read.items![0].gold).toEqual([]);
  });

  it('reads preference pairs: strings, RM-Bench lists per position, chats, and HH-RLHF dialogues', () => {
    expect(readAs({ prompt: 'p', chosen: 'long answer', rejected: 'no', subset: 'xstest' }).read.pairs).toEqual([{ id: '7', subset: 'xstest', prompt: 'p', chosen: 'long answer', rejected: 'no' }]);
    expect(readAs({ id: 3, subset: 'alpacaeval', prompt: 'p', chosen: ['a', 'bb', 'ccc'], rejected: ['d', 'e', 'f'] }).read.pairs!.map((p) => [p.id, p.chosen, p.rejected])).toEqual([
      ['3:0', 'a', 'd'],
      ['3:1', 'bb', 'e'],
      ['3:2', 'ccc', 'f'],
    ]);
    const chat = readAs({ prompt: 'hi', chosen: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello there' }], rejected: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'go' }] });
    expect(chat.read.pairs![0]).toMatchObject({ chosen: 'hello there', rejected: 'go' });
    const hh = readAs({ chosen: '\n\nHuman: hi\n\nAssistant: Hello, friend.', rejected: '\n\nHuman: hi\n\nAssistant: Hey.' });
    expect(hh.read.pairs![0]).toEqual({ id: '7', prompt: '\n\nHuman: hi\n\nAssistant:', chosen: ' Hello, friend.', rejected: ' Hey.' });
  });

  it('cuts dialogues at the last "Assistant:" the two share, not inside an answer', () => {
    expect(splitDialogues('H: a\n\nAssistant: yes and', 'H: a\n\nAssistant: yes or')).toEqual({ prompt: 'H: a\n\nAssistant:', chosen: ' yes and', rejected: ' yes or' });
    expect(splitDialogues('abc', 'abd')).toEqual({ prompt: '', chosen: 'abc', rejected: 'abd' });
  });

  it('names a file two schemas fit equally as ambiguous, with both candidates', () => {
    const guess = detectSchema([{ ctx: 'c', endings: ['a', 'b'], goal: 'g', sol1: 'x', sol2: 'y' }]);
    expect('ambiguous' in guess && guess.ambiguous.map((s) => s.id)).toEqual(['hellaswag', 'piqa']);
  });

  it('decides from the records, not the first one: a log with a broken first record', () => {
    const guess = detectSchema(['INFO writing', { doc_id: 1, arguments: {}, target: 0 }, { doc_id: 2, arguments: {}, target: 1 }]);
    expect('schema' in guess && guess.schema.id).toBe('lm_eval_log_samples');
  });

  it('says nothing fits when nothing does', () => {
    expect(detectSchema([{ a: 1 }])).toEqual({ none: true, of: 1 });
  });

  it('resolves a gold from an index, a base, a label, a letter or a text; names a bad one', () => {
    const ch = ['red', 'green', 'blue'];
    expect(resolveGold(2, ch)).toBe(2);
    expect(resolveGold(3, ch, undefined, 1)).toBe(2);
    expect(resolveGold('2', ch, ['1', '2', '3'])).toBe(1);
    expect(resolveGold('C', ch)).toBe(2);
    expect(resolveGold('green', ch)).toBe(1);
    expect(() => resolveGold(3, ch)).toThrow('gold 3 is not a choice (0 to 2)');
    expect(() => resolveGold('D', ch)).toThrow(/neither a choice index/);
    expect(() => resolveGold(true, ch)).toThrow('gold is true, not a choice index, letter or text');
  });

  it('detects a labels file\u2019s base from its values, or refuses to guess', () => {
    expect(parseLabels('0\n1\n1\n', 2)).toMatchObject({ labels: [0, 1, 1], base: 0 });
    expect(parseLabels('1\n3\n2', 3)).toMatchObject({ labels: [0, 2, 1], base: 1 });
    expect(() => parseLabels('1\n1\n', 3)).toThrow(/cannot tell whether the labels count from 0 or 1/);
    expect(parseLabels('1\n1\n', 3, 1).labels).toEqual([0, 0]);
    expect(() => parseLabels('0\nx\n', 2)).toThrow('labels file line 2: "x" is not an integer');
    expect(() => parseLabels('0\n2\n', 2)).toThrow('labels file line 2: 2 is not a choice (0 to 1)');
  });

  it('keeps the file order of TruthfulQA answers or refuses when JSON cannot', () => {
    expect(() => schemaById('truthfulqa_mc_task')!.read({ question: 'q', mc1_targets: { b: 1, '1': 0 } }, 1)).toThrow(/integer-like key/);
  });
});
