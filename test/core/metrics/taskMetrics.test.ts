import { describe, expect, it } from 'vitest';
import { compareRuns, accNormMovement } from '../../../src/core/metrics/compare';
import { scoredItemFromCandidates } from '../../../src/core/metrics/fromCandidates';
import { taskMetrics } from '../../../src/core/metrics/taskMetrics';
import type { ScoredItem } from '../../../src/core/metrics/types';
import type { CandidateScore, TokenScore } from '../../../src/core/scoring/types';
import { bitsToken, fixtureCandidate } from '../scoring/builtInRules';

/** Cloze items with n_i bytes and B_i = 2 + 0.5 n_i bits (one token per byte after a 2-bit head). */
function affineItems(lengths: number[], subject?: (n: number) => string): ScoredItem[] {
  return lengths.map((n) => {
    const tokens = Array.from({ length: n }, (_, k) => [k === 0 ? 2.5 : 0.5, 1] as const);
    const bits = 2 + 0.5 * n;
    return {
      id: `i${n}`,
      subject: subject?.(n),
      choices: [{ logprob: -bits * Math.LN2, tokens, text: 'x'.repeat(n), continuation: 'x'.repeat(n) }],
      gold: 0,
    };
  });
}

describe('task metrics over a cloze task', () => {
  const m = taskMetrics(affineItems([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]));
  it('fits alpha = 2, beta = 0.5 and shows corpus BPB = alpha/mean(n) + beta', () => {
    expect(m.alpha).toBeCloseTo(2, 12);
    expect(m.beta).toBeCloseTo(0.5, 12);
    expect(m.r2).toBeCloseTo(1, 12);
    expect(m.corpus_bpb).toBeCloseTo((2 * 10 + 0.5 * 65) / 65, 14);
    expect(m.corpus_bpb_from_fit).toBeCloseTo(m.corpus_bpb, 12);
  });
  it('quintiles use np.quantile edges and report the top/bottom BPB ratio', () => {
    const q = m.quintiles;
    expect(q.edges).toEqual([2, 3.8, 5.6, 7.4, 9.2, 11]);
    expect(q.bins.map((b) => b.n)).toEqual([2, 2, 2, 2, 2]);
    expect(q.bins[0].corpus_bpb).toBeCloseTo(6.5 / 5, 14);
    expect(q.bins[4].corpus_bpb).toBeCloseTo(14.5 / 21, 14);
    expect(q.top_bottom_ratio).toBeCloseTo(14.5 / 21 / 1.3, 14);
  });
  it('Spearman ρ of per-item scores with gold length', () => {
    expect(m.spearman.logprob).toBeCloseTo(-1, 14);
    expect(m.spearman.bits_per_byte).toBeCloseTo(-1, 14);
    expect(m.spearman.per_byte).toBeCloseTo(1, 14);
    expect(m.spearman.pmi).toBeUndefined();
  });
  it('R(k) with coverage, and no accuracies for a cloze-only task', () => {
    expect(m.R[0]).toBe(2.5);
    expect(m.R.slice(1)).toEqual(new Array(10).fill(0.5));
    expect(m.coverage[0]).toBe(1);
    expect(m.coverage[10]).toBeCloseTo(0.1, 15);
    expect(m.accuracies.n_items).toBe(0);
    expect(m.accuracies.rules).toEqual({});
  });
  it('per subject: each subject gets its own K and fit', () => {
    const s = taskMetrics(affineItems([2, 3, 4, 9, 10, 11], (n) => (n < 5 ? 'short' : 'long')));
    expect(Object.keys(s.by_subject)).toEqual(['long', 'short']);
    expect(s.by_subject.short.K).toBe(4);
    expect(s.by_subject.long.K).toBe(11);
    expect(s.by_subject.short.n_items).toBe(3);
    expect(s.by_subject.long.beta).toBeCloseTo(0.5, 12);
  });
  it('skips gold answers with no bytes but keeps them out of the BPB family only', () => {
    const items: ScoredItem[] = [
      ...affineItems([3, 4]),
      { id: 'empty', choices: [{ logprob: -1, text: '', continuation: '' }], gold: 0 },
    ];
    const s = taskMetrics(items);
    expect(s.n_items).toBe(3);
    expect(s.n_items_answer).toBe(2);
    expect(s.skipped).toEqual([{ id: 'empty', reason: 'gold answer has zero UTF-8 bytes' }]);
  });
});

const tokenScore = bitsToken;

function candidate(text: string, tokens: TokenScore[], uncond: number): CandidateScore {
  const c = fixtureCandidate(text, tokens, { unconditional_logprob: uncond });
  return { ...c, pmi: c.sum_logprob - uncond };
}

describe('engine output to task metrics', () => {
  it('maps CandidateScores: per-token rule from n_tokens, PMI from the unconditional log-prob', () => {
    const item = { id: 'q', context: 'Q:', choices: ['cat', 'elephant'], gold: 1 };
    const scored = scoredItemFromCandidates(item, [
      candidate(' cat', [tokenScore(4, 0, 4)], -8 * Math.LN2),
      candidate(' elephant', [tokenScore(3, 0, 4), tokenScore(3, 4, 9)], -6.5 * Math.LN2),
    ]);
    expect(scored.choices[0].tokens).toBeUndefined();
    expect(scored.choices[1].tokens).toEqual([
      [3, 4],
      [3, 5],
    ]);
    const m = taskMetrics([scored]);
    // acc: -4 > -6 bits -> cat (wrong); acc_norm per char: -4/3 vs -6/8 -> elephant; per token -4 vs -3 -> elephant;
    // PMI: -4+8 = 4 vs -6+6.5 = 0.5 -> cat.
    expect(m.accuracies.rules.acc!.value).toBe(0);
    expect(m.accuracies.rules.acc_norm!.value).toBe(1);
    expect(m.accuracies.rules.acc_bytes!.value).toBe(1);
    expect(m.accuracies.rules.acc_per_token!.value).toBe(1);
    expect(m.accuracies.rules.acc_mutual_info!.value).toBe(0);
    // The gold (" elephant", 9 bytes, leading space) enters the BPB family.
    expect(m.corpus_bpb).toBeCloseTo(6 / 9, 14);
    expect(m.space_stripped_corpus_bpb).toBeCloseTo(6 / 8, 14);
    expect(m.K).toBe(8);
  });
});

describe('boundary merges', () => {
  it('a straddling first token counts only its share of bits, as the candidate sum does', async () => {
    const { tokenBits } = await import('../../../src/core/metrics/fromCandidates');
    const c = candidate('bc', [tokenScore(6, 0, 1), tokenScore(2, 1, 2)], -1);
    // The engine counted half of the straddling token: sum = -(3 + 2) bits.
    const merged = { ...c, boundary: 'merged' as const, sum_logprob: -5 * Math.LN2 };
    const t = tokenBits(merged);
    expect(t[0][0]).toBeCloseTo(3, 12);
    expect(t[1]).toEqual([2, 1]);
    expect(tokenBits(c)).toEqual([
      [6, 1],
      [2, 1],
    ]);
  });
});

describe('comparing runs', () => {
  const mc = (lls: number[][], golds: number[]): ScoredItem[] =>
    lls.map((ll, i) => ({
      id: String(i),
      choices: ll.map((l, j) => ({ text: j === 0 ? 'a' : 'bbbbbbbb', logprob: l })),
      gold: golds[i],
    }));
  it('reports deltas, alpha/beta per run and the acc vs acc_norm reading', () => {
    // Run A: acc picks the short choice 0; acc_norm picks the long choice 1.
    const a = taskMetrics(mc([[-2, -3], [-2, -3], [-2, -3], [-2, -3]], [0, 0, 1, 1]));
    // Run B: sharper on the long choice: acc now picks 1 everywhere.
    const b = taskMetrics(mc([[-3, -2], [-3, -2], [-3, -2], [-3, -2]], [0, 0, 1, 1]));
    const c = compareRuns([
      { label: 'A', metrics: a },
      { label: 'B', metrics: b },
    ]);
    const acc = c.metrics.find((r) => r.metric === 'acc')!;
    expect(acc.values).toEqual([0.5, 0.5]);
    expect(c.alpha_beta.map((x) => x.label)).toEqual(['A', 'B']);
    const corpus = c.metrics.find((r) => r.metric === 'corpus_bpb')!;
    expect(corpus.deltas[1]).toBeCloseTo(b.corpus_bpb - a.corpus_bpb, 15);
    expect(c.acc_vs_acc_norm[0].movement).toBe('flat');
  });
  it('classifies movements', () => {
    expect(accNormMovement(0.1, 0.08, 0.02)).toBe('together');
    expect(accNormMovement(0.1, -0.05, 0.02)).toBe('apart');
    expect(accNormMovement(0.1, 0.0, 0.02)).toBe('apart');
    expect(accNormMovement(0.01, -0.01, 0.02)).toBe('flat');
    expect(accNormMovement(NaN, 0.1, 0.02)).toBe('unknown');
    expect(() => compareRuns([])).toThrow();
  });
});

describe('notes beside the numbers', () => {
  it('letter keys, K = 1 and a degenerate fit are called out', async () => {
    const { parseBitsFile } = await import('../../../src/core/formats/bitsFile');
    const items = parseBitsFile(
      JSON.stringify([
        { tokens: [[2, 1], [3, 1]], leading_space: true, choices: [{ text: 'A', logprob: -1 }, { text: 'B', logprob: -2 }], gold: 0 },
        { tokens: [[1, 2]], leading_space: true, choices: [{ text: 'A', logprob: -1 }, { text: 'B', logprob: -2 }], gold: 1 },
      ]),
    ).records;
    const notes = taskMetrics(items).notes.join('\n');
    expect(notes).toMatch(/only 0\.9% of the length prior's mass/);
    expect(notes).toMatch(/PriorBPB equals R\(1\)/);
    expect(notes).toMatch(/degenerate/);
    expect(notes).toMatch(/letter keys/);
    expect(notes).toMatch(/content corpus BPB/);
  });
  it('a long-answer task without leading spaces has none', () => {
    expect(taskMetrics(affineItems([150, 200, 300]), { mu: 20 }).notes).toEqual([]);
  });
});

describe('skipped items', () => {
  it('leave the BPB family but still count in the accuracies', () => {
    const items = [
      { id: 'ok', choices: [{ text: 'a', continuation: ' a', logprob: -1 }, { text: 'b', continuation: ' b', logprob: -2 }], gold: 0 },
      { id: 'bad', choices: [{ text: 'a', continuation: ' a', logprob: -1 }, { text: 'b', continuation: ' b', logprob: -2 }], gold: 5 },
    ];
    const m = taskMetrics(items);
    expect(m.skipped).toEqual([{ id: 'bad', reason: 'gold index is not one of the choices' }]);
    expect(m.n_items_answer).toBe(1);
    expect(m.corpus_bpb).toBe(1 / Math.LN2 / 2);
    expect(m.accuracies.rules.acc).toMatchObject({ value: 0.5, n: 2 });
  });
});
