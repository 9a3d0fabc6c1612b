// The Scorer's whole user-visible state, as a versioned zod schema. Every state that enters the
// app from outside (a share link, local storage) goes through `parseWorkspace`.
import { LENGTH_CONVENTIONS } from '../core/scoring/lengthConvention';
import { z } from 'zod';
import { ALL_DTYPES } from '../core/dtypes';
import { BOUNDARY_POLICIES } from '../core/scoring/types';
import { DEVICE_PREFERENCES } from './devices';
import { MAX_CANDIDATES, MAX_LINK_TEXT_CHARS } from './limits';
import { loneSurrogatePath } from '../core/formats/utf8';

/**
 * A string of at most `max` characters that is text: a lone UTF-16 surrogate (a link can spell
 * one, "\ud800") would be scored as U+FFFD, 3 bytes that are not in it; every other input path
 * refuses it too.
 */
export function linkText(max: number) {
  return z
    .string()
    .max(max)
    .refine((s) => loneSurrogatePath(s) === undefined, { message: 'holds a lone surrogate (\\ud800–\\udfff), which is not text' });
}

const text = linkText(MAX_LINK_TEXT_CHARS);

/** Hub ids look like `owner/name`: letters, digits, `-`, `_`, `.` only. */
export const HUB_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,95}\/[A-Za-z0-9][A-Za-z0-9_.-]{0,95}$/;
/** Served model folder names: one path segment, no dots at the start (no `..`). */
export const SERVED_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/** A model the state can name. A folder picked from disk cannot be shared, so it is not here. */
export const modelChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('served'), name: z.string().regex(SERVED_NAME_PATTERN) }),
  z.object({ kind: z.literal('hub'), id: z.string().regex(HUB_ID_PATTERN) }),
]);

export const devicePreferenceSchema = z.enum(DEVICE_PREFERENCES);
export const dtypeSchema = z.enum(ALL_DTYPES);
export const unitsSchema = z.enum(['bits', 'nats']);

export const workspaceSchema = z.object({
  v: z.literal(1),
  model: modelChoiceSchema,
  dtype: dtypeSchema,
  device: devicePreferenceSchema,
  context: text,
  candidates: z.array(text).min(1).max(MAX_CANDIDATES),
  /** Index of the right answer, when the user knows it. */
  gold: z.number().int().min(0).max(MAX_CANDIDATES - 1).nullable(),
  boundaryPolicy: z.enum(BOUNDARY_POLICIES),
  unconditionalContext: linkText(2_000),
  chatTemplate: z.boolean(),
  units: unitsSchema,
  /** The Scorer's second model ("Compare with…"), when one is loaded beside the first. */
  compare: z
    .object({
      model: modelChoiceSchema,
      dtype: dtypeSchema,
      /** Absent in links made before the second model had a device menu: WASM, as it then loaded. */
      device: devicePreferenceSchema.optional(),
      /** Score the second model's context as a user turn of its chat template (absent: raw). */
      chatTemplate: z.boolean().optional(),
    })
    .optional(),
  /** Which string per-char and per-byte divide by; absent in links made before it existed: lm-eval-harness's. */
  lengths: z.enum(LENGTH_CONVENTIONS).default('harness'),
});

export type Workspace = z.infer<typeof workspaceSchema>;
export type ModelChoice = z.infer<typeof modelChoiceSchema>;
export type { DevicePreference } from './devices';
export type Units = z.infer<typeof unitsSchema>;

export type ParseResult = { ok: true; workspace: Workspace } | { ok: false; error: string };

/** Validate an already-decoded JSON value; the error names the first bad field. */
export function parseWorkspace(value: unknown): ParseResult {
  const r = workspaceSchema.safeParse(value);
  if (r.success) {
    if (r.data.gold !== null && r.data.gold >= r.data.candidates.length) {
      return { ok: false, error: `gold index ${r.data.gold} is past the last candidate` };
    }
    return { ok: true, workspace: r.data };
  }
  const issue = r.error.issues[0];
  const where = issue.path.length ? issue.path.join('.') : 'state';
  return { ok: false, error: `${where}: ${issue.message}` };
}
