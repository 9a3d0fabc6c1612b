// Every use of transformers.js internals (fields outside its typed public API) lives here, so an
// upgrade that renames one breaks this file only; test/engine/transformersAdapter.test.ts checks
// each of them on a real loaded model and names the one that changed.
import { Tensor, type PreTrainedModel, type PreTrainedTokenizer } from '@huggingface/transformers';

/** The tokenizers-style object behind a PreTrainedTokenizer (`_tokenizer`): encodes with pieces. */
export interface RawTokenizer {
  encode(text: string, options?: { add_special_tokens?: boolean }): { ids: number[]; tokens: string[] };
  id_to_token(id: number): string | undefined;
}

interface ValueMetadata {
  name: string;
  isTensor?: boolean;
  type?: string;
  shape?: readonly (number | string)[];
}

/** The ONNX Runtime session of a decoder's graph (`sessions.model`). */
export interface DecoderSession {
  inputNames: readonly string[];
  outputNames: readonly string[];
  inputMetadata?: readonly ValueMetadata[];
  outputMetadata?: readonly ValueMetadata[];
  run(feeds: Record<string, unknown>, fetches?: readonly string[]): Promise<Record<string, unknown>>;
}

/** Tokenizer fields read at load time; `json` and `config` are private (`_tokenizerJSON`, `_tokenizerConfig`). */
export interface TokenizerFields {
  bos_token_id?: number | null;
  eos_token_id?: number | null;
  all_special_ids?: number[];
  chat_template?: string | null;
  /** The tokenizer.json object. */
  json?: unknown;
  /** tokenizer_config.json. */
  config?: { model_max_length?: number };
}

export function rawTokenizer(tokenizer: PreTrainedTokenizer): RawTokenizer {
  return (tokenizer as unknown as { _tokenizer: RawTokenizer })._tokenizer;
}

/**
 * The BPE model behind a tokenizer (`_tokenizer.model`): the fields its `bpe(word)` reads, which
 * fastBpe.ts replaces. Undefined where the model is not BPE or any field is not as expected.
 */
export interface BpeModel {
  /** Merge rules in rank order, each as its two pieces. */
  merges: readonly (readonly [string, string])[];
  /** One pre-tokenized word to its pieces (each then looked up in the vocabulary). */
  bpe(word: string): string[];
  cache: { get(word: string): string[] | undefined; put(word: string, pieces: string[]): void };
  /** Words at least this long are not cached. */
  max_length_to_cache: number;
  end_of_word_suffix?: string | null;
  continuing_subword_suffix?: string | null;
}

export function bpeModel(tokenizer: PreTrainedTokenizer): BpeModel | undefined {
  const model = (rawTokenizer(tokenizer) as unknown as { model?: Partial<BpeModel> & { bpe_ranks?: unknown } }).model;
  if (!model || typeof model.bpe !== 'function' || !(model.bpe_ranks instanceof Map) || typeof model.max_length_to_cache !== 'number') return undefined;
  if (typeof model.cache?.get !== 'function' || typeof model.cache.put !== 'function') return undefined;
  const merges: unknown = model.merges;
  if (!Array.isArray(merges) || !merges.every((m) => Array.isArray(m) && m.length === 2 && typeof m[0] === 'string' && typeof m[1] === 'string')) return undefined;
  return model as BpeModel;
}

/** The pieces of the raw tokenizer's vocabulary (a list, or the keys of a token→id map). */
export function vocabularyPieces(tokenizer: PreTrainedTokenizer): Iterable<unknown> {
  const model = (rawTokenizer(tokenizer) as unknown as { model?: { vocab?: unknown; tokens_to_ids?: Map<string, number> } }).model;
  return Array.isArray(model?.vocab) ? model.vocab : (model?.tokens_to_ids?.keys() ?? []);
}

export function tokenizerFields(tokenizer: PreTrainedTokenizer): TokenizerFields {
  const tok = tokenizer as unknown as Omit<TokenizerFields, 'json' | 'config'> & { _tokenizerJSON?: unknown; _tokenizerConfig?: { model_max_length?: number } };
  return {
    bos_token_id: tok.bos_token_id,
    eos_token_id: tok.eos_token_id,
    all_special_ids: tok.all_special_ids,
    chat_template: tok.chat_template,
    json: tok._tokenizerJSON,
    config: tok._tokenizerConfig,
  };
}

export function bosToken(tokenizer: PreTrainedTokenizer): string | null | undefined {
  return (tokenizer as unknown as { bos_token?: string | null }).bos_token;
}

/** The chat template applied as text (the typed signature wants a tokenised result). */
export function applyChatTemplateText(tokenizer: PreTrainedTokenizer, messages: { role: string; content: string }[], options: object): string {
  const tok = tokenizer as unknown as { apply_chat_template(c: { role: string; content: string }[], o: object): string };
  return tok.apply_chat_template(messages, options);
}

/** A model's config as plain fields (its typed shape omits the architecture-specific ones). */
export function modelConfig<T = unknown>(model: PreTrainedModel): Record<string, T | undefined> {
  return model.config as unknown as Record<string, T | undefined>;
}

export function decoderSession(model: PreTrainedModel): DecoderSession | undefined {
  return (model as unknown as { sessions?: Record<string, DecoderSession> }).sessions?.model;
}

/** The model's forward through transformers.js (the instance is callable; its type says not). */
export async function callForward<I, O>(model: PreTrainedModel, feeds: I): Promise<O> {
  return (await (model as unknown as (f: I) => Promise<O>)(feeds)) as O;
}

/** The ONNX Runtime tensor inside a transformers.js Tensor (`ort_tensor`). */
export function ortTensor(t: Tensor): unknown {
  return (t as unknown as { ort_tensor: unknown }).ort_tensor;
}

/** A transformers.js Tensor wrapping an ONNX Runtime tensor (a constructor form its types omit). */
export function tensorFromOrt(ort: unknown): Tensor {
  return new (Tensor as unknown as new (ort: unknown) => Tensor)(ort);
}

/** A GPU-resident tensor's data, read back through its ONNX Runtime tensor. */
export async function gpuData(t: Tensor): Promise<unknown> {
  return (t.ort_tensor as unknown as { getData(): Promise<unknown> }).getData();
}
