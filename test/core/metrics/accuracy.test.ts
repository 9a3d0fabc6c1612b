// lm-eval-harness accuracies on synthetic log_samples (research/lm-eval-harness.md §5).
import { describe, expect, it } from 'vitest';
import { parseLogSamples, logSampleToItem } from '../../../src/core/formats/logSamples';
import { accuracyReport, itemCorrectness, rulePredictions } from '../../../src/core/metrics/accuracy';
import { harnessReport } from '../../../src/core/metrics/harnessReport';
import { ARC_EASY_DOCS, logSampleLine, type FixtureDoc } from './logSamplesFixture';
import { builtInAccuracies } from '../scoring/builtInRules';

function load(docs: FixtureDoc[]) {
  const { records, errors } = parseLogSamples(docs.map(logSampleLine).join('\n'));
  expect(errors).toEqual([]);
  return records;
}

describe('arc_easy docs 0-3 (pythia-70m)', () => {
  const samples = load(ARC_EASY_DOCS);
  it('predicts 2/2/2, 2/2/2, 2/2/2, 3/3/3 under acc/acc_norm/acc_bytes', () => {
    expect(samples.map((s) => builtInAccuracies(rulePredictions(logSampleToItem(s).choices)))).toEqual([
      { acc: 2, acc_norm: 2, acc_bytes: 2 },
      { acc: 2, acc_norm: 2, acc_bytes: 2 },
      { acc: 2, acc_norm: 2, acc_bytes: 2 },
      { acc: 3, acc_norm: 3, acc_bytes: 3 },
    ]);
  });
  it('acc = acc_norm = 0.25 with stderr 0.25, and agrees with the logged values', () => {
    const r = harnessReport(samples);
    const a = r.metrics.accuracies;
    expect(a.n_items).toBe(4);
    for (const rule of ['acc', 'acc_norm', 'acc_bytes'] as const) {
      expect(a.rules[rule]!.value).toBe(0.25);
      expect(a.rules[rule]!.stderr).toBe(0.25);
    }
    expect(a.rules.acc_mutual_info).toBeUndefined();
    expect(a.rules.acc_per_token).toBeUndefined();
    expect(r.logged_agreement.acc).toEqual({ n: 4, mismatches: 0, logged_mean: 0.25, examples: [] });
    expect(r.logged_agreement.acc_norm!.mismatches).toBe(0);
    // Chance-normalised (4 choices): (0.25 - 0.25)/(0.75) = 0, reported apart from acc_norm.
    expect(a.chance_normalised.acc).toEqual({ value: 0, chance: 0.25 });
  });
  it('brier_score and the doc 0 softmax match numpy (to an ulp or two of exp)', async () => {
    const { softmax } = await import('../../../src/core/metrics/accuracy');
    const r = harnessReport(samples);
    expect(Math.abs(r.metrics.accuracies.brier_score! - 1.5328863707384783)).toBeLessThan(4e-16);
    const p = softmax(samples[0].lls);
    [0.0003254311788607444, 0.00011538543621337776, 0.9587691010576164, 0.040790082327309615].forEach((v, i) =>
      expect(Math.abs(p[i] - v) / v).toBeLessThan(1e-15),
    );
  });
  it('recovers raw choices without the target delimiter', () => {
    expect(samples[3].choices).toEqual(['gray', 'warm', 'long', 'soft']);
    expect(samples[3].continuations[0]).toBe(' gray');
  });
  it('flags a logged value that the recomputation contradicts', () => {
    const bad = { ...ARC_EASY_DOCS[3], logged: { acc: 0.0, acc_norm: 1.0 } };
    const r = harnessReport(load([bad]));
    expect(r.logged_agreement.acc).toEqual({ n: 1, mismatches: 1, logged_mean: 0, examples: ['3'] });
  });
});

describe('acc_mutual_info (tests/test_metrics.py)', () => {
  const base = { context: 'Q:', choices: ['A', 'B', 'C'], target: '1' };
  it('cond [-2,-1,-3], uncond [-2.5,-2,-2.5]: acc 1, MI 1', () => {
    const [s] = load([{ ...base, docId: 0, lls: ['-2.0', '-1.0', '-3.0'], uncond: ['-2.5', '-2.0', '-2.5'] }]);
    expect(s.choices).toEqual(['A', 'B', 'C']);
    expect(itemCorrectness(logSampleToItem(s))).toMatchObject({ acc: 1, acc_mutual_info: 1 });
  });
  it('cond [-1,-2,-3], uncond [-0.5,-2,-3]: acc 0, MI 1 (tie [-0.5,0,0] to index 1)', () => {
    const [s] = load([{ ...base, docId: 0, lls: ['-1.0', '-2.0', '-3.0'], uncond: ['-0.5', '-2.0', '-3.0'] }]);
    expect(rulePredictions(logSampleToItem(s).choices).acc_mutual_info).toBe(1);
    expect(itemCorrectness(logSampleToItem(s))).toMatchObject({ acc: 0, acc_mutual_info: 1 });
  });
});

describe('synthetic edge cases', () => {
  it('CJK: per-char and per-byte disagree', () => {
    const [s] = load([{ docId: 0, context: 'x', choices: ['日本語です', 'abcdef'], lls: ['-6.0', '-6.5'], target: '0' }]);
    expect(builtInAccuracies(rulePredictions(logSampleToItem(s).choices))).toEqual({ acc: 0, acc_norm: 1, acc_bytes: 0 });
    expect(builtInAccuracies(itemCorrectness(logSampleToItem(s)))).toEqual({ acc: 1, acc_norm: 0, acc_bytes: 1 });
  });
  it('emoji: acc_norm counts code points, not UTF-16 units', () => {
    const [s] = load([{ docId: 0, context: 'x', choices: ['😀😀', 'abc'], lls: ['-3.0', '-4.0'], target: '1' }]);
    expect(builtInAccuracies(rulePredictions(logSampleToItem(s).choices))).toEqual({ acc: 0, acc_norm: 1, acc_bytes: 0 });
    expect(builtInAccuracies(itemCorrectness(logSampleToItem(s)))).toEqual({ acc: 0, acc_norm: 1, acc_bytes: 0 });
  });
  it('tie: the first index wins', () => {
    const [s] = load([{ docId: 0, context: 'x', choices: ['ab', 'cd', 'e'], lls: ['-2.0', '-2.0', '-3.0'], target: '1' }]);
    expect(itemCorrectness(logSampleToItem(s)).acc).toBe(0);
  });
  it('zero-length choice: 0/0 = NaN wins acc_norm and acc_bytes', () => {
    const [s] = load([{ docId: 0, context: 'x', choices: ['a', '', 'bb'], lls: ['-1.0', '0.0', '-2.0'], target: '0' }]);
    expect(builtInAccuracies(rulePredictions(logSampleToItem(s).choices))).toEqual({ acc: 1, acc_norm: 1, acc_bytes: 1 });
  });
  it('a NaN log-likelihood ("nan" string or bare NaN) wins the argmax', () => {
    const [s] = load([{ docId: 0, context: 'x', choices: ['a', 'b', 'c'], lls: ['-1.0', 'nan', '-0.5'], target: '1' }]);
    expect(itemCorrectness(logSampleToItem(s)).acc).toBe(1);
    const line = logSampleLine({ docId: 1, context: 'x', choices: ['a', 'b'], lls: ['-1.0', '-2.0'], target: '0' })
      .replaceAll('"-2.0"', 'NaN')
      .replace('"filter"', '"extra": [Infinity, -Infinity], "filter"');
    const parsed = parseLogSamples(line);
    expect(parsed.errors).toEqual([]);
    expect(parsed.records[0].lls[1]).toBeNaN();
    expect(itemCorrectness(logSampleToItem(parsed.records[0])).acc).toBe(0);
  });
  it('"-inf" is minus infinity, and a string target selects its choice', () => {
    const [s] = load([{ docId: 0, context: 'x', choices: ['yes', 'no'], lls: ['-inf', '-3.0'], target: 'no' }]);
    expect(s.lls[0]).toBe(-Infinity);
    expect(s.gold).toBe(1);
    expect(itemCorrectness(logSampleToItem(s)).acc).toBe(1);
  });
  it('multi-target gold and an invalid gold (-100, always wrong)', () => {
    const samples = load([
      { docId: 0, context: 'x', choices: ['a', 'b', 'c'], lls: ['-3.0', '-1.0', '-2.0'], target: '[0, 1]' },
      { docId: 1, context: 'x', choices: ['a', 'b'], lls: ['-3.0', '-1.0'], target: 'zzz' },
    ]);
    expect(samples[0].gold).toEqual([0, 1]);
    expect(samples[1].gold).toBe(-100);
    const r = accuracyReport(samples.map(logSampleToItem));
    expect(r.rules.acc!.value).toBe(0.5);
    // stderr of [1, 0]: sample std 0.7071.../sqrt(2) = 0.5
    expect(r.rules.acc!.stderr).toBeCloseTo(0.5, 15);
    expect(harnessReport(samples).warnings.join(' ')).toMatch(/not among the choices/);
  });
  it('stderr is the sample std (n-1) over sqrt(n)', () => {
    const docs = [1, 1, 0, 1, 0].map((hit, i) => ({
      docId: i,
      context: 'x',
      choices: ['a', 'b'],
      lls: hit ? ['-1.0', '-2.0'] : ['-2.0', '-1.0'],
      target: '0',
    }));
    const r = accuracyReport(load(docs).map(logSampleToItem));
    expect(r.rules.acc!.value).toBe(0.6);
    expect(r.rules.acc!.stderr).toBeCloseTo(Math.sqrt((3 * 0.16 + 2 * 0.36) / 4) / Math.sqrt(5), 15);
  });
});

describe('log samples to a task for rescoring', () => {
  it('keeps the logged context, raw choices, gold and ids', async () => {
    const { logSamplesToTaskSet } = await import('../../../src/core/formats/logSamples');
    const set = logSamplesToTaskSet(load(ARC_EASY_DOCS.slice(1, 2)), 'arc');
    expect(set.targetDelimiter).toBe(' ');
    expect(set.items).toEqual([
      { id: '1', subject: undefined, context: ARC_EASY_DOCS[1].context, choices: ARC_EASY_DOCS[1].choices, gold: 1 },
    ]);
  });
});

describe('target delimiter', () => {
  // Lengths differ only by the delimiter: ' ab' (3) vs 'abcd' (4) per char. lls -3.0, -3.9.
  const doc: FixtureDoc = { docId: 0, context: 'x', choices: [' ab', 'abcd'], lls: ['-3.0', '-3.9'], target: '1', delimiter: '' };
  it('a chat-templated log (delimiter "") keeps every character of the choice', () => {
    const { records, errors } = parseLogSamples(logSampleLine(doc), { targetDelimiter: '' });
    expect(errors).toEqual([]);
    expect(records[0].choices).toEqual([' ab', 'abcd']);
    expect(records[0].delimiterMismatch).toEqual([]);
    // acc_norm: -3/3 = -1 vs -3.9/4 = -0.975 -> choice 1.
    expect(builtInAccuracies(rulePredictions(logSampleToItem(records[0]).choices))).toEqual({ acc: 0, acc_norm: 1, acc_bytes: 1 });
  });
  it('read with the default " ", a continuation without it is used as logged and flagged', () => {
    const { records } = parseLogSamples(logSampleLine(doc));
    expect(records[0].choices).toEqual(['ab', 'abcd']);
    expect(records[0].delimiterMismatch).toEqual([1]);
    // acc_norm now: -3/2 = -1.5 vs -0.975 -> still 1; the warning names the line.
    expect(harnessReport(records).warnings[0]).toMatch(/1 document\(s\) have a continuation that does not start with the target delimiter.*line 1/);
  });
});

describe('issue 12: a one-choice multiple-choice document counts (defect 3)', () => {
  // lm-eval-harness: np.argmax over one choice is 0, so a doc whose only choice is gold is correct.
  const docs: FixtureDoc[] = [
    { docId: 0, context: 'Q0', choices: ['a', 'b'], lls: ['-1.0', '-2.0'], target: '0', logged: { acc: 1, acc_norm: 1 } },
    { docId: 1, context: 'Q1', choices: ['a', 'b'], lls: ['-1.0', '-2.0'], target: '1', logged: { acc: 0, acc_norm: 0 } },
    { docId: 2, context: 'Q2', choices: ['only'], lls: ['-3.0'], target: '0', logged: { acc: 1, acc_norm: 1 } },
  ];
  it('acc over 3 documents is 2/3, as the harness reports', () => {
    const r = harnessReport(load(docs));
    expect(r.metrics.accuracies.n_items).toBe(3);
    expect(r.metrics.accuracies.rules.acc!.value).toBe(2 / 3);
    expect(r.metrics.accuracies.rules.acc_norm!.n).toBe(3);
    expect(r.logged_agreement.acc).toEqual({ n: 3, mismatches: 0, logged_mean: 2 / 3, examples: [] });
  });
  it('a loglikelihood (cloze) document is not a multiple-choice document', () => {
    const cloze: FixtureDoc = { docId: 3, context: 'Q3', choices: ['text'], lls: ['-3.0'], target: 'text' };
    const r = harnessReport(load([...docs, cloze]));
    expect(r.metrics.accuracies.n_items).toBe(3);
  });
});

describe('issue 12: NaN and +inf log-likelihoods are counted and warned about (defect 8)', () => {
  const docs: FixtureDoc[] = [
    { docId: 0, context: 'Q0', choices: ['a', 'b'], lls: ['-1.0', 'nan'], target: '0' },
    { docId: 1, context: 'Q1', choices: ['a', 'b', 'c'], lls: ['-1.0', '-2.0', 'inf'], target: '0' },
    { docId: 2, context: 'Q2', choices: ['a', 'b'], lls: ['-1.0', '-2.0'], target: '0' },
    { docId: 3, context: 'Q3', choices: ['a', 'b'], lls: ['-inf', '-2.0'], target: '1' },
  ];
  it("follows np.argmax (the first NaN is the prediction) so the numbers are the harness's, and says so", () => {
    const r = harnessReport(load(docs));
    // doc 0: NaN at index 1 is predicted (wrong); doc 1: +inf at 2 (wrong); doc 2, 3 right.
    expect(r.metrics.accuracies.rules.acc!.value).toBe(0.5);
    expect(r.metrics.accuracies.non_finite).toEqual({ items: 2, nan: 1, pos_inf: 1, examples: ['0', '1'] });
    expect(r.warnings.join('\n')).toMatch(/2 document\(s\) have a NaN or \+inf log-likelihood \(1 NaN, 1 \+inf; first: doc 0\)/);
    expect(r.metrics.notes.join('\n')).toMatch(/np\.argmax/);
  });
  it('finite (and -inf) log-likelihoods give no count and no note', () => {
    const r = harnessReport(load(docs.slice(2)));
    expect(r.metrics.accuracies.non_finite).toBeUndefined();
    expect(r.warnings).toEqual([]);
  });
});
