// The transformers.js internals the engine relies on (all read in src/engine/transformersAdapter.ts)
// still exist, with the shapes the engine expects, on a real loaded model. When an upgrade of
// @huggingface/transformers changes one, this test names it.
import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Tensor } from '@huggingface/transformers';
import { createNodeEngine } from '../../src/engine/node';
import type { LoadedModel } from '../../src/engine/model';
import {
  applyChatTemplateText,
  bosToken,
  bpeModel,
  callForward,
  decoderSession,
  modelConfig,
  ortTensor,
  rawTokenizer,
  tensorFromOrt,
  tokenizerFields,
  vocabularyPieces,
} from '../../src/engine/transformersAdapter';
import { MODELS_DIR } from '../paths';

let m: LoadedModel;
beforeAll(async () => {
  const engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'stories260K') }, 'fp32');
  m = engine.current()!;
});

/** Runs named checks and lists every one that fails, so the failure says which internal changed. */
async function failures(checks: Record<string, () => unknown>): Promise<string[]> {
  const out: string[] = [];
  for (const [name, check] of Object.entries(checks)) {
    try {
      if ((await check()) !== true) out.push(`${name}: not as the engine expects`);
    } catch (err) {
      out.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return out.map((f) => `transformers.js internal changed — ${f} (update src/engine/transformersAdapter.ts)`);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

describe('transformers.js internals used by the engine (stories260K, fp32, CPU)', () => {
  it('tokenizer internals: _tokenizer.encode / id_to_token, its vocabulary, its BPE model, _tokenizerJSON, _tokenizerConfig, bos_token', async () => {
    const tok = m.tokenizer;
    const problems = await failures({
      '_tokenizer.encode(text, {add_special_tokens}) → {ids, tokens}': () => {
        const enc = rawTokenizer(tok).encode('Once upon a time', { add_special_tokens: true });
        return Array.isArray(enc.ids) && Array.isArray(enc.tokens) && enc.ids.length === enc.tokens.length && enc.ids.length > 1 && typeof enc.tokens[1] === 'string';
      },
      '_tokenizer.encode adds special tokens only when asked': () =>
        rawTokenizer(tok).encode('a', { add_special_tokens: true }).ids.length > rawTokenizer(tok).encode('a', { add_special_tokens: false }).ids.length,
      '_tokenizer.id_to_token(id) → piece': () => {
        const enc = rawTokenizer(tok).encode('Once', { add_special_tokens: false });
        return rawTokenizer(tok).id_to_token(enc.ids[0]) === enc.tokens[0];
      },
      '_tokenizer.model.vocab (list) or .tokens_to_ids (map)': () => {
        const pieces = [...vocabularyPieces(tok)];
        return pieces.length === m.info.vocabSize && pieces.every((p) => typeof p === 'string');
      },
      '_tokenizerJSON (the tokenizer.json object)': () => {
        const json = tokenizerFields(tok).json;
        return isObject(json) && isObject(json.model) && 'pre_tokenizer' in json && 'decoder' in json;
      },
      '_tokenizerConfig (tokenizer_config.json)': () => isObject(tokenizerFields(tok).config),
      'bos_token_id / eos_token_id / all_special_ids': () => {
        const f = tokenizerFields(tok);
        return f.bos_token_id === 1 && f.eos_token_id === 2 && Array.isArray(f.all_special_ids) && f.all_special_ids.includes(1);
      },
      'bos_token (string)': () => bosToken(tok) === '<s>',
      '_tokenizer.model (BPE): merges, bpe_ranks, bpe, cache, max_length_to_cache; the load replaced its bpe': () => {
        const bpe = bpeModel(tok);
        const own = bpe && (Object.getPrototypeOf(bpe) as { bpe?: unknown }).bpe;
        return bpe !== undefined && bpe.merges.length > 0 && typeof own === 'function' && bpe.bpe !== own;
      },
      'apply_chat_template (a function)': () => typeof (tok as unknown as { apply_chat_template?: unknown }).apply_chat_template === 'function' && typeof applyChatTemplateText === 'function',
    });
    expect(problems).toEqual([]);
  });

  it('model internals: sessions.model, ort_tensor, Tensor(ortTensor), the callable model, config fields', async () => {
    const ids = [1, 403, 407];
    const t = (v: number[]) => new Tensor('int64', BigInt64Array.from(v, (x) => BigInt(x)), [1, v.length]);
    const feeds = { input_ids: t(ids), attention_mask: t(ids.map(() => 1)), position_ids: t(ids.map((_, i) => i)) };
    const problems = await failures({
      'sessions.model: inputNames, outputNames, inputMetadata, run': () => {
        const s = decoderSession(m.model);
        return (
          s !== undefined &&
          s.inputNames.includes('input_ids') &&
          s.inputNames.some((n) => n.startsWith('past_key_values')) &&
          s.outputNames.includes('logits') &&
          Array.isArray(s.inputMetadata) &&
          s.inputMetadata.some((v) => v.name === 'input_ids') &&
          typeof s.run === 'function'
        );
      },
      'Tensor.ort_tensor (the ONNX Runtime tensor, with getData for GPU reads)': () => {
        const ort = ortTensor(feeds.input_ids);
        return isObject(ort) && typeof ort.getData === 'function' && (ort.dims as number[]).join() === '1,3' && ort.type === 'int64';
      },
      'sessions.model.run(ort feeds, ["logits"]) and new Tensor(its output)': async () => {
        const s = decoderSession(m.model)!;
        const past = Object.fromEntries(Object.entries(await emptyPastFeeds()).map(([k, v]) => [k, ortTensor(v)]));
        const out = await s.run({ ...past, ...Object.fromEntries(Object.entries(feeds).map(([k, v]) => [k, ortTensor(v)])) }, ['logits']);
        const logits = tensorFromOrt(out.logits);
        return logits.dims.join() === `1,3,${m.info.vocabSize}`;
      },
      'the model is callable with feeds and returns {logits}': async () => {
        const out = await callForward<typeof feeds, { logits: Tensor }>(m.model, feeds);
        return out.logits instanceof Tensor && out.logits.dims.join() === `1,3,${m.info.vocabSize}`;
      },
      'config: vocab_size, max_position_embeddings, num_attention_heads, hidden_size': () => {
        const c = modelConfig<number>(m.model);
        return c.vocab_size === m.info.vocabSize && typeof c.max_position_embeddings === 'number' && typeof c.num_attention_heads === 'number' && typeof c.hidden_size === 'number';
      },
    });
    expect(problems).toEqual([]);
  });
});

/** Empty past_key_values feeds, built from the session's metadata as the engine does. */
async function emptyPastFeeds(): Promise<Record<string, Tensor>> {
  const { emptyPast } = await import('../../src/engine/forward');
  return emptyPast(m.model, 1) as Record<string, Tensor>;
}
