// Does the gold give itself away by echoing the question? Among the items where exactly one choice
// repeats a content word of the context, the share where that choice is the gold, against g/k (g
// gold labels of k choices): what a choice unrelated to the gold would give.
import { goldIndices, vsChance, type CheckItem, type ShareVsChance } from '../answerStrings';
import { share } from '../interval';
import { normalisedChoice } from '../strings';
import { plural, shareFinding } from './findings';
import { foldedShare, type StringCheck } from './types';

const KEY = 'gold_repeats_context';
const NONE = 'no item where exactly one choice repeats a content word of the context';

/** Common English words of four letters or more that say nothing about the answer. */
const STOP_WORDS = new Set(
  ('about above after again against also because been before being below between both but could does doing down during each ' +
    'from further have having here into itself just more most only other over same should some such than that their theirs ' +
    'them then there these they this those through under until very were what when where which while will with would your yours')
    .split(' '),
);

/** Content words: runs of letters (\p{L}) of four or more, case-folded after NFKC (normalisedChoice), not a stop word. */
export function contentWords(text: string): Set<string> {
  const words = normalisedChoice(text).match(/\p{L}+/gu) ?? [];
  return new Set(words.filter((w) => [...w].length >= 4 && !STOP_WORDS.has(w)));
}

class GoldRepeatsContextFold {
  private hits = 0;
  private n = 0;
  private chanceSum = 0;

  add(item: CheckItem): void {
    const k = item.choices.length;
    if (item.cloze || k < 2) return;
    const gold = goldIndices(item);
    if (gold.length === 0) return;
    const context = contentWords(item.context);
    const repeating = item.choices.flatMap((c, i) => ([...contentWords(c)].some((w) => context.has(w)) ? [i] : []));
    if (repeating.length !== 1) return;
    this.n++;
    this.chanceSum += gold.length / k;
    if (gold.includes(repeating[0])) this.hits++;
  }

  result(): ShareVsChance {
    const n = this.n;
    const s = vsChance(
      share(this.hits, n),
      n ? this.chanceSum / n : NaN,
      (p) => `in ${p} of the ${plural(n, 'item')} where exactly one choice repeats a content word of the context, that choice is the gold`,
    );
    return n ? s : { ...s, verdict: NONE };
  }
}

export const goldRepeatsContext: StringCheck = {
  key: KEY,
  title: 'Only the gold repeats a word of the question',
  section: 'answer strings',
  needs: 'strings',
  json: `checks.${KEY}`,
  finds:
    'of the items where exactly one choice repeats a content word of the context (a run of four or more letters, case-folded, not a common word such as "that" or "which"), the share where that choice is the gold, against g/k for g gold labels of k choices',
  fold: () => new GoldRepeatsContextFold(),
  finding: (r) => {
    const s = foldedShare(r, KEY);
    return s && shareFinding(s);
  },
  failOn: (r) => {
    const s = foldedShare(r.strings, KEY);
    return s ? [{ kind: 'share', s, empty: NONE }] : [];
  },
};
