// One row per item: what the task lab's item table shows and what the per-item CSV holds.
import { goldIndices, isMultipleChoice, rulePredictions } from './accuracy';
import { goldAnswer, goldItemScores } from './taskMetrics';
import { ACCURACY_RULES, DEFAULT_TASK_METRICS_OPTIONS, type AccuracyRule, type ItemScoreName, type ScoredItem, type TaskMetricsOptions } from './types';

export interface ItemResult {
  id: string;
  subject?: string;
  n_choices: number;
  gold: number[];
  /** The choice each rule picks (multiple-choice items only). */
  predictions: Partial<Record<AccuracyRule, number>>;
  /** 1/0 per rule (multiple-choice items only). */
  correct: Partial<Record<AccuracyRule, number>>;
  /** Gold answer: bits, UTF-8 bytes (leading space included), bits per byte; NaN when it has none. */
  gold_bits: number;
  gold_bytes: number;
  gold_bpb: number;
  /** The gold answer's score under each per-item rule (what the Spearman ρ uses). */
  gold_scores: Partial<Record<ItemScoreName, number>>;
}

export function itemResults(items: readonly ScoredItem[], options: Partial<TaskMetricsOptions> = {}): ItemResult[] {
  const opts = { ...DEFAULT_TASK_METRICS_OPTIONS, ...options };
  return items.map((item) => {
    const golds = goldIndices(item);
    const mc = isMultipleChoice(item);
    const predictions = mc ? rulePredictions(item.choices) : {};
    const correct: ItemResult['correct'] = {};
    for (const rule of ACCURACY_RULES) {
      const p = predictions[rule];
      if (p !== undefined) correct[rule] = golds.includes(p) ? 1 : 0;
    }
    const a = goldAnswer(item);
    const answer = typeof a === 'string' ? undefined : a;
    return {
      id: item.id,
      subject: item.subject,
      n_choices: item.choices.length,
      gold: golds,
      predictions,
      correct,
      gold_bits: answer?.bits ?? NaN,
      gold_bytes: answer?.bytes ?? NaN,
      gold_bpb: answer ? answer.bits / answer.bytes : NaN,
      gold_scores: answer ? goldItemScores(answer, opts) : {},
    };
  });
}
