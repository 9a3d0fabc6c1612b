// The check report as a list of findings, each with a status and one verdict sentence: what the
// CLI's text and Markdown print and what the Task lab's Check view draws as cards. Each check's
// finding comes from its file under checks/, in the registry's order.
import type { AnswerStringsReport } from './answerStrings';
import { PROBE_CHECKS, STRING_CHECKS } from './checks';
import type { CheckSpec, FindingBody } from './checks/types';
import type { ItemList } from './listed';
import type { ScoreProbeReport } from './scoreProbes';

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

function withName(c: CheckSpec, body: FindingBody | undefined): Finding[] {
  return body ? [{ key: c.key, title: c.title, ...body }] : [];
}

/** The answer-string findings, in registry order (a name that only groups others for --fail-on has none). */
export function answerStringFindings(r: AnswerStringsReport): Finding[] {
  return STRING_CHECKS.flatMap((c) => withName(c, c.finding?.(r)));
}

/** The findings of the score probes; `prefix` names where the scores came from ("logged", "model"). */
export function probeFindings(p: ScoreProbeReport, prefix: string): Finding[] {
  return PROBE_CHECKS.flatMap((c) => withName(c, c.finding?.(p, prefix)));
}
