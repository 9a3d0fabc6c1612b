// A rule added to the table after the first snapshots is optional in a link by default: registered
// here (per word), a link made without it opens with its winner -1 and its score NaN, with no
// list in snapshot.ts to extend. The modules are loaded fresh after the rule is registered, since
// the snapshot schema is built from the rule table when its module loads.
import { afterAll, expect, it, vi } from 'vitest';
import type { ScoringRule } from '../../src/core/scoring/rules';
import type { TokenScore } from '../../src/core/scoring/types';

let unregister = () => {};
afterAll(() => unregister());

const words = (s: string) => s.trim().split(/\s+/).filter((w) => w.length > 0).length;

it('a link without a registered rule opens: its winner -1 (not answer A), its score NaN; with it, as carried', async () => {
  vi.resetModules();
  const rules = await import('../../src/core/scoring/rules');
  const PER_WORD: ScoringRule = {
    id: 'acc_per_word',
    names: { winner: 'per_word', candidate: 'per_word', item: 'per_word' },
    decides: true,
    column: Math.max(...rules.RULE_TABLE.map((r) => r.column)) + 1,
    label: 'per word',
    phrase: 'per-word',
    title: 'Sum divided by the number of whitespace-separated words',
    accuracyLabel: 'acc per word',
    unit: 'nats/word',
    higherIsBetter: true,
    needs: ['text'],
    score: (c) => c.logprob / words(rules.choiceText(c)!),
  };
  unregister = rules.registerRule(PER_WORD);
  const { candidateScore } = await import('../../src/core/scoring/candidate');
  const { winners } = await import('../../src/core/scoring/winners');
  const { decodeSnapshot, encodeSnapshot, scorerSnapshot } = await import('../../src/state/snapshot');
  const tokens = (text: string, logprob: number): TokenScore[] => [
    { id: 1, piece: text, text, bytes: [0, Buffer.byteLength(text)], logprob, bits: -logprob / Math.LN2, rank: 1, entropy: 1, top: [], greedy: false },
  ];
  // " a b" (−3 nats, 2 words: −1.5 a word) against " c" (−2, 1 word: −2): per word picks answer A, acc picks B.
  const candidates = [
    candidateScore({ text: ' a b', continuation: ' a b', tokens: tokens(' a b', -3), unconditionalLogprob: -4, boundary: 'ok', opts: { mu: 111 } }),
    candidateScore({ text: ' c', continuation: ' c', tokens: tokens(' c', -2), unconditionalLogprob: -4, boundary: 'ok', opts: { mu: 111 } }),
  ];
  const result = { context: 'Q:', candidates, winners: winners(candidates), warnings: [] };
  const w = result.winners as unknown as Record<string, number>;
  expect([w.per_word, w.acc]).toEqual([0, 1]);
  const made = scorerSnapshot({ id: 'm', choice: { kind: 'served', name: 'stories260K' }, dtype: 'fp32', device: 'cpu' }, result, {
    indices: [0, 1],
    gold: null,
    unconditionalContext: '',
    boundaryPolicy: 'whole',
  });
  if (!made.ok) throw new Error(made.error);
  // With the rule: carried as it is.
  const enc = encodeSnapshot(made.snapshot);
  if (!enc.ok) throw new Error(enc.error);
  const now = decodeSnapshot(enc.payload);
  if (!now.ok || now.snapshot.kind !== 'scorer') throw new Error(now.ok ? 'kind' : now.error);
  expect((now.snapshot.result.winners as unknown as Record<string, number>).per_word).toBe(0);
  expect((now.snapshot.result.candidates[0] as unknown as Record<string, number>).per_word).toBe(-1.5);
  // Made before the rule existed: neither its winner nor its score in the link.
  const old = structuredClone(made.snapshot) as unknown as { result: { winners: Record<string, number>; candidates: Record<string, unknown>[] } };
  delete old.result.winners.per_word;
  for (const c of old.result.candidates) delete c.per_word;
  const LZString = (await import('lz-string')).default;
  const r = decodeSnapshot(LZString.compressToEncodedURIComponent(JSON.stringify(old)));
  if (!r.ok || r.snapshot.kind !== 'scorer') throw new Error(r.ok ? 'kind' : r.error);
  expect((r.snapshot.result.winners as unknown as Record<string, number>).per_word).toBe(-1);
  expect(r.snapshot.result.candidates.map((c) => (c as unknown as Record<string, number>).per_word)).toEqual([NaN, NaN]);
  expect(r.snapshot.result.winners.acc).toBe(1);
});
