// What one check declares: its key (the --fail-on name), title, section, what it needs, how its
// figure is folded over items or read from the report, its finding, and what --fail-on reads.
// The registry (`index.ts`) lists them; the report, the CLI, the Markdown, the app and the docs
// table all iterate it.
import type { AnswerStringsReport, CheckItem, ShareVsChance } from '../answerStrings';
import type { ItemList } from '../listed';
import type { ScoreProbeReport } from '../scoreProbes';
import type { Finding } from '../summary';

export type CheckSectionId = 'answer strings' | 'format tells' | 'score probes' | 'tokenizer';

export interface CheckReportParts {
  strings: AnswerStringsReport;
  /** The probes from a log's logged scores, or from a model run (model wins where both exist). */
  probes?: ScoreProbeReport;
}

/** A share against a chance value that is not a ShareVsChance (choices-only accuracy). */
export interface PlainShare {
  n: number;
  share: number;
  interval: [number, number];
  chance: number;
}

/** What --fail-on reads of one check; `label` names the part where a check has several (duplicates, format tells). */
export type FailFinding = ({ kind: 'share'; s: ShareVsChance } | { kind: 'list'; l: ItemList } | { kind: 'shares'; s: PlainShare }) & {
  label?: string;
  /** Why a share has no item to measure, where that is not "no multiple-choice item with a gold". */
  empty?: string;
};

/** A finding as a check gives it: the registry adds the check's key and title. */
export type FindingBody = Omit<Finding, 'key' | 'title'> & { key?: string };

/** A figure a check folds itself over the items; its result lands in the report's `checks.<key>`. */
export type FoldedResult = ShareVsChance | ItemList;

export interface CheckFold {
  /** Every item, cloze and no-gold ones included (the check decides what it counts); `link` builds the item's Scorer link once. */
  add(item: CheckItem, link?: () => string | undefined): void;
  result(): FoldedResult;
}

interface CheckBase {
  /** The check's name: its finding's key and, where it has `failOn`, the name --fail-on takes. */
  key: string;
  title: string;
  section: CheckSectionId;
  /** Where its figures are in `--json`: a path in the report, or for a probe check in its `logged` / `model` part. */
  json: string;
  /** What it finds, one line (the docs table). */
  finds: string;
  /** What --fail-on reads; absent: --fail-on does not take this check. */
  failOn?: (r: CheckReportParts) => FailFinding[];
}

/** A check of the answer strings alone (no model). */
export interface StringCheck extends CheckBase {
  needs: 'strings';
  /** A check that folds its own figure over the items (absent: computed from the report). */
  fold?: () => CheckFold;
  /** Absent for a name that only groups other checks for --fail-on. */
  finding?: (r: AnswerStringsReport) => FindingBody | undefined;
}

/** A check of the scores: a log's logged log-likelihoods or a model's ('model': only a model run has it). */
export interface ProbeCheck extends CheckBase {
  needs: 'scores' | 'model';
  /** `prefix` names where the scores came from ("logged", "model", "run"). */
  finding?: (p: ScoreProbeReport, prefix: string) => FindingBody | undefined;
}

export type CheckSpec = StringCheck | ProbeCheck;

/** A folded check's share from the report (undefined when the report has none, or it is a list). */
export function foldedShare(r: AnswerStringsReport, key: string): ShareVsChance | undefined {
  const x = r.checks?.[key];
  return x && 'expected' in x ? x : undefined;
}

/** A folded check's item list from the report. */
export function foldedList(r: AnswerStringsReport, key: string): ItemList | undefined {
  const x = r.checks?.[key];
  return x && 'items' in x ? x : undefined;
}
