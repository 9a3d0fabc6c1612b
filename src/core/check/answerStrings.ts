// The model-free checks of a benchmark's answer strings (SPEC §6.1), folded one item at a time so
// a 10,000-item file needs memory for the flagged items only. A "choice" is the string as scored
// (an items file's choice as written, an lm-eval log's arg_1); lengths are UTF-8 bytes; ties count.
import { utf8Length } from '../text/unicode';
import { choiceLetter, letterList } from '../text/letters';
import { against, share, type Share } from './interval';
import { ItemListBuilder, type ItemList } from './listed';
import { FORMAT_PHRASES, FORMAT_PROPERTIES, formatProperty, invisibleChars, isLetterKey, normalisedChoice, quoted, type FormatProperty } from './strings';
import { STRING_CHECKS } from './checks';
import type { CheckFold, FoldedResult } from './checks/types';

export interface CheckItem {
  id: string;
  context: string;
  /** The choices as scored; a cloze item has one, its gold continuation. */
  choices: readonly string[];
  /** Valid gold indices (empty when the target is not among the choices). */
  gold: readonly number[];
  /** A cloze item: counted, and skipped by the checks that compare choices. */
  cloze: boolean;
  /** The log-likelihood of each choice as an lm-eval log gives it (carried into the item's Scorer link). */
  logged?: readonly number[];
  /** An lm-eval multiple_input document (winogrande): the choices are the options the contexts end in. */
  multipleInput?: boolean;
}

/** How a listed item is linked (the CLI and the app each build their own Scorer links). */
export type ItemLinker = (item: CheckItem) => string | undefined;

/** A link built at most once, however many checks list the item. */
export function once(f: () => string | undefined): () => string | undefined {
  let done = false;
  let value: string | undefined;
  return () => {
    if (!done) {
      value = f();
      done = true;
    }
    return value;
  };
}

/** A share of items against the share expected by chance. */
export interface ShareVsChance extends Share {
  /** The share if the gold (or the pick) were a uniformly random choice. */
  expected: number;
  /** Where the 95% interval lies against `expected`. */
  against: 'above' | 'below' | 'consistent';
  verdict: string;
}

export interface OddOneOut {
  /** Accuracy of picking the choice that alone differs in the property (a random pick where none does). */
  accuracy: number;
  /** Accuracy of a random pick over the same items. */
  chance: number;
  /** Items with exactly one choice that differs from the rest. */
  n_odd: number;
}

export type FormatTell = ItemList & { odd_one_out: OddOneOut };

export interface AnswerStringsReport {
  n_items: number;
  /** Multiple-choice items by number of choices. */
  choice_counts: Record<string, number>;
  n_multiple_choice: number;
  n_cloze: number;
  /** Multiple-choice items whose gold is not among the choices (left out of the gold checks). */
  n_no_gold: number;
  length: {
    /** Multiple-choice items with a gold among the choices. */
    n_items: number;
    /** Of those, items whose choices all have the same length: there the baselines pick the first choice. */
    n_all_tied: number;
    gold_longest: ShareVsChance;
    gold_shortest: ShareVsChance;
    baselines: { longest: ShareVsChance; shortest: ShareVsChance };
    /** Gold's length rank (1 = longest; 1 + the number of strictly longer choices, so ties share the better rank): counts[r − 1], and the counts a random gold would give. */
    gold_rank: { counts: number[]; expected: number[] };
  };
  duplicates: { exact: ItemList; normalised: ItemList };
  format_tells: Record<FormatProperty, FormatTell>;
  letter_keys: ItemList;
  join_whitespace: ItemList;
  invisible: ItemList;
  /** The figures of the registered checks that fold their own (by check key); absent when none does. */
  checks?: Record<string, FoldedResult>;
  notes: string[];
}

/** P(at least one of g distinct random choices out of k is among the m marked ones) = 1 − C(k−m, g)/C(k, g). */
export function chanceAnyOf(k: number, m: number, g: number): number {
  let none = 1;
  for (let i = 0; i < g; i++) none *= (k - m - i) / (k - i);
  return 1 - Math.max(0, none);
}

export function pct(x: number): string {
  return Number.isFinite(x) ? `${(x * 100).toFixed(1)}%` : 'n/a';
}

function intervalText(s: Share): string {
  return `95% interval ${pct(s.interval[0])}–${pct(s.interval[1])}`;
}

const AGAINST_WORDS = { above: 'more often than chance', below: 'less often than chance', consistent: 'consistent with chance' } as const;

export function vsChance(s: Share, expected: number, lead: (p: string) => string, tail = ''): ShareVsChance {
  const a = against(s, expected);
  const verdict = s.n === 0 ? 'no multiple-choice item with a gold among its choices' : `${lead(pct(s.share))} (${intervalText(s)}), against ${pct(expected)} by chance: ${AGAINST_WORDS[a]}${tail}`;
  return { ...s, expected, against: a, verdict };
}

/** Indices of the longest and shortest choices (UTF-8 bytes; all of each on a tie). */
export function extremes(lengths: readonly number[]): { longest: number[]; shortest: number[] } {
  const max = Math.max(...lengths);
  const min = Math.min(...lengths);
  const longest: number[] = [];
  const shortest: number[] = [];
  lengths.forEach((n, i) => {
    if (n === max) longest.push(i);
    if (n === min) shortest.push(i);
  });
  return { longest, shortest };
}

/** A multiple-choice item's valid gold indices: distinct, in range (empty: no gold among the choices). */
export function goldIndices(item: CheckItem): number[] {
  const k = item.choices.length;
  return [...new Set(item.gold)].filter((g) => Number.isInteger(g) && g >= 0 && g < k);
}

function choiceList(choices: readonly string[]): string {
  const shown = choices.slice(0, 6).map((c) => quoted(c, 12));
  return shown.join(', ') + (choices.length > 6 ? ', …' : '');
}

export class AnswerStringsCheck {
  private n = 0;
  private nMc = 0;
  private nCloze = 0;
  private nNoGold = 0;
  private nMultipleInput = 0;
  private readonly counts = new Map<number, number>();
  private nGold = 0;
  private nAllTied = 0;
  private goldLongest = 0;
  private goldShortest = 0;
  private expLongest = 0;
  private expShortest = 0;
  private baseLongest = 0;
  private baseShortest = 0;
  private chanceSum = 0;
  private rankCounts: number[] = [];
  private rankExpected: number[] = [];
  private readonly exact = new ItemListBuilder();
  private readonly normalised = new ItemListBuilder();
  private readonly tells = Object.fromEntries(FORMAT_PROPERTIES.map((p) => [p, new ItemListBuilder()])) as Record<FormatProperty, ItemListBuilder>;
  private readonly odd = Object.fromEntries(FORMAT_PROPERTIES.map((p) => [p, { hits: 0, chance: 0, nOdd: 0 }])) as Record<FormatProperty, { hits: number; chance: number; nOdd: number }>;
  private readonly letters = new ItemListBuilder();
  private readonly join = new ItemListBuilder();
  private readonly invisible = new ItemListBuilder();
  /** The registered checks that fold their own figure. */
  private readonly folds: [string, CheckFold][] = STRING_CHECKS.flatMap((c) => (c.fold ? [[c.key, c.fold()] as [string, CheckFold]] : []));

  constructor(private readonly linker?: ItemLinker) {}

  add(item: CheckItem): void {
    this.n++;
    if (item.multipleInput) this.nMultipleInput++;
    const link = this.linker ? once(() => this.linker!(item)) : undefined;
    this.checkJoin(item, link);
    this.checkInvisible(item, link);
    for (const [, f] of this.folds) f.add(item, link);
    if (item.cloze || item.choices.length < 2) {
      this.nCloze++;
      return;
    }
    this.nMc++;
    const k = item.choices.length;
    this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
    this.checkDuplicates(item, link);
    this.letters.checked();
    if (item.choices.every(isLetterKey)) this.letters.flag(item.id, () => `every choice is one character: ${choiceList(item.choices)}`, link);
    const gold = goldIndices(item);
    if (gold.length === 0) {
      this.nNoGold++;
      return;
    }
    this.checkLengths(item.choices, gold);
    if (k >= 3 && gold.length < k) this.checkFormat(item, gold, link);
  }

  private checkLengths(choices: readonly string[], gold: number[]): void {
    const k = choices.length;
    const lengths = choices.map(utf8Length);
    const { longest, shortest } = extremes(lengths);
    this.nGold++;
    if (longest.length === k) this.nAllTied++;
    if (gold.some((g) => longest.includes(g))) this.goldLongest++;
    if (gold.some((g) => shortest.includes(g))) this.goldShortest++;
    this.expLongest += chanceAnyOf(k, longest.length, gold.length);
    this.expShortest += chanceAnyOf(k, shortest.length, gold.length);
    if (gold.includes(longest[0])) this.baseLongest++;
    if (gold.includes(shortest[0])) this.baseShortest++;
    this.chanceSum += gold.length / k;
    const rankOf = (i: number) => 1 + lengths.filter((n) => n > lengths[i]).length;
    while (this.rankCounts.length < k) {
      this.rankCounts.push(0);
      this.rankExpected.push(0);
    }
    this.rankCounts[rankOf(gold[0]) - 1]++;
    for (let i = 0; i < k; i++) this.rankExpected[rankOf(i) - 1] += 1 / k;
  }

  private checkDuplicates(item: CheckItem, link?: () => string | undefined): void {
    this.exact.checked();
    this.normalised.checked();
    const pair = (key: (s: string) => string): [number, number] | undefined => {
      const seen = new Map<string, number>();
      for (let i = 0; i < item.choices.length; i++) {
        const s = key(item.choices[i]);
        const j = seen.get(s);
        if (j !== undefined) return [j, i];
        seen.set(s, i);
      }
      return undefined;
    };
    const exact = pair((s) => s);
    if (exact) {
      this.exact.flag(item.id, () => `choices ${choiceLetter(exact[0])} and ${choiceLetter(exact[1])} are both ${quoted(item.choices[exact[0]])}`, link);
      return;
    }
    const norm = pair(normalisedChoice);
    if (norm)
      this.normalised.flag(
        item.id,
        () => `choices ${choiceLetter(norm[0])} and ${choiceLetter(norm[1])} are equal after normalisation: ${quoted(item.choices[norm[0]])} and ${quoted(item.choices[norm[1]])}`,
        link,
      );
  }

  private checkFormat(item: CheckItem, gold: number[], link?: () => string | undefined): void {
    const k = item.choices.length;
    for (const p of FORMAT_PROPERTIES) {
      const has = item.choices.map((c) => formatProperty(c, p));
      const tell = this.tells[p];
      tell.checked();
      const v = has[gold[0]];
      const goldAlone = gold.every((g) => has[g] === v) && has.every((h, i) => gold.includes(i) || h !== v);
      if (goldAlone) {
        const [yes, no] = FORMAT_PHRASES[p];
        tell.flag(item.id, () => (v ? `the gold ${yes}; no other choice does` : `the gold ${no}; every other choice does`), link);
      }
      const nTrue = has.filter(Boolean).length;
      const oddIndex = nTrue === 1 ? has.indexOf(true) : nTrue === k - 1 ? has.indexOf(false) : -1;
      const o = this.odd[p];
      o.chance += gold.length / k;
      if (oddIndex >= 0) {
        o.nOdd++;
        if (gold.includes(oddIndex)) o.hits++;
      } else o.hits += gold.length / k;
    }
  }

  private checkJoin(item: CheckItem, link?: () => string | undefined): void {
    this.join.checked();
    if (!/\p{White_Space}$/u.test(item.context)) return;
    const starts = item.choices.flatMap((c, i) => (/^\p{White_Space}/u.test(c) ? [i] : []));
    if (starts.length === 0) return;
    const end = [...item.context].pop()!;
    const which = starts.length === item.choices.length ? (item.choices.length === 1 ? 'the answer starts' : 'every choice starts') : `choice${starts.length > 1 ? 's' : ''} ${letterList(starts)} start${starts.length > 1 ? '' : 's'}`;
    this.join.flag(item.id, () => `the context ends in ${quoted(end)} and ${which} with whitespace: two spaces at the join`, link);
  }

  private checkInvisible(item: CheckItem, link?: () => string | undefined): void {
    this.invisible.checked();
    const found = item.choices.flatMap((c, i) => invisibleChars(c).map((ch) => ({ ...ch, choice: i })));
    if (found.length === 0) return;
    const first = found[0];
    const more = found.length > 1 ? ` (and ${found.length - 1} more)` : '';
    const where = item.choices.length === 1 ? 'the answer' : `choice ${choiceLetter(first.choice)}`;
    this.invisible.flag(item.id, () => `${where} holds ${first.label} at character ${first.at}${more}`, link);
  }

  report(): AnswerStringsReport {
    const n = this.nGold;
    const notes: string[] = [];
    if (this.nCloze > 0)
      notes.push(
        `${this.nCloze} cloze item${this.nCloze > 1 ? 's have' : ' has'} one answer and no distractors: counted, and skipped by the checks that compare choices (length, duplicates, format tells, letter keys)`,
      );
    if (this.nMultipleInput > 0)
      notes.push(
        `${this.nMultipleInput} document(s) vary the context and share one continuation (lm-eval multiple_input, e.g. winogrande): their choices are the options, the part where the contexts differ (from the start of the word where they first differ)`,
      );
    if (this.nNoGold > 0) notes.push(`${this.nNoGold} multiple-choice item(s) have no gold among their choices: left out of the length and format checks`);
    const chance = n ? this.chanceSum / n : NaN;
    // Where every choice is as long as the others the baseline is a first-choice (position) baseline: say so.
    const tied = this.nAllTied ? `; in ${this.nAllTied.toLocaleString('en')} of ${n.toLocaleString('en')} items every choice is as long as the others, and there it picks the first choice` : '';
    const format = Object.fromEntries(
      FORMAT_PROPERTIES.map((p) => {
        const o = this.odd[p];
        const list = this.tells[p].build();
        return [p, { ...list, odd_one_out: { accuracy: list.n ? o.hits / list.n : NaN, chance: list.n ? o.chance / list.n : NaN, n_odd: o.nOdd } }];
      }),
    ) as Record<FormatProperty, FormatTell>;
    return {
      n_items: this.n,
      choice_counts: Object.fromEntries([...this.counts.entries()].sort((a, b) => a[0] - b[0]).map(([k, c]) => [String(k), c])),
      n_multiple_choice: this.nMc,
      n_cloze: this.nCloze,
      n_no_gold: this.nNoGold,
      length: {
        n_items: n,
        n_all_tied: this.nAllTied,
        gold_longest: vsChance(share(this.goldLongest, n), n ? this.expLongest / n : NaN, (p) => `the gold is a longest choice in ${p} of items`),
        gold_shortest: vsChance(share(this.goldShortest, n), n ? this.expShortest / n : NaN, (p) => `the gold is a shortest choice in ${p} of items`),
        baselines: {
          longest: vsChance(share(this.baseLongest, n), chance, (p) => `always picking the first longest choice scores ${p}`, tied),
          shortest: vsChance(share(this.baseShortest, n), chance, (p) => `always picking the first shortest choice scores ${p}`, tied),
        },
        gold_rank: { counts: [...this.rankCounts], expected: [...this.rankExpected] },
      },
      duplicates: { exact: this.exact.build(), normalised: this.normalised.build() },
      format_tells: format,
      letter_keys: this.letters.build(),
      join_whitespace: this.join.build(),
      invisible: this.invisible.build(),
      ...(this.folds.length ? { checks: Object.fromEntries(this.folds.map(([key, f]) => [key, f.result()])) } : {}),
      notes,
    };
  }
}
