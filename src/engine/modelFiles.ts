// What a model's JSON files must hold for its numbers to be right, checked once at load: the
// context window (config.json, else tokenizer_config.json) and every token id the tokenizer can
// produce inside the model's vocabulary. Each refusal names the file and the field.
import { isRecord } from '../core/formats/lineError';

/** The window used when no file names one (lm-eval-harness's default max_length). */
export const DEFAULT_WINDOW = 2048;

/**
 * tokenizer_config.json's model_max_length when unset: transformers writes int(1e30), which is
 * not a window; anything at or above this is read as "not given".
 */
const UNSET_MODEL_MAX_LENGTH = 1e7;

/** Why a config.json cannot describe a causal LM, or undefined when its shape is right. */
export function configProblem(config: unknown): string | undefined {
  if (!isRecord(config)) return `is ${config === null ? 'null' : Array.isArray(config) ? 'a list' : `a ${typeof config}`}, not an object of model settings`;
  if (typeof config.model_type !== 'string' || config.model_type === '') return 'has no "model_type" (the architecture, e.g. "llama")';
  return undefined;
}

/** Why a tokenizer.json cannot tokenize, or undefined when its shape is right. */
export function tokenizerProblem(tokenizer: unknown): string | undefined {
  if (!isRecord(tokenizer)) return `is ${tokenizer === null ? 'null' : Array.isArray(tokenizer) ? 'a list' : `a ${typeof tokenizer}`}, not a tokenizer object`;
  const model = tokenizer.model;
  if (!isRecord(model)) return `has no "model" object (got ${model === null ? 'null' : Array.isArray(model) ? 'a list' : typeof model}): it names the tokenizer type and its vocabulary`;
  if (typeof model.type !== 'string' && model.vocab === undefined) return '"model" has neither a "type" nor a "vocab"';
  return undefined;
}

/**
 * The model's context window in tokens: config.json's max_position_embeddings (or n_positions),
 * else tokenizer_config.json's model_max_length, else DEFAULT_WINDOW. A window that is given but
 * is not a positive whole number is refused: 0 would read as "no window" and 8.5 as a window of
 * 8.5 tokens, and either would change which tokens are scored.
 */
export function contextWindow(config: Record<string, unknown>, tokenizerConfig: Record<string, unknown> | undefined): number {
  for (const field of ['max_position_embeddings', 'n_positions'] as const) {
    const v = config[field];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v <= 0)
      throw new Error(`config.json: "${field}" is ${JSON.stringify(v)}, not a positive whole number of tokens (the model's context window)`);
    return v >= UNSET_MODEL_MAX_LENGTH ? DEFAULT_WINDOW : v;
  }
  const m = tokenizerConfig?.model_max_length;
  if (m === undefined || m === null || (typeof m === 'number' && m >= UNSET_MODEL_MAX_LENGTH)) return DEFAULT_WINDOW;
  if (typeof m !== 'number' || !Number.isSafeInteger(m) || m <= 0)
    throw new Error(`tokenizer_config.json: "model_max_length" is ${JSON.stringify(m)}, not a positive whole number of tokens (the context window)`);
  return m;
}

/** Every (token, id) a tokenizer.json can produce: its model's vocabulary and its added tokens. */
function* tokenIds(tokenizer: Record<string, unknown>): Generator<[string, number]> {
  const model = isRecord(tokenizer.model) ? tokenizer.model : {};
  const vocab = model.vocab;
  // BPE/WordPiece: a token → id map; Unigram: a list of [piece, score], ids are positions.
  if (Array.isArray(vocab)) for (let i = 0; i < vocab.length; i++) yield [String(Array.isArray(vocab[i]) ? vocab[i][0] : vocab[i]), i];
  else if (isRecord(vocab)) for (const [token, id] of Object.entries(vocab)) if (typeof id === 'number') yield [token, id];
  if (Array.isArray(tokenizer.added_tokens))
    for (const t of tokenizer.added_tokens) if (isRecord(t) && typeof t.id === 'number') yield [String(t.content), t.id];
}

/**
 * The first token (highest id) the tokenizer can produce that the model has no logit for, or
 * undefined when all fit in `width` logits. Such a token would get no log-prob in a candidate and
 * fail inside ONNX Runtime's Gather in a context.
 */
export function tokenOutsideVocabulary(tokenizer: unknown, width: number): { token: string; id: number } | undefined {
  if (!isRecord(tokenizer) || !(width > 0)) return undefined;
  let worst: { token: string; id: number } | undefined;
  for (const [token, id] of tokenIds(tokenizer)) if ((id >= width || id < 0) && (!worst || id > worst.id)) worst = { token, id };
  return worst;
}
