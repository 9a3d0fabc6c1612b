import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditVerdicts } from '../../../src/core/judge/audit';
import { emptyBands, fittedWinRate, logRatioBins } from '../../../src/core/judge/lengthCurve';
import { parseVerdicts, type VerdictRow } from '../../../src/core/judge/verdicts';

const row = (promptId: string, aFirst: boolean, pA: number, lenA: number, lenB: number): VerdictRow => ({ line: 0, promptId, aFirst, pA, hard: null, lenA, lenB, category: null, human: null });

describe('fittedWinRate', () => {
  it('is ½[σ(θ+φ+γ tanh(x/sd)) + σ(θ−φ+γ tanh(x/sd))], by hand', () => {
    const fit = { theta: 0.3, phi: -0.5, gamma: 2, sdX: 1.5 };
    // x = 1.5: tanh(1) = 0.7615941559557649, so the logits are 0.3 ∓ 0.5 + 1.5231883119115297.
    const a = 1 / (1 + Math.exp(-(0.3 - 0.5 + 1.5231883119115297)));
    const b = 1 / (1 + Math.exp(-(0.3 + 0.5 + 1.5231883119115297)));
    expect(fittedWinRate(fit, 1.5)).toBeCloseTo((a + b) / 2, 12);
    // At x = 0 the length term vanishes: LC's formula.
    expect(fittedWinRate(fit, 0)).toBeCloseTo((1 / (1 + Math.exp(-(-0.2))) + 1 / (1 + Math.exp(-0.8))) / 2, 12);
  });

  it('drops a term that was not fitted', () => {
    expect(fittedWinRate({ theta: 0.4, phi: NaN, gamma: 1, sdX: 1 }, 0)).toBeCloseTo(1 / (1 + Math.exp(-0.4)), 12);
    expect(fittedWinRate({ theta: 0.4, phi: NaN, gamma: NaN, sdX: 1 }, 3)).toBeCloseTo(1 / (1 + Math.exp(-0.4)), 12);
  });

  it('read at ratio 1 is the audit’s LC on a real AlpacaEval file (gpt4_gamed)', () => {
    const parsed = parseVerdicts(readFileSync(new URL('../../../data/alpacaeval/converted/gpt4_gamed.csv', import.meta.url), 'utf8'));
    const a = auditVerdicts(parsed.rows, { bootstrapReps: 0 });
    const fit = { theta: a.theta, phi: a.phi, gamma: a.gamma, sdX: a.sdX };
    expect(Math.abs(fittedWinRate(fit, 0) - a.estimates.lc.estimate)).toBeLessThan(1e-12);
    // Most prompts sit far left, where the fit gives A almost nothing.
    const bins = logRatioBins(parsed.rows, 0.5);
    expect(bins.reduce((s, b) => s + b.prompts, 0)).toBe(805);
    expect(fittedWinRate(fit, Math.log(0.0047))).toBeLessThan(0.05);
  });
});

describe('logRatioBins and emptyBands', () => {
  it('bins prompts by their mean log ratio, by hand', () => {
    // p1: ln(10/100) = −2.303 (two verdicts, mean pA 0.3); p2: ln(100/100) = 0; p3: ln(300/100) = 1.099.
    const bins = logRatioBins([row('p1', true, 0.2, 10, 100), row('p1', false, 0.4, 10, 100), row('p2', true, 0.5, 100, 100), row('p3', true, 0.9, 300, 100)], 1);
    expect(bins.map((b) => [b.from, b.prompts])).toEqual([[-3, 1], [-2, 0], [-1, 0], [0, 1], [1, 1]]);
    expect(bins[0].meanWin).toBeCloseTo(0.3, 12);
    expect(bins[1].meanWin).toBeNaN();
    expect(emptyBands(bins)).toEqual([{ from: -2, to: 0 }]);
  });

  it('always reaches ratio 1, even when every prompt is on one side', () => {
    const bins = logRatioBins([row('p', true, 0.1, 10, 1000)], 0.5);
    expect(bins[0].from).toBeLessThanOrEqual(Math.log(0.01));
    expect(bins[bins.length - 1].to).toBeGreaterThan(0);
    expect(emptyBands(bins)).toEqual([{ from: bins[1].from, to: bins[bins.length - 1].to }]);
  });

  it('rejects a bin width that is not positive', () => {
    expect(() => logRatioBins([row('p', true, 0.5, 1, 1)], 0)).toThrow('bin width must be positive, got 0');
  });

  it('properties: contiguous bins on a grid through 0 hold every prompt once; the bands are exactly the empty bins', () => {
    const rows = fc.array(fc.record({ id: fc.integer({ min: 0, max: 30 }), aFirst: fc.boolean(), pA: fc.double({ min: 0, max: 1, noNaN: true }), lenA: fc.integer({ min: 1, max: 5000 }), lenB: fc.integer({ min: 1, max: 5000 }) }), { minLength: 1, maxLength: 60 });
    fc.assert(
      fc.property(rows, fc.constantFrom(0.25, 0.5, 1), (rs, width) => {
        // A prompt keeps its lengths across verdicts, as in a real file.
        const lengths = new Map(rs.map((r) => [r.id, [r.lenA, r.lenB]]));
        const verdicts = rs.map((r) => row(`p${r.id}`, r.aFirst, r.pA, lengths.get(r.id)![0], lengths.get(r.id)![1]));
        const bins = logRatioBins(verdicts, width);
        expect(bins.reduce((s, b) => s + b.prompts, 0)).toBe(lengths.size);
        bins.forEach((b, k) => {
          expect(b.to - b.from).toBeCloseTo(width, 9);
          if (k > 0) expect(b.from).toBeCloseTo(bins[k - 1].to, 9);
          expect(Number.isInteger(Math.round(b.from / width * 1e6) / 1e6)).toBe(true);
          if (b.prompts) expect(b.meanWin).toBeGreaterThanOrEqual(0);
        });
        expect(bins[0].from).toBeLessThanOrEqual(0);
        expect(bins[bins.length - 1].to).toBeGreaterThan(0);
        const covered = emptyBands(bins).reduce((s, band) => s + (band.to - band.from), 0);
        expect(covered).toBeCloseTo(bins.filter((b) => b.prompts === 0).length * width, 6);
      }),
    );
  });
});
