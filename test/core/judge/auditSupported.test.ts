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
