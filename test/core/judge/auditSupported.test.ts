import { describe, expect, it } from 'vitest';
import { auditVerdicts } from '../../../src/core/judge/audit';
import { sigmoid } from '../../../src/core/judge/logistic';
import type { VerdictRow } from '../../../src/core/judge/verdicts';

// A small file on which LC is supported: 50 prompts in both orders, A's answer the longer on 29
// and B's on 20 (one tie), soft verdicts that follow the LC model exactly with θ = 0.2, φ = 0.4,
// γ = 1.1. The audit must recover the coefficients, call LC supported with no range, and say so.
const THETA = 0.2;
const PHI = 0.4;
const GAMMA = 1.1;
const lenA = (i: number) => [60, 150, 90, 250, 40][i % 5] + i;

function rows(): VerdictRow[] {
  const logs = Array.from({ length: 50 }, (_, i) => Math.log(lenA(i) / 100));
  const m = logs.reduce((s, v) => s + v, 0) / 50;
  const sd = Math.sqrt(logs.reduce((s, v) => s + (v - m) ** 2, 0) / 50);
  return logs.flatMap((x, i) =>
    [true, false].map((aFirst) => ({
      line: 0,
      promptId: `p${i}`,
      aFirst,
      pA: sigmoid(THETA + (aFirst ? PHI : -PHI) + GAMMA * Math.tanh(x / sd)),
      hard: null,
      lenA: lenA(i),
      lenB: 100,
      category: null,
      human: null,
    })),
  );
}

describe('audit where the lengths overlap', () => {
  it('recovers θ, φ, γ, calls LC supported and reports it beside raw and swap-averaged', () => {
    const data = rows();
    const r = auditVerdicts(data, { bootstrapReps: 40 });
    expect(r.theta).toBeCloseTo(THETA, 9);
    expect(r.phi).toBeCloseTo(PHI, 9);
    expect(r.gamma).toBeCloseTo(GAMMA, 9);
    expect(r.gammaIdentified).toBe(true);
    const lc = (sigmoid(THETA + PHI) + sigmoid(THETA - PHI)) / 2;
    expect(r.estimates.lc.estimate).toBeCloseTo(lc, 9);
    expect(r.estimates.lc.dropped).toBe(0);
    expect(r.estimates.lc.lo).toBeLessThan(r.estimates.lc.estimate);
    expect(r.estimates.lc.hi).toBeGreaterThan(r.estimates.lc.estimate);
    // A longer: 150 + i and 250 + i (20 prompts), 90 + i for i ≥ 12 (8), 60 + 45; B longer: 40 + i
    // (10), 60 + i for i ≤ 35 (8), 92 and 97; 60 + 40 = 100 is a tie.
    expect(r.lcSupport).toEqual({ supported: true, reason: null, aLongerShare: 29 / 50, bLongerShare: 20 / 50, lcRange: null });
    expect(r.warnings).toEqual([]);
    expect(r.lengthRatio.aLonger).toBe(29 / 50);
    expect(r.lengthRatio.bLonger).toBe(20 / 50);
    const raw = data.reduce((s, x) => s + x.pA, 0) / data.length;
    expect(r.estimates.raw.estimate).toBeCloseTo(raw, 12);
    // Every prompt in both orders, one verdict each: swap-averaged equals raw.
    expect(r.estimates.swap.estimate).toBeCloseTo(raw, 12);
    const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
    expect(r.checklist[3]).toEqual({
      point: 'LC fitted and reported beside raw and swap-averaged, with intervals',
      status: 'ok',
      finding: `Raw ${pct(raw)}, swap-averaged ${pct(raw)}, LC ${pct(lc)} (γ = 1.10); A longer on 58.0% of prompts, B on 40.0%.`,
    });
    // Mean length of A over the verdicts: (10 · (60 + 150 + 90 + 250 + 40) + Σ i) / 50 = 142.5.
    expect(r.lengthRatio.meanLenA).toBe(142.5);
    expect(r.checklist[1].finding.startsWith('Lengths present for all 100 verdicts; mean length A 143, B 100;')).toBe(true);
    expect(r.checklist.map((c) => c.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'missing', 'info']);
  });
});

describe('audit checklist boundaries', () => {
  /** n prompts judged once each, the first `aFirst` of them with A shown first. */
  const oneOrder = (n: number, aFirst: number, human: VerdictRow['human'] = null): VerdictRow[] =>
    Array.from({ length: n }, (_, i) => ({
      line: 0,
      promptId: `p${i}`,
      aFirst: i < aFirst,
      pA: [0.7, 0.2, 0.6, 0.4][i % 4],
      hard: null,
      lenA: 80 + 10 * (i % 5),
      lenB: 100,
      category: null,
      human,
    }));

  it('calls a randomised order ok only with A first on more than 30% and less than 70% of verdicts', () => {
    const status = (aFirst: number) => {
      const r = auditVerdicts(oneOrder(20, aFirst), { bootstrapReps: 2 });
      return [r.checklist[0].status, r.checklist[2].status];
    };
    expect(status(7)).toEqual(['ok', 'ok']); // 35%
    expect(status(13)).toEqual(['ok', 'ok']); // 65%
    expect(status(6)).toEqual(['warn', 'warn']); // 30%
    expect(status(14)).toEqual(['warn', 'warn']); // 70%
  });

  it('names its six points, and needs 30 human labels for ok', () => {
    const r = auditVerdicts(oneOrder(30, 15, 'A'), { bootstrapReps: 2 });
    expect(r.checklist.map((c) => c.point)).toEqual([
      'Order swapped or randomised, and logged',
      'Lengths logged',
      'First-slot win rate, inconsistency rate and length-ratio distribution reported',
      'LC fitted and reported beside raw and swap-averaged, with intervals',
      'A human-labelled subset checked',
      'Re-audit when the judge changes',
    ]);
    // pA 0.7 and 0.6 read as A: half of the 30 labels agree.
    expect(r.checklist[4]).toMatchObject({ status: 'ok', finding: 'Judge agrees with the human label on 50.0% of 30 labelled verdicts.' });
    expect(auditVerdicts(oneOrder(29, 15, 'A'), { bootstrapReps: 2 }).checklist[4].status).toBe('warn');
    // A's lengths 80, 90, 100, 110, 120 six times each: mean 100.
    expect(r.lengthRatio.meanLenA).toBe(100);
    expect(r.checklist[1].finding.startsWith('Lengths present for all 30 verdicts; mean length A 100, B 100;')).toBe(true);
  });
});

describe('audit figures on mixed verdicts', () => {
  const row = (promptId: string, aFirst: boolean, pA: number, hard: VerdictRow['hard'], category: string | null = null, human: VerdictRow['human'] = null): VerdictRow => ({
    line: 0,
    promptId,
    aFirst,
    pA,
    hard,
    lenA: 100 + promptId.length * 7,
    lenB: 110,
    category,
    human,
  });

  it('counts a flip for single hard verdicts only; otherwise p1(1 − p2) + p2(1 − p1) on the averages', () => {
    const r = auditVerdicts(
      [
        row('a', true, 1, 'A'), row('a', false, 0.3, null), // hard then soft: 1 · 0.7 + 0.3 · 0 = 0.7
        row('bb', true, 0.5, 'tie'), row('bb', false, 0.5, 'tie'), // two hard ties: no flip, 0
        row('ccc', true, 1, 'A'), row('ccc', true, 0, 'B'), row('ccc', false, 1, 'A'), // A first averages ½: ½ · 0 + 1 · ½ = ½
      ],
      { bootstrapReps: 2 },
    );
    expect(r.inconsistency).toBeCloseTo((0.7 + 0 + 0.5) / 3, 12);
  });

  it('compares soft verdicts with human labels as A above ½, B below, tie at ½', () => {
    const r = auditVerdicts(
      [row('a', true, 0.5, null, null, 'tie'), row('b', true, 0.51, null, null, 'A'), row('c', true, 0.2, null, null, 'B'), row('d', true, 0.9, null, null, 'B')],
      { bootstrapReps: 2 },
    );
    expect(r.human).toEqual({ verdicts: 4, agreement: 0.75 });
    expect(r.checklist[4].finding).toBe('Judge agrees with the human label on 75.0% of 4 labelled verdicts (fewer than 30: label more).');
  });

  it('fits per category only for two or more named categories (prompts without one are not a category)', () => {
    const rows = Array.from({ length: 20 }, (_, i) => row(`p${i}`, i % 2 === 0, [0.7, 0.2, 0.6, 0.4][i % 4], null, i < 10 ? 'x' : null));
    const r = auditVerdicts(rows, { bootstrapReps: 2 });
    expect(r.categories).toEqual([]);
  });

  it('warns about single-order prompts only when some prompts have both orders, and about none without drops', () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({ ...row(`p${i}`, i < 7, [0.7, 0.2, 0.6, 0.4][i % 4], null), lenA: 80 + 10 * (i % 5), lenB: 100 }));
    const r = auditVerdicts(rows, { bootstrapReps: 2 });
    // A is the longer at 110 and 120 (8 prompts), B at 80 and 90 (8); 100 against 100 is a tie (4).
    expect(r.lengthRatio.aLonger).toBe(8 / 20);
    expect(r.lengthRatio.bLonger).toBe(8 / 20);
    expect(r.warnings).toEqual([
      "LC is not supported by these data: A's answer is the longer on only 40.0% of prompts (8 of 20; LC needs at least 10.0% and 20 on each side): the fit extrapolates the length effect to equal length from too few prompts. Over plausible length effects (γ from 0 to 3) LC lies between " +
        `${(100 * r.lcSupport.lcRange!.low).toFixed(1)}% and ${(100 * r.lcSupport.lcRange!.high).toFixed(1)}%; the fitted ${(100 * r.estimates.lc.estimate).toFixed(1)}% is an extrapolation.`,
      'No prompt was judged in both orders: swap-averaging and the inconsistency rate need both.',
    ]);
  });
});

describe('audit with resamples that separate', () => {
  it('drops separated resamples from LC and calls LC unstable when more than a tenth are dropped', () => {
    // 40 prompts in both orders, hard verdicts: the first slot wins on 38 of them, the second on 2.
    // The fit: σ(θ + φ) = 38/40, σ(θ − φ) = 2/40, so θ = 0 and φ = ln 19. A resample without
    // both of those 2 prompts (chance (38/40)^40 = 12.9%) is separated and left out of LC.
    const rows: VerdictRow[] = [];
    for (let i = 0; i < 40; i++) {
      for (const aFirst of [true, false]) {
        const aWins = i < 2 ? !aFirst : aFirst;
        rows.push({ line: 0, promptId: `p${i}`, aFirst, pA: aWins ? 1 : 0, hard: aWins ? 'A' : 'B', lenA: i % 2 ? 150 : 70, lenB: 100, category: null, human: null });
      }
    }
    const r = auditVerdicts(rows, { bootstrapReps: 200, seed: 1 });
    expect(r.phi).toBeCloseTo(Math.log(19), 9);
    expect(r.theta).toBeCloseTo(0, 9);
    expect(r.estimates.lc.estimate).toBeCloseTo(0.5, 12);
    const dropped = r.estimates.lc.dropped;
    // 200 resamples: 25.7 expected, binomial sd 4.7.
    expect(dropped).toBeGreaterThan(20);
    expect(dropped).toBeLessThan(40);
    expect(r.estimates.raw.dropped).toBe(0);
    const reason = `${dropped} of 200 bootstrap resamples could not be fitted (separated or saturated): the length effect is not stable`;
    expect(r.lcSupport.supported).toBe(false);
    expect(r.lcSupport.reason).toBe(reason);
    expect(r.lcSupport.lcRange).not.toBeNull();
    expect(r.warnings).toContain(`${dropped} of 200 bootstrap resamples were left out of LC's interval: their fit was separated or their length feature saturated.`);
    expect(r.checklist[3].status).toBe('warn');
  });
});
