// Exports byte for byte: the lm-eval-harness task YAML (the fields lm-eval reads), RFC 4180 CSV
// cells, JSON without NaN, the comparison and R(k) tables.
import { describe, expect, it } from 'vitest';
import { exportLmEvalTask, lmEvalTaskName } from '../../../src/core/formats/lmEvalExport';
import { comparisonToCsv, csvCell, csvLine, finiteOrNull, itemResultsToCsv, metricsToJson, rateCurveToCsv } from '../../../src/core/formats/metricsExport';
import type { ItemResult } from '../../../src/core/metrics/itemResults';
import type { RunComparison } from '../../../src/core/metrics/compare';
import type { SliceMetrics } from '../../../src/core/metrics/types';
import { RULE_TABLE } from '../../../src/core/scoring/rules';
import { BUILT_IN_ACCURACY } from '../scoring/builtInRules';

describe('lmEvalTaskName', () => {
  it('lower-cases and joins runs of other characters with one underscore, trimming them at the ends', () => {
    expect(lmEvalTaskName('My Task (v2)!')).toBe('my_task_v2');
    expect(lmEvalTaskName('__a--b__')).toBe('a--b');
    expect(lmEvalTaskName('  x  y  ')).toBe('x_y');
    expect(lmEvalTaskName('Über_Test-1')).toBe('ber_test-1');
    expect(lmEvalTaskName('a_b')).toBe('a_b');
    expect(lmEvalTaskName('')).toBe('lengthlens_task');
    expect(lmEvalTaskName('!!!')).toBe('lengthlens_task');
    expect(lmEvalTaskName('日本')).toBe('lengthlens_task');
  });
});

describe('exportLmEvalTask', () => {
  it('multiple choice: the whole YAML and JSONL', () => {
    const out = exportLmEvalTask({
      name: 'Colours',
      targetDelimiter: ' ',
      items: [
        { id: 'q1', subject: 'art', context: 'Sky?', choices: ['blue', 'red'], gold: 0 },
        { id: 'q2', context: 'Grass "green"?', choices: ['yes'], gold: 0 },
      ],
    });
    expect(out.yamlName).toBe('colours.yaml');
    expect(out.jsonlName).toBe('colours.jsonl');
    expect(out.yaml).toBe(
      [
        '# lm-eval-harness task exported by lengthlens: 2 items.',
        '# Keep colours.jsonl beside this file and run lm_eval from that folder: lm_eval --include_path . --tasks colours ...',
        'task: colours',
        'dataset_path: json',
        'dataset_kwargs:',
        '  data_files:',
        '    test: "colours.jsonl"',
        'test_split: test',
        'output_type: multiple_choice',
        'doc_to_text: context',
        'doc_to_choice: choices',
        'doc_to_target: label',
        'target_delimiter: " "',
        'metric_list:',
        '  - metric: acc',
        '    aggregation: mean',
        '    higher_is_better: true',
        '  - metric: acc_norm',
        '    aggregation: mean',
        '    higher_is_better: true',
        '  - metric: acc_bytes',
        '    aggregation: mean',
        '    higher_is_better: true',
        'metadata:',
        '  version: 1.0',
        '',
      ].join('\n'),
    );
    expect(out.jsonl).toBe(
      '{"id":"q1","subject":"art","context":"Sky?","choices":["blue","red"],"label":0}\n' +
        '{"id":"q2","context":"Grass \\"green\\"?","choices":["yes"],"label":0}\n',
    );
  });

  it('all cloze: loglikelihood with perplexity (lower is better) and acc', () => {
    const out = exportLmEvalTask({ name: 'c', targetDelimiter: '', items: [{ id: '1', subject: '', context: 'Once', choices: [' upon'], gold: 0 }] });
    const yaml = out.yaml.split('\n');
    expect(yaml.slice(8, 13)).toEqual(['output_type: loglikelihood', 'doc_to_text: context', 'doc_to_target: gold', 'target_delimiter: ""', 'metric_list:']);
    expect(yaml.slice(13, 19)).toEqual([
      '  - metric: perplexity',
      '    aggregation: perplexity',
      '    higher_is_better: false',
      '  - metric: acc',
      '    aggregation: mean',
      '    higher_is_better: true',
    ]);
    expect(yaml[0]).toBe('# lm-eval-harness task exported by lengthlens: 1 items.');
    // An empty subject is left out.
    expect(out.jsonl).toBe('{"id":"1","context":"Once","gold":" upon"}\n');
  });
});

describe('CSV cells and JSON numbers', () => {
  it('quotes a cell only when it holds a quote, comma or line break, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('')).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell('a\rb')).toBe('"a\rb"');
    expect(csvCell(' a ;b')).toBe(' a ;b');
  });

  it('writes numbers as JavaScript prints them, and the non-finite ones by name', () => {
    expect(csvCell(0)).toBe('0');
    expect(csvCell(-1.5)).toBe('-1.5');
    expect(csvCell(1e-7)).toBe('1e-7');
    expect(csvCell(NaN)).toBe('NaN');
    expect(csvCell(Infinity)).toBe('Infinity');
    expect(csvCell(-Infinity)).toBe('-Infinity');
    expect(csvLine(['a,b', 2, undefined, NaN])).toBe('"a,b",2,,NaN');
  });

  it('JSON writes non-finite numbers as null, everything else unchanged, indented by 2', () => {
    expect(finiteOrNull('k', NaN)).toBeNull();
    expect(finiteOrNull('k', -Infinity)).toBeNull();
    expect(finiteOrNull('k', 0)).toBe(0);
    expect(finiteOrNull('k', 'NaN')).toBe('NaN');
    expect(metricsToJson({ a: [1, NaN, Infinity], b: 'x' })).toBe('{\n  "a": [\n    1,\n    null,\n    null\n  ],\n  "b": "x"\n}\n');
  });
});

describe('tables', () => {
  it('R(k): one row per k from 1', () => {
    const m = { R: [1.5, 0.25, NaN], R_counts: [3, 2, 0], coverage: [1, 0.5, 0] } as unknown as SliceMetrics;
    expect(rateCurveToCsv(m)).toBe('k,R,count,coverage\n1,1.5,3,1\n2,0.25,2,0.5\n3,NaN,0,0\n');
  });

  it('comparison: a column per run, then each later run’s change from the first', () => {
    const c = {
      labels: ['base', 'q8', 'q4'],
      metrics: [
        { metric: 'acc', values: [0.5, 0.25, 0.75], deltas: [0, -0.25, 0.25] },
        { metric: 'bpb', values: [1, NaN, 2], deltas: [0, NaN, 1] },
      ],
      alpha_beta: [],
      acc_vs_acc_norm: [],
    } as unknown as RunComparison;
    expect(comparisonToCsv(c)).toBe('metric,base,q8,q4,delta q8,delta q4\nacc,0.5,0.25,0.75,-0.25,0.25\nbpb,1,NaN,2,NaN,1\n');
  });
});

describe('per-item CSV', () => {
  it('header and a row, with several gold indices joined by a space and missing values empty', () => {
    const row: ItemResult = {
      id: 'q,1',
      subject: 'bio',
      n_choices: 3,
      gold: [0, 2],
      predictions: { acc: 2, acc_norm: 1 },
      correct: { acc: 1, acc_norm: 0 },
      gold_bits: 6,
      gold_bytes: 4,
      gold_bpb: 1.5,
      gold_scores: { logprob: -4, per_byte: -1, pmi: NaN },
    };
    const [fullHeader, fullLine, end] = itemResultsToCsv([row]).split('\n');
    // The columns of rows added to the rule table after the built-in ones are left out here (each
    // in its place: pred_/correct_ for a deciding rule, gold_ for its per-item score).
    const added = RULE_TABLE.filter((r) => !BUILT_IN_ACCURACY.includes(r.id) && r.id !== 'bits_per_byte' && r.id !== 'prior_bpb');
    const addedColumns = new Set(added.flatMap((r) => [...(r.decides ? [`pred_${r.id}`, `correct_${r.id}`] : []), `gold_${r.names.item}`]));
    const cells = (l: string) => l.match(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)!.slice(0, fullHeader.split(',').length).map((c) => c.replace(/,$/, ''));
    const keep = fullHeader.split(',').map((h) => !addedColumns.has(h));
    const header = fullHeader.split(',').filter((_, i) => keep[i]).join(',');
    const line = cells(fullLine).filter((_, i) => keep[i]).join(',');
    expect(fullHeader.split(',').filter((h) => addedColumns.has(h))).toHaveLength(addedColumns.size);
    expect(header).toBe(
      'id,subject,n_choices,gold,pred_acc,correct_acc,pred_acc_norm,correct_acc_norm,pred_acc_bytes,correct_acc_bytes,' +
        'pred_acc_per_token,correct_acc_per_token,pred_acc_mutual_info,correct_acc_mutual_info,gold_bits,gold_bytes,gold_bpb,' +
        'gold_logprob,gold_per_token,gold_per_char,gold_per_byte,gold_bits_per_byte,gold_pmi,gold_prior_bpb',
    );
    expect(line).toBe('"q,1",bio,3,0 2,2,1,1,0,,,,,,,6,4,1.5,-4,,,-1,,NaN,');
    expect(end).toBe('');
  });
});
