import { describe, expect, it } from 'vitest';
import { harnessReport, rollingReport } from '../../../src/core/metrics/harnessReport';
import type { LogSample } from '../../../src/core/formats/logSamples';

/** A multiple-choice document: choices "a" and "bbbb", with the log-likelihoods and logged metrics given. */
function mc(docId: string, lls: number[], gold: number | number[], logged: Record<string, number>, extra: Partial<LogSample> = {}): LogSample {
  const choices = ['a', 'bbbb'];
  return {
    line: Number(docId.replace(/\D/g, '')) + 1,
    docId,
    outputType: 'multiple_choice',
    choices,
    context: 'Q:',
    continuations: choices.map((c) => ` ${c}`),
    lls,
    isGreedy: [false, false],
    gold,
    logged,
    delimiterMismatch: [],
    ...extra,
  };
}

function rolling(docId: string, ll: number, words?: number, bytes?: number): LogSample {
  return { line: 1, docId, outputType: 'loglikelihood_rolling', rolling: { ll, words, bytes }, choices: [], context: '', continuations: [], lls: [], isGreedy: [], gold: 0, logged: {}, delimiterMismatch: [] };
}

describe('perplexity documents (lm-eval weighted_mean)', () => {
  it('divides the summed log-likelihood by the summed words and bytes', () => {
    const r = rollingReport([rolling('d0', -10, 4, 20), rolling('d1', -6, 2, 12), mc('d2', [-1, -2], 0, {})]);
    expect(r.n_docs).toBe(2);
    expect(r.word_perplexity).toBeCloseTo(Math.exp(16 / 6), 12);
    expect(r.byte_perplexity).toBeCloseTo(Math.exp(16 / 32), 14);
    expect(r.bits_per_byte).toBeCloseTo(0.5 / Math.LN2, 14);
  });

  it('gives NaN where a count was not logged', () => {
    const r = rollingReport([rolling('d0', -10, undefined, 20), rolling('d1', -6, 2, undefined)]);
    expect(Number.isNaN(r.word_perplexity)).toBe(true);
    expect(Number.isNaN(r.byte_perplexity)).toBe(true);
    expect(Number.isNaN(r.bits_per_byte)).toBe(true);
  });
});

describe('harness report', () => {
  // acc picks "a" (−1 > −2); acc_norm and acc_bytes pick "bbbb" (−2/4 > −1/1).
  const docs = [
    mc('d0', [-1, -2], 0, { acc: 1, acc_norm: 0 }),
    mc('d1', [-1, -2], 1, { acc: 1, acc_norm: 1, acc_bytes: 1 }), // acc logged 1, recomputed 0
    mc('d2', [-1, -2], 1, { acc: 0 }),
  ];

  it('counts agreement with the logged per-document values', () => {
    const r = harnessReport([...docs, rolling('r', -3, 1, 3)]);
    expect(r.n_docs).toBe(4);
    expect(r.output_types).toEqual({ multiple_choice: 3, loglikelihood_rolling: 1 });
    expect(r.logged_agreement).toEqual({
      acc: { n: 3, mismatches: 1, logged_mean: 2 / 3, examples: ['d1'] },
      acc_norm: { n: 2, mismatches: 0, logged_mean: 0.5, examples: [] },
      acc_bytes: { n: 1, mismatches: 0, logged_mean: 1, examples: [] },
    });
    expect(r.metrics.accuracies.rules.acc!.value).toBeCloseTo(1 / 3, 15);
    expect(r.metrics.n_items).toBe(3);
    expect(r.rolling).toEqual(rollingReport([rolling('r', -3, 1, 3)]));
    expect(r.warnings).toEqual([]);
    expect('rolling' in harnessReport(docs)).toBe(false);
  });

  it('lists at most ten mismatched documents', () => {
    const many = Array.from({ length: 12 }, (_, i) => mc(`d${i}`, [-1, -2], 1, { acc: 1 }));
    const a = harnessReport(many).logged_agreement.acc!;
    expect(a.mismatches).toBe(12);
    expect(a.examples).toEqual(many.slice(0, 10).map((d) => d.docId));
  });

  it('compares only multiple-choice documents', () => {
    const ll = { ...mc('d9', [-1], 0, { acc: 0 }), outputType: 'loglikelihood' as const, choices: ['a'], continuations: [' a'], isGreedy: [true] };
    expect(harnessReport([ll]).logged_agreement).toEqual({});
  });

  it('says when no continuation starts with the delimiter (a chat-templated run), or when some do not', () => {
    const off = docs.map((d) => ({ ...d, delimiterMismatch: [0, 1] }));
    expect(harnessReport(off).warnings).toEqual([
      'no continuation starts with the target delimiter " ": a run with a chat template (--apply_chat_template) uses the delimiter "", so pass --delimiter ""; the choices were used as logged',
    ]);
    expect(harnessReport(off, { targetDelimiter: '\n' }).warnings[0]).toMatch(/^no continuation starts with the target delimiter "\\n": /);
    // Told the delimiter is "", or only some documents off: the count and the first line.
    expect(harnessReport(off, { targetDelimiter: '' }).warnings).toEqual([
      '3 document(s) have a continuation that does not start with the target delimiter; those choices were used as logged (first: line 1)',
    ]);
    const some = [docs[0], { ...docs[1], delimiterMismatch: [1] }, { ...docs[2], delimiterMismatch: [0, 1] }];
    expect(harnessReport(some).warnings).toEqual([
      '2 document(s) have a continuation that does not start with the target delimiter; those choices were used as logged (first: line 2)',
    ]);
  });

  it('counts targets outside the choices and impossible log-likelihoods', () => {
    const r = harnessReport([mc('d0', [-1, -2], -100, {}), mc('d1', [-1, -2], [0, -100], {}), mc('d2', [NaN, -2], 0, {}), mc('d3', [-1, Infinity], 1, {})]);
    expect(r.warnings).toEqual([
      '2 document(s) have a target that is not among the choices (scored 0, as lm-eval does)',
      '2 document(s) have a NaN or +inf log-likelihood (1 NaN, 1 +inf; first: doc d2); they are decided as lm-eval-harness decides them (np.argmax: the first NaN choice is the prediction, +inf is the maximum)',
    ]);
  });

  it('skips a logged metric the document cannot be recomputed for, and warns about nothing on perplexity-only logs', () => {
    // acc_mutual_info logged, but no unconditional log-likelihoods to recompute it from.
    expect(harnessReport([mc('d0', [-1, -2], 0, { acc_mutual_info: 1, acc: 1 })]).logged_agreement).toEqual({
      acc: { n: 1, mismatches: 0, logged_mean: 1, examples: [] },
    });
    const perplexity = harnessReport([rolling('r0', -3, 1, 3)]);
    expect(perplexity.warnings).toEqual([]);
    expect(perplexity.rolling!.n_docs).toBe(1);
    // A NaN in a one-choice loglikelihood document decides no accuracy: no warning.
    const ll = { ...mc('d9', [NaN], 0, {}), outputType: 'loglikelihood' as const, choices: ['a'], continuations: [' a'], isGreedy: [false] };
    expect(harnessReport([ll]).warnings).toEqual([]);
  });

  it('passes the metric options on, but not the delimiter', () => {
    const r = harnessReport(docs, { mu: 7, targetDelimiter: ' ' });
    expect(r.metrics.mu).toBe(7);
  });
});
