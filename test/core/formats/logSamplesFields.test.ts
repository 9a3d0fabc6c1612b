// lm-eval-harness --log_samples records: three real files (arc_easy with Qwen2.5-0.5B, copa with
// tiny-gpt2, negotiationtom with Qwen3-8B and a chat template; see reference/realdata/SOURCES.md)
// against their published accuracies, then every field of a record by hand, and the error for
// each way one can be wrong.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { logSamplesToTaskSet, logSampleToItem, parseLogSample, parseLogSamples, type LogSample } from '../../../src/core/formats/logSamples';
import { MODELS_DIR, REALDATA_DIR } from '../../paths';

const RAW = path.join(REALDATA_DIR, 'raw');
const read = (rel: string) => fs.readFileSync(path.join(RAW, rel), 'utf8');

/** lm-eval's np.argmax: the first index of the largest value. */
function argmax(xs: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < xs.length; i++) if (xs[i] > xs[best]) best = i;
  return best;
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const correct = (s: LogSample, pick: number) => (Array.isArray(s.gold) ? s.gold.includes(pick) : s.gold === pick) ? 1 : 0;

describe('real log_samples files', () => {
  it('arc_easy (Qwen2.5-0.5B, 50 docs): acc 0.58 and acc_norm 0.64 from the parsed choices', () => {
    const { records, errors } = parseLogSamples(read('correctness_gate/samples_arc_easy_2026-08-05T12-33-01.036743.jsonl'));
    expect(errors).toEqual([]);
    expect(records).toHaveLength(50);
    expect(records.every((s) => s.outputType === 'multiple_choice' && s.delimiterMismatch.length === 0)).toBe(true);
    expect(mean(records.map((s) => correct(s, argmax(s.lls))))).toBeCloseTo(0.58, 12);
    // acc_norm divides by the choice's characters, without the target delimiter.
    expect(mean(records.map((s) => correct(s, argmax(s.lls.map((ll, i) => ll / s.choices[i].length)))))).toBeCloseTo(0.64, 12);
    expect(mean(records.map((s) => s.logged.acc))).toBeCloseTo(0.58, 12);
    expect(mean(records.map((s) => s.logged.acc_norm))).toBeCloseTo(0.64, 12);
    expect(records.flatMap((s) => s.isGreedy).filter(Boolean)).toHaveLength(3);
    const first = records[0];
    expect(first.docId).toBe('0');
    expect(first.line).toBe(1);
    expect(first.gold).toBe(0);
    expect(first.choices[0]).toBe('Sunlight is the source of energy for nearly all ecosystems.');
    expect(first.continuations[0]).toBe(' Sunlight is the source of energy for nearly all ecosystems.');
    expect(first.context).toBe('Question: Which statement best explains why photosynthesis is the foundation of most food webs?\nAnswer:');
  });

  it('copa (tiny-gpt2, 20 docs): the target is a choice text, and acc is 0.6 as results.json says', () => {
    const results = JSON.parse(read('errorbars_copa/results_2026-10-01T23-15-32.942677.json')) as { results: { copa: Record<string, number> } };
    const { records, errors } = parseLogSamples(read('errorbars_copa/samples_copa_2026-10-01T23-15-32.942677.jsonl'));
    expect(errors).toEqual([]);
    expect(records).toHaveLength(20);
    expect(mean(records.map((s) => correct(s, argmax(s.lls))))).toBeCloseTo(results.results.copa['acc,none'], 12);
    // The choices keep their own leading space (arg_1 is "  the toilet…", two spaces).
    expect(records[0].choices).toEqual([' the toilet filled with water.', ' water flowed from the spout.']);
    expect(records[0].gold).toBe(1);
    expect(records[0].lls).toEqual([-75.82633972167969, -86.52076721191406]);
    expect(records[0].isGreedy).toEqual([false, false]);
  });

  it('negotiationtom (Qwen3-8B, chat template): letters with no delimiter; the generation task is named as such', () => {
    const results = JSON.parse(read('eleuther_negotiationtom/results_2026-07-08T18-15-33.115417.json')) as { results: Record<string, Record<string, number>> };
    for (const task of ['belief', 'desire']) {
      const text = read(`eleuther_negotiationtom/samples_negotiationtom_${task}_2026-07-08T18-15-33.115417.jsonl`);
      const withSpace = parseLogSamples(text);
      expect(withSpace.records.every((s) => s.delimiterMismatch.length === s.choices.length)).toBe(true);
      const { records, errors } = parseLogSamples(text, { targetDelimiter: '' });
      expect(errors).toEqual([]);
      expect(records).toHaveLength(20);
      expect(records.every((s) => s.delimiterMismatch.length === 0)).toBe(true);
      expect(mean(records.map((s) => correct(s, argmax(s.lls))))).toBeCloseTo(results.results[`negotiationtom_${task}`]['acc,none'], 12);
    }
    const gen = parseLogSamples(read('eleuther_negotiationtom/samples_negotiationtom_intention_2026-07-08T18-15-33.115417.jsonl'));
    expect(gen.records).toEqual([]);
    expect(gen.errors.length).toBeGreaterThan(0);
    expect(gen.errors[0].message).toMatch(/^a generate_until \(generation\) request: its second argument is generation settings/);
  });
});

// ---- hand-built records
const OPTS = { targetDelimiter: ' ' };
const args = (...pairs: [string, string | undefined][]) =>
  Object.fromEntries(pairs.map(([a0, a1], i) => [`gen_args_${i}`, a1 === undefined ? { arg_0: a0 } : { arg_0: a0, arg_1: a1 }]));
const resp = (...lls: (string | number)[]) => lls.map((ll) => [String(ll), 'False']);
const rec = (extra: Record<string, unknown> = {}) => ({
  doc_id: 4,
  arguments: args(['Q:', ' a'], ['Q:', ' b']),
  filtered_resps: resp(-1, -2),
  target: 1,
  ...extra,
});
const parse = (raw: unknown, line = 7) => parseLogSample(raw, line, OPTS);
const err = (raw: unknown, opts = OPTS) => {
  try {
    parseLogSample(raw, 1, opts);
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
};

describe('a multiple-choice record, field by field', () => {
  it('reads the choices, lls, gold, ids and logged metrics', () => {
    const s = parse(rec({ doc: { subject: 'bio' }, acc: 1, acc_norm: false, acc_bytes: '1', exact_match: 0.5, other: 1 }));
    expect(s).toEqual({
      line: 7,
      docId: '4',
      subject: 'bio',
      outputType: 'multiple_choice',
      context: 'Q:',
      choices: ['a', 'b'],
      continuations: [' a', ' b'],
      lls: [-1, -2],
      isGreedy: [false, false],
      unconditionalLls: undefined,
      gold: 1,
      logged: { acc: 1, acc_norm: 0, exact_match: 0.5 },
      delimiterMismatch: [],
    });
    expect(parse(rec({ doc_id: 'abc' })).docId).toBe('abc');
    expect(parse(rec({ doc_id: null }), 12).docId).toBe('12');
    expect(parse(rec({ doc: { subject: 3 } })).subject).toBeUndefined();
    expect(parse(rec({ doc: 'x' })).subject).toBeUndefined();
  });

  it('orders gen_args_N by N, not as text, and accepts a list of pairs', () => {
    const n = 12;
    const keys = Array.from({ length: n }, (_, i) => i).sort((a, b) => String(a).localeCompare(String(b)));
    const argsDict = Object.fromEntries(keys.map((i) => [`gen_args_${i}`, { arg_0: 'Q:', arg_1: ` c${i}` }]));
    const s = parse({ arguments: argsDict, filtered_resps: resp(...Array.from({ length: n }, (_, i) => -i)), target: 11 });
    expect(s.choices).toEqual(Array.from({ length: n }, (_, i) => `c${i}`));
    expect(s.gold).toBe(11);
    const list = parse({ arguments: [['Q:', ' a'], ['Q:', ' b']], filtered_resps: resp(-1, -2), target: 0 });
    expect(list.choices).toEqual(['a', 'b']);
  });

  it('reads is_greedy as True only when it is True', () => {
    const s = parse(rec({ arguments: args(['Q:', ' a'], ['Q:', ' b'], ['Q:', ' c'], ['Q:', ' d']), filtered_resps: [['-1', 'True'], ['-2', true], ['-3', 'true'], ['-4']] }));
    expect(s.isGreedy).toEqual([true, true, false, false]);
  });

  it('takes resps (one list per repeat) when filtered_resps is absent, and allows a logged nan', () => {
    const s = parse(rec({ filtered_resps: undefined, resps: [[['-1.5', 'False']], [[' nan ', 'False']]] }));
    expect(s.lls[0]).toBe(-1.5);
    expect(s.lls[1]).toBeNaN();
    expect(parse(rec({ filtered_resps: [[-Infinity, false], ['NaN', false]] })).lls).toEqual([-Infinity, NaN]);
  });

  it('gold from an index, a list, a digit string, a JSON list or a choice text; -100 when it names no choice', () => {
    const gold = (target: unknown) => parse(rec({ target })).gold;
    expect(gold(0)).toBe(0);
    expect(gold(2)).toBe(-100);
    expect(gold(-1)).toBe(-100);
    expect(gold('1')).toBe(1);
    expect(gold('2')).toBe(-100);
    expect(gold([1, 0])).toEqual([1, 0]);
    expect(gold([0, 5])).toEqual([0, -100]);
    expect(gold('[1, 0]')).toEqual([1, 0]);
    expect(gold('b')).toBe(1);
    expect(gold(' b')).toBe(-100);
    expect(gold('c')).toBe(-100);
    expect(gold(1.5)).toBe(-100);
    expect(gold(null)).toBe(-100);
    // A choice text that starts with "[" is a text, not a list.
    expect(parse(rec({ arguments: args(['Q:', ' [x]'], ['Q:', ' [y']), target: '[y' })).gold).toBe(1);
    expect(parse(rec({ arguments: args(['Q:', ' [x]'], ['Q:', ' [y']), target: '[x]' })).gold).toBe(0);
  });

  it('a continuation without the delimiter is used as it is and listed', () => {
    const s = parse(rec({ arguments: args(['Q:', ' a'], ['Q:', 'b']) }));
    expect(s.choices).toEqual(['a', 'b']);
    expect(s.delimiterMismatch).toEqual([1]);
    const none = parseLogSample(rec({ arguments: args(['Q:', ' a'], ['Q:', 'b']) }), 1, { targetDelimiter: '' });
    expect(none.choices).toEqual([' a', 'b']);
    expect(none.delimiterMismatch).toEqual([]);
    const long = parseLogSample(rec({ arguments: args(['Q:', '\n\na'], ['Q:', '\nb']) }), 1, { targetDelimiter: '\n\n' });
    expect(long.choices).toEqual(['a', '\nb']);
    expect(long.delimiterMismatch).toEqual([1]);
  });

  it('acc_mutual_info: the second half of the requests, with empty contexts and the same continuations, is unconditional', () => {
    const mi = parse(rec({ arguments: args(['Q:', ' a'], ['Q:', ' b'], ['', ' a'], ['', ' b']), filtered_resps: resp(-1, -2, -3, -4) }));
    expect(mi.choices).toEqual(['a', 'b']);
    expect(mi.lls).toEqual([-1, -2]);
    expect(mi.unconditionalLls).toEqual([-3, -4]);
    expect(mi.isGreedy).toEqual([false, false]);
    // One choice and its unconditional request.
    const one = parse({ arguments: args(['Q:', ' a'], ['', ' a']), filtered_resps: resp(-1, -2), target: ' a' });
    expect([one.choices, one.lls, one.unconditionalLls]).toEqual([['a'], [-1], [-2]]);
    // Three requests can never be split in halves, even when the last two look unconditional.
    const three = parse(rec({ arguments: args(['Q:', ' a'], ['', ' a'], ['', ' a']), filtered_resps: resp(-1, -2, -3), target: 0 }));
    expect([three.choices, three.unconditionalLls]).toEqual([['a', 'a', 'a'], undefined]);
    // Not when a context is not empty, a continuation differs, or the count is odd.
    const notMi = [
      args(['Q:', ' a'], ['Q:', ' b'], ['x', ' a'], ['', ' b']),
      args(['Q:', ' a'], ['Q:', ' b'], ['', ' b'], ['', ' a']),
    ];
    for (const a of notMi) {
      const s = parse(rec({ arguments: a, filtered_resps: resp(-1, -2, -3, -4) }));
      expect(s.choices).toHaveLength(4);
      expect(s.unconditionalLls).toBeUndefined();
    }
    const odd = parse(rec({ arguments: args(['Q:', ' a'], ['Q:', ' b'], ['', ' a']), filtered_resps: resp(-1, -2, -3) }));
    expect(odd.choices).toEqual(['a', 'b', 'a']);
  });

  it('one request with a text target is a loglikelihood (cloze) document, gold 0', () => {
    const s = parse({ doc_id: 0, arguments: args(['Once', ' upon']), filtered_resps: resp(-3), target: ' upon' });
    expect(s.outputType).toBe('loglikelihood');
    expect(s.gold).toBe(0);
    for (const target of [0, '0', [0], '[0]']) expect(parse({ arguments: args(['Q', ' a']), filtered_resps: resp(-3), target }).outputType).toBe('multiple_choice');
    // Issue 25: only a valid index of the one choice makes it multiple choice; digits are answer text.
    for (const target of ['42', '1999', 1.5, ['x'], 7]) expect(parse({ arguments: args(['Q', ' a']), filtered_resps: resp(-3), target }).outputType).toBe('loglikelihood');
    expect(parse({ arguments: args(['Q', ' 0']), filtered_resps: resp(-3), target: '0', metrics: ['perplexity', 'acc'] }).outputType).toBe('loglikelihood');
    expect(logSampleToItem(s)).toEqual({
      id: '0',
      subject: undefined,
      choices: [{ text: 'upon', continuation: ' upon', logprob: -3, isGreedy: false, unconditionalLogprob: undefined }],
      gold: 0,
      multipleChoice: false,
    });
  });
});

describe('loglikelihood_rolling records', () => {
  const rolling = (extra: Record<string, unknown>) => parse({ doc_id: 3, arguments: args(['A whole document.', undefined]), ...extra });

  it('take the ll and counts from word_perplexity and byte_perplexity (or bits_per_byte)', () => {
    expect(rolling({ word_perplexity: [-40, 3], byte_perplexity: [-40, 17], filtered_resps: ['-1'] })).toEqual({
      line: 7,
      docId: '3',
      outputType: 'loglikelihood_rolling',
      rolling: { ll: -40, words: 3, bytes: 17 },
      context: '',
      choices: [],
      continuations: [],
      lls: [],
      isGreedy: [],
      gold: -100,
      logged: {},
      delimiterMismatch: [],
    });
    expect(rolling({ bits_per_byte: ['-12.5', '9'] }).rolling).toEqual({ ll: -12.5, words: undefined, bytes: 9 });
    expect(rolling({ byte_perplexity: [-7, 'nan'], bits_per_byte: [-8, 9] }).rolling).toEqual({ ll: -8, words: undefined, bytes: 9 });
  });

  it('fall back to the logged response, and are an error without any log-likelihood', () => {
    expect(rolling({ filtered_resps: ['-21.5'] }).rolling).toEqual({ ll: -21.5, words: undefined, bytes: undefined });
    expect(rolling({ filtered_resps: [['-22.5', 'False']] }).rolling!.ll).toBe(-22.5);
    expect(rolling({ word_perplexity: [-1, 2, 3], filtered_resps: ['-5'] }).rolling).toEqual({ ll: -5, words: undefined, bytes: undefined });
    expect(rolling({ doc_id: undefined, filtered_resps: ['-5'] }).docId).toBe('7');
    expect(rolling({ doc_id: 'doc-a', filtered_resps: ['-5'] }).docId).toBe('doc-a');
    expect(err({ arguments: args(['doc', undefined]) })).toBe('a loglikelihood_rolling record without a log-likelihood');
    expect(err({ arguments: args(['doc', undefined]), filtered_resps: ['x'] })).toBe('a loglikelihood_rolling record without a log-likelihood');
  });

  it('are left out of a task rebuilt from the samples', () => {
    const { records } = parseLogSamples(
      [JSON.stringify(rec({ doc: { subject: 's' } })), JSON.stringify({ doc_id: 9, arguments: args(['doc', undefined]), filtered_resps: ['-3'] })].join('\n'),
    );
    expect(records.map((r) => r.outputType)).toEqual(['multiple_choice', 'loglikelihood_rolling']);
    expect(logSamplesToTaskSet(records, 'rebuilt')).toEqual({
      name: 'rebuilt',
      targetDelimiter: ' ',
      items: [{ id: '4', subject: 's', context: 'Q:', choices: ['a', 'b'], gold: 1 }],
    });
    expect(logSamplesToTaskSet(records, 'r', '').targetDelimiter).toBe('');
  });
});

describe('errors, one per way a record is wrong', () => {
  it('arguments', () => {
    expect(err('x')).toBe('not a JSON object');
    expect(err(rec({ arguments: undefined }))).toBe('"arguments" is missing or empty');
    expect(err(rec({ arguments: {} }))).toBe('"arguments" is missing or empty');
    expect(err(rec({ arguments: [] }))).toBe('"arguments" is missing or empty');
    expect(err(rec({ arguments: 'Q: a' }))).toBe('"arguments" is missing or empty');
    expect(err(rec({ arguments: ['Q:', ' a'] }))).toBe(
      '"arguments" is one flat [context, continuation] pair, the first request only (a log written before lm-eval-harness 0.4 ' +
        "logged every request): the other choices' strings are not in the file; rerun with lm-eval-harness 0.4 or newer and --log_samples",
    );
    // A list that only partly holds strings is a list of requests, one of them bad.
    expect(err(rec({ arguments: [['Q:', ' a'], 'x'] }))).toBe('request 2 has no context string');
    expect(err(rec({ arguments: [[1, ' a']] }))).toBe('request 1 has no context string');
    expect(err(rec({ arguments: [['Q:', ' a'], 5] }))).toBe('request 2 has no context string');
    expect(err(rec({ arguments: args(['Q:', ' a']), filtered_resps: resp(-1), x: 1, target: 0 }))).toBe('accepted');
    expect(err(rec({ arguments: { gen_args_0: { arg_0: 'Q:', arg_1: 5 } } }))).toBe('request 1: continuation is not a string');
    const generation = /^a generate_until \(generation\) request: its second argument is generation settings, not a continuation to score; lengthlens harness recomputes/;
    expect(err(rec({ arguments: { gen_args_0: { arg_0: 'Q:', arg_1: { until: ['\n'] } } } }))).toMatch(generation);
    expect(err(rec({ arguments: [['Q:', ['\n'], { max_gen_toks: 5 }]] }))).toMatch(generation);
    // A list second argument without settings after it is just not a string.
    expect(err(rec({ arguments: [['Q:', ['\n']]] }))).toBe('request 1: continuation is not a string');
    expect(err(rec({ arguments: [['Q:', ['\n', 3], { a: 1 }]] }))).toBe('request 1: continuation is not a string');
  });

  it('responses', () => {
    expect(err(rec({ filtered_resps: resp(-1) }))).toBe('expected 2 responses in "filtered_resps", got 1');
    expect(err(rec({ filtered_resps: undefined }))).toBe('expected 2 responses in "filtered_resps", got none');
    expect(err(rec({ filtered_resps: 'x' }))).toBe('expected 2 responses in "filtered_resps", got none');
    expect(err(rec({ filtered_resps: [['-1', 'False'], []] }))).toBe('response 2 is not [ll, is_greedy]');
    expect(err(rec({ filtered_resps: [['-1', 'False'], '-2'] }))).toBe('response 2 is not [ll, is_greedy]');
    expect(err(rec({ filtered_resps: [['-1', 'False'], ['abc', 'False']] }))).toBe('response 2: log-likelihood "abc" is not a number');
    expect(err(rec({ filtered_resps: [['-1', 'False'], [null, 'False']] }))).toBe('response 2: log-likelihood null is not a number');
    expect(err(rec({ filtered_resps: [['-1', 'False'], ['-2']] }))).toBe('accepted');
  });

  it('a bad line of a file is numbered and the others load', () => {
    const r = parseLogSamples([JSON.stringify(rec()), '', '{"doc_id": 1}', JSON.stringify(rec({ doc_id: 2 }))].join('\n'));
    expect(r.records.map((s) => [s.line, s.docId])).toEqual([
      [1, '4'],
      [4, '2'],
    ]);
    expect(r.errors).toEqual([{ line: 3, message: '"arguments" is missing or empty' }]);
  });
});
