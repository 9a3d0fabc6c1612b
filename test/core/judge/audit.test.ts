import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { auditVerdicts } from '../../../src/core/judge/audit';
import { parseVerdicts, type VerdictRow } from '../../../src/core/judge/verdicts';
import { generateSampleVerdicts } from '../../../src/core/judge/sample';
import { simulateJudge, samplePrompts, DEFAULT_PARAMS } from '../../../src/core/judge/simulate';
import { createRng } from '../../../src/core/judge/rng';
import { underMutation } from './mutationRun';

const row = (promptId: string, aFirst: boolean, verdict: 'A' | 'B' | 'tie' | number, lenA: number, lenB: number, category: string | null = null): VerdictRow => ({
  line: 0,
  promptId,
  aFirst,
  pA: typeof verdict === 'number' ? verdict : verdict === 'A' ? 1 : verdict === 'B' ? 0 : 0.5,
  hard: typeof verdict === 'number' ? null : verdict,
  lenA,
  lenB,
  category,
  human: null,
});

describe('audit of judge verdicts', () => {
  it('computes raw, swap, first-slot and inconsistency by hand on a small file', () => {
    const rows = [
      row('a', true, 'A', 200, 100), row('a', false, 'B', 200, 100), // flips with order
      row('b', true, 'A', 150, 100), row('b', false, 'A', 150, 100), // consistent A
      row('c', true, 'tie', 80, 100), row('c', false, 'B', 80, 100), // tie vs B: inconsistent
      row('d', true, 0.8, 120, 100), row('d', false, 0.4, 120, 100), // soft: 0.8·0.6 + 0.4·0.2 = 0.56
      row('e', true, 'B', 90, 100), // one order only
    ];
    const r = auditVerdicts(rows, { bootstrapReps: 50 });
    expect(r.counts).toMatchObject({ verdicts: 9, prompts: 5, bothOrders: 4, onlyAFirst: 1, onlyASecond: 0, ties: 1, probabilities: 2 });
    expect(r.estimates.raw.estimate).toBeCloseTo((1 + 0 + 1 + 1 + 0.5 + 0 + 0.8 + 0.4 + 0) / 9, 12);
    // Swap-averaged over the four prompts with both orders.
    expect(r.estimates.swap.estimate).toBeCloseTo((0.5 + 1 + 0.25 + 0.6) / 4, 12);
    // First slot: A-first rows count pA, A-second rows 1 − pA.
    expect(r.firstSlot).toBeCloseTo((1 + 1 + 1 + 0 + 0.5 + 1 + 0.8 + 0.6 + 0) / 9, 12);
    expect(r.inconsistency).toBeCloseTo((1 + 0 + 1 + 0.56) / 4, 12);
    expect(r.warnings.some((w) => /1 prompt was judged in one order only/.test(w))).toBe(true);
  });

  it('handles files where each prompt was judged in one order only', () => {
    // Randomised order, one verdict per prompt: LC still has a position term; swap has nothing to average.
    const randomised: VerdictRow[] = [];
    for (let i = 0; i < 60; i++) randomised.push(row(`p${i}`, i % 2 === 0, (i * 7) % 3 === 0 ? 'B' : 'A', 100 + (i % 9) * 20, 120));
    const r = auditVerdicts(randomised, { bootstrapReps: 30 });
    expect(r.counts).toMatchObject({ prompts: 60, bothOrders: 0, onlyAFirst: 30, onlyASecond: 30 });
    expect(Number.isNaN(r.estimates.swap.estimate)).toBe(true);
    expect(Number.isNaN(r.inconsistency)).toBe(true);
    expect(Number.isFinite(r.phi)).toBe(true);
    expect(Number.isFinite(r.estimates.lc.estimate)).toBe(true);
    expect(r.warnings.some((w) => /No prompt was judged in both orders/.test(w))).toBe(true);
    // Always A first: no position term can be fitted, LC = σ(θ) removes length only.
    const fixed = randomised.map((x) => ({ ...x, aFirst: true }));
    const f = auditVerdicts(fixed, { bootstrapReps: 30 });
    expect(Number.isNaN(f.phi)).toBe(true);
    expect(f.estimates.lc.estimate).toBeCloseTo(1 / (1 + Math.exp(-f.theta)), 12);
    expect(f.warnings.some((w) => /same slot/.test(w))).toBe(true);
    expect(f.checklist[0].status).toBe('warn');
  });

  it('warns when the length feature barely varies (γ not identified)', () => {
    const rows: VerdictRow[] = [];
    for (let i = 0; i < 40; i++) {
      rows.push(row(`p${i}`, true, i % 3 ? 'A' : 'B', 300 + (i % 2), 100));
      rows.push(row(`p${i}`, false, i % 4 ? 'A' : 'B', 300 + (i % 2), 100));
    }
    const r = auditVerdicts(rows, { bootstrapReps: 20 });
    expect(r.gammaIdentified).toBe(false);
    expect(r.featureSd).toBeLessThan(0.1);
    expect(r.warnings.some((w) => /not identified/.test(w))).toBe(true);
    expect(r.checklist[3].status).toBe('warn');
  });

  it('recovers the simulation’s soft LC from expected verdicts', () => {
    // Soft verdicts P(A) from the simulation: the audit’s figures equal the simulation’s.
    const params = { ...DEFAULT_PARAMS, n: 400, seed: 3 };
    const sim = simulateJudge(params);
    const p = samplePrompts(params, params.n, createRng(params.seed));
    const rows: VerdictRow[] = [];
    for (let i = 0; i < params.n; i++) {
      const lenA = 100 * Math.exp(p.x[i]);
      rows.push(row(`p${i}`, true, p.p1[i], lenA, 100));
      rows.push(row(`p${i}`, false, p.p2[i], lenA, 100));
    }
    const r = auditVerdicts(rows, { bootstrapReps: 20 });
    expect(r.estimates.lc.estimate).toBeCloseTo(sim.lc, 9);
    expect(r.estimates.swap.estimate).toBeCloseTo(sim.swap, 12);
    expect(r.firstSlot).toBeCloseTo(sim.firstSlot, 12);
    expect(r.inconsistency).toBeCloseTo(sim.inconsistency, 12);
    expect(r.phi).toBeCloseTo(sim.phi, 9);
    expect(r.gamma).toBeCloseTo(sim.gamma, 9);
  });

  it.skipIf(underMutation)('audits the shipped sample file, which the generator reproduces', () => {
    const text = readFileSync('public/samples/judge-verdicts.csv', 'utf8');
    expect(text).toBe(generateSampleVerdicts());
    const parsed = parseVerdicts(text);
    expect(parsed.errors).toEqual([]);
    const r = auditVerdicts(parsed.rows, { bootstrapReps: 200 });
    expect(r.counts.prompts).toBe(400);
    expect(r.counts.onlyAFirst + r.counts.onlyASecond).toBeGreaterThan(0);
    expect(r.categories.map((c) => c.category)).toEqual(['coding', 'extraction', 'math', 'reasoning', 'writing']);
    expect(r.categories.reduce((s, c) => s + c.prompts, 0)).toBe(400);
    // Position and verbosity bias were built in: the first slot wins often, LC sits below swap.
    expect(r.firstSlot).toBeGreaterThan(0.55);
    expect(r.estimates.lc.estimate).toBeLessThan(r.estimates.swap.estimate);
    for (const iv of [r.estimates.raw, r.estimates.swap, r.estimates.lc]) {
      expect(iv.lo).toBeLessThan(iv.estimate);
      expect(iv.hi).toBeGreaterThan(iv.estimate);
    }
    expect(r.human?.verdicts).toBeGreaterThan(100);
    expect(r.checklist.map((c) => c.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'info']);
  });
});

describe('audit progress', () => {
  it('reports bootstrap progress over the overall and per-category fits', () => {
    const rows = parseVerdicts(readFileSync('public/samples/judge-verdicts.csv', 'utf8')).rows;
    const seen: [number, number][] = [];
    auditVerdicts(rows, { bootstrapReps: 100, onProgress: (done, total) => seen.push([done, total]) });
    // 100 replicates overall + 100 for each of the 5 categories, reported every 50.
    expect(seen.map(([d]) => d)).toEqual([50, 100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600]);
    expect(seen.every(([, t]) => t === 600)).toBe(true);
  });
});

describe('audit of a judge whose verdict the slot decides', () => {
  it('says the LC fit did not converge, and LC sits at its limit ½', () => {
    const rows = Array.from({ length: 30 }, (_, i) => [
      row(`p${i}`, true, 'A', 100 + 7 * i, 120),
      row(`p${i}`, false, 'B', 100 + 7 * i, 120),
    ]).flat();
    const r = auditVerdicts(rows, { bootstrapReps: 20 });
    expect(r.estimates.raw.estimate).toBe(0.5);
    expect(r.firstSlot).toBe(1);
    expect(Math.abs(r.estimates.lc.estimate - 0.5)).toBeLessThan(1e-6);
    expect(r.warnings.some((w) => w.startsWith('The length-controlled fit did not converge'))).toBe(true);
  });
});
