// Snapshots in embed links: a real stories260K result round-trips exactly; a tampered, oversized or
// hostile link is refused with a message (and strings stay strings: nothing is evaluated).
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import LZString from 'lz-string';
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import { DEFAULT_SCORE_OPTIONS, type ItemScore } from '../../src/core/scoring/types';
import { DECIDING_RULES, candidateScoreFields } from '../../src/core/scoring/rules';
import {
  decodeSnapshot,
  encodeSnapshot,
  FIRST_SNAPSHOT_FIELDS,
  FIRST_SNAPSHOT_WINNERS,
  MAX_SNAPSHOT_CHARS,
  scorerDifferences,
  scorerSnapshot,
  taskSnapshotSchema,
  type ScorerSnapshot,
  type SnapshotModel,
} from '../../src/state/snapshot';
import { MODELS_DIR } from '../paths';

const MODEL: SnapshotModel = { id: 'stories260K', choice: { kind: 'served', name: 'stories260K' }, dtype: 'fp32', device: 'cpu' };
const HOSTILE = ' <img src=x onerror="window.__pwned=1">';
let result: ItemScore;
let snap: ScorerSnapshot;

beforeAll(async () => {
  const engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'stories260K') }, 'fp32');
  result = await engine.score({
    context: 'Tim got out of the pool. He was wet and cold. His mom gave him a',
    candidates: [' hat.', ' big soft towel so he could dry off.', HOSTILE],
    options: DEFAULT_SCORE_OPTIONS,
  });
  const r = scorerSnapshot(MODEL, result, { indices: [0, 1, 2], gold: 1, unconditionalContext: '', boundaryPolicy: 'whole' });
  if (!r.ok) throw new Error(r.error);
  snap = r.snapshot;
});

const payloadOf = (value: unknown) => LZString.compressToEncodedURIComponent(JSON.stringify(value));

describe('snapshot links', () => {
  it('round-trip a real result exactly: every number, token and winner', () => {
    const enc = encodeSnapshot(snap);
    if (!enc.ok) throw new Error(enc.error);
    expect(enc.payload.length).toBeLessThan(MAX_SNAPSHOT_CHARS);
    const dec = decodeSnapshot(enc.payload);
    if (!dec.ok) throw new Error(dec.error);
    expect(dec.snapshot).toEqual(snap);
    if (dec.snapshot.kind !== 'scorer') throw new Error('kind');
    expect(dec.snapshot.result).toEqual(result); // bit-exact doubles: JSON round-trips them
    expect(scorerDifferences(dec.snapshot.result, result)).toEqual([]);
    // Strings come back as the same strings: markup in a candidate is text, not HTML.
    expect(dec.snapshot.result.candidates[2].text).toBe(HOSTILE);
  });

  it('carry a second model\'s result (a comparison) exactly, and refuse one of another item', async () => {
    const engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'tiny-llama-plain') }, 'fp32');
    const other = await engine.score({ context: result.context, candidates: result.candidates.map((c) => c.text), options: DEFAULT_SCORE_OPTIONS });
    await engine.unload();
    const second: SnapshotModel = { id: 'tiny-llama-plain', choice: { kind: 'served', name: 'tiny-llama-plain' }, dtype: 'fp32', device: 'wasm' };
    const r = scorerSnapshot(MODEL, result, { indices: [0, 1, 2], gold: 1, unconditionalContext: '', boundaryPolicy: 'whole', lengths: 'harness', compare: { model: second, result: other } });
    if (!r.ok) throw new Error(r.error);
    const enc = encodeSnapshot(r.snapshot);
    if (!enc.ok) throw new Error(enc.error);
    const dec = decodeSnapshot(enc.payload);
    if (!dec.ok || dec.snapshot.kind !== 'scorer') throw new Error(dec.ok ? 'kind' : dec.error);
    expect(dec.snapshot.compare).toEqual({ model: second, result: other });
    expect(dec.snapshot.lengths).toBe('harness');
    // Another tokenizer really: the two results differ in token counts.
    expect(other.candidates.map((c) => c.n_tokens)).not.toEqual(result.candidates.map((c) => c.n_tokens));
    const moved = structuredClone(r.snapshot);
    moved.compare!.result.candidates[0].text = ' coat.';
    expect(decodeSnapshot(payloadOf(moved))).toEqual({ ok: false, error: "the link's snapshot is invalid: the second model scored another item" });
    const past = structuredClone(r.snapshot);
    past.compare!.result.winners.acc = 5;
    expect(decodeSnapshot(payloadOf(past))).toEqual({ ok: false, error: "the link's snapshot is invalid: a winner of the second model is past the last candidate" });
    // Links made before comparisons and length conventions were carried still open, with neither.
    const old = decodeSnapshot(payloadOf(snap));
    expect(old.ok && old.snapshot.kind === 'scorer' && [old.snapshot.compare, old.snapshot.lengths]).toEqual([undefined, undefined]);
  });

  // The first snapshot schema (app 0.1.0, before the whole-word rule): these winners and fields only.
  const OLDEST_WINNERS = ['acc', 'acc_norm', 'acc_bytes', 'per_token', 'pmi'];
  const OLDEST_FIELDS = ['sum_logprob', 'per_token', 'per_char', 'per_byte', 'bits_per_byte', 'pmi', 'unconditional_logprob', 'prior_bpb'];
  const pick = <T extends object>(o: T, keep: readonly string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => keep.includes(k)));

  it('an old link without acc_word opens with no winner under the whole-word rule (-1, not answer A) and its terms NaN', () => {
    const old = structuredClone(snap) as unknown as { result: { winners: Record<string, number>; candidates: Record<string, unknown>[] } };
    delete old.result.winners.acc_word;
    for (const c of old.result.candidates) {
      delete c.word_logprob;
      delete c.word_final_logprob;
    }
    const r = decodeSnapshot(payloadOf(old));
    if (!r.ok || r.snapshot.kind !== 'scorer') throw new Error(r.ok ? 'kind' : r.error);
    expect(r.snapshot.result.winners).toEqual({ ...snap.result.winners, acc_word: -1 });
    for (const c of r.snapshot.result.candidates) expect([c.word_logprob, c.word_final_logprob]).toEqual([NaN, NaN]);
    expect(r.snapshot.result.candidates.map((c) => c.sum_logprob)).toEqual(snap.result.candidates.map((c) => c.sum_logprob));
  });

  it('a link in the oldest shape opens: every rule and field added since reads as not computed (-1, NaN)', () => {
    expect(FIRST_SNAPSHOT_WINNERS).toEqual(OLDEST_WINNERS);
    expect(FIRST_SNAPSHOT_FIELDS).toEqual(OLDEST_FIELDS);
    const laterRules = DECIDING_RULES.map((r) => r.names.winner!).filter((w) => !OLDEST_WINNERS.includes(w));
    const laterFields = candidateScoreFields().filter((f) => !OLDEST_FIELDS.includes(f));
    expect(laterRules).toContain('acc_word');
    expect(laterFields).toEqual(expect.arrayContaining(['word_logprob', 'word_final_logprob']));
    const scoreFields = candidateScoreFields();
    const oldest = {
      ...snap,
      result: {
        ...snap.result,
        winners: pick(snap.result.winners, OLDEST_WINNERS),
        candidates: snap.result.candidates.map((c) => Object.fromEntries(Object.entries(c).filter(([k]) => !scoreFields.includes(k) || OLDEST_FIELDS.includes(k)))),
      },
    };
    const r = decodeSnapshot(payloadOf(oldest));
    if (!r.ok || r.snapshot.kind !== 'scorer') throw new Error(r.ok ? 'kind' : r.error);
    for (const w of laterRules) expect(r.snapshot.result.winners[w as keyof typeof r.snapshot.result.winners], w).toBe(-1);
    for (const w of OLDEST_WINNERS) expect(r.snapshot.result.winners[w as keyof typeof r.snapshot.result.winners], w).toBe(snap.result.winners[w as keyof typeof snap.result.winners]);
    for (const c of r.snapshot.result.candidates) for (const f of laterFields) expect((c as unknown as Record<string, number>)[f], f).toBeNaN();
    // A rule of the first shape is still required: a link without it is refused.
    const noAcc = structuredClone(oldest);
    delete (noAcc.result.winners as Record<string, number>).acc;
    expect(decodeSnapshot(payloadOf(noAcc))).toMatchObject({ ok: false, error: expect.stringMatching(/result\.winners\.acc/) });
    // A task figure's accuracies: the later rules read as NaN, the first ones as given.
    const run = { label: 'r', items: 3, alpha: 1, beta: 0.5, corpus: 1.2, meanOfRatios: 1.3, meanBytes: 10, points: [], R: [], quintiles: [], accuracies: { acc: 0.5, acc_norm: 0.25, acc_bytes: 0.75, per_token: 1, pmi: 0 } };
    const t = v.parse(taskSnapshotSchema, { v: 1, kind: 'task', model: MODEL, runs: [run], app: '0.1.0' });
    expect(t.runs[0].accuracies).toEqual({ ...run.accuracies, ...Object.fromEntries(laterRules.map((w) => [w, NaN])) });
  });

  it('refuses a tampered snapshot with a message that says what is wrong', () => {
    const bad = structuredClone(snap) as unknown as { result: { candidates: { sum_logprob: unknown; tokens: { rank: unknown }[] }[]; winners: { acc: number } } };
    bad.result.candidates[0].sum_logprob = '-1; alert(1)';
    let r = decodeSnapshot(payloadOf(bad));
    expect(r).toMatchObject({ ok: false });
    expect(!r.ok && r.error).toMatch(/snapshot is invalid: result\.candidates\.0\.sum_logprob/);
    const winner = structuredClone(snap);
    winner.result.winners.acc = 7;
    r = decodeSnapshot(payloadOf(winner));
    expect(!r.ok && r.error).toMatch(/winner is past the last candidate/);
    const rank = structuredClone(snap);
    rank.result.candidates[1].tokens[0].rank = 0;
    expect(decodeSnapshot(payloadOf(rank)).ok).toBe(false);
    expect(decodeSnapshot(payloadOf({ ...snap, kind: 'script' })).ok).toBe(false);
    // Characters lz-string never writes, and a payload cut short.
    expect(decodeSnapshot('<script>').ok).toBe(false);
    const enc = encodeSnapshot(snap);
    if (!enc.ok) throw new Error(enc.error);
    r = decodeSnapshot(enc.payload.slice(0, enc.payload.length >> 1));
    expect(r.ok).toBe(false);
  });

  it('refuses an oversized snapshot, before and after decompression', () => {
    const long = 'A'.repeat(MAX_SNAPSHOT_CHARS + 1);
    const r = decodeSnapshot(long);
    expect(!r.ok && r.error).toMatch(/too long \(48,001 characters; the limit is 48,000\)/);
    // Too many tokens for one candidate: refused by the schema, and refused when made.
    const big = structuredClone(snap);
    big.result.candidates[1].tokens = Array.from({ length: 401 }, () => big.result.candidates[1].tokens[0]);
    expect(decodeSnapshot(payloadOf(big)).ok).toBe(false);
    expect(scorerSnapshot(MODEL, big.result, { indices: [0, 1, 2], gold: null, unconditionalContext: '', boundaryPolicy: 'whole' }).ok).toBe(false);
  });

  it('notices when a live result differs from the snapshot', () => {
    const other = structuredClone(result);
    other.candidates[0].sum_logprob -= 0.5;
    other.winners.acc = 1;
    const d = scorerDifferences(result, other);
    expect(d.join('; ')).toMatch(/answer 1's log-prob differs by 0\.500 nats; the winner under acc changed from answer 1 to answer 2/);
  });

  it('never throws on arbitrary input, and accepts no random JSON as a snapshot (seeded fuzz)', () => {
    let seed = 12345;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const alphabet = 'AZaz09+-$<>"\'&{}[]:,. \u00e9\u72d7';
    const enc = encodeSnapshot(snap);
    if (!enc.ok) throw new Error(enc.error);
    for (let n = 0; n < 300; n++) {
      const junk = Array.from({ length: Math.floor(rand() * 200) }, () => alphabet[Math.floor(rand() * alphabet.length)]).join('');
      expect(typeof decodeSnapshot(junk).ok).toBe('boolean');
      // One character of a real payload changed.
      const i = Math.floor(rand() * enc.payload.length);
      const flipped = enc.payload.slice(0, i) + (enc.payload[i] === 'A' ? 'B' : 'A') + enc.payload.slice(i + 1);
      const r = decodeSnapshot(flipped);
      if (r.ok) expect(r.snapshot.kind).toBe('scorer'); // a flip that still parses is still a valid snapshot
      const value = [null, 1, 'x', [], {}, { v: 1 }, { ...snap, v: 2 }, { ...snap, result: null }][Math.floor(rand() * 8)];
      expect(decodeSnapshot(payloadOf(value)).ok).toBe(false);
    }
  });
});
