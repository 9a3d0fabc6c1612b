// A snapshot: the computed result of a figure (scores, tokens, winners), carried in an embed link
// so that the figure renders at once, with no model download. Like the rest of the URL state it is
// untrusted: size-checked, parsed as JSON (never evaluated) and validated field by field with zod
// (its tree-shakable mini form: a figure loads this and no other schema); React renders every
// string in it as text.
import { z } from 'zod/mini';
import { BOUNDARY_POLICIES, WARNING_CODES, type ItemScore } from '../core/scoring/types';
import { LENGTH_CONVENTIONS } from '../core/scoring/lengthConvention';
import { DECIDING_RULES, candidateScoreFields, type RuleName, type ScoreField } from '../core/scoring/rules';
import { MAX_CANDIDATES, MAX_STATE_JSON_CHARS } from './limits';
import { decodeLinkPayload, encodeLinkPayload } from './linkPayload';
import { dtypeSchema, linkText, modelChoiceSchema } from './linkSchemas';

/** Most tokens one snapshotted candidate may carry (a figure, not a corpus). */
export const MAX_SNAPSHOT_TOKENS = 400;
/** Longest compressed snapshot (characters of the link after `snap=`). */
export const MAX_SNAPSHOT_CHARS = 48_000;

const num = z.number(); // zod rejects NaN and ±Infinity: a snapshot only ever holds finite numbers
const int = z.int();
const between = (lo: number, hi: number) => z.int().check(z.minimum(lo), z.maximum(hi));
const atLeast = (lo: number) => z.int().check(z.minimum(lo));
const idx = between(0, MAX_CANDIDATES - 1);
/** A rule's score: a number, or NaN where it has none (written as null in the link's JSON). */
const ruleScore = z.pipe(z.union([z.number(), z.nan(), z.null()]), z.transform((v: number | null) => v ?? NaN));
const short = z.string().check(z.maxLength(400));
const text = linkText(8_000);
/** A rule's winner: a candidate's index, or -1 where no candidate can win (winners()). */
const winner = between(-1, MAX_CANDIDATES - 1);

// The shape of the first snapshots shared (app 0.1.0): the rules' winners and the per-candidate
// fields they carried. Every rule or field added to the rule table after it is read as optional,
// so a link made before it still opens, with it read as not computed (NaN; a winner of -1, "no
// candidate"): a new rule needs no entry here.
export const FIRST_SNAPSHOT_WINNERS: readonly string[] = ['acc', 'acc_norm', 'acc_bytes', 'per_token', 'pmi'];
export const FIRST_SNAPSHOT_FIELDS: readonly string[] = ['sum_logprob', 'per_token', 'per_char', 'per_byte', 'bits_per_byte', 'pmi', 'unconditional_logprob', 'prior_bpb'];
const LATER_FIELDS: ReadonlySet<string> = new Set(candidateScoreFields().filter((f) => !FIRST_SNAPSHOT_FIELDS.includes(f)));
const LATER_WINNERS: ReadonlySet<string> = new Set(DECIDING_RULES.map((r) => r.names.winner!).filter((w) => !FIRST_SNAPSHOT_WINNERS.includes(w)));
const laterScore = z.pipe(z.optional(z.union([z.number(), z.nan(), z.null()])), z.transform((v: number | null | undefined) => v ?? NaN));
const laterWinner = z.pipe(z.optional(winner), z.transform((v: number | undefined) => v ?? -1));
const laterNum = z.pipe(z.optional(num), z.transform((v: number | undefined) => v ?? NaN));

const unit = () => z.number().check(z.minimum(0), z.maximum(1));
const topSchema = z.object({ id: int, piece: short, prob: unit() });
const tokenSchema = z.object({
  id: int,
  piece: short,
  text: short,
  bytes: z.tuple([atLeast(0), atLeast(0)]),
  logprob: z.number().check(z.maximum(0)),
  bits: z.number().check(z.minimum(0)),
  rank: atLeast(1),
  entropy: num,
  top: z.array(topSchema).check(z.maxLength(10)),
  greedy: z.boolean(),
  weight: z.optional(unit()),
});
const boundaryInfoSchema = z.object({
  policy: z.enum(BOUNDARY_POLICIES),
  straddlingPiece: z.optional(short),
  contextBytes: z.optional(int),
  continuationBytes: z.optional(int),
});
const candidateSchema = z.object({
  text,
  continuation: text,
  boundary: z.enum(['ok', 'merged']),
  boundary_info: z.optional(boundaryInfoSchema),
  tokens: z.array(tokenSchema).check(z.maxLength(MAX_SNAPSHOT_TOKENS)),
  n_tokens: atLeast(0),
  n_bytes: atLeast(0),
  n_chars: atLeast(0),
  // One number per row of the rule table, and PMI's unconditional and the word-final terms; NaN
  // where a rule has no value (PMI without its term), which JSON carries as null.
  ...(Object.fromEntries(candidateScoreFields().map((f) => [f, LATER_FIELDS.has(f) ? laterScore : ruleScore])) as Record<ScoreField | 'unconditional_logprob' | 'word_final_logprob', typeof ruleScore>),
  first_token_bits: num,
  is_greedy: z.boolean(),
  byte_note: z.optional(short),
});
const warningSchema = z.object({
  code: z.enum(WARNING_CODES),
  message: z.string().check(z.maxLength(2_000)),
  candidates: z.array(idx).check(z.maxLength(MAX_CANDIDATES)),
});
export const itemScoreSchema = z.object({
  context: linkText(16_000),
  candidates: z.array(candidateSchema).check(z.minLength(1), z.maxLength(MAX_CANDIDATES)),
  winners: z.object(Object.fromEntries(DECIDING_RULES.map((r) => [r.names.winner, LATER_WINNERS.has(r.names.winner!) ? laterWinner : winner])) as Record<RuleName, typeof winner>),
  warnings: z.array(warningSchema).check(z.maxLength(64)),
});

/** Which model computed a snapshot, so a live run can say when it is another one. */
export const snapshotModelSchema = z.object({
  /** The id the engine reported (e.g. `stories260K`). */
  id: z.string().check(z.maxLength(200)),
  choice: modelChoiceSchema,
  dtype: dtypeSchema,
  device: z.enum(['webgpu', 'wasm', 'cpu']),
});

/** A Scorer figure: one item, every rule, every token. */
export const scorerSnapshotSchema = z.object({
  v: z.literal(1),
  kind: z.literal('scorer'),
  model: snapshotModelSchema,
  unconditionalContext: z.string().check(z.maxLength(2_000)),
  boundaryPolicy: z.enum(BOUNDARY_POLICIES),
  gold: z.nullable(idx),
  /** Workspace index of each scored candidate. */
  indices: z.array(idx).check(z.maxLength(MAX_CANDIDATES)),
  result: itemScoreSchema,
  /**
   * The length convention the results were counted under (their per-char and per-byte values);
   * absent in snapshots made before it was carried: as typed, the engine's own count.
   */
  lengths: z.optional(z.enum(LENGTH_CONVENTIONS)),
  /** A second model's result on the same item ("Compare with…"), under the same convention. */
  compare: z.optional(z.object({ model: snapshotModelSchema, result: itemScoreSchema, chatTemplate: z.optional(z.boolean()) })),
  /** The app version that computed it. */
  app: z.string().check(z.maxLength(40)),
});

/** One run of a task figure: the BPB family, its fit, and the per-byte cost curve. */
export const taskRunSnapshotSchema = z.object({
  label: z.string().check(z.maxLength(200)),
  items: atLeast(1),
  alpha: num,
  beta: num,
  corpus: num,
  meanOfRatios: num,
  meanBytes: num,
  /** (bytes, bits) per item's gold answer. */
  points: z.array(z.tuple([num, num])).check(z.maxLength(1_000)),
  /** R(k), k = 1..K: mean per-byte cost at byte k of the answers. */
  R: z.array(num).check(z.maxLength(4_000)),
  quintiles: z.array(z.object({ meanBytes: num, corpus: num })).check(z.maxLength(10)),
  /** Multiple-choice runs: accuracy under each rule, and on how many items acc and acc_norm pick differently. */
  accuracies: z.optional(z.object(Object.fromEntries(DECIDING_RULES.map((r) => [r.names.winner, LATER_WINNERS.has(r.names.winner!) ? laterNum : num])) as Record<RuleName, typeof laterNum>)),
  accNormDisagreements: z.optional(atLeast(0)),
  /** Multiple-choice runs: on how many items acc picks a shortest choice, acc_norm and acc_bytes a longest one (ties counted; absent in older links). */
  lengthPicks: z.optional(z.object({ accShortest: atLeast(0), accNormLongest: atLeast(0), accBytesLongest: atLeast(0) })),
  /** Multiple-choice runs: the accuracy of guessing, the mean over items of 1/k (absent in older links). */
  chance: z.optional(num),
});
export const taskSnapshotSchema = z.object({
  v: z.literal(1),
  kind: z.literal('task'),
  model: snapshotModelSchema,
  runs: z.array(taskRunSnapshotSchema).check(z.minLength(1), z.maxLength(4)),
  app: z.string().check(z.maxLength(40)),
});

export const snapshotSchema = z.discriminatedUnion('kind', [scorerSnapshotSchema, taskSnapshotSchema]);
export type Snapshot = z.infer<typeof snapshotSchema>;
export type ScorerSnapshot = z.infer<typeof scorerSnapshotSchema>;
export type TaskSnapshot = z.infer<typeof taskSnapshotSchema>;
export type TaskRunSnapshot = z.infer<typeof taskRunSnapshotSchema>;
export type SnapshotModel = z.infer<typeof snapshotModelSchema>;

export type SnapshotParse = { ok: true; snapshot: Snapshot } | { ok: false; error: string };

export const APP_VERSION = '0.1.0';

/** The snapshot of a Scorer result; null with a reason when it cannot be carried in a link. */
export function scorerSnapshot(
  model: SnapshotModel,
  result: ItemScore,
  extra: Pick<ScorerSnapshot, 'indices' | 'gold' | 'unconditionalContext' | 'boundaryPolicy' | 'lengths'> & { compare?: { model: SnapshotModel; result: ItemScore; chatTemplate?: boolean } },
): { ok: true; snapshot: ScorerSnapshot } | { ok: false; error: string } {
  const value = { v: 1 as const, kind: 'scorer' as const, model, ...extra, result, app: APP_VERSION };
  const r = scorerSnapshotSchema.safeParse(value);
  if (!r.success) return { ok: false, error: `this result cannot be put in a link (${issueText(r.error)})` };
  return { ok: true, snapshot: r.data };
}

function issueText(e: { issues: readonly z.core.$ZodIssue[] }): string {
  const issue = e.issues[0];
  return `${issue.path.length ? issue.path.join('.') : 'snapshot'}: ${issue.message}`;
}

/** The link payload of a snapshot, or an error when it is over the size limit. */
export function encodeSnapshot(s: Snapshot): { ok: true; payload: string } | { ok: false; error: string } {
  const payload = encodeLinkPayload(s);
  if (payload.length > MAX_SNAPSHOT_CHARS) {
    return { ok: false, error: `the snapshot is too large for a link (${payload.length.toLocaleString('en')} characters; the limit is ${MAX_SNAPSHOT_CHARS.toLocaleString('en')}): use fewer or shorter candidates` };
  }
  return { ok: true, payload };
}

/** Decode and validate a snapshot payload; every failure says what was wrong. */
export function decodeSnapshot(payload: string): SnapshotParse {
  const raw = decodeLinkPayload(payload, 'snapshot', MAX_SNAPSHOT_CHARS);
  if (!raw.ok) return raw;
  return parseSnapshot(raw.value);
}

/**
 * Validate a snapshot given as JSON text (a <lengthlens-figure>'s `<script type="application/json">`
 * child): the JSON of the snapshot itself, or the link payload as a JSON string.
 */
export function decodeSnapshotJson(text: string): SnapshotParse {
  if (text.length > MAX_STATE_JSON_CHARS) return { ok: false, error: `the figure's snapshot is ${text.length.toLocaleString('en')} characters; the limit is ${MAX_STATE_JSON_CHARS.toLocaleString('en')}` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: "the figure's snapshot is not valid JSON" };
  }
  return typeof value === 'string' ? decodeSnapshot(value) : parseSnapshot(value);
}

/** Validate a decoded snapshot value (schema, then the checks across fields). */
export function parseSnapshot(value: unknown): SnapshotParse {
  const r = snapshotSchema.safeParse(value);
  if (!r.success) return { ok: false, error: `the link's snapshot is invalid: ${issueText(r.error)}` };
  if (r.data.kind === 'scorer') {
    const s = r.data;
    if (s.indices.length !== s.result.candidates.length) return { ok: false, error: 'the link\'s snapshot is invalid: indices and candidates differ in number' };
    const n = s.result.candidates.length;
    if (Object.values(s.result.winners).some((w) => w >= n)) return { ok: false, error: 'the link\'s snapshot is invalid: a winner is past the last candidate' };
    const other = s.compare?.result;
    if (other && (other.context !== s.result.context || other.candidates.length !== n || other.candidates.some((c, i) => c.text !== s.result.candidates[i].text)))
      return { ok: false, error: 'the link\'s snapshot is invalid: the second model scored another item' };
    if (other && Object.values(other.winners).some((w) => w >= n)) return { ok: false, error: 'the link\'s snapshot is invalid: a winner of the second model is past the last candidate' };
  }
  return { ok: true, snapshot: r.data };
}

/** `#snap=<payload>`: an embedded Scorer figure. */
export const SNAPSHOT_HASH_PREFIX = '#snap=';

/** Below this, a live score counts as the snapshot's (float32 rounding across devices). */
export const SNAPSHOT_TOLERANCE = 1e-3;

/**
 * How a live Scorer result differs from a snapshot, in words (empty: it reproduces it). Texts,
 * token counts and winners must be equal; log-probs within SNAPSHOT_TOLERANCE nats.
 */
export function scorerDifferences(snap: ItemScore, live: ItemScore): string[] {
  const out: string[] = [];
  if (snap.candidates.length !== live.candidates.length) return [`the snapshot has ${snap.candidates.length} answers, the live result ${live.candidates.length}`];
  snap.candidates.forEach((c, i) => {
    const l = live.candidates[i];
    if (c.text !== l.text) out.push(`answer ${i + 1} is another text`);
    else if (c.n_tokens !== l.n_tokens) out.push(`answer ${i + 1} has ${l.n_tokens} tokens live, ${c.n_tokens} in the snapshot (another tokenizer)`);
    else {
      const d = Math.max(Math.abs(c.sum_logprob - l.sum_logprob), Math.abs(c.pmi - l.pmi));
      if (d > SNAPSHOT_TOLERANCE) out.push(`answer ${i + 1}'s log-prob differs by ${d.toPrecision(3)} nats`);
    }
  });
  for (const rule of Object.keys(snap.winners) as (keyof ItemScore['winners'])[]) {
    if (snap.winners[rule] !== live.winners[rule]) out.push(`the winner under ${rule} changed from answer ${snap.winners[rule] + 1} to answer ${live.winners[rule] + 1}`);
  }
  return out;
}

/** How live task runs differ from a snapshot's, in words (empty: they reproduce it). */
export function taskDifferences(snap: TaskRunSnapshot[], live: TaskRunSnapshot[]): string[] {
  const out: string[] = [];
  if (snap.length !== live.length) return ['the snapshot has another number of runs'];
  snap.forEach((s, i) => {
    const l = live[i];
    const d = Math.max(Math.abs(s.corpus - l.corpus), Math.abs(s.alpha - l.alpha) / 100, Math.abs(s.beta - l.beta));
    if (s.items !== l.items) out.push(`run “${s.label}” has ${l.items} items live, ${s.items} in the snapshot`);
    else if (d > SNAPSHOT_TOLERANCE) out.push(`run “${s.label}” differs (corpus BPB ${l.corpus.toFixed(4)} live, ${s.corpus.toFixed(4)} in the snapshot)`);
  });
  return out;
}

/** The model that computed a snapshot, in words, and whether a live model is the same one. */
export function sameModel(a: SnapshotModel, b: SnapshotModel): boolean {
  return a.id === b.id && a.dtype === b.dtype && JSON.stringify(a.choice) === JSON.stringify(b.choice);
}
