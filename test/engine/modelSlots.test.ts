// One engine, two models: a model loaded beside another scores exactly what it scores alone, and
// loading, failing to load or unloading one slot leaves the other alone. Real models: stories260K
// (fp32, q4) and tiny-llama-plain (another tokenizer, 32,000 tokens, random weights).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import type { Engine } from '../../src/engine/engine';
import { MAX_LOADED_MODELS } from '../../src/engine/api';
import { DEFAULT_SCORE_OPTIONS, type ItemScore } from '../../src/core/scoring/types';
import { MODELS_DIR } from '../paths';

const STORIES = { kind: 'path' as const, path: path.join(MODELS_DIR, 'stories260K') };
const PLAIN = { kind: 'path' as const, path: path.join(MODELS_DIR, 'tiny-llama-plain') };
const ITEM = { context: 'Once upon a time, there was a little girl named', candidates: [' Lily.', ' Tom.', ' Sue went to the park'], options: DEFAULT_SCORE_OPTIONS };
const CHUNK = { items: [ITEM, { context: 'The dog ran to the', candidates: [' park', ' par'] }], options: DEFAULT_SCORE_OPTIONS };

let shared: Engine;
const alone: Record<'stories' | 'plain' | 'q4', { item: ItemScore; chunk: ItemScore[] }> = {} as never;

beforeAll(async () => {
  for (const [key, source, dtype] of [['stories', STORIES, 'fp32'], ['plain', PLAIN, 'fp32'], ['q4', STORIES, 'q4']] as const) {
    const e = await createNodeEngine(source, dtype);
    alone[key] = { item: await e.score(ITEM), chunk: await e.scoreChunk(CHUNK) };
    await e.unload();
  }
  shared = await createNodeEngine(STORIES, 'fp32');
  await shared.load({ source: PLAIN, dtype: 'fp32', device: 'cpu' }, undefined, 'compare');
}, 60_000);
afterAll(() => shared.unload());

describe('an engine holding two models', () => {
  it('scores each model exactly as that model alone, in any order', async () => {
    expect(await shared.slots()).toEqual(['primary', 'compare']);
    const b1 = await shared.score({ ...ITEM, slot: 'compare' });
    const a1 = await shared.score(ITEM);
    const a2 = await shared.score({ ...ITEM, slot: 'primary' });
    const b2 = await shared.score({ ...ITEM, slot: 'compare' });
    for (const a of [a1, a2]) expect(a).toEqual(alone.stories.item);
    for (const b of [b1, b2]) expect(b).toEqual(alone.plain.item);
    // The two really are different models: 512 against 32,000 tokens.
    expect(a1.candidates[2].n_tokens).not.toBe(b1.candidates[2].n_tokens);
    expect(await shared.scoreChunk({ ...CHUNK, slot: 'compare' })).toEqual(alone.plain.chunk);
    expect(await shared.scoreChunk(CHUNK)).toEqual(alone.stories.chunk);
  });

  it(`refuses a model in a slot beyond ${MAX_LOADED_MODELS}, before loading it, and keeps both`, async () => {
    await expect(shared.load({ source: STORIES, dtype: 'q4', device: 'cpu' }, undefined, 'third')).rejects.toThrow(
      `2 models are loaded already (primary, compare); unload one before loading into "third"`,
    );
    expect(await shared.slots()).toEqual(['primary', 'compare']);
    expect(await shared.score({ ...ITEM, slot: 'compare' })).toEqual(alone.plain.item);
  });

  it('a failed load into one slot keeps its model; a new one replaces only that slot\'s', async () => {
    await expect(shared.load({ source: { kind: 'path', path: path.join(MODELS_DIR, 'no-such-model') }, dtype: 'fp32', device: 'cpu' }, undefined, 'compare')).rejects.toThrow();
    expect(await shared.score({ ...ITEM, slot: 'compare' })).toEqual(alone.plain.item);
    await shared.load({ source: STORIES, dtype: 'q4', device: 'cpu' }, undefined, 'compare');
    expect(await shared.score({ ...ITEM, slot: 'compare' })).toEqual(alone.q4.item);
    expect(await shared.score(ITEM)).toEqual(alone.stories.item);
  });

  it('unloading one slot leaves the other scoring', async () => {
    await shared.unload('compare');
    expect(await shared.slots()).toEqual(['primary']);
    await expect(shared.score({ ...ITEM, slot: 'compare' })).rejects.toThrow('no model is loaded in "compare"');
    expect(await shared.score(ITEM)).toEqual(alone.stories.item);
  });
});
