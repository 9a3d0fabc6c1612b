// The audit on AlpacaEval's own annotations: raw equals the leaderboard, LC is called supported
// only where the lengths overlap and is then within 3 points of AlpacaEval's LC, and the defects
// found on this data stay fixed.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { auditVerdicts, LC_MIN_SIDE_SHARE } from '../../../src/core/judge/audit';
import { parseVerdicts } from '../../../src/core/judge/verdicts';
import { LEADERBOARD, readAlpacaEvalFile } from './alpacaEvalData';
import { underMutation } from './mutationRun';

const audit = (file: string, opts: Parameters<typeof auditVerdicts>[1] = {}) => {
  const parsed = parseVerdicts(readAlpacaEvalFile(file));
  return { parsed, result: auditVerdicts(parsed.rows, { bootstrapReps: 30, orderKnown: parsed.orderKnown, ...opts }) };
};

describe.skipIf(underMutation)('audit on AlpacaEval annotations', () => {
  // Audited when a test first needs one (not while collecting): a run of one test audits only its model.
  const cache = new Map<string, ReturnType<typeof auditVerdicts>>();
  const result = (model: string) => {
    if (!cache.has(model)) cache.set(model, audit(`converted/${model}.csv`).result);
    return cache.get(model)!;
  };

  it.each(Object.keys(LEADERBOARD))('%s: raw equals the leaderboard (1e-9 in percent) over the same n', (model) => {
    const r = result(model);
    expect(r.counts.verdicts).toBe(LEADERBOARD[model].n);
    expect(Math.abs(100 * r.estimates.raw.estimate - LEADERBOARD[model].winRate)).toBeLessThan(1e-9);
  });

  it('calls LC supported only where both sides are the longer on ≥ 10% of prompts, and then it is within 3 points of AlpacaEval', () => {
    const supported = Object.keys(LEADERBOARD).filter((m) => result(m).lcSupport.supported);
    expect(supported.sort()).toEqual(['FuseChat-Gemma-2-9B-Instruct', 'FuseChat-Llama-3.2-1B-Instruct', 'NullModel', 'gemma-2b-it']);
    for (const model of supported) {
      const r = result(model);
      expect(Math.abs(100 * r.estimates.lc.estimate - LEADERBOARD[model].lc), model).toBeLessThan(3);
      expect(Math.min(r.lcSupport.aLongerShare, r.lcSupport.bLongerShare)).toBeGreaterThanOrEqual(LC_MIN_SIDE_SHARE);
      expect(r.lcSupport.lcRange).toBeNull();
      expect(r.checklist[3].status).toBe('ok');
    }
  });

  it('calls LC unsupported, with the reason, where the lengths barely overlap, and its range holds AlpacaEval’s LC', () => {
    // Share of prompts with the model's answer longer (numpy on the converted files).
    const aLonger: Record<string, number> = {
      gpt4_gamed: 0.039,
      'gpt-3.5-turbo-1106_concise': 0.01,
      'gpt-3.5-turbo-1106': 0.025,
      'gpt-3.5-turbo-1106_verbose': 0.071,
      alpaca_eval_gpt4__gpt4_1106_preview: 0.985,
    };
    for (const [model, share] of Object.entries(aLonger)) {
      const r = result(model);
      const s = r.lcSupport;
      expect(s.supported, model).toBe(false);
      expect(s.aLongerShare).toBeCloseTo(share, 3);
      expect(s.reason).toMatch(/answer is the longer on only \d+\.\d% of prompts \(\d+ of 80[45]; .*\): the fit extrapolates/);
      expect(s.lcRange).not.toBeNull();
      const lc = LEADERBOARD[model].lc / 100;
      expect(s.lcRange!.low, model).toBeLessThanOrEqual(lc);
      expect(s.lcRange!.high, model).toBeGreaterThanOrEqual(lc);
      expect(r.checklist[3].status).toBe('warn');
      expect(r.checklist[3].finding).toMatch(/LC not supported: .*plausible range/);
      expect(r.warnings.some((w) => /^LC is not supported by these data/.test(w))).toBe(true);
    }
    // The gamed 68-character model: raw 3.7%, AlpacaEval LC 12.2%; the unsupported fit said 70.4%.
    expect(result('gpt4_gamed').estimates.lc.estimate).toBeCloseTo(0.7036, 3);
    expect(result('gpt4_gamed').lcSupport.lcRange!.low).toBeCloseTo(0.0374, 3);
  });

  it('drops and counts degenerate bootstrap resamples per category instead of an interval of [0, 100]', () => {
    const concise = result('gpt-3.5-turbo-1106_concise');
    const helpful = concise.categories.find((c) => c.category === 'helpful_base')!;
    expect(helpful.lcSupport.supported).toBe(false);
    expect(helpful.estimates.lc.dropped).toBeGreaterThan(0);
    const width = helpful.estimates.lc.hi - helpful.estimates.lc.lo;
    expect(Number.isNaN(width) || width < 0.99).toBe(true);
  });

  it('reports the mean lengths and a median ratio that is not rounded to 0.00', () => {
    const gamed = result('gpt4_gamed');
    expect(Math.floor(gamed.lengthRatio.meanLenA)).toBe(68);
    expect(gamed.lengthRatio.meanLenB).toBeCloseTo(2049.3962732919254, 9);
    const median = gamed.lengthRatio.quantiles[2].ratio;
    expect(gamed.checklist[1].finding).toContain(`median len A / len B = ${median.toPrecision(3)}`);
    expect(gamed.checklist[1].finding).not.toMatch(/= 0\.00 /);
  });
});

describe.skipIf(underMutation)("the same verdicts under AlpacaEval's length feature (tanh of the standardised character difference)", () => {
  it('keeps the same support verdicts; supported LCs within 3 points, ranges holding AlpacaEval’s LC', () => {
    for (const model of Object.keys(LEADERBOARD)) {
      const r = audit(`converted/${model}.nocat.csv`, { lengthFeature: 'char-difference', bootstrapReps: 20 }).result;
      const lc = LEADERBOARD[model].lc;
      const supported = ['FuseChat-Gemma-2-9B-Instruct', 'FuseChat-Llama-3.2-1B-Instruct', 'NullModel', 'gemma-2b-it'].includes(model);
      expect(r.lcSupport.supported, model).toBe(supported);
      if (supported) expect(Math.abs(100 * r.estimates.lc.estimate - lc), model).toBeLessThan(3);
      else {
        expect(100 * r.lcSupport.lcRange!.low, model).toBeLessThanOrEqual(lc);
        expect(100 * r.lcSupport.lcRange!.high, model).toBeGreaterThanOrEqual(lc);
      }
      expect(r.checklist[3].finding.length).toBeGreaterThan(0);
    }
  });
});

describe('defects found on AlpacaEval data', () => {
  it("reads a `preference` column on AlpacaEval's scale and says so (AlpacaEval 1: 97.7% over 804, not 76.2% over 21)", () => {
    const { parsed, result } = audit('bad/ae1_naive_preference_column.csv');
    expect(result.counts.verdicts).toBe(804);
    expect(result.estimates.raw.estimate).toBeCloseTo(0.9769900497512438, 12);
    expect(parsed.notes.join(' ')).toMatch(/read on AlpacaEval's scale: P\(A wins\) = preference − 1/);
    expect(parsed.errors).toEqual([{ line: 302, message: expect.stringMatching(/preference is empty/) }]);
    const continuous = audit('bad/ae_scale_preference_gamed.csv');
    expect(continuous.result.estimates.raw.estimate).toBeCloseTo(LEADERBOARD.gpt4_gamed.winRate / 100, 12);
  });

  it('counts empty answers (length 0) as AlpacaEval does: 3.402% over 805', () => {
    for (const file of ['bad/gemma-2b-it_empty_outputs.csv', 'bad/gemma-2b-it_empty_as_1.csv']) {
      const { result } = audit(file);
      expect(result.counts.verdicts).toBe(805);
      expect(result.estimates.raw.estimate).toBeCloseTo(0.0340197143813665, 12);
    }
  });

  it.skipIf(underMutation)('averages repeated verdicts per prompt and order, as the warning says', () => {
    const { result } = audit('bad/dup_exact.csv');
    expect(result.counts.verdicts).toBe(905);
    expect(result.estimates.raw.estimate).toBeCloseTo(0.12763169810260855, 12);
    // Exact duplicates change nothing else either: LC equals the file without them.
    const plain = audit('converted/gpt-3.5-turbo-1106_verbose.nocat.csv').result;
    expect(result.lcSupport.lcRange!.low).toBeCloseTo(plain.lcSupport.lcRange!.low, 9);
    expect(result.warnings.some((w) => /100 prompts have repeated verdicts in the same order: they are averaged/.test(w))).toBe(true);
    // Two models pooled under the same prompt ids and order: each prompt's two verdicts averaged.
    const pooled = audit('bad/pooled_concise_verbose.csv').result;
    expect(pooled.estimates.raw.estimate).toBeCloseTo(0.10089517393944092, 12);
    expect(pooled.counts.repeatedOrders).toBe(805);
  });

  it('loads a JSON array of verdict rows', () => {
    const { parsed, result } = audit('bad/verdicts_array.json');
    expect(parsed.format).toBe('json');
    expect(result.estimates.raw.estimate).toBeCloseTo(0.12763169810260855, 12);
  });

  it('names a NaN verdict in JSONL as NaN, not null', () => {
    const parsed = parseVerdicts(readAlpacaEvalFile('repro/nan_message.jsonl'));
    expect(parsed.errors[0]).toEqual({ line: 1, message: 'verdict must be A, B, tie or a probability in [0, 1], got "NaN"' });
  });

  it.skipIf(underMutation)('skips NaN and missing-length lines as AlpacaEval drops them', () => {
    const expected = JSON.parse(readAlpacaEvalFile('bad/expected.json')) as Record<string, { raw?: number; verdicts?: number; bad_lines?: number }>;
    for (const file of ['nan.csv', 'nan.jsonl', 'ae1_real_null.csv']) {
      const { parsed, result } = audit(`bad/${file}`);
      const e = expected[file];
      expect(result.estimates.raw.estimate, file).toBeCloseTo(e.raw!, 12);
      if (e.verdicts) expect(result.counts.verdicts).toBe(e.verdicts);
      expect(parsed.badLines).toBe(e.bad_lines);
    }
    // missing_len.csv blanks 25 lengths and zeroes 5: the zeros are empty answers and count.
    const lines = readAlpacaEvalFile('bad/missing_len.csv').trim().split('\n').slice(1).map((l) => l.split(','));
    const kept = lines.filter((f) => f[3] !== '' && f[4] !== '');
    const { parsed, result } = audit('bad/missing_len.csv');
    expect(parsed.badLines).toBe(lines.length - kept.length);
    expect(parsed.badLines).toBe(25);
    expect(result.estimates.raw.estimate).toBeCloseTo(kept.reduce((s, f) => s + Number(f[2]), 0) / kept.length, 12);
  });
});

describe('length features, against a numpy refit', () => {
  // test/fixtures/make/judge_alpacaeval_lc.py: Newton on [1, s, tanh(x / sd x)] in numpy.
  const reference = JSON.parse(readFileSync(path.join(__dirname, '../../fixtures/judge-alpacaeval-lc.json'), 'utf8')) as Record<
    string,
    Record<'log-ratio' | 'char-difference', { theta: number; phi: number; gamma: number; lc: number }>
  >;
  it.each(Object.keys(reference))('%s: θ, φ, γ and LC to 1e-8 under both features', (model) => {
    for (const kind of ['log-ratio', 'char-difference'] as const) {
      const { result } = audit(`converted/${model}.nocat.csv`, { lengthFeature: kind, bootstrapReps: 1 });
      const ref = reference[model][kind];
      expect(result.lengthFeature).toBe(kind);
      expect(result.theta).toBeCloseTo(ref.theta, 8);
      expect(result.phi).toBeCloseTo(ref.phi, 8);
      expect(result.gamma).toBeCloseTo(ref.gamma, 8);
      expect(result.estimates.lc.estimate).toBeCloseTo(ref.lc, 8);
    }
  });
});
