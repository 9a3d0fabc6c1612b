// The schema pieces every link shares (a model's name, a dtype, a string that is text), and the one
// way a refused value is described. Valibot: each check is its own function, so a snapshot figure
// bundles only the checks its schema uses (a few KB, where a whole schema library was ~20 KB
// gzipped of every figure).
import * as v from 'valibot';
import { ALL_DTYPES } from '../core/dtypes';
import { loneSurrogatePath } from '../core/formats/utf8';

/**
 * A string of at most `max` characters that is text: a lone UTF-16 surrogate (a link can spell
 * one, "\ud800") would be scored as U+FFFD, 3 bytes that are not in it; every other input path
 * refuses it too.
 */
export function linkText(max: number) {
  return v.pipe(
    v.string(),
    v.maxLength(max, (i) => `too long: ${i.received} characters, the limit is ${max}`),
    v.check((s) => loneSurrogatePath(s) === undefined, 'holds a lone surrogate (\\ud800–\\udfff), which is not text'),
  );
}

/** Hub ids look like `owner/name`: letters, digits, `-`, `_`, `.` only. */
export const HUB_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,95}\/[A-Za-z0-9][A-Za-z0-9_.-]{0,95}$/;
/** Served model folder names: one path segment, no dots at the start (no `..`). */
export const SERVED_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/** A model the state can name. A folder picked from disk cannot be shared, so it is not here. */
export const modelChoiceSchema = v.variant('kind', [
  v.object({ kind: v.literal('served'), name: v.pipe(v.string(), v.regex(SERVED_NAME_PATTERN, 'is not a served model folder name')) }),
  v.object({ kind: v.literal('hub'), id: v.pipe(v.string(), v.regex(HUB_ID_PATTERN, 'is not a hub id (owner/name)')) }),
]);

export const dtypeSchema = v.picklist(ALL_DTYPES);

/** A finite number (JSON cannot carry NaN or ±Infinity, and a link must not smuggle them in). */
export const finiteNumber = () => v.pipe(v.number(), v.finite());
/** A whole number in a safe range. */
export const wholeNumber = () => v.pipe(v.number(), v.safeInteger());

type AnyIssue = v.BaseIssue<unknown>;

/** The first refused value as `path: message` (`fallback` names the whole value when the path is empty). */
export function issueText(issues: readonly [AnyIssue, ...AnyIssue[]] | readonly AnyIssue[], fallback: string): string {
  const issue = issues[0];
  const path = (issue.path ?? []).map((p) => String(p.key)).join('.');
  return `${path || fallback}: ${issue.message}`;
}
