// The Scorer's whole user-visible state, as a versioned zod schema. Every state that enters the
// app from outside (a share link, local storage) goes through `parseWorkspace`.
import { LENGTH_CONVENTIONS } from '../core/scoring/lengthConvention';
import { z } from 'zod';
import { BOUNDARY_POLICIES } from '../core/scoring/types';
import { DEVICE_PREFERENCES } from './devices';
import { MAX_CANDIDATES, MAX_LINK_TEXT_CHARS } from './limits';
import { dtypeSchema, HUB_ID_PATTERN, linkText, modelChoiceSchema, SERVED_NAME_PATTERN } from './linkSchemas';

export { dtypeSchema, HUB_ID_PATTERN, linkText, modelChoiceSchema, SERVED_NAME_PATTERN };

const text = linkText(MAX_LINK_TEXT_CHARS);

export const devicePreferenceSchema = z.enum(DEVICE_PREFERENCES);
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
