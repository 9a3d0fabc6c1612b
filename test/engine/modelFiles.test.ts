// Issue 25 items 5, 6, 11: a model's JSON files checked at load. A context window that is not a
// positive whole number is refused naming file and field; every token id the tokenizer can
// produce must have a logit; a config.json or tokenizer.json of the wrong shape is named.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { configProblem, contextWindow, DEFAULT_WINDOW, tokenizerProblem, tokenOutsideVocabulary } from '../../src/engine/modelFiles';

const badWindow = fc.oneof(
  fc.integer({ min: -1e6, max: 0 }),
  fc.double({ noNaN: false }).filter((x) => !Number.isSafeInteger(x) || x <= 0),
  fc.string(),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
);

describe('contextWindow', () => {
  it('a positive whole max_position_embeddings (or n_positions) is the window', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999_999 }), fc.constantFrom('max_position_embeddings', 'n_positions'), (w, field) => {
        expect(contextWindow({ [field]: w }, { model_max_length: 7 })).toBe(w);
      }),
    );
  });
  it('anything else given there is refused, naming config.json and the field', () => {
    fc.assert(
      fc.property(badWindow, fc.constantFrom('max_position_embeddings', 'n_positions'), (v, field) => {
        expect(() => contextWindow({ [field]: v }, undefined)).toThrow(new RegExp(`^config\\.json: "${field}" is .*, not a positive whole number of tokens`));
      }),
    );
  });
  it('tokenizer_config.json model_max_length: the unset sentinel (1e30) is the default, a bad value is refused', () => {
    expect(contextWindow({}, { model_max_length: 1e30 })).toBe(DEFAULT_WINDOW);
    expect(contextWindow({}, undefined)).toBe(DEFAULT_WINDOW);
    expect(contextWindow({}, { model_max_length: 128 })).toBe(128);
    fc.assert(
      fc.property(badWindow.filter((v) => !(typeof v === 'number' && v >= 1e7)), (v) => {
        expect(() => contextWindow({}, { model_max_length: v })).toThrow(/^tokenizer_config\.json: "model_max_length" is .*, not a positive whole number/);
      }),
    );
  });
});

describe('tokenOutsideVocabulary', () => {
  const tokenizer = (vocab: Record<string, number>, added: { id: number; content: string }[] = []) => ({ model: { type: 'BPE', vocab }, added_tokens: added });
  it('names the highest id at or past the logits width, from the vocabulary or the added tokens', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.array(fc.integer({ min: 0, max: 2000 }), { maxLength: 12 }), (width, ids) => {
        const added = ids.map((id, i) => ({ id, content: `<t${i}>` }));
        const got = tokenOutsideVocabulary(tokenizer({ a: 0 }, added), width);
        const over = added.filter((t) => t.id >= width).sort((x, y) => y.id - x.id);
        expect(got).toEqual(over.length ? { token: over[0].content, id: over[0].id } : undefined);
      }),
    );
    expect(tokenOutsideVocabulary(tokenizer({ a: 0, b: 512 }), 512)).toEqual({ token: 'b', id: 512 });
    // Unigram: the vocabulary is a list of [piece, score]; ids are positions.
    expect(tokenOutsideVocabulary({ model: { type: 'Unigram', vocab: [['a', 0], ['b', -1], ['c', -2]] } }, 2)).toEqual({ token: 'c', id: 2 });
  });
});

describe('file shapes', () => {
  it('config.json that is not an object, or has no model_type', () => {
    expect(configProblem([])).toMatch(/^is a list, not an object/);
    expect(configProblem(null)).toMatch(/^is null, not an object/);
    expect(configProblem({ vocab_size: 3 })).toMatch(/no "model_type"/);
    expect(configProblem({ model_type: 'llama' })).toBeUndefined();
  });
  it('tokenizer.json whose "model" is null or missing', () => {
    expect(tokenizerProblem({ model: null })).toMatch(/^has no "model" object \(got null\)/);
    expect(tokenizerProblem([])).toMatch(/^is a list/);
    expect(tokenizerProblem({ model: { type: 'BPE', vocab: {} } })).toBeUndefined();
  });
});
