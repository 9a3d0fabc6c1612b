// The Variants panel's cache key: scored variants are shown only while the key they were scored
// under is the current one, so every input that changes their numbers must change the key: the
// model, the context, the candidates and each scoring option (the boundary policy and PMI's
// unconditional context among them). A key without the options showed stale variants.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCORE_OPTIONS, type ScoreOptions } from '../../../src/core/scoring/types';
import { variantsKey } from '../../../src/ui/scorer/Variants';

const input = { context: 'The dog ran to the', candidates: [' park', ' par'], options: DEFAULT_SCORE_OPTIONS };

/** Another value of each option; the type names every option, so a new one must be listed here. */
const OTHER: { readonly [K in keyof ScoreOptions]-?: ScoreOptions[K] } = {
  boundaryPolicy: 'separate',
  unconditionalContext: 'Answer:',
  topK: 3,
  mu: 50,
  chatTemplate: true,
};

describe('variantsKey', () => {
  it('is the model, the context, the candidates and every option, in one string', () => {
    expect(variantsKey(3, input)).toBe(
      '[3,"The dog ran to the",[" park"," par"],{"boundaryPolicy":"whole","unconditionalContext":"","topK":5,"mu":111,"chatTemplate":false}]',
    );
    expect(variantsKey(null, input)).toBe(
      '[null,"The dog ran to the",[" park"," par"],{"boundaryPolicy":"whole","unconditionalContext":"","topK":5,"mu":111,"chatTemplate":false}]',
    );
  });

  it('changes with the boundary policy and with PMI\'s unconditional context', () => {
    const base = variantsKey(3, input);
    const separate = variantsKey(3, { ...input, options: { ...DEFAULT_SCORE_OPTIONS, boundaryPolicy: 'separate' } });
    const answer = variantsKey(3, { ...input, options: { ...DEFAULT_SCORE_OPTIONS, unconditionalContext: 'Answer:' } });
    expect(separate).not.toBe(base);
    expect(answer).not.toBe(base);
    expect(separate).toContain('"boundaryPolicy":"separate"');
    expect(answer).toContain('"unconditionalContext":"Answer:"');
  });

  it('changes with each option alone, and with the model, the context and the candidates', () => {
    const base = variantsKey(3, input);
    const keys = new Set([base]);
    for (const k of Object.keys(OTHER) as (keyof ScoreOptions)[]) {
      expect(OTHER[k], k).not.toBe(DEFAULT_SCORE_OPTIONS[k]);
      const key = variantsKey(3, { ...input, options: { ...DEFAULT_SCORE_OPTIONS, [k]: OTHER[k] } });
      expect(key, k).not.toBe(base);
      keys.add(key);
    }
    keys.add(variantsKey(4, input));
    keys.add(variantsKey(3, { ...input, context: 'The cat ran to the' }));
    keys.add(variantsKey(3, { ...input, candidates: [' park', ' park.'] }));
    expect(keys.size).toBe(1 + Object.keys(OTHER).length + 3);
    // The same input (a copy) gives the same key: no needless re-score.
    expect(variantsKey(3, structuredClone(input))).toBe(base);
  });
});
