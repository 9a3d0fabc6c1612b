import { describe, expect, it } from 'vitest';
import { scoredItemFromCandidates, tokenBits } from '../../../src/core/metrics/fromCandidates';
import { itemResults } from '../../../src/core/metrics/itemResults';
import type { ScoredItem } from '../../../src/core/metrics/types';
import type { CandidateScore, TokenScore } from '../../../src/core/scoring/types';
import { bitsToken, builtInAccuracies, fixtureCandidate } from '../scoring/builtInRules';

const LN2 = Math.LN2;
const token = bitsToken;
const candidate = (continuation: string, tokens: TokenScore[], extra: Partial<CandidateScore> = {}) =>
  fixtureCandidate(continuation, tokens, { unconditional_logprob: -10, ...extra });

describe('scored items from engine candidates', () => {
  it('carries each choice, and per-token bits for every gold only', () => {
    const item = { id: 'q7', subject: 'stories', context: 'Q:', choices: ['cat', 'dog', 'bird'], gold: [0, 2] };
    const s = scoredItemFromCandidates(item, [
      candidate(' cat', [token(4, 0, 4)], { is_greedy: true }),
      candidate(' dog', [token(5, 0, 2), token(1, 2, 4)], { unconditional_logprob: NaN }),
      candidate(' bird', [token(2, 0, 3), token(3, 3, 5)], { unconditional_logprob: -Infinity }),
    ]);
    expect(s.id).toBe('q7');
    expect(s.subject).toBe('stories');
    expect(s.gold).toEqual([0, 2]);
    expect(s.choices.map((c) => c.text)).toEqual(['cat', 'dog', 'bird']);
    expect(s.choices.map((c) => c.continuation)).toEqual([' cat', ' dog', ' bird']);
    expect(s.choices[0]).toMatchObject({ logprob: -4 * LN2, nTokens: 1, unconditionalLogprob: -10, isGreedy: true, tokens: [[4, 4]] });
    expect(s.choices[1].tokens).toBeUndefined();
    expect(s.choices[1].nTokens).toBe(2);
    expect(s.choices[1].isGreedy).toBe(false);
    // NaN means "not scored": no PMI input rather than a NaN one. −∞ is a real log-prob (the
    // unconditional context gives the answer probability zero), kept as the Scorer keeps it.
    expect(s.choices[1].unconditionalLogprob).toBeUndefined();
    expect(s.choices[2].unconditionalLogprob).toBe(-Infinity);
    expect(s.choices[2].tokens).toEqual([[2, 3], [3, 2]]);
  });

  it('refuses a score count that does not match the choices, naming the item', () => {
    const item = { id: 'q9', context: '', choices: ['a', 'b'], gold: 0 };
    expect(() => scoredItemFromCandidates(item, [candidate(' a', [token(1, 0, 2)])])).toThrow('item q9: 1 scores for 2 choices');
  });

  it('gives a merged first token the bits the candidate sum counted, and leaves other cases alone', () => {
    const c = candidate('bc', [token(6, 0, 1), token(2, 1, 2), token(1, 2, 3)]);
    // The sum counted 1.5 of the first token's 6 bits: 4.5 bits in all.
    expect(tokenBits({ ...c, boundary: 'merged', sum_logprob: -4.5 * LN2 })).toEqual([[expect.closeTo(1.5, 12), 1], [2, 1], [1, 1]]);
    expect(tokenBits(c)).toEqual([[6, 1], [2, 1], [1, 1]]);
    // An unscored merged candidate keeps its tokens' own bits; no tokens, nothing to fix.
    expect(tokenBits({ ...c, boundary: 'merged', sum_logprob: NaN })).toEqual([[6, 1], [2, 1], [1, 1]]);
    expect(tokenBits({ ...c, boundary: 'merged', tokens: [], sum_logprob: -1 })).toEqual([]);
  });
});

describe('per-item results', () => {
  const items: ScoredItem[] = [
    {
      id: 'mc',
      subject: 'animals',
      gold: 1,
      choices: [
        // acc: −2 > −3 picks "a"; acc_norm/acc_bytes: −3/4 > −2 picks "bbbb"; per token −2/2 = −1 vs −3/1 picks "a";
        // PMI: −2 − (−5) = 3 vs −3 − (−9) = 6 picks "bbbb".
        { text: 'a', continuation: ' a', logprob: -2, nTokens: 2, unconditionalLogprob: -5 },
        { text: 'bbbb', continuation: ' bbbb', logprob: -3, nTokens: 1, unconditionalLogprob: -9, tokens: [[1 / LN2, 3], [2 / LN2, 2]] },
      ],
    },
    { id: 'cloze', gold: 0, choices: [{ text: 'xyz', continuation: 'xyz', logprob: -6 * LN2 }] },
    { id: 'bad', gold: 7, choices: [{ text: 'a', logprob: -1 }, { text: 'b', logprob: -2 }] },
  ];
  // Computed in each test (not shared), so that per-test coverage credits every test that checks it.
  const all = () => itemResults(items);

  it('decides every rule for a multiple-choice item and scores its gold', () => {
    const [mc] = all();
    expect(mc.id).toBe('mc');
    expect(mc.subject).toBe('animals');
    expect(mc.n_choices).toBe(2);
    expect(mc.gold).toEqual([1]);
    expect(builtInAccuracies(mc.predictions)).toEqual({ acc: 0, acc_norm: 1, acc_bytes: 1, acc_per_token: 0, acc_mutual_info: 1 });
    expect(builtInAccuracies(mc.correct)).toEqual({ acc: 0, acc_norm: 1, acc_bytes: 1, acc_per_token: 0, acc_mutual_info: 1 });
    // The gold " bbbb": 3 nats over 5 bytes (leading space included).
    expect(mc.gold_bits).toBeCloseTo(3 / LN2, 14);
    expect(mc.gold_bytes).toBe(5);
    expect(mc.gold_bpb).toBeCloseTo(3 / LN2 / 5, 14);
    expect(mc.gold_scores.logprob).toBe(-3);
    expect(mc.gold_scores.per_token).toBe(-3);
    expect(mc.gold_scores.per_char).toBeCloseTo(-3 / 4, 14);
    expect(mc.gold_scores.pmi).toBe(6);
    expect(mc.gold_scores.bits_per_byte).toBeCloseTo(3 / LN2 / 5, 14);
  });

  it('has no predictions for a cloze item, and NaN gold figures for an invalid gold', () => {
    const [, cloze, bad] = all();
    expect(cloze.predictions).toEqual({});
    expect(cloze.correct).toEqual({});
    expect(cloze.gold_bits).toBeCloseTo(6, 14);
    expect(cloze.gold_bytes).toBe(3);
    expect(cloze.gold_bpb).toBeCloseTo(2, 14);
    expect(bad.gold).toEqual([-100]);
    expect(builtInAccuracies(bad.correct)).toEqual({ acc: 0, acc_norm: 0, acc_bytes: 0 });
    expect(Number.isNaN(bad.gold_bits) && Number.isNaN(bad.gold_bytes) && Number.isNaN(bad.gold_bpb)).toBe(true);
    expect(bad.gold_scores).toEqual({});
  });

  it('passes the options to the gold scores (PriorBPB at another μ)', () => {
    const a = itemResults([items[0]])[0].gold_scores.prior_bpb!;
    const b = itemResults([items[0]], { mu: 2 })[0].gold_scores.prior_bpb!;
    expect(Number.isFinite(a) && Number.isFinite(b)).toBe(true);
    expect(a).not.toBe(b);
  });
});
