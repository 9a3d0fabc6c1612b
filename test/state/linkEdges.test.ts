// Issue 25 items 7 and 18: a share link's strings must be text (a lone surrogate is refused, as
// every other input path refuses it), a snapshot winner exactly one past the last candidate is
// refused, and a result where a rule has no winner (-1: PMI without its term) can be shared.
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import LZString from 'lz-string';
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import { DEFAULT_SCORE_OPTIONS, type ItemScore } from '../../src/core/scoring/types';
import { decodeSnapshot, encodeSnapshot, scorerSnapshot, type ScorerSnapshot } from '../../src/state/snapshot';
import { defaultWorkspace } from '../../src/state/workspace';
import { decodeWorkspaceHash, workspaceHash } from '../../src/state/urlState';
import { checkInput } from '../../src/state/inputCheck';
import { MODELS_DIR } from '../paths';

const MODEL = { id: 'stories260K', choice: { kind: 'served' as const, name: 'stories260K' }, dtype: 'fp32' as const, device: 'cpu' as const };
let result: ItemScore;
let snap: ScorerSnapshot;
const payloadOf = (value: unknown) => LZString.compressToEncodedURIComponent(JSON.stringify(value));

beforeAll(async () => {
  const engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'stories260K') }, 'fp32');
  result = await engine.score({ context: 'The dog was', candidates: [' happy.', ' very sad and hungry.', ' big.'], options: DEFAULT_SCORE_OPTIONS });
  await engine.unload();
  const r = scorerSnapshot(MODEL, result, { indices: [0, 1, 2], gold: null, unconditionalContext: '', boundaryPolicy: 'whole' });
  if (!r.ok) throw new Error(r.error);
  snap = r.snapshot;
});

const lone = fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff');
/** A string with a lone surrogate somewhere in it (not followed/preceded by its pair). */
const withLoneSurrogate = fc.tuple(fc.string({ maxLength: 10 }), lone, fc.string({ maxLength: 10 })).map(([a, s, b]) => `${a.replace(/[\ud800-\udfff]/g, '')}${s}x${b.replace(/[\ud800-\udfff]/g, '')}`);

describe('share links hold text only', () => {
  it('a workspace link with a lone surrogate in a candidate, the context or the unconditional context is refused, naming the field', () => {
    fc.assert(
      fc.property(withLoneSurrogate, fc.constantFrom('candidates', 'context', 'unconditionalContext'), (bad, field) => {
        const ws = { ...defaultWorkspace(), candidates: [' fine', ' also fine'], gold: null };
        const hostile = field === 'candidates' ? { ...ws, candidates: [' fine', bad] } : { ...ws, [field]: bad };
        const r = decodeWorkspaceHash(workspaceHash(hostile));
        expect(r.ok).toBe(false);
        expect(!r.ok && r.error).toMatch(new RegExp(`^the link's state is invalid: ${field === 'candidates' ? 'candidates\\.1' : field}: holds a lone surrogate`));
      }),
      { numRuns: 60 },
    );
  });
  it('well-formed text, astral characters included, round-trips', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 4 }), (candidates) => {
        const ws = { ...defaultWorkspace(), candidates, gold: null };
        const r = decodeWorkspaceHash(workspaceHash(ws));
        expect(r).toEqual({ ok: true, workspace: ws });
      }),
      { numRuns: 40 },
    );
  });
  it('the Scorer leaves out a candidate (or scores nothing for a context) holding a lone surrogate, with a message', () => {
    fc.assert(
      fc.property(withLoneSurrogate, (bad) => {
        const r = checkInput('The dog was', [' happy.', bad, ' sad.']);
        expect(r.candidates).toEqual([' happy.', ' sad.']);
        expect(r.indices).toEqual([0, 2]);
        expect(r.problems).toEqual([{ candidate: 1, message: expect.stringMatching(/^Candidate 2 holds a lone surrogate/) as unknown as string }]);
        const c = checkInput(bad, [' happy.']);
        expect(c.candidates).toEqual([]);
        expect(c.problems[0].message).toMatch(/^The context holds a lone surrogate/);
      }),
      { numRuns: 40 },
    );
  });
  it('a snapshot with a lone surrogate in a candidate text is refused', () => {
    const bad = structuredClone(snap);
    bad.result.candidates[1].text = ' sad\udc00';
    const r = decodeSnapshot(payloadOf(bad));
    expect(!r.ok && r.error).toMatch(/snapshot is invalid: result\.candidates\.1\.text: holds a lone surrogate/);
  });
});

describe('snapshot winners', () => {
  it('a winner exactly one past the last candidate is refused; the last candidate is fine', () => {
    const n = snap.result.candidates.length;
    const past = structuredClone(snap);
    past.result.winners.per_token = n;
    const r = decodeSnapshot(payloadOf(past));
    expect(!r.ok && r.error).toMatch(/winner is past the last candidate/);
    const last = structuredClone(snap);
    last.result.winners.per_token = n - 1;
    expect(decodeSnapshot(payloadOf(last)).ok).toBe(true);
  });
  it('a rule no candidate can win (-1, PMI without its term: NaN scores) can be shared and comes back as it was', () => {
    const noTerm: ItemScore = structuredClone(result);
    for (const c of noTerm.candidates) {
      c.pmi = NaN;
      c.unconditional_logprob = NaN;
    }
    noTerm.winners.pmi = -1;
    const s = scorerSnapshot(MODEL, noTerm, { indices: [0, 1, 2], gold: null, unconditionalContext: '', boundaryPolicy: 'whole' });
    if (!s.ok) throw new Error(s.error);
    const enc = encodeSnapshot(s.snapshot);
    if (!enc.ok) throw new Error(enc.error);
    const dec = decodeSnapshot(enc.payload);
    if (!dec.ok) throw new Error(dec.error);
    if (dec.snapshot.kind !== 'scorer') throw new Error('kind');
    expect(dec.snapshot.result.winners.pmi).toBe(-1);
    expect(dec.snapshot.result.candidates.map((c) => c.pmi)).toEqual([NaN, NaN, NaN]);
    expect(dec.snapshot.result).toEqual(noTerm);
    const below = structuredClone(s.snapshot);
    below.result.winners.pmi = -2;
    expect(decodeSnapshot(payloadOf(below)).ok).toBe(false);
  });
});
