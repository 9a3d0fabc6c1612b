// The Scorer's whole user-visible state, as a versioned schema. Every state that enters the app
// from outside (a share link, local storage) goes through `parseWorkspace`.
import * as v from 'valibot';
import { LENGTH_CONVENTIONS } from '../core/scoring/lengthConvention';
import { BOUNDARY_POLICIES } from '../core/scoring/types';
import { DEVICE_PREFERENCES } from './devices';
import { MAX_CANDIDATES, MAX_LINK_TEXT_CHARS } from './limits';
import { dtypeSchema, HUB_ID_PATTERN, issueText, linkText, modelChoiceSchema, SERVED_NAME_PATTERN } from './linkSchemas';

export { dtypeSchema, HUB_ID_PATTERN, linkText, modelChoiceSchema, SERVED_NAME_PATTERN };

const text = linkText(MAX_LINK_TEXT_CHARS);

export const devicePreferenceSchema = v.picklist(DEVICE_PREFERENCES);
export const unitsSchema = v.picklist(['bits', 'nats']);

export const workspaceSchema = v.object({
  v: v.literal(1),
  model: modelChoiceSchema,
  dtype: dtypeSchema,
  device: devicePreferenceSchema,
  context: text,
  candidates: v.pipe(v.array(text), v.minLength(1, 'needs at least one candidate'), v.maxLength(MAX_CANDIDATES, `holds more than ${MAX_CANDIDATES} candidates`)),
  /** Index of the right answer, when the user knows it. */
  gold: v.nullable(v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(MAX_CANDIDATES - 1))),
  boundaryPolicy: v.picklist(BOUNDARY_POLICIES),
  unconditionalContext: linkText(2_000),
  chatTemplate: v.boolean(),
  units: unitsSchema,
  /** The Scorer's second model ("Compare with…"), when one is loaded beside the first. */
  compare: v.optional(
    v.object({
      model: modelChoiceSchema,
      dtype: dtypeSchema,
      /** Absent in links made before the second model had a device menu: WASM, as it then loaded. */
      device: v.optional(devicePreferenceSchema),
      /** Score the second model's context as a user turn of its chat template (absent: raw). */
      chatTemplate: v.optional(v.boolean()),
    }),
  ),
  /** Which string per-char and per-byte divide by; absent in links made before it existed: lm-eval-harness's. */
  lengths: v.optional(v.picklist(LENGTH_CONVENTIONS), 'harness'),
});

export type Workspace = v.InferOutput<typeof workspaceSchema>;
export type ModelChoice = v.InferOutput<typeof modelChoiceSchema>;
export type { DevicePreference } from './devices';
export type Units = v.InferOutput<typeof unitsSchema>;

export type ParseResult = { ok: true; workspace: Workspace } | { ok: false; error: string };

/** Validate an already-decoded JSON value; the error names the first bad field. */
export function parseWorkspace(value: unknown): ParseResult {
  const r = v.safeParse(workspaceSchema, value);
  if (r.success) {
    if (r.output.gold !== null && r.output.gold >= r.output.candidates.length) {
      return { ok: false, error: `gold index ${r.output.gold} is past the last candidate` };
    }
    return { ok: true, workspace: r.output };
  }
  return { ok: false, error: issueText(r.issues, 'state') };
}
