// lm-eval-harness log layouts that were read as the wrong kind of document (issue 25, items 1-4):
// acc_mutual_info before 0.4.9, one-request loglikelihood documents with a numeric target,
// multiple_input documents (the choice in the context), and doc ids past 2^53.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseLogSamples } from '../../../src/core/formats/logSamples';
import { harnessReport } from '../../../src/core/metrics/harnessReport';

type Request = readonly [string, string];
/** A record as EvaluationTracker writes it: gen_args_i, lls as Python repr strings. */
function record(docId: number | string, target: string, requests: readonly Request[], lls: readonly number[], greedy: readonly boolean[] = [], extra: Record<string, unknown> = {}): string {
  const args = Object.fromEntries(requests.map(([a0, a1], i) => [`gen_args_${i}`, { arg_0: a0, arg_1: a1 }]));
  const resp = lls.map((ll, i) => [String(ll), greedy[i] ? 'True' : 'False']);
  const id = typeof docId === 'number' ? String(docId) : JSON.stringify(docId);
  return `{"doc_id": ${id}, "doc": {}, "target": ${JSON.stringify(target)}, "arguments": ${JSON.stringify(args)}, "resps": ${JSON.stringify(resp.map((r) => [r]))}, "filtered_resps": ${JSON.stringify(resp)}, "filter": "none"${Object.entries(extra).map(([k, v]) => `, ${JSON.stringify(k)}: ${JSON.stringify(v)}`).join('')}}`;
}

describe('acc_mutual_info logs from lm-eval-harness before 0.4.9 (unconditional requests without the delimiter)', () => {
  // research §5 B: cond [-1,-2,-3], uncond [-0.5,-2,-3], gold 1: acc 0, acc_mutual_info 1 (tie broken to index 1).
  const choices = ['A', 'B', 'C'];
  const cond = choices.map((c) => ['Q:', ' ' + c] as const);
  it('reads the second half as unconditional terms, not as three more choices', () => {
    const old = record(0, '1', [...cond, ...choices.map((c) => ['', c] as const)], [-1, -2, -3, -0.5, -2, -3], [], { acc: 1, acc_mutual_info: 0 });
    const { records, errors } = parseLogSamples(old);
    expect(errors).toEqual([]);
    const s = records[0];
    expect(s.choices).toEqual(choices);
    expect(s.unconditionalLls).toEqual([-0.5, -2, -3]);
    expect(s.mutualInfoLayout).toBe('pre-0.4.9');
    expect(s.delimiterMismatch).toEqual([]);
    const report = harnessReport(records);
    expect(report.metrics.accuracies.rules.acc?.value).toBe(0);
    expect(report.metrics.accuracies.rules.acc_mutual_info?.value).toBe(1);
    expect(report.metrics.accuracies.chance_normalised.acc?.chance).toBeCloseTo(1 / 3, 12);
    expect(report.warnings.join('\n')).toMatch(/before 0\.4\.9.*PR #3035/);
    expect(report.warnings.join('\n')).not.toMatch(/delimiter;/);
  });
  it('the 0.4.9 layout (delimiter kept) reads the same numbers without the old-layout warning', () => {
    const now = record(0, '1', [...cond, ...cond.map(([, c]) => ['', c] as const)], [-1, -2, -3, -0.5, -2, -3]);
    const { records } = parseLogSamples(now);
    expect(records[0].unconditionalLls).toEqual([-0.5, -2, -3]);
    expect(records[0].mutualInfoLayout).toBeUndefined();
    expect(harnessReport(records).warnings).toEqual([]);
  });
});

describe('one-request loglikelihood documents (lambada): the target is the answer text, accuracy is the greedy flag', () => {
  it('any target, digits included, gives acc = is_greedy (the metrics a lambada log carries)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^\d{1,6}$/), fc.string({ maxLength: 8 }), fc.constant('[0]')), fc.boolean(), fc.double({ min: -50, max: -0.01, noNaN: true }), (target, greedy, ll) => {
        const extra = { metrics: ['perplexity', 'acc'], perplexity: ll, acc: greedy ? 1 : 0 };
        const { records } = parseLogSamples(record(0, target, [['The year was', ' ' + target]], [ll], [greedy], extra));
        expect(records[0].outputType).toBe('loglikelihood');
        const acc = harnessReport(records).metrics.accuracies.greedy;
        expect(acc?.value).toBe(greedy ? 1 : 0);
      }),
      { numRuns: 60 },
    );
  });
  it('without a metrics list, a target that is not the one choice\'s index is answer text', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{0,5}$/), fc.boolean(), (target, greedy) => {
        const { records } = parseLogSamples(record(0, target, [['The year was', ' ' + target]], [-2], [greedy]));
        expect(harnessReport(records).metrics.accuracies.greedy?.value).toBe(greedy ? 1 : 0);
      }),
      { numRuns: 40 },
    );
  });
});

describe('multiple_input documents (winogrande partial scoring): contexts vary, one continuation', () => {
  const ctxs = ['The trophy did not fit in the suitcase because the trophy', 'The trophy did not fit in the suitcase because the suitcase'];
  const reqs = ctxs.map((c) => [c, ' was too big.'] as const);
  it('keeps every context; gold from the logged acc, not from the continuation text', () => {
    const { records } = parseLogSamples(
      [record(0, 'was too big.', reqs, [-9, -12], [], { acc: 1 }), record(1, 'was too big.', reqs, [-9, -12], [], { acc: 0 }), record(2, '1', reqs, [-9, -12])].join('\n'),
    );
    expect(records.map((s) => s.contexts)).toEqual([ctxs, ctxs, ctxs]);
    expect(records.map((s) => s.gold)).toEqual([0, 1, 1]);
    const report = harnessReport(records);
    expect(report.metrics.accuracies.rules.acc?.value).toBeCloseTo(1 / 3, 12);
    expect(report.logged_agreement.acc).toMatchObject({ n: 2, mismatches: 0 });
    expect(report.warnings.join('\n')).toMatch(/multiple_input.*own context/);
  });
});

describe('doc ids past 2^53 keep their digits', () => {
  it('two ids one apart stay two documents', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 2n ** 53n, max: 10n ** 30n }), (big) => {
        const a = big.toString();
        const b = (big + 1n).toString();
        const text = [a, b].map((id) => record(0, '0', [['Q', ' a'], ['Q', ' b']], [-1, -2]).replace('"doc_id": 0', `"doc_id": ${id}`)).join('\n');
        expect(parseLogSamples(text).records.map((s) => s.docId)).toEqual([a, b]);
      }),
      { numRuns: 50 },
    );
  });
});

describe('issue 25 item 15: filtered_resps takes precedence over resps', () => {
  const base = { doc_id: 0, doc: {}, target: '0', arguments: { gen_args_0: { arg_0: 'Q', arg_1: ' a' }, gen_args_1: { arg_0: 'Q', arg_1: ' b' } } };
  it('a record carrying both, with different values, is read from filtered_resps', () => {
    const rec = { ...base, resps: [[['-1.0', 'True']], [['-5.0', 'False']]], filtered_resps: [['-5.0', 'False'], ['-1.0', 'True']] };
    const s = parseLogSamples(JSON.stringify(rec)).records[0];
    expect(s.lls).toEqual([-5, -1]);
    expect(s.isGreedy).toEqual([false, true]);
    expect(harnessReport([s]).metrics.accuracies.rules.acc?.value).toBe(0);
  });
  it('without filtered_resps, the first repeat of resps is used', () => {
    const rec = { ...base, resps: [[['-1.0', 'True'], ['-9.0', 'False']], [['-5.0', 'False'], ['-0.5', 'False']]] };
    expect(parseLogSamples(JSON.stringify(rec)).records[0].lls).toEqual([-1, -5]);
  });
});
