// The schema pieces every link shares (a model's name, a dtype, a string that is text), in zod's
// tree-shakable "mini" form: a snapshot figure validates its link with these and never loads the
// Scorer's workspace schema. zod's classic schemas (workspaceSchema.ts) nest them as they are.
import { z } from 'zod/mini';
import { ALL_DTYPES } from '../core/dtypes';
import { loneSurrogatePath } from '../core/formats/utf8';

// zod/mini carries no messages of its own: the same English ones the classic schemas give.
z.config(z.locales.en());

/**
 * A string of at most `max` characters that is text: a lone UTF-16 surrogate (a link can spell
 * one, "\ud800") would be scored as U+FFFD, 3 bytes that are not in it; every other input path
 * refuses it too.
 */
export function linkText(max: number) {
  return z.string().check(
    z.maxLength(max),
    z.refine((s) => loneSurrogatePath(s) === undefined, { message: 'holds a lone surrogate (\\ud800–\\udfff), which is not text' }),
  );
}

/** Hub ids look like `owner/name`: letters, digits, `-`, `_`, `.` only. */
export const HUB_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,95}\/[A-Za-z0-9][A-Za-z0-9_.-]{0,95}$/;
/** Served model folder names: one path segment, no dots at the start (no `..`). */
export const SERVED_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/** A model the state can name. A folder picked from disk cannot be shared, so it is not here. */
export const modelChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('served'), name: z.string().check(z.regex(SERVED_NAME_PATTERN)) }),
  z.object({ kind: z.literal('hub'), id: z.string().check(z.regex(HUB_ID_PATTERN)) }),
]);

export const dtypeSchema = z.enum(ALL_DTYPES);
