import { describe, expect, it } from 'vitest';
import { auditVerdicts, lengthDifference } from '../../../src/core/judge/audit';
import type { HardVerdict, VerdictRow } from '../../../src/core/judge/verdicts';

const row = (promptId: string, aFirst: boolean, verdict: HardVerdict | number, lenA: number, lenB: number, category: string | null = null, human: HardVerdict | null = null): VerdictRow => ({
  line: 0,
  promptId,
  aFirst,
  pA: typeof verdict === 'number' ? verdict : verdict === 'A' ? 1 : verdict === 'B' ? 0 : 0.5,
  hard: typeof verdict === 'number' ? null : verdict,
  lenA,
  lenB,
  category,
  human,
});

// Five prompts, four in both orders; len A / len B = 2, 1.5, 0.8, 1.2, 0.9.
const small = [
  row('a', true, 'A', 200, 100), row('a', false, 'B', 200, 100),
  row('b', true, 'A', 150, 100), row('b', false, 'A', 150, 100),
  row('c', true, 'tie', 80, 100), row('c', false, 'B', 80, 100),
  row('d', true, 0.8, 120, 100), row('d', false, 0.4, 120, 100),
  row('e', true, 'B', 90, 100),
];

describe('audit report on a five-prompt file', () => {
  // Audited in each test (not shared), so that per-test coverage credits every test that checks it.
  const report = () => auditVerdicts(small, { bootstrapReps: 50 });

  it('summarises the length ratios over prompts (numpy: np.quantile, np.std of the log ratios)', () => {
    const r = report();
    const lr = r.lengthRatio;
    expect(lr.quantiles.map((q) => q.q)).toEqual([0.05, 0.25, 0.5, 0.75, 0.95]);
    const expected = [0.8190690044316877, 0.9, 1.2, 1.5, 1.888175022589804];
    lr.quantiles.forEach((q, k) => expect(q.ratio).toBeCloseTo(expected[k], 12));
    expect(lr.aLonger).toBe(0.6);
    expect(lr.bLonger).toBe(0.4);
    expect(lr.sdLogRatio).toBeCloseTo(0.33393577347898074, 14);
    expect(lr.meanLenA).toBeCloseTo(1190 / 9, 12);
    expect(lr.meanLenB).toBe(100);
    // 24 bins from ln 0.8 to ln 2; the prompts fall in bins 0, 3, 10, 16 and 23 (the top edge is in the last bin).
    expect(lr.histogram).toHaveLength(24);
    const width = (Math.log(2) - Math.log(0.8)) / 24;
    expect(lr.histogram[0].from).toBeCloseTo(Math.log(0.8), 14);
    expect(lr.histogram[5].to - lr.histogram[5].from).toBeCloseTo(width, 14);
    expect(lr.histogram[23].to).toBeCloseTo(Math.log(2), 12);
    expect(lr.histogram.flatMap((b, k) => (b.count ? [[k, b.count]] : []))).toEqual([[0, 1], [3, 1], [10, 1], [16, 1], [23, 1]]);
    // The LC feature tanh(x / sd x), sd over the nine verdicts = 0.33630027232937015: bins of 0.1 on [−1, 1].
    expect(lr.featureHistogram).toHaveLength(20);
    expect(lr.featureHistogram[0].from).toBe(-1);
    expect(lr.featureHistogram[19].to).toBeCloseTo(1, 14);
    expect(lr.featureHistogram.flatMap((b, k) => (b.count ? [[k, b.count]] : []))).toEqual([[4, 1], [6, 1], [14, 1], [18, 1], [19, 1]]);
  });

  it('writes the checklist with its own figures', () => {
    const r = report();
    expect(r.checklist.map((c) => c.status)).toEqual(['ok', 'ok', 'ok', 'warn', 'missing', 'info']);
    expect(r.checklist[0]).toEqual({ point: 'Order swapped or randomised, and logged', status: 'ok', finding: '4 of 5 prompts judged in both orders; A shown first in 55.6% of verdicts.' });
    expect(r.checklist[1].finding).toBe('Lengths present for all 9 verdicts; mean length A 132, B 100; median len A / len B = 1.20 over prompts.');
    // First slot (1 + 1 + 1 + 0 + ½ + 1 + 0.8 + 0.6 + 0)/9, inconsistency (1 + 0 + 1 + 0.56)/4, A longer on 3 of 5.
    expect(r.checklist[2].finding).toBe('First slot wins 65.6%; inconsistency 64.0%; A longer in 60.0% of prompts.');
    const reason =
      "B's answer is the longer on only 40.0% of prompts (2 of 5; LC needs at least 10.0% and 20 on each side): the fit extrapolates the length effect to equal length from too few prompts";
    expect(r.lcSupport).toMatchObject({ supported: false, reason, aLongerShare: 0.6, bLongerShare: 0.4 });
    const range = r.lcSupport.lcRange!;
    expect(range.low).toBeLessThan(range.high);
    const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
    // Raw 4.7/9, swap-averaged (½ + 1 + ¼ + 0.6)/4.
    expect(r.checklist[3].finding).toBe(`Raw 52.2%, swap-averaged 58.8%; LC not supported: ${reason}; plausible range ${pct(range.low)} – ${pct(range.high)}.`);
    expect(r.checklist[4].finding).toBe('No `human` column: label a random subset (about 100 prompts) and add it to the file.');
    expect(r.checklist[5]).toEqual({
      point: 'Re-audit when the judge changes',
      status: 'info',
      finding: 'Keep this report with the judge model, version and prompt template; rerun it whenever any of them changes.',
    });
    expect(r.warnings[0]).toBe(
      `LC is not supported by these data: ${reason}. Over plausible length effects (γ from 0 to 3) LC lies between ${pct(range.low)} and ${pct(range.high)}; the fitted ${pct(r.estimates.lc.estimate)} is an extrapolation.`,
    );
    expect(r.warnings).toContain('1 prompt was judged in one order only: left out of the swap-averaged rate, kept in raw and LC.');
    expect(r.warnings.find((w) => /bootstrap resamples were left out/.test(w))).toBe(
      `${r.estimates.lc.dropped} of 50 bootstrap resamples were left out of LC's interval: their fit was separated or their length feature saturated.`,
    );
    expect(r.bootstrapReps).toBe(50);
    expect(r.lengthFeature).toBe('log-ratio');
    expect(r.orderKnown).toBe(true);
    expect(r.categories).toEqual([]);
    expect(r.human).toBeNull();
  });
});

describe('audit wording and counts', () => {
  it('counts plural prompts, repeated orders, and A-first verdicts', () => {
    const rows = [
      ...small,
      row('f', false, 'A', 100, 100), // one order only (A second)
      row('a', true, 'B', 200, 100), // repeat of a, A first
      row('b', false, 'B', 150, 100), // repeat of b, A second
    ];
    const r = auditVerdicts(rows, { bootstrapReps: 10 });
    expect(r.counts).toEqual({ verdicts: 12, prompts: 6, bothOrders: 4, onlyAFirst: 1, onlyASecond: 1, aFirstVerdicts: 6, ties: 1, probabilities: 2, repeatedOrders: 2 });
    expect(r.warnings).toContain('2 prompts were judged in one order only: left out of the swap-averaged rate, kept in raw and LC.');
    expect(r.warnings).toContain(
      '2 prompts have repeated verdicts in the same order: they are averaged, so each order of a prompt weighs 1 in every rate (LC weighs each repeat by 1 / their number).',
    );
    // Each (prompt, order) cell weighs 1: a's A-first cell is ½, b's A-second cell is ½.
    expect(r.estimates.raw.estimate).toBeCloseTo((0.5 + 0 + 1 + 0.5 + 0.5 + 0 + 0.8 + 0.4 + 0 + 1) / 10, 12);
    expect(r.estimates.swap.estimate).toBeCloseTo(((0.5 + 0) / 2 + (1 + 0.5) / 2 + 0.25 + 0.6) / 4, 12);
    const one = auditVerdicts([...small, row('a', true, 'A', 200, 100)], { bootstrapReps: 10 });
    expect(one.warnings).toContain(
      '1 prompt has repeated verdicts in the same order: they are averaged, so each order of a prompt weighs 1 in every rate (LC weighs each repeat by 1 / their number).',
    );
  });

  it('scores the judge against human labels, reading soft verdicts as A / B / tie', () => {
    const labelled = (n: number) =>
      Array.from({ length: n }, (_, i) => {
        const pA = [0.7, 0.2, 0.5, 0.9][i % 4];
        const human: HardVerdict = ['A', 'B', 'B', 'B'][i % 4] as HardVerdict;
        return row(`h${i}`, i % 2 === 0, pA, 100 + i, 100, null, human);
      });
    // 0.7 → A (agrees), 0.2 → B (agrees), 0.5 → tie (not B), 0.9 → A (not B): half agree.
    const few = auditVerdicts(labelled(8), { bootstrapReps: 5 });
    expect(few.human).toEqual({ verdicts: 8, agreement: 0.5 });
    expect(few.checklist[4]).toMatchObject({ status: 'warn', finding: 'Judge agrees with the human label on 50.0% of 8 labelled verdicts (fewer than 30: label more).' });
    const many = auditVerdicts(labelled(32), { bootstrapReps: 5 });
    expect(many.checklist[4]).toMatchObject({ status: 'ok', finding: 'Judge agrees with the human label on 50.0% of 32 labelled verdicts.' });
    // A hard verdict is compared as written.
    const hard = auditVerdicts([row('x', true, 'tie', 10, 20, null, 'tie'), row('y', true, 'A', 10, 20, null, 'B')], { bootstrapReps: 5 });
    expect(hard.human).toEqual({ verdicts: 2, agreement: 0.5 });
  });

  it('with the order unknown: no position figures, one slot for every verdict', () => {
    const r = auditVerdicts(small, { bootstrapReps: 10, orderKnown: false });
    expect(r.orderKnown).toBe(false);
    expect(Number.isNaN(r.firstSlot)).toBe(true);
    expect(Number.isNaN(r.phi)).toBe(true);
    expect(r.counts.aFirstVerdicts).toBe(9);
    expect(r.counts.bothOrders).toBe(0);
    expect(r.warnings[0]).toBe('The order shown to the judge is unknown: no position term, first-slot rate, swap-averaging or inconsistency rate.');
    expect(r.warnings.some((w) => /same slot/.test(w))).toBe(false);
    expect(r.warnings.some((w) => /No prompt was judged in both orders/.test(w))).toBe(false);
    expect(r.checklist[0]).toMatchObject({ status: 'warn', finding: 'The order shown to the judge is unknown.' });
    expect(r.checklist[2].status).toBe('warn');
    expect(r.checklist[2].finding).toMatch(/^First slot wins n\/a;/);
  });

  it('says LC has run off to its limit when one answer always wins', () => {
    const rows = [row('a', true, 'A', 10, 20), row('a', false, 'A', 10, 20), row('b', true, 'A', 30, 20), row('b', false, 'A', 30, 20)];
    const r = auditVerdicts(rows, { bootstrapReps: 5 });
    expect(r.estimates.raw.estimate).toBe(1);
    const reason = 'the fit did not converge: the verdicts are (nearly) separated by slot or length';
    expect(r.lcSupport).toEqual({ supported: false, reason, aLongerShare: 0.5, bLongerShare: 0.5, lcRange: { low: 1, high: 1 } });
    expect(r.warnings).toEqual([
      'The length-controlled fit did not converge: the verdicts are (nearly) separated by slot or length, so the fitted coefficients run off towards infinity and LC is only their limit.',
      `LC is not supported by these data: ${reason}. Over plausible length effects (γ from 0 to 3) LC lies between 100.0% and 100.0%; the fitted 100.0% is an extrapolation.`,
      "5 of 5 bootstrap resamples were left out of LC's interval: their fit was separated or their length feature saturated.",
    ]);
    expect(r.estimates.lc).toEqual({ estimate: 1, lo: NaN, hi: NaN, dropped: 5 });
    expect(r.checklist[3].finding).toBe(`Raw 100.0%, swap-averaged 100.0%; LC not supported: ${reason}; plausible range 100.0% – 100.0%.`);
  });

  it('fits per category only when there are two or more, each with its own counts', () => {
    const rows = small.map((x) => ({ ...x, category: ['a', 'b'].includes(x.promptId) ? 'two' : 'one' }));
    const r = auditVerdicts(rows, { bootstrapReps: 20, seed: 3 });
    expect(r.categories.map((c) => [c.category, c.prompts, c.verdicts])).toEqual([
      ['one', 3, 5],
      ['two', 2, 4],
    ]);
    // Category "two" alone: raw (1 + 0 + 1 + 1)/4, swap (½ + 1)/2.
    expect(r.categories[1].estimates.raw.estimate).toBe(0.75);
    expect(r.categories[1].estimates.swap.estimate).toBe(0.75);
    expect(r.categories[0].estimates.swap.estimate).toBeCloseTo((0.25 + 0.6) / 2, 12);
    for (const c of r.categories) expect(c.lcSupport.supported).toBe(false);
    const single = auditVerdicts(small.map((x) => ({ ...x, category: 'only' })), { bootstrapReps: 5 });
    expect(single.categories).toEqual([]);
    const progress: number[] = [];
    auditVerdicts(rows, { bootstrapReps: 30, onProgress: (done, total) => progress.push(done, total) });
    // 30 overall + 30 per category: reported at 50 and at the end.
    expect(progress).toEqual([50, 90, 90, 90]);
  });

  it('refuses an empty file', () => {
    expect(() => auditVerdicts([])).toThrow('no valid verdicts to audit');
  });
});

describe('length difference', () => {
  it('is the log ratio with an empty answer as length 1, or the character difference', () => {
    expect(lengthDifference(200, 100, 'log-ratio')).toBeCloseTo(Math.log(2), 15);
    expect(lengthDifference(0, 5, 'log-ratio')).toBeCloseTo(-Math.log(5), 15);
    expect(lengthDifference(5, 0, 'log-ratio')).toBeCloseTo(Math.log(5), 15);
    expect(lengthDifference(0, 0, 'log-ratio')).toBe(0);
    expect(lengthDifference(7, 3, 'char-difference')).toBe(4);
    expect(lengthDifference(0, 3, 'char-difference')).toBe(-3);
  });

  it('gives one histogram bin when every prompt has the same ratio', () => {
    const rows = Array.from({ length: 6 }, (_, i) => [row(`p${i}`, true, i % 2 ? 'A' : 'B', 150, 100), row(`p${i}`, false, i % 3 ? 'A' : 'B', 150, 100)]).flat();
    const r = auditVerdicts(rows, { bootstrapReps: 5 });
    expect(r.lengthRatio.histogram).toEqual([{ from: Math.log(1.5), to: Math.log(1.5) + 1, count: 6 }]);
    expect(r.lengthRatio.aLonger).toBe(1);
    expect(r.lengthRatio.bLonger).toBe(0);
    expect(r.lengthRatio.sdLogRatio).toBeCloseTo(0, 15);
    // No length variation: every feature is 0, in the bin [0, 0.1).
    expect(r.lengthRatio.featureHistogram[10].count).toBe(6);
  });
});
