// The seventh lesson's data. Sharpening: the stories cloze sample made multiple-choice (each
// story's own ending against three other stories' endings) and scored at three temperatures on the
// logits. PMI per byte: the 30 full-text story questions, PMI with and without a division by bytes.
import { sampleTask } from '../../core/tasks/samples';
import { continuationOf, type TaskSet } from '../../core/tasks/types';
import type { ItemScore } from '../../core/scoring/types';
import type { TemperedCandidate } from '../../state/engineSession';

/** Sharpened (the likely tokens likelier), as trained, flattened: the table's rows. */
export const TEMPERATURES = [0.5, 1, 2] as const;
/** The slider's temperatures: 0.25 to 4 in steps of √2, even on a log scale (the table's three among them, exactly). */
export const CURVE_TEMPERATURES: readonly number[] = [-4, -3, -2, -1, 0, 1, 2, 3, 4].map((k) => 2 ** (k / 2));
export const TEMPERATURE_LABEL: Record<number, string> = { 0.5: 'sharpened, T = 0.5', 1: 'as trained, T = 1', 2: 'flattened, T = 2' };

export interface SharpenRow {
  label: string;
  T: number;
  acc: number;
  accNorm: number;
}

/** One item's answers token by token at every curve temperature: the item acc gets wrong at T = 1 and right at T = 0.5. */
export interface SharpenTrace {
  context: string;
  choices: string[];
  gold: number;
  /** Per choice, its tokenizer pieces. */
  pieces: string[][];
  /** Per choice, per curve temperature, each token's surprisal in bits. */
  bits: number[][][];
}

export interface PmiBytesRow {
  label: string;
  accuracy: number;
  /** Share of questions where the rule picks a shortest (longest) choice, ties counted. */
  shortest: number;
  longest: number;
}

/** Every story of the cloze sample with its own ending and the endings 50, 100 and 150 stories on; the gold's slot turns with the item. */
export function sharpenSet(): TaskSet {
  const cloze = sampleTask('stories-cloze')!;
  const N = cloze.items.length;
  const items = cloze.items.map((item, i) => {
    const others = [50, 100, 150].map((d) => cloze.items[(i + d) % N].choices[0]);
    const gold = i % 4;
    const choices = [...others.slice(0, gold), item.choices[0], ...others.slice(gold)];
    return { id: `${item.id}-mc`, context: item.context, choices, gold };
  });
  return { name: 'stories-cloze as 4-way choice', targetDelimiter: cloze.targetDelimiter, items };
}

const argmax = (a: readonly number[]) => a.reduce((best, x, i) => (x > a[best] ? i : best), 0);
/** lm-eval-harness's acc_norm length: the choice without its delimiter, in code points. */
const chars = (s: string) => [...s].length;
const bytes = (s: string) => new TextEncoder().encode(s).length;

/** acc and acc_norm at each temperature from the tempered sums (per item, per candidate). */
export function sharpenRows(set: TaskSet, scored: readonly TemperedCandidate[][], temperatures: readonly number[]): SharpenRow[] {
  return temperatures.map((T, k) => {
    let acc = 0;
    let norm = 0;
    set.items.forEach((item, i) => {
      const sums = scored[i].map((c) => c.sums[k]);
      if (argmax(sums) === item.gold) acc++;
      if (argmax(sums.map((s, j) => s / chars(item.choices[j]))) === item.gold) norm++;
    });
    return { label: TEMPERATURE_LABEL[T] ?? `T = ${T}`, T, acc: acc / set.items.length, accNorm: norm / set.items.length };
  });
}

/** The sharpening steps' numbers from every item scored at CURVE_TEMPERATURES: the curve, the table's rows, and one item's traces. */
export function sharpenFacts(set: TaskSet, scored: readonly TemperedCandidate[][]): { items: number; rows: SharpenRow[]; curve: SharpenRow[]; trace: SharpenTrace | null } {
  const curve = sharpenRows(set, scored, CURVE_TEMPERATURES);
  const rows = curve.filter((r) => (TEMPERATURES as readonly number[]).includes(r.T));
  const at = (T: number) => CURVE_TEMPERATURES.indexOf(T);
  const i = set.items.findIndex((item, k) => argmax(scored[k].map((c) => c.sums[at(1)])) !== item.gold && argmax(scored[k].map((c) => c.sums[at(0.5)])) === item.gold);
  const item = set.items[i];
  const trace: SharpenTrace | null =
    i < 0 || typeof item.gold !== 'number'
      ? null
      : { context: item.context, choices: item.choices, gold: item.gold, pieces: scored[i].map((c) => c.pieces), bits: scored[i].map((c) => c.perToken.map((terms) => terms.map((lp) => -lp / Math.LN2))) };
  return { items: set.items.length, rows, curve, trace };
}

export function sharpenRequests(set: TaskSet): { context: string; candidates: string[] }[] {
  return set.items.map((item) => ({ context: item.context, candidates: item.choices.map((_, i) => continuationOf(set, item, i)) }));
}

/** The PMI-per-byte step's questions. */
export const pmiSet = (): TaskSet => sampleTask('stories-choice')!;

/** acc, acc_bytes, PMI and PMI per byte on the full-text questions: accuracy, and how often each picks the shortest and the longest choice. */
export function pmiBytesRows(set: TaskSet, results: readonly ItemScore[]): { rows: PmiBytesRow[]; goldShortest: number } {
  const rules: [string, (c: ItemScore['candidates'][number], n: number) => number][] = [
    ['acc (the sum)', (c) => c.sum_logprob],
    ['acc_bytes (the sum per byte)', (c, n) => c.sum_logprob / n],
    ['acc_mutual_info (PMI)', (c) => c.sum_logprob - c.unconditional_logprob],
    ['PMI per byte', (c, n) => (c.sum_logprob - c.unconditional_logprob) / n],
  ];
  const N = set.items.length;
  const lens = set.items.map((item) => item.choices.map(bytes));
  const rows = rules.map(([label, value]) => {
    let right = 0;
    let shortest = 0;
    let longest = 0;
    set.items.forEach((item, i) => {
      const pick = argmax(results[i].candidates.map((c, j) => value(c, lens[i][j])));
      if (pick === item.gold) right++;
      // A pick counts as the shortest (longest) when no choice is shorter (longer): ties counted, as the Task lab's acc_picks_shortest counts.
      if (lens[i][pick] === Math.min(...lens[i])) shortest++;
      if (lens[i][pick] === Math.max(...lens[i])) longest++;
    });
    return { label, accuracy: right / N, shortest: shortest / N, longest: longest / N };
  });
  const goldShortest = set.items.filter((item, i) => [item.gold].flat().some((g) => lens[i][g] === Math.min(...lens[i]))).length / N;
  return { rows, goldShortest };
}
