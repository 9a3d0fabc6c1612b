// The score probes: accuracy per rule equals the Task lab's (accuracyReport) on the same items;
// shortest picks, disagreement and choices-only accuracy pinned by hand.
import { describe, expect, it } from 'vitest';
import { ScoreProbeCheck } from '../../../src/core/check/scoreProbes';
import type { CheckItem } from '../../../src/core/check/answerStrings';
import { accuracyReport } from '../../../src/core/metrics/accuracy';
import type { ScoredItem } from '../../../src/core/metrics/types';

// Choices as scored (bytes): " a" 2, " bbbb" 5, " cc" 3.
function pair(id: string, lls: number[], gold: number, uncond?: number[]): [CheckItem, ScoredItem] {
  const texts = ['a', 'bbbb', 'cc'];
  const check: CheckItem = { id, context: 'Q:', choices: texts.map((t) => ' ' + t), gold: [gold], cloze: false };
  const scored: ScoredItem = {
    id,
    gold,
    choices: texts.map((t, i) => ({ text: t, continuation: ' ' + t, logprob: lls[i], unconditionalLogprob: uncond?.[i] })),
  };
  return [check, scored];
}

describe('score probes', () => {
  // acc (sum): argmax lls; acc_norm: ll / chars of the raw choice (1, 4, 2).
  const data = [
    pair('p1', [-2, -4, -3], 0, [-1, -5, -6]), // acc 0 (shortest), norm: -2, -1, -1.5 → 1; uncond → 0
    pair('p2', [-3, -2, -5], 1, [-9, -1, -2]), // acc 1, norm: -3, -0.5, -2.5 → 1; uncond → 1
    pair('p3', [-1, -8, -2], 2, [-3, -2, -1]), // acc 0 (shortest), norm: -1, -2, -1 → 0 (first of tie); uncond → 2
    pair('p4', [-6, -6, -7], 1, [-2, -2, -3]), // acc 0 (tie: first), norm: -6, -1.5, -3.5 → 1; uncond → 0 (tie)
  ];
  const probe = new ScoreProbeCheck();
  for (const [c, s] of data) probe.add(c, s);
  const r = probe.report();

  it('accuracy per rule is the Task lab\u2019s, value and stderr', () => {
    const lab = accuracyReport(data.map(([, s]) => s));
    for (const rule of ['acc', 'acc_norm', 'acc_bytes', 'acc_mutual_info'] as const) {
      expect(r.rules[rule]!.value, rule).toBe(lab.rules[rule]!.value);
      expect(Math.abs(r.rules[rule]!.stderr - lab.rules[rule]!.stderr), rule).toBeLessThan(1e-12);
    }
    // acc: p1 right (0), p2 right (1), p3 wrong (0 ≠ 2), p4 wrong (0 ≠ 1) → 1/2.
    expect(r.rules.acc!.value).toBe(0.5);
    // acc_norm: p1 wrong, p2 right, p3 wrong, p4 right → 1/2.
    expect(r.rules.acc_norm!.value).toBe(0.5);
    expect(r.rules.acc_per_token).toBeUndefined();
  });

  it('how often acc picks a shortest choice, against mean #shortest/k', () => {
    // acc picks 0, 1, 0, 0; choice 0 (" a") is the shortest of every item → 3/4 against 1/3.
    expect(r.acc_picks_shortest.successes).toBe(3);
    expect(r.acc_picks_shortest.share).toBe(0.75);
    expect(r.acc_picks_shortest.expected).toBeCloseTo(1 / 3, 12);
    // acc_norm picks 1, 1, 0, 1 → 1/4.
    expect(r.picks_shortest.acc_norm!.share).toBe(0.25);
  });

  it('acc vs acc_norm: the items where they pick differently, each with why', () => {
    expect(r.acc_norm_disagreement.ids).toEqual(['p1', 'p4']);
    // Letters as the Scorer names them, and bytes as acc_norm counts them (lm-eval: " a" is 1 byte, the
    // delimiter not counted), as the Scorer opened from the card counts them.
    expect(r.acc_norm_disagreement.items[0].why).toBe('acc picks A (1 byte), acc_norm picks B (4 bytes); gold A');
  });

  it('any two rules that pick differently list the item, with each rule’s pick', () => {
    // acc_bytes divides by bytes (2, 5, 3 with the space: the raw texts' 1, 4, 2); acc_mutual_info is ll − uncond.
    expect(r.rule_disagreement.n).toBe(4);
    expect(r.rule_disagreement.ids).toContain('p1');
    // p1: ll − uncond = −1, 1, 3 → acc_mutual_info picks 2.
    expect(r.rule_disagreement.items[0].why).toBe('acc → A, acc_norm → B, acc_bytes → B, acc_mutual_info → C');
  });

  it('choices only: argmax of the unconditional log-likelihoods, and its agreement with acc', () => {
    // picks 0, 1, 2, 0: right, right, right, wrong → 3/4; agrees with acc on p1, p2, p4 → 3/4.
    expect(r.choices_only!.accuracy.share).toBe(0.75);
    expect(r.choices_only!.agreement.share).toBe(0.75);
    expect(r.choices_only!.chance).toBeCloseTo(1 / 3, 12);
  });

  it('without unconditional scores there is no choices-only figure, and a note says why', () => {
    const p = new ScoreProbeCheck();
    const [c, s] = pair('x', [-1, -2, -3], 0);
    p.add(c, s);
    expect(p.report().choices_only).toBeUndefined();
    expect(p.report().notes[0]).toMatch(/choices-only accuracy needs/);
  });
});
