// The verdict sentence on random items: read back clause by clause, every rule a clause names
// picks the answer the clause says, and the clause's mechanism (worked out here from its words,
// not taken from the code) is what that rule measures, with the inequality the words claim true
// of the numbers. Every rule that departs from the raw sum is named once.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { candidateScore } from '../../../src/core/scoring/candidate';
import { DECIDING_RULES } from '../../../src/core/scoring/rules';
import type { CandidateScore, RuleName, TokenScore } from '../../../src/core/scoring/types';
import { verdictSentence } from '../../../src/core/scoring/verdict';
import { winners as pickWinners } from '../../../src/core/scoring/winners';

const FC_RUNS = Number(process.env.FC_RUNS ?? 300);
const LN2 = Math.LN2;
const LETTERS = 'ABCD';

interface Cand {
  text: string;
  tokenBits: number[];
  unconditionalBits: number;
  wordFinalBits: number;
}

function build(c: Cand): CandidateScore {
  const tokens: TokenScore[] = c.tokenBits.map((b, j) => ({ id: j, piece: 'x', text: 'x', bytes: [j, j + 1], logprob: -b * LN2, bits: b, rank: 1, entropy: 0, top: [], greedy: false }));
  return candidateScore({ text: c.text, continuation: c.text, tokens, unconditionalLogprob: -c.unconditionalBits * LN2, wordFinalLogprob: -c.wordFinalBits * LN2, boundary: 'ok', opts: { mu: 111 } });
}

const bitsArb = fc.double({ min: 0.05, max: 16, noNaN: true });
// Texts of one- to three-byte characters, so that chars and bytes differ on some items.
const candArb: fc.Arbitrary<Cand> = fc.record({
  text: fc.array(fc.constantFrom('a', 'b', ' ', 'é', '€'), { minLength: 1, maxLength: 14 }).map((cs) => cs.join('')),
  tokenBits: fc.array(bitsArb, { minLength: 1, maxLength: 7 }),
  unconditionalBits: fc.double({ min: 0.1, max: 60, noNaN: true }),
  wordFinalBits: fc.double({ min: 0.001, max: 14, noNaN: true }),
});

type Mechanism = 'sum' | 'length' | 'tokens' | 'context' | 'word_end';

/** The mechanism a clause's words state, and the rules those words can explain. */
function mechanismOfWords(reason: string): { m: Mechanism; explains: string[] } {
  if (/longer in bytes|more bits in total/.test(reason)) return { m: 'sum', explains: ['acc'] };
  if (/share the cost/.test(reason)) {
    const explains: string[] = [];
    if (/per char/.test(reason)) explains.push('acc_norm');
    if (/per byte/.test(reason)) explains.push('acc_bytes');
    return { m: 'length', explains };
  }
  if (/bits per token/.test(reason)) return { m: 'tokens', explains: ['acc_per_token'] };
  if (/^the context (raises|lowers)/.test(reason)) return { m: 'context', explains: ['acc_mutual_info'] };
  if (/^ending the word after/.test(reason)) return { m: 'word_end', explains: ['acc_word'] };
  throw new Error(`no mechanism in "${reason}"`);
}

const byPhrase = new Map(DECIDING_RULES.map((r) => [r.phrase, r]));

/** "Raw sum picks A: …" / "per-char and per-byte pick B, …" → the rules, the letter and the reason. */
function parseClause(clause: string): { rules: string[]; letter: string; reason: string } {
  const m = /^(.+?) picks? ([A-D])[,:] (.*)$/u.exec(clause);
  if (!m) throw new Error(`clause not read: "${clause}"`);
  const phrases = m[1].split(/, | and /);
  const rules = phrases.map((p) => {
    const r = byPhrase.get(p) ?? byPhrase.get(p.charAt(0).toLowerCase() + p.slice(1));
    if (!r) throw new Error(`unknown rule "${p}" in "${clause}"`);
    return r.id;
  });
  return { rules, letter: m[2], reason: m[3] };
}

describe('verdict sentence: every rule named in a clause is explained by that clause', () => {
  it('holds on random items of two to four candidates', () => {
    fc.assert(
      fc.property(fc.array(candArb, { minLength: 2, maxLength: 4 }), (raw) => {
        const cs = raw.map(build);
        const w = pickWinners(cs);
        const sentence = verdictSentence(cs, w, (p) => LETTERS[p]);
        const winnerOf = (id: string) => w[DECIDING_RULES.find((r) => r.id === id)!.names.winner as RuleName];
        const distinct = new Set(DECIDING_RULES.map((r) => winnerOf(r.id)).filter((p) => p >= 0));
        if (distinct.size < 2) {
          expect(sentence).toBeNull();
          return;
        }
        expect(sentence).not.toBeNull();
        const a = cs[winnerOf('acc')];
        const named: string[] = [];
        for (const clause of sentence!.replace(/\.$/, '').split('; ')) {
          const { rules, letter, reason } = parseClause(clause);
          const { m, explains } = mechanismOfWords(reason);
          const p = LETTERS.indexOf(letter);
          const c = cs[p];
          for (const id of rules) {
            named.push(id);
            // The rule picks what the clause says, and the clause's words are about what it measures.
            expect(winnerOf(id), clause).toBe(p);
            expect(explains, `${id} in "${clause}"`).toContain(id);
            if (m === 'sum') continue;
            // Every other clause explains a departure from the raw sum, which prefers a (at least ties it).
            expect(c.sum_logprob).toBeLessThanOrEqual(a.sum_logprob);
            if (id === 'acc_norm') {
              expect(c.per_char).toBeGreaterThanOrEqual(a.per_char);
              expect(c.n_chars).toBeGreaterThanOrEqual(a.n_chars);
              expect(reason).toContain(`its ${c.n_chars} char`);
            }
            if (id === 'acc_bytes') {
              expect(c.per_byte).toBeGreaterThanOrEqual(a.per_byte);
              expect(c.n_bytes).toBeGreaterThanOrEqual(a.n_bytes);
              if (c.n_chars !== c.n_bytes || a.n_chars !== a.n_bytes) expect(reason).toContain(`${c.n_bytes} byte`);
            }
            if (id === 'acc_per_token') {
              expect(c.per_token).toBeGreaterThanOrEqual(a.per_token);
              if (/cheap token/.test(reason)) expect(c.n_tokens).toBeGreaterThan(a.n_tokens);
            }
            if (id === 'acc_mutual_info') expect(c.pmi).toBeGreaterThanOrEqual(a.pmi);
            if (id === 'acc_word') expect(c.word_final_logprob).toBeGreaterThan(a.word_final_logprob);
          }
        }
        // Each rule that picks another answer than the raw sum is named exactly once.
        const departing = DECIDING_RULES.filter((r) => winnerOf(r.id) >= 0 && winnerOf(r.id) !== winnerOf('acc')).map((r) => r.id);
        expect([...named].sort()).toEqual(['acc', ...departing].sort());
      }),
      { numRuns: FC_RUNS, seed: 20261203 },
    );
  });
});

describe('verdict sentence: numbers compared in one clause are written to the same precision', () => {
  it('every amount in a clause that compares two answers has as many decimals as the others', () => {
    fc.assert(
      fc.property(fc.array(candArb, { minLength: 2, maxLength: 4 }), (raw) => {
        const cs = raw.map(build);
        const sentence = verdictSentence(cs, pickWinners(cs), (p) => LETTERS[p]);
        if (!sentence) return;
        for (const clause of sentence.replace(/\.$/, '').split('; ')) {
          const { reason } = parseClause(clause);
          // The raw sum's clause states a ratio and a total, not two answers' scores side by side.
          if (mechanismOfWords(reason).m === 'sum') continue;
          // Counts ("its 5 chars", "split into 3 cheap tokens") are whole by nature.
          const compared = reason.replace(/\d+ (chars?|bytes?|cheap tokens?)\b/g, '').match(/\d+(\.\d+)?/g) ?? [];
          const decimals = new Set(compared.map((n) => n.split('.')[1]?.length ?? 0));
          expect(decimals.size, `"${clause}"`).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: FC_RUNS, seed: 20261204 },
    );
  });
});
