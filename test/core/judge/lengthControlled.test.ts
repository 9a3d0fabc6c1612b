import { describe, expect, it } from 'vitest';
import { fitLengthControlled, lengthFeature, LENGTH_FEATURE_MIN_SD, type JudgmentTable } from '../../../src/core/judge/lengthControlled';

// Reference values: test/fixtures/make/judge_length_controlled_expected.py (numpy Newton fits of
// the same rows, design [1, s, tanh(x / sd x)]; the cluster-robust SE is the sandwich H⁻¹ M H⁻¹
// with per-prompt score sums, carried to LC by the delta method).
const X = [0.9, -0.4, 0.3, 1.4, -1.1, 0.05, 0.7, -0.2, 0.5, -0.8, 1.0, 0.2];
const Y1 = [0.9, 0.3, 0.7, 0.95, 0.2, 0.6, 0.8, 0.4, 0.75, 0.3, 0.85, 0.55];
const Y2 = [0.6, 0.1, 0.5, 0.8, 0.15, 0.35, 0.5, 0.3, 0.4, 0.1, 0.7, 0.3];

function bothOrders(): JudgmentTable {
  const n = X.length;
  const t: JudgmentTable = { prompt: new Int32Array(2 * n), s: new Float64Array(2 * n), x: new Float64Array(2 * n), y: new Float64Array(2 * n), promptCount: n };
  for (let i = 0; i < n; i++) {
    t.prompt[2 * i] = t.prompt[2 * i + 1] = i;
    t.s[2 * i] = 1;
    t.s[2 * i + 1] = -1;
    t.x[2 * i] = t.x[2 * i + 1] = X[i];
    t.y[2 * i] = Y1[i];
    t.y[2 * i + 1] = Y2[i];
  }
  return t;
}

describe('length-controlled fit against numpy', () => {
  it('fits θ, φ, γ and LC, with the model and cluster-robust standard errors', () => {
    const f = fitLengthControlled(bothOrders(), { robustSe: true });
    expect(f.sdX).toBeCloseTo(0.7159274288175677, 14);
    expect(f.featureSd).toBeCloseTo(0.6435159231459874, 14);
    expect(f.theta).toBeCloseTo(-0.3337172717520497, 9);
    expect(f.phi).toBeCloseTo(0.5380996103873608, 9);
    expect(f.gamma).toBeCloseTo(1.6783622481673373, 9);
    expect(f.lc).toBeCloseTo(0.4228974237451402, 10);
    expect(f.gammaSe).toBeCloseTo(0.8183172651191437, 9);
    expect(f.lcSe).toBeCloseTo(0.017720032044562944, 10);
    expect(f.beta).toEqual([f.theta, f.phi, f.gamma]);
    expect(f).toMatchObject({ converged: true, gammaIdentified: true, positionIdentified: true });
    expect(f.iterations).toBeGreaterThan(2);
    // Without robustSe the sandwich is not computed.
    expect(Number.isNaN(fitLengthControlled(bothOrders()).lcSe)).toBe(true);
  });

  it("standardises by the sample sd when asked (AlpacaEval's feature)", () => {
    const f = fitLengthControlled(bothOrders(), { robustSe: true, sampleSd: true });
    expect(f.sdX).toBeCloseTo(0.7313254791963283, 14);
    expect(f.featureSd).toBeCloseTo(0.6375597770706786, 14);
    expect(f.gamma).toBeCloseTo(1.6961508874431308, 9);
    expect(f.lc).toBeCloseTo(0.42287762140652535, 10);
    expect(f.gammaSe).toBeCloseTo(0.8268212410465123, 9);
    expect(f.lcSe).toBeCloseTo(0.017703153021616173, 10);
  });

  it('holds γ fixed and refits θ and φ with the length term as an offset', () => {
    const f = fitLengthControlled(bothOrders(), { fixedGamma: 1.5 });
    expect(f.gamma).toBe(1.5);
    expect(f.theta).toBeCloseTo(-0.2912274052261576, 9);
    expect(f.phi).toBeCloseTo(0.5159426619014121, 9);
    expect(f.lc).toBeCloseTo(0.43221873092667185, 10);
    expect(f.beta).toHaveLength(2);
    expect(Number.isNaN(f.gammaSe)).toBe(true);
    expect(f.gammaIdentified).toBe(true);
    // The scratch buffers are used and give the same fit.
    const n = 2 * X.length;
    const scratch = { feature: new Float64Array(n), offset: new Float64Array(n) };
    const g = fitLengthControlled(bothOrders(), { fixedGamma: 1.5, scratch });
    expect(g.lc).toBe(f.lc);
    expect(scratch.offset[0]).toBeCloseTo(1.5 * Math.tanh(X[0] / f.sdX), 14);
    expect(scratch.feature[0]).toBeCloseTo(Math.tanh(X[0] / f.sdX), 14);
  });

  it('with one order only: no position term, LC = σ(θ), its robust SE by the delta method', () => {
    const n = X.length;
    const t: JudgmentTable = { prompt: Int32Array.from(X, (_, i) => i), s: new Float64Array(n).fill(1), x: Float64Array.from(X), y: Float64Array.from(Y1), promptCount: n };
    const f = fitLengthControlled(t, { robustSe: true });
    expect(f.positionIdentified).toBe(false);
    expect(Number.isNaN(f.phi)).toBe(true);
    expect(f.theta).toBeCloseTo(0.19224068993074303, 9);
    expect(f.gamma).toBeCloseTo(1.786448975839503, 9);
    expect(f.lc).toBeCloseTo(0.5479127061971734, 10);
    expect(f.lcSe).toBeCloseTo(0.020060079535110666, 10);
    expect(f.beta).toHaveLength(2);
  });
});

describe('length-controlled fit: weights and degenerate data', () => {
  it('weights a row as if it were repeated', () => {
    const t = bothOrders();
    const w = Float64Array.from(t.y, (_, r) => 1 + (r % 3));
    const weighted = fitLengthControlled({ ...t, w }, { robustSe: false });
    const rep: JudgmentTable = { prompt: new Int32Array(0), s: new Float64Array(0), x: new Float64Array(0), y: new Float64Array(0), promptCount: t.promptCount };
    const prompt: number[] = [], s: number[] = [], x: number[] = [], y: number[] = [];
    for (let r = 0; r < t.y.length; r++)
      for (let k = 0; k < w[r]; k++) {
        prompt.push(t.prompt[r]);
        s.push(t.s[r]);
        x.push(t.x[r]);
        y.push(t.y[r]);
      }
    const repeated = fitLengthControlled({ ...rep, prompt: Int32Array.from(prompt), s: Float64Array.from(s), x: Float64Array.from(x), y: Float64Array.from(y) });
    expect(weighted.sdX).toBeCloseTo(repeated.sdX, 13);
    expect(weighted.featureSd).toBeCloseTo(repeated.featureSd, 13);
    expect(weighted.gamma).toBeCloseTo(repeated.gamma, 9);
    expect(weighted.lc).toBeCloseTo(repeated.lc, 10);
    expect(weighted.gammaSe).toBeCloseTo(repeated.gammaSe, 9);
    // With the sample sd, Σw − 1 is the denominator: n − 1 of the repeated rows.
    expect(fitLengthControlled({ ...t, w }, { sampleSd: true }).sdX).toBeCloseTo(
      fitLengthControlled({ ...rep, prompt: Int32Array.from(prompt), s: Float64Array.from(s), x: Float64Array.from(x), y: Float64Array.from(y) }, { sampleSd: true }).sdX,
      13,
    );
    // A zero weight drops the row: weights of 0 on one order leave a one-order fit.
    const oneOrder = Float64Array.from(t.y, (_, r) => (r % 2 === 0 ? 1 : 0));
    expect(fitLengthControlled({ ...t, w: oneOrder }).positionIdentified).toBe(false);
  });

  it('leaves out a length term that does not vary, and refuses an empty table', () => {
    const t = bothOrders();
    t.x.fill(0.4);
    const f = fitLengthControlled(t);
    // The mean of equal values may round: sd x is 0 up to that, and the feature is all zeros.
    expect(f.sdX).toBeLessThan(1e-12);
    expect(f.featureSd).toBe(0);
    expect(Number.isNaN(f.gamma)).toBe(true);
    expect(Number.isNaN(f.gammaSe)).toBe(true);
    expect(f.gammaIdentified).toBe(false);
    expect(f.beta).toHaveLength(2);
    // With no length term LC is ½[σ(θ + φ) + σ(θ − φ)] of the two order means' logits.
    const m1 = Y1.reduce((a, b) => a + b) / Y1.length;
    const m2 = Y2.reduce((a, b) => a + b) / Y2.length;
    expect(f.lc).toBeCloseTo((m1 + m2) / 2, 10);
    expect(() => fitLengthControlled({ ...t, prompt: new Int32Array(0), s: new Float64Array(0), x: new Float64Array(0), y: new Float64Array(0) })).toThrow('no verdicts to fit');
  });

  it('calls γ identified only from a feature spread of 0.1', () => {
    expect(LENGTH_FEATURE_MIN_SD).toBe(0.1);
    const t = bothOrders();
    // Two lengths, x = ±a: the feature is ±tanh(1) (sd tanh 1 = 0.76), whatever a is; a small
    // share of prompts at the other length shrinks its spread.
    for (let i = 0; i < X.length; i++) t.x[2 * i] = t.x[2 * i + 1] = i === 0 ? 1 : 0;
    const f = fitLengthControlled(t);
    // One prompt of twelve differs: the population sd of tanh(x/sd x) is 0.2764 · tanh(1/0.2764) ≈ 0.275.
    expect(f.featureSd).toBeGreaterThan(LENGTH_FEATURE_MIN_SD);
    expect(f.gammaIdentified).toBe(true);
    const few = bothOrders();
    for (let i = 0; i < X.length; i++) few.x[2 * i] = few.x[2 * i + 1] = 0;
    few.x = Float64Array.from([...few.x, 1, 1]);
    few.s = Float64Array.from([...few.s, 1, -1]);
    few.y = Float64Array.from([...few.y, 0.5, 0.5]);
    few.prompt = Int32Array.from([...few.prompt, 12, 12]);
    few.promptCount = 13;
    const w = new Float64Array(few.y.length).fill(1);
    w[24] = w[25] = 0.02;
    const g = fitLengthControlled({ ...few, w });
    expect(g.featureSd).toBeLessThan(LENGTH_FEATURE_MIN_SD);
    expect(g.featureSd).toBeGreaterThan(1e-6);
    expect(g.gammaIdentified).toBe(false);
    expect(Number.isFinite(g.gamma)).toBe(true);
  });
});

describe('length feature', () => {
  it('is tanh(x / sd x), all zeros when x does not vary, and fills a buffer of the right length', () => {
    const x = Float64Array.from([1, 2, 3, 4]);
    const sd = Math.sqrt(1.25);
    const { feature, sdX } = lengthFeature(x);
    expect(sdX).toBeCloseTo(sd, 15);
    expect(Array.from(feature)).toEqual(Array.from(x, (v) => Math.tanh(v / sd)));
    const out = new Float64Array(4).fill(9);
    expect(lengthFeature(Float64Array.from([2, 2, 2, 2]), undefined, false, out).feature).toBe(out);
    expect(Array.from(out)).toEqual([0, 0, 0, 0]);
    // A buffer of another length is not used.
    const short = new Float64Array(3);
    expect(lengthFeature(x, undefined, false, short).feature).not.toBe(short);
    expect(lengthFeature(x, undefined, true).sdX).toBeCloseTo(Math.sqrt(5 / 3), 15);
    // Weights: sd of 1, 2, 2, 3, 3, 3, 4 with population n = 7 … and with a zero weight the row is out.
    const w = Float64Array.from([1, 2, 3, 0]);
    const expected = (() => {
      const xs = [1, 2, 2, 3, 3, 3];
      const m = xs.reduce((a, b) => a + b) / xs.length;
      return Math.sqrt(xs.reduce((s, v) => s + (v - m) ** 2, 0) / xs.length);
    })();
    expect(lengthFeature(x, w).sdX).toBeCloseTo(expected, 15);
  });
});
