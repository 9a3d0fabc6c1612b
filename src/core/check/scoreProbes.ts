// The checks that need log-likelihoods (SPEC §6.1): accuracy per rule (the Task lab's numbers),
// how often each rule picks a shortest choice against chance, where acc and acc_norm disagree,
// choices-only accuracy, and the tokenizer's boundary counts. Fed one scored item at a time, from a
// log's logged scores or a model's, so memory stays flat.
import { isCorrect, isMultipleChoice, meanWithStderr, rulePredictions } from '../metrics/accuracy';
import type { AccuracyRule, MeanWithStderr, ScoredItem } from '../metrics/types';
import { ACCURACY_RULES } from '../metrics/types';
import { npArgmax } from '../metrics/stats';
import type { ScoreWarning } from '../scoring/types';
import { utf8Length } from '../text/unicode';
import { choiceLetter, letterList } from '../text/letters';
import { lengthText } from '../scoring/lengthConvention';
import { extremes, once, pct, vsChance, type CheckItem, type ItemLinker, type ShareVsChance } from './answerStrings';
import { share, wilson, type Share } from './interval';
import { ItemListBuilder, type ItemList } from './listed';

export type RuleAccuracy = MeanWithStderr & { interval: [number, number] };

export interface ChoicesOnly {
  /** Accuracy of the argmax of each choice's log-likelihood on the unconditional context (PMI's term). */
  accuracy: Share;
  /** Share of items where that pick is acc's pick (the full context's). */
  agreement: Share;
  /** Accuracy of a random pick (mean of #gold/k). */
  chance: number;
  verdict: string;
}

export interface ScoreProbeReport {
  /** Multiple-choice items with scores. */
  n_items: number;
  rules: Partial<Record<AccuracyRule, RuleAccuracy>>;
  acc_picks_shortest: ShareVsChance;
  /** The same share under every rule that could be computed (the chart). */
  picks_shortest: Partial<Record<AccuracyRule, ShareVsChance>>;
  /** Items where acc and acc_norm pick different choices. */
  acc_norm_disagreement: ItemList;
  /** Items where any two of the rules that could be computed pick different choices. */
  rule_disagreement: ItemList;
  choices_only?: ChoicesOnly;
  /** Items whose scored tokens merge across the context/choice join, and whose choices differ in starting a word (model only). */
  tokenizer?: { boundary_merge: ItemList; inconsistent_leading_space: ItemList };
  notes: string[];
}

function noteOf(m: Map<AccuracyRule, { count: number; ids: string[] }>, rule: AccuracyRule, id: string): void {
  let e = m.get(rule);
  if (!e) m.set(rule, (e = { count: 0, ids: [] }));
  e.count++;
  if (e.ids.length < 10) e.ids.push(id);
}

/** Up to 10 ids, JSON-quoted, and how many more. */
function idList(e: { count: number; ids: string[] }): string {
  return e.ids.map((id) => JSON.stringify(id)).join(', ') + (e.count > e.ids.length ? ` and ${e.count - e.ids.length} more` : '');
}

export class ScoreProbeCheck {
  private n = 0;
  /** Per rule, each decided item's 0/1 (one byte an item): the stderr is then exactly the Task lab's. */
  private readonly correct = new Map<AccuracyRule, number[]>();
  private nLength = 0;
  private expShortest = 0;
  private readonly shortest = new Map<AccuracyRule, number>();
  /** Per rule, the items with two or more choices it decided (the denominator of its picks_shortest). */
  private readonly decided = new Map<AccuracyRule, number>();
  /** Per rule, the items it could not decide (a choice without the score it needs, e.g. an empty choice's PMI): count and first ids. */
  private readonly undecided = new Map<AccuracyRule, { count: number; ids: string[] }>();
  private uncondChanceSum = 0;
  private readonly noUncond: { count: number; ids: string[] } = { count: 0, ids: [] };
  private readonly disagree = new ItemListBuilder();
  private readonly anyDisagree = new ItemListBuilder();
  private nUncond = 0;
  private uncondCorrect = 0;
  private uncondAgree = 0;
  private readonly merge = new ItemListBuilder();
  private readonly leading = new ItemListBuilder();
  private tokenizerSeen = false;

  constructor(private readonly linker?: ItemLinker) {}

  /** One item: its strings as checked and its scores; `warnings` are the engine's for it (a model run). */
  add(item: CheckItem, scored: ScoredItem, warnings?: readonly ScoreWarning[]): void {
    const link = this.linker ? once(() => this.linker!(item)) : undefined;
    if (warnings) this.addTokenizer(item, warnings, link);
    if (!isMultipleChoice(scored)) return;
    this.n++;
    const preds = rulePredictions(scored.choices);
    for (const rule of ACCURACY_RULES) {
      const p = preds[rule];
      if (p === undefined) {
        noteOf(this.undecided, rule, item.id);
        continue;
      }
      let xs = this.correct.get(rule);
      if (!xs) this.correct.set(rule, (xs = []));
      xs.push(isCorrect(scored, p) ? 1 : 0);
    }
    const k = item.choices.length;
    if (k < 2) return;
    const lengths = item.choices.map(utf8Length);
    const { shortest } = extremes(lengths);
    this.nLength++;
    this.expShortest += shortest.length / k;
    for (const rule of ACCURACY_RULES) {
      const p = preds[rule];
      if (p === undefined) continue;
      this.decided.set(rule, (this.decided.get(rule) ?? 0) + 1);
      if (shortest.includes(p)) this.shortest.set(rule, (this.shortest.get(rule) ?? 0) + 1);
    }
    this.disagree.checked();
    if (preds.acc !== undefined && preds.acc_norm !== undefined && preds.acc !== preds.acc_norm) {
      const a = preds.acc;
      const b = preds.acc_norm;
      const gold = item.gold.length ? `; gold ${letterList(item.gold)}` : '';
      // Bytes as acc_norm and acc_bytes count them (lm-eval: the choice without its delimiter), as the Scorer does.
      const bytes = (i: number) => {
        const n = utf8Length(lengthText(item.choices[i], 'harness'));
        return `${n} byte${n === 1 ? '' : 's'}`;
      };
      this.disagree.flag(item.id, () => `acc picks ${choiceLetter(a)} (${bytes(a)}), acc_norm picks ${choiceLetter(b)} (${bytes(b)})${gold}`, link);
    }
    this.anyDisagree.checked();
    const picked = ACCURACY_RULES.filter((r) => preds[r] !== undefined);
    if (new Set(picked.map((r) => preds[r])).size > 1)
      this.anyDisagree.flag(item.id, () => picked.map((r) => `${r} → ${choiceLetter(preds[r]!)}`).join(', '), link);
    const golds = item.gold.filter((g) => g >= 0 && g < k);
    const uncond = scored.choices.map((c) => c.unconditionalLogprob);
    if (uncond.every((u): u is number => u !== undefined)) {
      this.nUncond++;
      this.uncondChanceSum += golds.length / k;
      const pick = npArgmax(uncond);
      if (isCorrect(scored, pick)) this.uncondCorrect++;
      if (pick === preds.acc) this.uncondAgree++;
    } else {
      this.noUncond.count++;
      if (this.noUncond.ids.length < 10) this.noUncond.ids.push(item.id);
    }
  }

  private addTokenizer(item: CheckItem, warnings: readonly ScoreWarning[], link?: () => string | undefined): void {
    this.tokenizerSeen = true;
    this.merge.checked();
    this.leading.checked();
    const merged = warnings.find((w) => w.code === 'boundary_merge');
    if (merged) this.merge.flag(item.id, () => `the context's last token merges with the start of choice${merged.candidates.length > 1 ? 's' : ''} ${letterList(merged.candidates)}`, link);
    const lead = warnings.find((w) => w.code === 'inconsistent_leading_space');
    if (lead) this.leading.flag(item.id, () => `choices ${letterList(lead.candidates)} start a new word and the others do not (or the reverse)`, link);
  }

  report(): ScoreProbeReport {
    const n = this.n;
    const rules: ScoreProbeReport['rules'] = {};
    const notes: string[] = [];
    for (const rule of ACCURACY_RULES) {
      const xs = this.correct.get(rule);
      // A rule that some items cannot decide is reported on the rest, and those items named.
      if (!xs || xs.length === 0) continue;
      const left = this.undecided.get(rule);
      if (left) notes.push(`${rule} is reported on ${xs.length} of ${n} items: it cannot decide ${left.count} (a choice without the score it needs, e.g. an empty choice): ${idList(left)}`);
      let c = 0;
      for (const x of xs) c += x;
      rules[rule] = { ...meanWithStderr(xs), interval: wilson(c, n) };
    }
    const expected = this.nLength ? this.expShortest / this.nLength : NaN;
    const picks: ScoreProbeReport['picks_shortest'] = {};
    // Only a rule that decided every item shares the expected share's items (the others would need their own).
    for (const rule of Object.keys(rules) as AccuracyRule[])
      if ((this.decided.get(rule) ?? 0) === this.nLength)
        picks[rule] = vsChance(share(this.shortest.get(rule) ?? 0, this.nLength), expected, (p) => `${rule} picks a shortest choice in ${p} of items`);
    const out: ScoreProbeReport = {
      n_items: n,
      rules,
      acc_picks_shortest: picks.acc ?? vsChance(share(0, 0), NaN, () => ''),
      picks_shortest: picks,
      acc_norm_disagreement: this.disagree.build(),
      rule_disagreement: this.anyDisagree.build(),
      notes,
    };
    if (this.nUncond > 0) {
      const accuracy = share(this.uncondCorrect, this.nUncond);
      const chance = this.uncondChanceSum / this.nUncond;
      if (this.noUncond.count)
        notes.push(`choices-only accuracy is reported on ${this.nUncond} of ${this.nLength} items: in ${this.noUncond.count} a choice has no score on the empty context (e.g. an empty choice): ${idList(this.noUncond)}`);
      const beats = accuracy.interval[0] > chance;
      out.choices_only = {
        accuracy,
        agreement: share(this.uncondAgree, this.nUncond),
        chance,
        verdict:
          `without the question the model scores ${pct(accuracy.share)} (95% interval ${pct(accuracy.interval[0])}–${pct(accuracy.interval[1])}), against ${pct(chance)} by chance` +
          (beats ? ': the choices alone give the answer away more often than chance' : ': no better than chance'),
      };
    } else if (this.nLength > 0) out.notes.push('choices-only accuracy needs each choice scored on the unconditional context (a model run, or a log with acc_mutual_info)');
    if (this.tokenizerSeen) out.tokenizer = { boundary_merge: this.merge.build(), inconsistent_leading_space: this.leading.build() };
    return out;
  }
}
