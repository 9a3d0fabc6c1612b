import { describe, expect, it } from 'vitest';
import { parseBitsFile } from '../../../src/core/formats/bitsFile';
import { parseItems } from '../../../src/core/formats/items';
import { exportLmEvalTask, lmEvalTaskName } from '../../../src/core/formats/lmEvalExport';
import { metricsToCsv, metricsToJson, rateCurveToCsv } from '../../../src/core/formats/metricsExport';
import { taskMetrics } from '../../../src/core/metrics/taskMetrics';
import { storiesChoiceTask } from '../../../src/core/tasks/samples/storiesChoice';
import { storiesClozeTask } from '../../../src/core/tasks/samples/storiesCloze';

describe('lm-eval-harness task export', () => {
  it('multiple choice: YAML names the fields and the JSONL reloads to the same items', () => {
    const set = storiesChoiceTask();
    const out = exportLmEvalTask(set);
    expect(out.yamlName).toBe('stories-choice.yaml');
    expect(out.yaml).toContain('output_type: multiple_choice');
    expect(out.yaml).toContain('doc_to_choice: choices');
    expect(out.yaml).toContain('doc_to_target: label');
    expect(out.yaml).toContain('target_delimiter: " "');
    expect(out.yaml).toContain('test: "stories-choice.jsonl"');
    const back = parseItems(out.jsonl, 'jsonl');
    expect(back.errors).toEqual([]);
    expect(back.records).toEqual(set.items);
  });
  it('cloze: loglikelihood with an empty delimiter (the golds carry their space)', () => {
    const set = storiesClozeTask();
    const out = exportLmEvalTask(set);
    expect(out.yaml).toContain('output_type: loglikelihood');
    expect(out.yaml).toContain('doc_to_target: gold');
    expect(out.yaml).toContain('target_delimiter: ""');
    expect(parseItems(out.jsonl, 'jsonl').records).toEqual(set.items);
  });
  it('sanitises task names', () => {
    expect(lmEvalTaskName('My Task (v2)!')).toBe('my_task_v2');
  });
});

describe('metrics export', () => {
  const { records } = parseBitsFile(
    JSON.stringify([
      { tokens: [[4, 2]], leading_space: true, subject: 'x' },
      { tokens: [[6, 3], [3, 3]], leading_space: true, subject: 'y' },
      { tokens: [[1, 1], [2, 1]], subject: 'y' },
    ]),
  );
  const m = taskMetrics(records);
  it('CSV has one row per scope and metric, with subjects', () => {
    const csv = metricsToCsv(m);
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('scope,metric,value,stderr');
    expect(lines).toContain(`all,corpus_bpb,${m.corpus_bpb},`);
    expect(lines).toContain(`subject:y,alpha,${m.by_subject.y.alpha},`);
    expect(lines.some((l) => l.startsWith('subject:x,r2,NaN'))).toBe(true);
  });
  it('JSON writes NaN as null and parses back', () => {
    const back = JSON.parse(metricsToJson(m)) as { by_subject: { x: { r2: null } }; corpus_bpb: number };
    expect(back.by_subject.x.r2).toBeNull();
    expect(back.corpus_bpb).toBe(m.corpus_bpb);
  });
  it('R(k) curve CSV', () => {
    expect(rateCurveToCsv(m).split('\n').slice(0, 2)).toEqual(['k,R,count,coverage', `1,${m.R[0]},3,1`]);
  });
});

describe('--bits file', () => {
  it('reports bad items by number and keeps the good ones', () => {
    const { records, errors } = parseBitsFile(
      JSON.stringify([[[1, 1]], [[1, -1]], { tokens: [[1, 1]], leading_space: 'yes' }, 'x', { tokens: [[2, 2]] }]),
    );
    expect(records.map((r) => r.id)).toEqual(['1', '5']);
    expect(errors).toEqual([
      { line: 2, message: 'token 1: bytes must be an integer ≥ 0' },
      { line: 3, message: '"leading_space" must be true or false' },
      { line: 4, message: 'an item must be a list of [bits, bytes] tokens or an object with "tokens"' },
    ]);
  });
  it('JSONL with a multiple-choice item', () => {
    const text = [
      '{"id": "m1", "tokens": [[2, 2], [1, 3]], "leading_space": true, "choices": [{"text": "a", "logprob": -9}, {"text": "bcde", "logprob": -1}], "gold": 1}',
      'not json',
    ].join('\n');
    const { records, errors } = parseBitsFile(text);
    expect(errors).toEqual([{ line: 2, message: expect.stringMatching(/not valid JSON/) as unknown as string }]);
    expect(records[0].gold).toBe(1);
    expect(records[0].choices[1].tokens).toEqual([
      [2, 2],
      [1, 3],
    ]);
  });
  it('an unknown reference case is an error', () => {
    expect(() => parseBitsFile('{"cases": [{"name": "a", "items": []}]}', 'b')).toThrow(/no case "b"/);
  });
});

describe('per-item results', () => {
  it('rows carry each rule pick, correctness and the gold scores; CSV has one line per item', async () => {
    const { itemResults } = await import('../../../src/core/metrics/itemResults');
    const { itemResultsToCsv } = await import('../../../src/core/formats/metricsExport');
    const items = parseBitsFile(
      JSON.stringify([
        { id: 'q1', tokens: [[6, 9]], leading_space: true, choices: [{ text: 'cat', logprob: -2 }, { text: 'elephant', logprob: -6 * Math.LN2 }], gold: 1 },
        { id: 'c1', tokens: [[3, 3]] },
      ]),
    ).records;
    const rows = itemResults(items);
    expect(rows[0]).toMatchObject({ id: 'q1', n_choices: 2, gold: [1], predictions: { acc: 0, acc_norm: 1 }, correct: { acc: 0, acc_norm: 1 } });
    expect(rows[0].gold_bits).toBe(6);
    expect(rows[0].gold_bytes).toBe(9);
    expect(rows[1].predictions).toEqual({});
    expect(rows[1].gold_bpb).toBe(1);
    const csv = itemResultsToCsv(rows).trim().split('\n');
    expect(csv).toHaveLength(3);
    expect(csv[0].split(',').slice(0, 6)).toEqual(['id', 'subject', 'n_choices', 'gold', 'pred_acc', 'correct_acc']);
    expect(csv[1].startsWith('q1,,2,1,0,0,1,1,')).toBe(true);
  });
});
