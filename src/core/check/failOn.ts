// `--fail-on`: which checks make a CI run fail, and when. A name alone fails when the check finds
// something (a listed item; a share whose 95% interval lies above chance); `name>x` or `name>=x`
// fails when the check's share passes x (a share of the items it checked, 0 to 1).
import { pct } from './answerStrings';
import { CHECKS } from './checks';
import type { CheckReportParts, FailFinding } from './checks/types';

export type { CheckReportParts };

interface FailOnCheck {
  /** Needs the score probes (a log or --model). */
  probe: boolean;
  /** Needs what only a model run gives (the scored tokens): a log never has it. */
  modelOnly?: boolean;
  find(r: CheckReportParts): FailFinding[];
}

/** The checks --fail-on takes, from the registry: each check that declares `failOn`. */
export const FAIL_ON_CHECKS: Record<string, FailOnCheck> = Object.fromEntries(
  CHECKS.flatMap((c) => (c.failOn ? [[c.key, { probe: c.needs !== 'strings', ...(c.needs === 'model' ? { modelOnly: true } : {}), find: c.failOn }]] : [])),
);

export interface FailOnRule {
  check: string;
  /** Absent: fail when the check finds anything. */
  threshold?: { op: '>' | '>='; value: number };
}

/** Parses `--fail-on`; a bad name or threshold throws a one-line message (the CLI's usage error). */
export function parseFailOn(raw: string): FailOnRule[] {
  const out: FailOnRule[] = [];
  for (const part of raw.split(',').map((s) => s.trim())) {
    if (part === '') throw new Error(`--fail-on has an empty check name in "${raw}"`);
    const m = /^([a-z_]+)\s*(?:(>=|>)\s*(.*))?$/.exec(part);
    const other = /^([a-z_]+)\s*(<=|<|==|=|!=|=>)/.exec(part);
    if (!m && other && other[1] in FAIL_ON_CHECKS)
      throw new Error(`--fail-on: "${part}": a check fails when its share passes a threshold, so it takes > or >= only (e.g. ${other[1]}>0.35), not ${other[2]}`);
    const name = m?.[1] ?? part;
    if (!m || !(name in FAIL_ON_CHECKS)) throw new Error(`--fail-on: unknown check "${part}" (checks: ${Object.keys(FAIL_ON_CHECKS).join(', ')})`);
    if (m[2] === undefined) {
      out.push({ check: name });
      continue;
    }
    const v = /^(0(\.\d+)?|1(\.0*)?|\.\d+)$/.test(m[3]) ? Number(m[3]) : NaN;
    if (!Number.isFinite(v)) throw new Error(`--fail-on: the threshold of ${name} must be a share from 0 to 1, got "${m[3]}"`);
    out.push({ check: name, threshold: { op: m[2] as '>' | '>=', value: v } });
  }
  return out;
}

/** The checks that need scores, among the rules (so the CLI can say which need --model or a log). */
export function probeChecks(rules: readonly FailOnRule[]): string[] {
  return rules.filter((r) => FAIL_ON_CHECKS[r.check].probe).map((r) => r.check);
}

/** The checks that only a model run can answer (a log's scores carry no tokens). */
export function modelOnlyChecks(rules: readonly FailOnRule[]): string[] {
  return rules.filter((r) => FAIL_ON_CHECKS[r.check].modelOnly).map((r) => r.check);
}

export interface FailOnResult {
  check: string;
  rule: string;
  failed: boolean;
  /** False when the input cannot answer the check at all (e.g. choices-only from a log without acc_mutual_info): a wrong command line for it. */
  ran: boolean;
  /** The share the rule compared (NaN when the check could not run). */
  value: number;
  why: string;
}

function passes(value: number, t: NonNullable<FailOnRule['threshold']>): boolean {
  return t.op === '>' ? value > t.value : value >= t.value;
}

export function evaluateFailOn(rules: readonly FailOnRule[], r: CheckReportParts): FailOnResult[] {
  return rules.map((rule) => {
    const label = rule.threshold ? `${rule.check}${rule.threshold.op}${rule.threshold.value}` : rule.check;
    const findings = FAIL_ON_CHECKS[rule.check].find(r);
    if (findings.length === 0) return { check: rule.check, rule: label, failed: true, ran: false, value: NaN, why: 'could not run on this input: fails' };
    let failed = false;
    let value = 0;
    const whys: string[] = [];
    for (const f of findings) {
      if (f.kind === 'list') {
        value = Math.max(value, Number.isNaN(f.l.share) ? 0 : f.l.share);
        const hit = rule.threshold ? passes(f.l.share, rule.threshold) : f.l.count > 0;
        failed ||= hit;
        whys.push(`${f.label ? `${f.label}: ` : ''}${f.l.count} of ${f.l.n} items (${pct(f.l.share)})`);
      } else if (f.s.n === 0) {
        // A gate on nothing (no gold could be read; nothing scored) must not pass.
        failed = true;
        value = NaN;
        whys.push(`${f.label ? `${f.label}: ` : ''}no item to measure (${f.empty ?? `no multiple-choice item with a gold among its choices${f.kind === 'shares' || FAIL_ON_CHECKS[rule.check].probe ? ' and scores' : ''}`})`);
      } else {
        const s = f.s;
        const chance = f.kind === 'share' ? f.s.expected : f.s.chance;
        value = s.share;
        const hit = rule.threshold ? passes(s.share, rule.threshold) : s.interval[0] > chance;
        failed ||= hit;
        whys.push(`${f.label ? `${f.label}: ` : ''}${pct(s.share)} (95% interval ${pct(s.interval[0])}–${pct(s.interval[1])}) against ${pct(chance)} by chance`);
      }
    }
    const nothing = findings.some((f) => f.kind !== 'list') ? ', or on nothing to measure' : '';
    const cond = `${rule.threshold ? `the share ${rule.threshold.op} ${rule.threshold.value}` : 'any finding'}${nothing}`;
    return { check: rule.check, rule: label, failed, ran: true, value, why: `${whys.join('; ')}: ${failed ? 'fails' : 'passes'} (it fails on ${cond})` };
  });
}
