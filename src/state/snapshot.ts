// A snapshot: the computed result of a figure (scores, tokens, winners), carried in an embed link
// so that the figure renders at once, with no model download. Like the rest of the URL state it is
// untrusted: size-checked, parsed as JSON (never evaluated) and validated field by field (valibot:
// a figure bundles only the checks used here); React renders every string in it as text.
import * as v from 'valibot';
import { BOUNDARY_POLICIES, WARNING_CODES, type ItemScore } from '../core/scoring/types';
import { LENGTH_CONVENTIONS } from '../core/scoring/lengthConvention';
import { DECIDING_RULES, candidateScoreFields, type InputField, type RuleName, type ScoreField } from '../core/scoring/rules';
import { MAX_CANDIDATES, MAX_STATE_JSON_CHARS } from './limits';
import { decodeLinkPayload, encodeLinkPayload } from './linkPayload';
import { dtypeSchema, finiteNumber, issueText, linkText, modelChoiceSchema, wholeNumber } from './linkSchemas';

/** Most tokens one snapshotted candidate may carry (a figure, not a corpus). */
export const MAX_SNAPSHOT_TOKENS = 400;
/** Longest compressed snapshot (characters of the link after `snap=`). */
export const MAX_SNAPSHOT_CHARS = 48_000;

const num = finiteNumber(); // a snapshot only ever holds finite numbers (NaN travels as null, below)
const int = wholeNumber();
const between = (lo: number, hi: number) => v.pipe(v.number(), v.safeInteger(), v.minValue(lo), v.maxValue(hi));
const atLeast = (lo: number) => v.pipe(v.number(), v.safeInteger(), v.minValue(lo));
const idx = between(0, MAX_CANDIDATES - 1);
const nanOrNull = v.union([v.nan(), v.null()]);
/** A rule's score: a number, or NaN where it has none (written as null in the link's JSON). */
const ruleScore = v.pipe(v.union([finiteNumber(), nanOrNull]), v.transform((x: number | null) => x ?? NaN));
const short = v.pipe(v.string(), v.maxLength(400));
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
// An absent key takes the default (an object's missing key is never given to a pipe).
const laterScore = v.optional(ruleScore, NaN);
const laterWinner = v.optional(winner, -1);
const laterNum = v.optional(v.union([num, v.nan()]), NaN);

const unit = () => v.pipe(v.number(), v.minValue(0), v.maxValue(1));
const topSchema = v.object({ id: int, piece: short, prob: unit() });
const tokenSchema = v.object({
  id: int,
  piece: short,
  text: short,
  bytes: v.tuple([atLeast(0), atLeast(0)]),
  logprob: v.pipe(v.number(), v.maxValue(0)),
  bits: v.pipe(v.number(), v.minValue(0), v.finite()),
  rank: atLeast(1),
  entropy: num,
  top: v.pipe(v.array(topSchema), v.maxLength(10)),
  greedy: v.boolean(),
  weight: v.optional(unit()),
});
const boundaryInfoSchema = v.object({
  policy: v.picklist(BOUNDARY_POLICIES),
  straddlingPiece: v.optional(short),
  contextBytes: v.optional(int),
  continuationBytes: v.optional(int),
});
const candidateSchema = v.object({
  text,
  continuation: text,
  boundary: v.picklist(['ok', 'merged']),
  boundary_info: v.optional(boundaryInfoSchema),
  tokens: v.pipe(v.array(tokenSchema), v.maxLength(MAX_SNAPSHOT_TOKENS)),
  n_tokens: atLeast(0),
  n_bytes: atLeast(0),
  n_chars: atLeast(0),
  // One number per row of the rule table, and PMI's unconditional and the word-final terms; NaN
  // where a rule has no value (PMI without its term), which JSON carries as null.
  ...(Object.fromEntries(candidateScoreFields().map((f) => [f, LATER_FIELDS.has(f) ? laterScore : ruleScore])) as Record<ScoreField | InputField, typeof ruleScore>),
  first_token_bits: num,
  is_greedy: v.boolean(),
  byte_note: v.optional(short),
});
const warningSchema = v.object({
  code: v.picklist(WARNING_CODES),
  message: v.pipe(v.string(), v.maxLength(2_000)),
  candidates: v.pipe(v.array(idx), v.maxLength(MAX_CANDIDATES)),
});
export const itemScoreSchema = v.object({
  context: linkText(16_000),
  candidates: v.pipe(v.array(candidateSchema), v.minLength(1), v.maxLength(MAX_CANDIDATES)),
  winners: v.object(Object.fromEntries(DECIDING_RULES.map((r) => [r.names.winner, LATER_WINNERS.has(r.names.winner!) ? laterWinner : winner])) as Record<RuleName, typeof winner>),
  warnings: v.pipe(v.array(warningSchema), v.maxLength(64)),
});

/** Which model computed a snapshot, so a live run can say when it is another one. */
export const snapshotModelSchema = v.object({
  /** The id the engine reported (e.g. `stories260K`). */
  id: v.pipe(v.string(), v.maxLength(200)),
  choice: modelChoiceSchema,
  dtype: dtypeSchema,
  device: v.picklist(['webgpu', 'wasm', 'cpu']),
});

/** A Scorer figure: one item, every rule, every token. */
export const scorerSnapshotSchema = v.object({
  v: v.literal(1),
  kind: v.literal('scorer'),
  model: snapshotModelSchema,
  unconditionalContext: v.pipe(v.string(), v.maxLength(2_000)),
  boundaryPolicy: v.picklist(BOUNDARY_POLICIES),
  gold: v.nullable(idx),
  /** Workspace index of each scored candidate. */
  indices: v.pipe(v.array(idx), v.maxLength(MAX_CANDIDATES)),
  result: itemScoreSchema,
  /**
   * The length convention the results were counted under (their per-char and per-byte values);
   * absent in snapshots made before it was carried: as typed, the engine's own count.
   */
  lengths: v.optional(v.picklist(LENGTH_CONVENTIONS)),
  /** A second model's result on the same item ("Compare with…"), under the same convention. */
  compare: v.optional(v.object({ model: snapshotModelSchema, result: itemScoreSchema, chatTemplate: v.optional(v.boolean()) })),
  /** The app version that computed it. */
  app: v.pipe(v.string(), v.maxLength(40)),
});

/** One run of a task figure: the BPB family, its fit, and the per-byte cost curve. */
export const taskRunSnapshotSchema = v.object({
  label: v.pipe(v.string(), v.maxLength(200)),
  items: atLeast(1),
  alpha: num,
  beta: num,
  corpus: num,
  meanOfRatios: num,
  meanBytes: num,
  /** (bytes, bits) per item's gold answer. */
  points: v.pipe(v.array(v.tuple([num, num])), v.maxLength(1_000)),
  /** R(k), k = 1..K: mean per-byte cost at byte k of the answers. */
  R: v.pipe(v.array(num), v.maxLength(4_000)),
  quintiles: v.pipe(v.array(v.object({ meanBytes: num, corpus: num })), v.maxLength(10)),
  /** Multiple-choice runs: accuracy under each rule, and on how many items acc and acc_norm pick differently. */
  accuracies: v.optional(v.object(Object.fromEntries(DECIDING_RULES.map((r) => [r.names.winner, LATER_WINNERS.has(r.names.winner!) ? laterNum : num])) as Record<RuleName, typeof num>)),
  accNormDisagreements: v.optional(atLeast(0)),
  /** Multiple-choice runs: on how many items acc picks a shortest choice, acc_norm and acc_bytes a longest one (ties counted; absent in older links). */
  lengthPicks: v.optional(v.object({ accShortest: atLeast(0), accNormLongest: atLeast(0), accBytesLongest: atLeast(0) })),
  /** Multiple-choice runs: the accuracy of guessing, the mean over items of 1/k (absent in older links). */
  chance: v.optional(num),
});
export const taskSnapshotSchema = v.object({
  v: v.literal(1),
  kind: v.literal('task'),
  model: snapshotModelSchema,
  runs: v.pipe(v.array(taskRunSnapshotSchema), v.minLength(1), v.maxLength(4)),
  app: v.pipe(v.string(), v.maxLength(40)),
});

export const snapshotSchema = v.variant('kind', [scorerSnapshotSchema, taskSnapshotSchema]);
export type Snapshot = v.InferOutput<typeof snapshotSchema>;
export type ScorerSnapshot = v.InferOutput<typeof scorerSnapshotSchema>;
export type TaskSnapshot = v.InferOutput<typeof taskSnapshotSchema>;
export type TaskRunSnapshot = v.InferOutput<typeof taskRunSnapshotSchema>;
export type SnapshotModel = v.InferOutput<typeof snapshotModelSchema>;

export type SnapshotParse = { ok: true; snapshot: Snapshot } | { ok: false; error: string };

export const APP_VERSION = '0.1.0';

/** The snapshot of a Scorer result; null with a reason when it cannot be carried in a link. */
export function scorerSnapshot(
  model: SnapshotModel,
  result: ItemScore,
  extra: Pick<ScorerSnapshot, 'indices' | 'gold' | 'unconditionalContext' | 'boundaryPolicy' | 'lengths'> & { compare?: { model: SnapshotModel; result: ItemScore; chatTemplate?: boolean } },
): { ok: true; snapshot: ScorerSnapshot } | { ok: false; error: string } {
  const value = { v: 1 as const, kind: 'scorer' as const, model, ...extra, result, app: APP_VERSION };
  const r = v.safeParse(scorerSnapshotSchema, value);
  if (!r.success) return { ok: false, error: `this result cannot be put in a link (${issueText(r.issues, 'snapshot')})` };
  return { ok: true, snapshot: r.output };
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
  const r = v.safeParse(snapshotSchema, value);
  if (!r.success) return { ok: false, error: `the link's snapshot is invalid: ${issueText(r.issues, 'snapshot')}` };
  if (r.output.kind === 'scorer') {
    const s = r.output;
    if (s.indices.length !== s.result.candidates.length) return { ok: false, error: 'the link\'s snapshot is invalid: indices and candidates differ in number' };
    const n = s.result.candidates.length;
    if (Object.values(s.result.winners).some((w) => w >= n)) return { ok: false, error: 'the link\'s snapshot is invalid: a winner is past the last candidate' };
    const other = s.compare?.result;
    if (other && (other.context !== s.result.context || other.candidates.length !== n || other.candidates.some((c, i) => c.text !== s.result.candidates[i].text)))
      return { ok: false, error: 'the link\'s snapshot is invalid: the second model scored another item' };
    if (other && Object.values(other.winners).some((w) => w >= n)) return { ok: false, error: 'the link\'s snapshot is invalid: a winner of the second model is past the last candidate' };
  }
  return { ok: true, snapshot: r.output };
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
