import { describe, expect, it } from 'vitest';
import { goldAnswer, goldItemScores, taskMetrics } from '../../../src/core/metrics/taskMetrics';
import { DEFAULT_TASK_METRICS_OPTIONS, type ScoredItem } from '../../../src/core/metrics/types';

const LN2 = Math.LN2;

describe('gold answers', () => {
  it('says why an item has none', () => {
    expect(goldAnswer({ id: 'a', choices: [{ text: 'x', logprob: -1 }], gold: [] })).toBe('gold index is not one of the choices');
    expect(goldAnswer({ id: 'a', choices: [{ text: 'x', logprob: -1 }], gold: 3 })).toBe('gold index is not one of the choices');
    expect(goldAnswer({ id: 'a', choices: [{ text: 'x', logprob: NaN }], gold: 0 })).toBe('gold answer has a non-finite log-likelihood');
    expect(goldAnswer({ id: 'a', choices: [{ text: 'x', logprob: -Infinity }], gold: 0 })).toBe('gold answer has a non-finite log-likelihood');
    expect(goldAnswer({ id: 'a', choices: [{ logprob: -1 }], gold: 0 })).toBe('gold answer has zero UTF-8 bytes');
  });

  it('takes bits from the tokens when there are any, else from the log-likelihood; bytes from the continuation, tokens or text', () => {
    const a = goldAnswer({ id: 'a', choices: [{ text: 'ab', logprob: -2 * LN2, tokens: [] }], gold: 0 });
    expect(a).toMatchObject({ bits: 2, bytes: 2, leadingSpace: false });
    const t = goldAnswer({ id: 't', choices: [{ logprob: -1, tokens: [[1.5, 1], [2.5, 2.4]] }], gold: 0 });
    // Token bytes are rounded (2.4 → 2): 3 bytes, 4 bits.
    expect(t).toMatchObject({ bits: 4, bytes: 3 });
    const s = goldAnswer({ id: 's', choices: [{ text: 'ab', continuation: ' ab', logprob: -LN2 }], gold: 0 });
    expect(s).toMatchObject({ bits: 1, bytes: 3, leadingSpace: true });
    expect(goldAnswer({ id: 'f', choices: [{ continuation: ' ab', logprob: -LN2, leadingSpace: false }], gold: 0 })).toMatchObject({ leadingSpace: false });
    expect(goldAnswer({ id: 'g', choices: [{ text: 'x', logprob: -1 }, { text: 'yy', logprob: -1 }], gold: [1, 0] })).toMatchObject({ bytes: 2 });
  });

  it('scores the gold under each per-item rule', () => {
    const a = goldAnswer({ id: 'a', choices: [{ text: 'é!', continuation: ' é!', logprob: -6, nTokens: 3, unconditionalLogprob: -10, tokens: [[2, 1], [4, 2], [2.656, 1]] }], gold: 0 });
    if (typeof a === 'string') throw new Error(a);
    const s = goldItemScores(a, DEFAULT_TASK_METRICS_OPTIONS);
    expect(s.logprob).toBe(-6);
    expect(s.per_token).toBe(-2);
    // "é!" is 2 characters and 3 bytes.
    expect(s.per_char).toBe(-3);
    expect(s.per_byte).toBe(-2);
    expect(s.pmi).toBe(4);
    expect(s.bits_per_byte).toBeCloseTo(8.656 / 4, 14);
    expect(Number.isFinite(s.prior_bpb)).toBe(true);
    // Without token counts the tokens count; with neither, no per-token score.
    const b = goldAnswer({ id: 'b', choices: [{ text: 'ab', logprob: -4, tokens: [[3, 1], [2.77, 1]] }], gold: 0 });
    if (typeof b === 'string') throw new Error(b);
    expect(goldItemScores(b, DEFAULT_TASK_METRICS_OPTIONS).per_token).toBe(-2);
    const c = goldAnswer({ id: 'c', choices: [{ continuation: 'abcd', logprob: -4 }], gold: 0 });
    if (typeof c === 'string') throw new Error(c);
    const sc = goldItemScores(c, DEFAULT_TASK_METRICS_OPTIONS);
    expect(sc.per_token).toBeUndefined();
    expect(sc.per_char).toBe(-1);
    expect(sc.pmi).toBeUndefined();
    expect(sc.prior_bpb).toBeUndefined();
  });
});

describe('task metrics notes and options', () => {
  const letters = (n: number): ScoredItem[] =>
    Array.from({ length: n }, (_, i) => ({ id: `q${i}`, choices: ['A', 'B', 'C'].map((t, k) => ({ text: t, continuation: ` ${t}`, logprob: -1 - ((k + i) % 3) })), gold: i % 3 }));

  it('calls out letter keys only when every choice of every item is one character', () => {
    expect(taskMetrics(letters(3)).notes).toContain('Every choice is one character (letter keys): length normalisation changes nothing, so acc_norm = acc_bytes = acc.');
    const mixed = [...letters(3), { id: 'w', choices: [{ text: 'yes', logprob: -1 }, { text: 'B', logprob: -2 }], gold: 0 }];
    expect(taskMetrics(mixed).notes.some((n) => /letter keys/.test(n))).toBe(false);
    expect(taskMetrics([{ id: 'c', choices: [{ text: 'A', logprob: -1 }], gold: 0 }]).notes.some((n) => /letter keys/.test(n))).toBe(false);
  });

  it('notes a degenerate fit only with two or more answers of one length', () => {
    const same = [0, 1].map((i) => ({ id: `s${i}`, choices: [{ text: 'abc', logprob: -1 - i }], gold: 0 }));
    expect(taskMetrics(same).notes).toContain('Every gold answer has the same length: the alpha/beta fit is degenerate (beta = 0).');
    expect(taskMetrics(same.slice(0, 1)).notes).toEqual([]);
  });

  it('writes the prior mass with one decimal below 10% and none above, and the self-prior note for leading spaces', () => {
    const item = (n: number, space: boolean): ScoredItem => ({
      id: `i${n}`,
      choices: [{ continuation: (space ? ' ' : '') + 'x'.repeat(n), logprob: -(n + 1) * LN2, tokens: Array.from({ length: n }, (_, k) => [k === 0 ? (space ? 5 : 1) : 1, k === 0 && space ? 2 : 1] as [number, number]) }],
      gold: 0,
    });
    const short = taskMetrics([item(3, false), item(5, false)]);
    // μ = 111, K = 5: 1 − (110/111)^5 = 4.4%.
    expect(short.notes[0]).toBe(
      "Short answers: only 4.4% of the length prior's mass (mean 111 bytes) lies within the longest answer (K = 5 bytes), so PriorBPB is close to the plain average of R(1..K).",
    );
    const mid = taskMetrics([item(3, false), item(5, false)], { mu: 20 });
    // 1 − (19/20)^5 = 22.6% → "23%".
    expect(mid.notes[0]).toMatch(/^Short answers: only 23% of the length prior's mass \(mean 20 bytes\)/);
    expect(taskMetrics([item(3, false), item(5, false)], { mu: 2 }).notes.some((n) => /Short answers/.test(n))).toBe(false);
    const spaced = taskMetrics([item(3, true), item(5, true)], { mu: 2 });
    expect(spaced.notes).toContain(
      'The self-prior PriorBPB differs from corpus BPB because of leading spaces: it equals the content corpus BPB (space bytes and their bits left out), not corpus BPB.',
    );
    expect(taskMetrics([item(3, false), item(5, false)], { mu: 2 }).notes).toEqual([]);
  });

  it('refuses a prior mean of 1 or less, naming it', () => {
    expect(() => taskMetrics([], { mu: 1 })).toThrow(new RangeError('mu must be > 1, got 1'));
    expect(() => taskMetrics([], { mu: NaN })).toThrow('mu must be > 1, got NaN');
    expect(taskMetrics([], { mu: 1.5 }).mu).toBe(1.5);
  });

  it('splits by subject, leaving out items without one', () => {
    const items: ScoredItem[] = [
      { id: 'a', subject: 'b-sub', choices: [{ text: 'xx', logprob: -1 }], gold: 0 },
      { id: 'b', subject: 'a-sub', choices: [{ text: 'xxx', logprob: -1 }], gold: 0 },
      { id: 'c', subject: '', choices: [{ text: 'x', logprob: -1 }], gold: 0 },
      { id: 'd', choices: [{ text: 'x', logprob: -1 }], gold: 0 },
    ];
    const m = taskMetrics(items);
    expect(Object.keys(m.by_subject)).toEqual(['a-sub', 'b-sub']);
    expect(m.by_subject['a-sub'].n_items).toBe(1);
    expect(m.by_subject['a-sub'].mean_bytes).toBe(3);
    expect(m.n_items).toBe(4);
  });
});
