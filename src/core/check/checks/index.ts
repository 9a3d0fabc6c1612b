// The checks, in report order: one line per check. Their findings, the --fail-on names, the usage
// text's list, the Markdown, the app's Check view and docs/check.md's table all come from here.
import { FORMAT_PROPERTIES } from '../strings';
import { accNormDisagreement } from './accNormDisagreement';
import { accPicksShortest } from './accPicksShortest';
import { accuracyPerRule } from './accuracyPerRule';
import { baselineLongest } from './baselineLongest';
import { baselineShortest } from './baselineShortest';
import { boundaryMerge } from './boundaryMerge';
import { choiceCounts } from './choiceCounts';
import { choicesOnly } from './choicesOnly';
import { duplicates } from './duplicates';
import { duplicatesExact } from './duplicatesExact';
import { duplicatesNormalised } from './duplicatesNormalised';
import { formatTell } from './formatTell';
import { formatTells } from './formatTells';
import { goldLongest } from './goldLongest';
import { goldRepeatsContext } from './goldRepeatsContext';
import { goldShortest } from './goldShortest';
import { inconsistentLeadingSpace } from './inconsistentLeadingSpace';
import { invisible } from './invisible';
import { joinWhitespace } from './joinWhitespace';
import { letterKeys } from './letterKeys';
import { ruleDisagreement } from './ruleDisagreement';
import type { CheckSpec, ProbeCheck, StringCheck } from './types';

export const CHECKS: readonly CheckSpec[] = [
  choiceCounts,
  goldLongest,
  goldShortest,
  baselineLongest,
  baselineShortest,
  duplicates,
  duplicatesExact,
  duplicatesNormalised,
  formatTells,
  ...FORMAT_PROPERTIES.map(formatTell),
  letterKeys,
  joinWhitespace,
  invisible,
  goldRepeatsContext,
  accuracyPerRule,
  accPicksShortest,
  accNormDisagreement,
  ruleDisagreement,
  choicesOnly,
  boundaryMerge,
  inconsistentLeadingSpace,
];

export const STRING_CHECKS: readonly StringCheck[] = CHECKS.filter((c): c is StringCheck => c.needs === 'strings');
export const PROBE_CHECKS: readonly ProbeCheck[] = CHECKS.filter((c): c is ProbeCheck => c.needs !== 'strings');

/** The checks --fail-on takes, in report order. */
export const FAIL_ON_NAMES: readonly string[] = CHECKS.filter((c) => c.failOn).map((c) => c.key);

export function checkByKey(key: string): CheckSpec | undefined {
  return CHECKS.find((c) => c.key === key);
}

/** docs/check.md's table of checks, one row per check. */
export function checksTable(): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const needs = { strings: 'the file', scores: 'scores (a log or `--model`)', model: '`--model`' } as const;
  const rows = CHECKS.map((c) => `| \`${c.key}\` | ${cell(c.title)} | ${c.section} | ${needs[c.needs]} | ${c.failOn ? 'yes' : '—'} | \`${c.needs === 'strings' ? '' : '….'}${cell(c.json)}\` | ${cell(c.finds)} |`);
  return ['| check | title | section | needs | `--fail-on` | JSON | finds |', '|---|---|---|---|---|---|---|', ...rows].join('\n');
}
