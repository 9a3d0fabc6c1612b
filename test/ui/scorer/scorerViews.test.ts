// The Scorer's pure view logic: the disagreement sentence and the cumulative cost curve.
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DisagreementBanner } from '../../../src/ui/scorer/DisagreementBanner';
import { ScoreTable } from '../../../src/ui/scorer/ScoreTable';
import { cumulativeCurve } from '../../../src/ui/scorer/CumulativeCostChart';
import { candidateLetter, fmt, pieceText, snippet } from '../../../src/ui/scorer/format';
import { tokenizerKindOf } from '../../../src/core/tokens/pieces';
import type { CandidateScore, ItemScore, TokenScore } from '../../../src/core/scoring/types';
import { RULE_ORDER } from '../../../src/ui/scorer/format';
import { BUILT_IN_WINNERS, zeroScoreFields } from '../../core/scoring/builtInRules';

function token(text: string, bytes: [number, number], bits: number): TokenScore {
  return { id: 0, piece: text, text, bytes, logprob: -bits * Math.LN2, bits, rank: 1, entropy: 0, top: [], greedy: true };
}

function candidate(text: string, tokens: TokenScore[]): CandidateScore {
  return {
    ...zeroScoreFields(), text, continuation: text, boundary: 'ok', tokens, n_tokens: tokens.length, n_bytes: 0, n_chars: 0, sum_logprob: 0, per_token: 0,
    per_char: 0, per_byte: 0, bits_per_byte: 0, pmi: 0, unconditional_logprob: 0, prior_bpb: 0, first_token_bits: 0, is_greedy: false,
  };
}

/** The built-in rules' winners; a rule added to the table picks no candidate here (-1) unless `others` says. */
const item = (winners: Record<string, number>, others = -1): ItemScore => ({
  context: 'c',
  candidates: [candidate(' hat.', []), candidate(' towel', []), candidate(' zebra.', [])],
  winners: { ...Object.fromEntries(RULE_ORDER.filter((r) => !BUILT_IN_WINNERS.includes(r)).map((r) => [r, others])), ...winners } as ItemScore['winners'],
  warnings: [],
});

/** The banner's text without its "Why:" line (tested on its own below and in core/scoring/verdict.test.ts). */
const text = (html: string) => html.replace(/<span class="verdict"[^]*<\/span><\/p>/, '</p>').replace(/<[^>]+>/g, '');

describe('disagreement banner', () => {
  it('keeps a leading space visible, with the table\'s mark: " dog." and "dog." read differently', () => {
    const result: ItemScore = { ...item({ acc: 0, pmi: 0, per_token: 0, acc_norm: 0, acc_bytes: 0, acc_word: 0, ncc: 0 }), candidates: [candidate(' dog.', []), candidate('dog.', [])] };
    const html = renderToStaticMarkup(createElement(DisagreementBanner, { result, indices: [0, 1], gold: null }));
    expect(text(html)).toBe('All seven rules pick A (“·dog.”).');
    expect(snippet(' dog.')).toBe('·dog.');
    expect(snippet('dog.')).toBe('dog.');
    expect(snippet('  two\nlines ', 8)).toBe('··two↵l…');
  });


  it('names each winner and the rules that pick it', () => {
    const html = renderToStaticMarkup(
      createElement(DisagreementBanner, { result: item({ acc: 0, pmi: 0, per_token: 2, acc_norm: 1, acc_bytes: 1, acc_word: 1, ncc: 0 }), indices: [0, 1, 2], gold: 1 }),
    );
    expect(text(html)).toBe(
      'The rules disagree: Raw sum, PMI and NCC pick A (“·hat.”); per-token picks C (“·zebra.”); per-char, per-byte and whole-word sum pick B (“·towel”). Right (gold B): per-char, per-byte, whole-word sum.',
    );
  });

  it('adds why where the rules disagree, naming candidates by their workspace letters', () => {
    const c = (t: string, bits: number, bytes: number): CandidateScore => ({ ...candidate(t, []), sum_logprob: -bits * Math.LN2, n_bytes: bytes, bits_per_byte: bits / bytes, per_byte: (-bits * Math.LN2) / bytes, n_chars: bytes, per_char: (-bits * Math.LN2) / bytes });
    // Workspace candidates 1 and 3: 4 bits over 2 bytes, 9 bits over 6 bytes (1.5 bits/byte).
    const result: ItemScore = { ...item({ acc: 0, pmi: 0, per_token: 0, acc_norm: 1, acc_bytes: 1 }, 0), candidates: [c(' a', 4, 2), c(' b c d', 9, 6)] };
    const html = renderToStaticMarkup(createElement(DisagreementBanner, { result, indices: [1, 3], gold: null }));
    expect(html.replace(/<[^>]+>/g, '')).toMatch(/Why: Raw sum picks B: D is 3\.0× longer in bytes and pays 5\.0 more bits in total, though its bits per byte are lower; per-char and per-byte pick D, its 6 chars \(as many bytes\) share the cost \(1\.5 bits per char and per byte against 2\.0 for B\)\.$/);
  });

  it('says when all rules agree, with workspace letters for the scored candidates', () => {
    // Workspace candidate 0 was empty (not scored): the scored ones are B, C, D.
    const html = renderToStaticMarkup(
      createElement(DisagreementBanner, { result: item({ acc: 2, pmi: 2, per_token: 2, acc_norm: 2, acc_bytes: 2 }, 2), indices: [1, 2, 3], gold: null }),
    );
    // Five built-in rules, and any rule added to the table (told to agree here).
    const count = ['five', 'six', 'seven', 'eight', 'nine', 'ten'][RULE_ORDER.length - 5];
    expect(text(html)).toBe(`All ${count} rules pick D (“·zebra.”).`);
  });

  it('does not count a rule that has no winner (PMI before its second pass)', () => {
    const html = renderToStaticMarkup(
      createElement(DisagreementBanner, { result: item({ acc: 2, pmi: -1, per_token: 2, acc_norm: 2, acc_bytes: 2 }, 2), indices: [1, 2, 3], gold: 3 }),
    );
    const count = ['four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'][RULE_ORDER.length - 5];
    expect(text(html)).toBe(`The ${count} rules with a winner pick D (“·zebra.”). PMI has no winner.`);
    const split = renderToStaticMarkup(
      createElement(DisagreementBanner, { result: item({ acc: 0, pmi: -1, per_token: 2, acc_norm: 2, acc_bytes: 2 }, 2), indices: [0, 1, 2], gold: 0 }),
    );
    expect(text(split)).toMatch(/^The rules disagree: Raw sum picks A \(“·hat\.”\); .* PMI has no winner\. Right \(gold A\): raw sum\.$/);
  });
});

describe('score table', () => {
  const table = (result: ItemScore | null, problems: { candidate: number | null; message: string }[]) =>
    renderToStaticMarkup(
      createElement(ScoreTable, { result, indices: [0, 2], candidateCount: 3, problems, gold: null, units: 'bits', onUnits: () => undefined, stale: false }),
    );

  it('styles only a real problem as an error, not a row waiting for its first score', () => {
    const before = table(null, []);
    expect(before).not.toContain('problem-cell');
    expect(before.match(/pending-cell/g)).toHaveLength(3);
    const withProblem = table(null, [{ candidate: 1, message: 'Candidate 2 is empty, so it is not scored.' }]);
    expect(withProblem.match(/class="problem-cell"[^>]*>([^<]*)</)?.[1]).toBe('Candidate 2 is empty, so it is not scored.');
    expect(withProblem.match(/pending-cell/g)).toHaveLength(2);
  });

  it('marks the rows being re-scored and leaves the cached ones fresh', () => {
    const result: ItemScore = { ...item({ acc: 0, pmi: 0, per_token: 0, acc_norm: 0, acc_bytes: 0 }), candidates: [candidate(' hat.', []), candidate(' zebra.', [])] };
    const html = renderToStaticMarkup(
      createElement(ScoreTable, { result, indices: [0, 2], candidateCount: 3, problems: [], gold: null, units: 'bits', onUnits: () => undefined, stale: true, rescoring: [2] }),
    );
    expect(html.match(/re-scoring…/g)).toHaveLength(1);
    expect(html).toMatch(/<tr data-candidate="2" data-fresh="false" class="rescoring">/);
    expect(html).toMatch(/<tr data-candidate="0" data-fresh="true" class="has-win">/);
  });

  it('shows a row whose PMI is pending with every other number and no PMI winner yet', () => {
    const result: ItemScore = { ...item({ acc: 0, pmi: 1, per_token: 0, acc_norm: 0, acc_bytes: 0 }), candidates: [candidate(' hat.', []), candidate(' zebra.', [])] };
    const html = renderToStaticMarkup(
      createElement(ScoreTable, { result, indices: [0, 2], candidateCount: 3, problems: [], gold: null, units: 'bits', onUnits: () => undefined, stale: false, pmiPending: [2] }),
    );
    // PMI's cell and NCC's, which reads the same unconditional term.
    expect(html.match(/data-pending="true"/g)).toHaveLength(2);
    expect(html).toMatch(/<tr data-candidate="2" data-fresh="true"><th[^]*?<td data-col="pmi" data-pending="true"[^>]*>…<\/td>/);
    expect(html).toMatch(/<tr data-candidate="2" data-fresh="true"><th[^]*?<td data-col="ncc" data-pending="true"[^>]*>…<\/td>/);
    expect(html).toMatch(/<td data-col="per_token" data-value="[^"]+"/);
    expect(html).not.toMatch(/winner under PMI/);
    expect(html).toMatch(/<tr data-candidate="0" data-fresh="true" class="has-win">/);
  });

  it('shows a row whose whole-word term is pending (dynamic q8) with every other number and no whole-word winner yet', () => {
    const result: ItemScore = { ...item({ acc: 0, pmi: 1, per_token: 0, acc_norm: 0, acc_bytes: 0, acc_word: 1 }), candidates: [candidate(' hat.', []), candidate(' zebra.', [])] };
    const props = { result, indices: [0, 2], candidateCount: 3, problems: [], gold: null, units: 'bits' as const, onUnits: () => undefined, stale: false };
    const html = renderToStaticMarkup(createElement(ScoreTable, { ...props, pmiPending: [2], wordFinalPending: [2] }));
    // PMI's (and NCC's, which reads PMI's term) and the whole-word cells of the edited row wait; nothing else does.
    expect(html.match(/data-pending="true"/g)).toHaveLength(3);
    expect(html).toMatch(/<td data-col="word_logprob" data-pending="true"[^>]*title="The whole-word term[^>]*>…<\/td>/);
    expect(html).toMatch(/<tr data-candidate="0"[^]*?<td data-col="word_logprob" data-value=/);
    expect(html).not.toMatch(/winner under (PMI|whole-word sum)/);
    // Once it has arrived, the whole-word winner shows.
    expect(renderToStaticMarkup(createElement(ScoreTable, props))).toMatch(/winner under whole-word sum/);
  });
});

describe('cumulative cost curve', () => {
  it('spreads each token over its bytes and drops a leading space as content', () => {
    // " hat." = " h" (2 bytes, 6 bits) "at" (2 bytes, 2 bits) "." (1 byte, 1 bit)
    const c = candidate(' hat.', [token(' h', [0, 2], 6), token('at', [2, 4], 2), token('.', [4, 5], 1)]);
    const { points, firstTokenEnd } = cumulativeCurve(c);
    // Content bytes h, a, t, . cost 3, 1, 1, 1 bits (the space's 3 bits are dropped).
    expect(points).toEqual([[0, 0], [1, 3], [2, 4], [3, 5], [4, 6]]);
    expect(firstTokenEnd).toEqual([1, 3]);
  });

  it('puts the first-token mark after a lone space token on the first content token', () => {
    const c = candidate(' z', [token(' ', [0, 1], 4), token('z', [1, 2], 2)]);
    const { points, firstTokenEnd } = cumulativeCurve(c);
    expect(points).toEqual([[0, 0], [1, 2]]);
    expect(firstTokenEnd).toEqual([1, 2]);
  });
});

describe('formatting', () => {
  it('letters, signs and pieces', () => {
    expect([0, 25, 26, 27, 701, 702].map(candidateLetter)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
    expect(fmt(-1.23456)).toBe('−1.235');
    expect(fmt(-Infinity)).toBe('−∞');
    expect(fmt(NaN)).toBe('NaN');
    expect(pieceText('▁the', 'sentencepiece')).toBe('·the');
    expect(pieceText('<0x0A>', 'sentencepiece')).toBe('↵');
    expect(pieceText('Ġcat', 'byte-level')).toBe('·cat');
    expect(pieceText('Ċ', 'byte-level')).toBe('↵');
    // Exact, as core decodes it: a byte-level piece of a multi-byte character, and ▁ left alone there.
    expect(pieceText('Ã©', 'byte-level')).toBe('é');
    expect(tokenizerKindOf([{ piece: 'Ġcat', text: ' cat' }])).toBe('byte-level');
    expect(tokenizerKindOf([{ piece: 'the', text: 'the' }, { piece: '▁cat', text: ' cat' }])).toBe('sentencepiece');
  });
});
