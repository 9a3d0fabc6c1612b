// The check report as a list of findings, each with a status and one verdict sentence: what the
// CLI's text and Markdown print and what the Task lab's Check view draws as cards.
import { ACCURACY_RULES, type AccuracyRule } from '../metrics/types';
import { ruleById } from '../scoring/rules';
import { pct, type AnswerStringsReport, type ShareVsChance } from './answerStrings';
import type { ItemList } from './listed';
import type { ScoreProbeReport } from './scoreProbes';
import { FORMAT_PHRASES, FORMAT_PROPERTIES } from './strings';

export type FindingStatus = 'flag' | 'ok' | 'info';

export interface Finding {
  /** The check's name (as --fail-on takes it, where it takes it). */
  key: string;
  title: string;
  status: FindingStatus;
  verdict: string;
  /** The 95% interval of the share the verdict states, when it states one, and the share itself. */
  interval?: [number, number];
  share?: number;
  /** The share expected by chance, against which the verdict reads the interval. */
  chance?: number;
  items?: ItemList;
}

function shareFinding(key: string, title: string, s: ShareVsChance): Finding {
  return {
    key,
    title,
    status: s.n === 0 ? 'info' : s.against === 'above' ? 'flag' : 'ok',
    verdict: s.verdict,
    ...(s.n ? { interval: s.interval, share: s.share, chance: s.expected } : {}),
  };
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}

function listFinding(key: string, title: string, l: ItemList, found: (n: string, have: string) => string, none: string): Finding {
  const n = `${plural(l.count, 'item')} of ${l.n.toLocaleString('en')}`;
  return { key, title, status: l.count > 0 ? 'flag' : 'ok', verdict: l.count > 0 ? found(n, l.count === 1 ? 'has' : 'have') : none, items: l };
}

export function answerStringFindings(r: AnswerStringsReport): Finding[] {
  const counts = Object.entries(r.choice_counts)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${n.toLocaleString('en')} with ${k} choices`)
    .join(', ');
  const out: Finding[] = [
    {
      key: 'choice_counts',
      title: 'Items and choices',
      status: 'info',
      verdict: `${plural(r.n_items, 'item')}: ${counts || 'none multiple choice'}${r.n_cloze ? `; ${plural(r.n_cloze, 'cloze item')} (one answer, skipped by the checks that compare choices)` : ''}`,
    },
    shareFinding('gold_longest', 'Gold is the longest choice', r.length.gold_longest),
    shareFinding('gold_shortest', 'Gold is the shortest choice', r.length.gold_shortest),
    shareFinding('baseline_longest', 'Length-only baseline: longest', r.length.baselines.longest),
    shareFinding('baseline_shortest', 'Length-only baseline: shortest', r.length.baselines.shortest),
    listFinding('duplicates_exact', 'Duplicate choices', r.duplicates.exact, (n, have) => `${n} ${have} two identical choices`, 'no item has two identical choices'),
    listFinding(
      'duplicates_normalised',
      'Duplicates after normalisation',
      r.duplicates.normalised,
      (n, have) => `${n} ${have} two choices that differ only in Unicode form, whitespace or case`,
      'no item has two choices that differ only in Unicode form, whitespace or case',
    ),
  ];
  for (const p of FORMAT_PROPERTIES) {
    const t = r.format_tells[p];
    const [has] = FORMAT_PHRASES[p];
    const odd = Number.isFinite(t.odd_one_out.accuracy)
      ? `; picking the odd one out scores ${pct(t.odd_one_out.accuracy)} against ${pct(t.odd_one_out.chance)} by chance`
      : '';
    out.push(
      listFinding(
        p,
        `Format tell: ${p.replace(/_/g, ' ')}`,
        t,
        (n) => `in ${n} with three or more choices the gold alone differs from every distractor in whether it ${has}${odd}`,
        t.n ? `the gold never alone differs in whether it ${has}${odd}` : 'no item with three or more choices and a gold',
      ),
    );
  }
  out.push(
    listFinding(
      'letter_keys',
      'Letter keys',
      r.letter_keys,
      (n, have) => `${n} ${have} one-character choices (letter keys): acc_norm and acc_bytes divide every choice by the same length, so they equal acc; report acc`,
      'no item has only one-character choices',
    ),
    listFinding(
      'join_whitespace',
      'Whitespace at the join',
      r.join_whitespace,
      (n, have) => `${n} ${have} a context ending in whitespace and a choice starting with whitespace: a double space where they join`,
      'no context ends in whitespace before a choice that starts with it',
    ),
    listFinding(
      'invisible',
      'Invisible characters',
      r.invisible,
      (n, have) => `${n} ${have} a choice holding a format character (Cf) or a space other than U+0020`,
      'no choice holds a format character or an unusual space',
    ),
  );
  return out;
}

function ruleLabel(rule: AccuracyRule): string {
  return rule === 'acc' ? 'acc' : `${rule} (${ruleById(rule)?.label ?? rule})`;
}

/** The findings of the score probes; `prefix` names where the scores came from ("logged", "model"). */
export function probeFindings(p: ScoreProbeReport, prefix: string): Finding[] {
  const rules = ACCURACY_RULES.filter((r) => p.rules[r]);
  const out: Finding[] = [
    {
      key: `${prefix}.rules`,
      title: 'Accuracy per rule',
      status: 'info',
      verdict: rules.length
        ? rules.map((r) => `${ruleLabel(r)} ${pct(p.rules[r]!.value)} ± ${pct(p.rules[r]!.stderr)}`).join('; ')
        : 'no multiple-choice item with scores',
    },
  ];
  if (p.acc_picks_shortest.n) out.push({ ...shareFinding('acc_picks_shortest', 'The raw sum picks the shortest choice', p.acc_picks_shortest), key: 'acc_picks_shortest' });
  const d = p.acc_norm_disagreement;
  if (p.rules.acc && p.rules.acc_norm)
    out.push({
      key: 'acc_norm_disagreement',
      title: 'acc and acc_norm disagree',
      status: d.count > 0 ? 'info' : 'ok',
      verdict: `acc and acc_norm pick different choices in ${plural(d.count, 'item')} of ${d.n.toLocaleString('en')} (${pct(d.share)}): on those, the choice of rule decides the answer`,
      items: d,
    });
  const any = p.rule_disagreement;
  if (rules.length > 2)
    out.push({
      key: 'rule_disagreement',
      title: 'The rules disagree',
      status: any.count > 0 ? 'info' : 'ok',
      verdict: `the ${rules.length} rules do not all pick the same choice in ${plural(any.count, 'item')} of ${any.n.toLocaleString('en')} (${pct(any.share)})`,
      items: any,
    });
  if (p.choices_only) {
    const c = p.choices_only;
    out.push({
      key: 'choices_only',
      title: 'Choices only (no question)',
      status: c.accuracy.interval[0] > c.chance ? 'flag' : 'ok',
      verdict: `${c.verdict}; it picks what the full context picks in ${pct(c.agreement.share)} of items`,
      interval: c.accuracy.interval,
      share: c.accuracy.share,
      chance: c.chance,
    });
  }
  if (p.tokenizer) {
    const m = p.tokenizer.boundary_merge;
    const l = p.tokenizer.inconsistent_leading_space;
    out.push(
      listFinding('boundary_merge', 'Tokens merge across the join', m, (n) => `in ${n} the context's last token merges with a choice's first: the choice's tokens are not a continuation of the context's`, 'no token merges across the context/choice join'),
      listFinding('inconsistent_leading_space', 'Choices differ in starting a word', l, (n) => `in ${n} some choices start a new word and others do not`, 'every item\u2019s choices agree on starting a new word'),
    );
  }
  return out;
}
