// Task lab data for the lessons: sample tasks scored on the lesson model, reduced to the figures a
// step shows (and a snapshot carries): the BPB family with its α/β fit, R(k), quintiles, accuracies.
import { scoredItemFromCandidates } from '../../core/metrics/fromCandidates';
import { taskMetrics } from '../../core/metrics/taskMetrics';
import { isMultipleChoice, rulePredictions } from '../../core/metrics/accuracy';
import { choiceText } from '../../core/scoring/rules';
import { utf8Length } from '../../core/text/unicode';
import type { ItemScore } from '../../core/scoring/types';
import type { AccuracyRule } from '../../core/metrics/types';
import { DECIDING_RULES, type RuleName } from '../../core/scoring/rules';
import { sampleTask } from '../../core/tasks/samples';
import { continuationOf, type TaskItem, type TaskSet } from '../../core/tasks/types';
import type { TaskRunSnapshot } from '../../state/snapshot';
import { FIXED_OPENER, LETTER_RUN, LONG_MIX_RUN, MIX_WEIGHT, OPENER_RUN, PLAIN_RUN, SHORT_MIX_RUN, TEXT_RUN } from './content';
import { scoreItems } from './lessonEngine';

/**
 * On how many multiple-choice items acc picks a shortest choice and acc_norm and acc_bytes a longest
 * one (in bytes, ties counted, as the Task lab's acc_picks_shortest counts).
 */
function lengthPicks(scored: ReturnType<typeof scoredItemFromCandidates>[]): { accShortest: number; accNormLongest: number; accBytesLongest: number } {
  const out = { accShortest: 0, accNormLongest: 0, accBytesLongest: 0 };
  for (const item of scored.filter(isMultipleChoice)) {
    const lengths = item.choices.map((c) => utf8Length(choiceText(c) ?? ''));
    const [shortest, longest] = [Math.min(...lengths), Math.max(...lengths)];
    const p = rulePredictions(item.choices);
    if (p.acc !== undefined && lengths[p.acc] === shortest) out.accShortest++;
    if (p.acc_norm !== undefined && lengths[p.acc_norm] === longest) out.accNormLongest++;
    if (p.acc_bytes !== undefined && lengths[p.acc_bytes] === longest) out.accBytesLongest++;
  }
  return out;
}

/** Reduce one scored task to a run figure. */
export function taskRun(label: string, set: TaskSet, results: ItemScore[]): TaskRunSnapshot {
  const scored = set.items.map((item, k) => scoredItemFromCandidates(item, results[k].candidates));
  const m = taskMetrics(scored);
  const gold = (item: TaskItem) => (Array.isArray(item.gold) ? item.gold[0] : item.gold);
  const rules = m.accuracies.rules;
  const n = m.accuracies.n_items;
  return {
    label,
    items: set.items.length,
    alpha: m.alpha,
    beta: m.beta,
    corpus: m.corpus_bpb,
    meanOfRatios: m.mean_of_ratios_bpb,
    meanBytes: m.mean_bytes,
    points: set.items.map((item, k) => {
      const c = results[k].candidates[gold(item)];
      return [c.n_bytes, -c.sum_logprob / Math.LN2] as [number, number];
    }),
    R: m.R,
    quintiles: m.quintiles.bins.map((b) => ({ meanBytes: b.mean_bytes, corpus: b.corpus_bpb })),
    ...(n > 0 && rules.acc
      ? {
          // Keyed by the Scorer's rule names (the snapshot's), from the rule table.
          accuracies: Object.fromEntries(DECIDING_RULES.map((r) => [r.names.winner, rules[r.id as AccuracyRule]?.value ?? NaN])) as Record<RuleName, number>,
          accNormDisagreements: Math.round(m.accuracies.acc_acc_norm_disagreement * n),
          lengthPicks: lengthPicks(scored),
          chance: set.items.reduce((s, item) => s + 1 / item.choices.length, 0) / set.items.length,
        }
      : {}),
  };
}

const scoringItems = (set: TaskSet) => set.items.map((item) => ({ context: item.context, candidates: item.choices.map((_, i) => continuationOf(set, item, i)) }));

async function scoreSet(label: string, set: TaskSet): Promise<TaskRunSnapshot> {
  return taskRun(label, set, await scoreItems(scoringItems(set), '', false));
}

/**
 * Two variants of one scored task that differ only in their length mix: the shorter half of the
 * items (by gold length) counted MIX_WEIGHT times and the longer half once, and the reverse. The
 * same answers with the same scores, so any difference between the variants is the mix.
 */
export function lengthMixRuns(set: TaskSet, results: ItemScore[]): TaskRunSnapshot[] {
  const gold = (item: TaskItem) => (Array.isArray(item.gold) ? item.gold[0] : item.gold);
  const bytes = set.items.map((item, k) => results[k].candidates[gold(item)].n_bytes);
  const order = bytes.map((_, k) => k).sort((a, b) => bytes[a] - bytes[b] || a - b);
  const short = new Set(order.slice(0, Math.floor(order.length / 2)));
  const mix = (label: string, heavyShort: boolean) => {
    const ks = set.items.flatMap((_, k) => Array<number>(short.has(k) === heavyShort ? MIX_WEIGHT : 1).fill(k));
    return taskRun(label, { ...set, items: ks.map((k) => set.items[k]) }, ks.map((k) => results[k]));
  };
  return [mix(SHORT_MIX_RUN, true), mix(LONG_MIX_RUN, false)];
}

/** The repairs step's two variants: the opener run in a short-heavy and a long-heavy mix (no scoring beyond the opener run's, which is cached). */
export async function lengthMixFacts(): Promise<TaskRunSnapshot[]> {
  const set = clozeSubset(FIXED_OPENER);
  return lengthMixRuns(set, await scoreItems(scoringItems(set), '', false));
}

/** Every fourth item of the stories cloze sample: 50 golds spread over 2–150 bytes. */
export function clozeSubset(opener: string): TaskSet {
  const set = sampleTask('stories-cloze')!;
  const items = set.items.filter((_, i) => i % 4 === 0).map((item) => ({ ...item, choices: item.choices.map((c) => opener + c) }));
  return { ...set, items };
}

/** The fixed-cost lesson's two runs: as written, and with the same opener before every answer. */
export async function bpbRuns(): Promise<TaskRunSnapshot[]> {
  return [await scoreSet(PLAIN_RUN, clozeSubset('')), await scoreSet(OPENER_RUN, clozeSubset(FIXED_OPENER))];
}

/** The letter-key lesson's two runs: 30 story questions in full text and with letter keys. */
export async function letterRuns(): Promise<TaskRunSnapshot[]> {
  return [await scoreSet(TEXT_RUN, sampleTask('stories-choice')!), await scoreSet(LETTER_RUN, sampleTask('stories-choice-letters')!)];
}
