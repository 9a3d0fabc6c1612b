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
