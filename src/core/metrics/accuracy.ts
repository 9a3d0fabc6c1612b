// Multiple-choice accuracy under each rule, exactly as lm-eval-harness process_results computes
// it (research/lm-eval-harness.md §2.1, §2.4, §2.5).
import { choiceText, ruleById, ruleScore, type RuleOptions } from '../scoring/rules';
import { utf8Length } from '../text/unicode';
import { mean, meanStderr, npArgmax } from './stats';
import type {
  AccuracyReport,
  AccuracyRule,
  ChanceNormalisedAccuracy,
  ChoiceScores,
  MeanWithStderr,
  NonFiniteCount,
  ScoredItem,
} from './types';
import { ACCURACY_RULES } from './types';

/** The per-choice score each rule maximises, or undefined when the inputs for it are missing. */
export function ruleScores(choices: readonly ChoiceScores[], rule: AccuracyRule, opts: Partial<RuleOptions> = {}): number[] | undefined {
  const r = ruleById(rule);
  if (!r) return undefined;
  const scores = choices.map((c) => ruleScore(r, c, opts));
  return scores.every((s) => s !== undefined) ? scores : undefined;
}

/** The choice each rule picks (np.argmax: first index wins ties, first NaN wins). */
export function rulePredictions(choices: readonly ChoiceScores[]): Partial<Record<AccuracyRule, number>> {
  const out: Partial<Record<AccuracyRule, number>> = {};
  for (const rule of ACCURACY_RULES) {
    const s = ruleScores(choices, rule);
    if (s) out[rule] = npArgmax(s);
  }
  return out;
}

/** A gold index outside the choices counts as -100 (lm-eval), so every rule scores 0. */
export function goldIndices(item: ScoredItem): number[] {
  const golds = typeof item.gold === 'number' ? [item.gold] : [...item.gold];
  return golds.map((g) => (Number.isInteger(g) && g >= 0 && g < item.choices.length ? g : -100));
}

export function isCorrect(item: ScoredItem, pred: number): boolean {
  return goldIndices(item).includes(pred);
}

/** Per-item 0/1 correctness under each rule the item supports. */
export function itemCorrectness(item: ScoredItem): Partial<Record<AccuracyRule, number>> {
  const preds = rulePredictions(item.choices);
  const out: Partial<Record<AccuracyRule, number>> = {};
  for (const rule of ACCURACY_RULES) {
    const p = preds[rule];
    if (p !== undefined) out[rule] = isCorrect(item, p) ? 1 : 0;
  }
  return out;
}

export function meanWithStderr(xs: readonly number[]): MeanWithStderr {
  return { value: mean(xs), stderr: meanStderr(xs), n: xs.length };
}

/** (acc − chance)/(1 − chance) with chance = mean over items of 1/k. */
export function chanceNormalise(acc: number, chance: number): ChanceNormalisedAccuracy {
  return { value: (acc - chance) / (1 - chance), chance };
}

/** Items that are multiple choice: marked so (a one-choice harness document), else two or more choices. */
export function isMultipleChoice(item: ScoredItem): boolean {
  return item.multipleChoice ?? item.choices.length >= 2;
}

/**
 * Accuracy under every rule over the multiple-choice items. A rule is reported only when every
 * such item has what it needs (e.g. token counts for acc_per_token), so all rules share one n.
 */
export function accuracyReport(items: readonly ScoredItem[]): AccuracyReport {
  const mc = items.filter(isMultipleChoice);
  const perRule: Partial<Record<AccuracyRule, number[]>> = {};
  let disagree = 0;
  let shortest = 0;
  let knownLengths = 0;
  for (const item of mc) {
    const preds = rulePredictions(item.choices);
    for (const rule of ACCURACY_RULES) {
      const p = preds[rule];
      if (p === undefined) continue;
      (perRule[rule] ??= []).push(isCorrect(item, p) ? 1 : 0);
    }
    if (preds.acc !== undefined && preds.acc_norm !== undefined && preds.acc !== preds.acc_norm) disagree++;
    const lengths = item.choices.map((c) => {
      const t = choiceText(c);
      return t === undefined ? NaN : utf8Length(t);
    });
    if (lengths.every(Number.isFinite)) {
      knownLengths++;
      if (preds.acc !== undefined && lengths[preds.acc] === Math.min(...lengths)) shortest++;
    }
  }
  const chance = mean(mc.map((it) => 1 / it.choices.length));
  const rules: AccuracyReport['rules'] = {};
  const chanceNormalised: AccuracyReport['chance_normalised'] = {};
  for (const rule of ACCURACY_RULES) {
    const xs = perRule[rule];
    if (!xs || xs.length !== mc.length || mc.length === 0) continue;
    rules[rule] = meanWithStderr(xs);
    chanceNormalised[rule] = chanceNormalise(rules[rule]!.value, chance);
  }
  const report: AccuracyReport = {
    n_items: mc.length,
    rules,
    chance_normalised: chanceNormalised,
    acc_acc_norm_disagreement: mc.length ? disagree / mc.length : NaN,
    acc_picks_shortest: knownLengths ? shortest / knownLengths : NaN,
  };
  const nonFinite = nonFiniteCount(mc);
  if (nonFinite) report.non_finite = nonFinite;
  const brier = brierScore(mc);
  if (brier !== undefined) report.brier_score = brier;
  const greedy = items.map((it) => it.choices[goldIndices(it)[0]]?.isGreedy);
  if (items.length > 0 && greedy.every((g) => g !== undefined)) {
    report.greedy = meanWithStderr(greedy.map((g) => (g ? 1 : 0)));
  }
  return report;
}

/** NaN and +inf log-likelihoods among the items' choices, or undefined when there are none. */
export function nonFiniteCount(items: readonly ScoredItem[]): NonFiniteCount | undefined {
  let nan = 0;
  let posInf = 0;
  const ids: string[] = [];
  for (const item of items) {
    let bad = false;
    for (const c of item.choices) {
      for (const x of [c.logprob, c.unconditionalLogprob]) {
        if (x === undefined) continue;
        if (Number.isNaN(x)) nan++;
        else if (x === Infinity) posInf++;
        else continue;
        bad = true;
      }
    }
    if (bad) ids.push(item.id);
  }
  return ids.length === 0 ? undefined : { items: ids.length, nan, pos_inf: posInf, examples: ids.slice(0, 10) };
}

/** One line saying how many items have impossible log-likelihoods and how they were decided. */
export function nonFiniteMessage(n: NonFiniteCount, unit: string): string {
  return (
    `${n.items} ${unit}(s) have a NaN or +inf log-likelihood (${n.nan} NaN, ${n.pos_inf} +inf; first: ${unit} ${n.examples[0]}); ` +
    'they are decided as lm-eval-harness decides them (np.argmax: the first NaN choice is the prediction, +inf is the maximum)'
  );
}

/** lm-eval utils.softmax: exp(x − max x) / Σ. */
export function softmax(xs: readonly number[]): number[] {
  const m = Math.max(...xs);
  const e = xs.map((x) => Math.exp(x - m));
  let sum = 0;
  for (const v of e) sum += v;
  return e.map((v) => v / sum);
}

/** lm-eval brier_score, or undefined when the items differ in choice count or a gold is invalid. */
export function brierScore(items: readonly ScoredItem[]): number | undefined {
  if (items.length === 0) return undefined;
  const k = items[0].choices.length;
  let total = 0;
  for (const item of items) {
    const golds = goldIndices(item);
    if (item.choices.length !== k || golds.length !== 1 || golds[0] < 0) return undefined;
    const p = softmax(item.choices.map((c) => c.logprob));
    let row = 0;
    p.forEach((pc, c) => {
      const d = pc - (c === golds[0] ? 1 : 0);
      row += d * d;
    });
    total += row;
  }
  return total / items.length;
}
