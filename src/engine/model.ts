// Loading a causal LM and its tokenizer through transformers.js, with an explicit dtype and
// device, and reading what the scorer needs from them.
import { AutoModelForCausalLM, AutoTokenizer, env, type PreTrainedModel, type PreTrainedTokenizer } from '@huggingface/transformers';
import { tokenizerTraits, type TokenizerTraits } from '../core/tokens/pieces';
import { DTYPE_FILES, LOAD_ERROR, isNetworkFailure, listHubModel } from './models';
import { prepareSource, sourceLabel } from './runtime';
import { releaseBuffers } from './forward';
import { inspectModel } from './graph';
import { passCostFor } from './passCost';
import type { ScoringPlan } from './plan';
import { decoderSession, modelConfig, tokenizerFields } from './transformersAdapter';
import { installFastBpe } from './fastBpe';
import { contextWindow, tokenOutsideVocabulary } from './modelFiles';
import type { LoadProgress, LoadRequest, ModelInfo } from './types';

export interface LoadedModel {
  request: LoadRequest;
  model: PreTrainedModel;
  tokenizer: PreTrainedTokenizer;
  traits: TokenizerTraits;
  info: ModelInfo;
  /** Token that conditions a prediction when there is no context (BOS, else EOS). */
  prefixTokenId: number;
  specialIds: ReadonlySet<number>;
  /** End-of-sequence token (a word-final boundary: the text, and so the word, ends). */
  eosTokenId: number | null;
}

interface ProgressEvent {
  status: string;
  file?: string;
  loaded?: number;
  total?: number;
  files?: Record<string, { loaded: number; total: number }>;
}

/** Turn transformers.js progress events into one running per-file and total tally. */
function progressTracker(onProgress?: (p: LoadProgress) => void): (e: unknown) => void {
  const files: Record<string, { loaded: number; total: number }> = {};
  return (raw) => {
    if (!onProgress) return;
    const e = raw as ProgressEvent;
    if (e.file && (e.status === 'progress' || e.status === 'initiate' || e.status === 'download' || e.status === 'done')) {
      const prev = files[e.file] ?? { loaded: 0, total: 0 };
      files[e.file] = {
        loaded: e.status === 'done' ? Math.max(prev.total, prev.loaded) : (e.loaded ?? prev.loaded),
        total: e.total ?? prev.total,
      };
    }
    const loaded = Object.values(files).reduce((s, f) => s + f.loaded, 0);
    const total = Object.values(files).reduce((s, f) => s + f.total, 0);
    onProgress({ status: e.status as LoadProgress['status'], file: e.file, loaded, total, files: { ...files } });
  };
}

/**
 * A clear message for the errors transformers.js gives when a file is missing or cannot be
 * fetched, named (LOAD_ERROR) so that the app does not retry those on another device.
 */
function explainLoadError(err: unknown, label: string, file: string): Error {
  const msg = err instanceof Error ? err.message : String(err);
  const cause = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : '';
  // transformers.js reads a missing tokenizer_config.json as undefined and fails on a field of it.
  if (/reading 'tokenizer_class'/.test(msg)) return named(`model "${label}" is missing tokenizer_config.json`, LOAD_ERROR.missingFile);
  // A config.json or tokenizer.json of the wrong shape (a folder is checked before loading, see
  // folderCheck.ts; a hub model's files only here).
  if (/Unsupported model type: (null|undefined)/.test(msg)) return new Error(`model "${label}": config.json has no "model_type" (is it a list, null, or not a model config?)`);
  if (file === 'tokenizer.json' && /Cannot read properties of (null|undefined)/.test(msg))
    return new Error(`model "${label}": tokenizer.json is not a tokenizer (its "model" object, with the tokenizer type and vocabulary, is missing or null)`);
  if (/could not locate file|404|not found|ENOENT|no such file/i.test(msg)) {
    const m = /locate file:?\s*"?([^"\s]+)"?/i.exec(msg) ?? /found locally at "[^"]*?([^"/\\]+(?:\/[^"/\\]+)?)"/i.exec(msg);
    return named(`model "${label}" is missing ${m ? m[1] : file} (${msg.split('\n')[0]})`, LOAD_ERROR.missingFile);
  }
  if (isNetworkFailure(msg + cause)) return named(`could not download model "${label}": ${msg.split('\n')[0]}${cause}`, LOAD_ERROR.unreachable);
  return new Error(`could not load model "${label}": ${msg.split('\n')[0]}`);
}

/** For a hub model missing the asked dtype's file: say which dtypes the hub lists for it. */
async function withShippedDtypes(e: Error, request: LoadRequest): Promise<Error> {
  if (e.name !== LOAD_ERROR.missingFile || request.source.kind !== 'hub') return e;
  const shipped = await listHubModel(request.source.id, { remoteHost: env.remoteHost }).then(
    (l) => l.dtypes,
    () => null,
  );
  if (shipped) e.message += shipped.length > 0 ? `; the hub lists ${shipped.join(', ')} for it` : '; the hub lists no ONNX graph (onnx/model*.onnx) for it';
  return e;
}

function named(message: string, name: string): Error {
  const e = new Error(message);
  e.name = name;
  return e;
}

/** ONNX Runtime's log severity levels: 0 verbose … 3 error, 4 fatal. */
const ORT_LOG_FATAL = 4;

/** Whether Node loads models with ONNX Runtime's CPU memory arena unless asked otherwise (see cpuSessionOptions). */
export const DEFAULT_CPU_MEM_ARENA = false;

/**
 * ONNX Runtime session options in Node (device cpu). The CPU memory arena is off unless asked
 * for: its regions, sized for the largest pass met, are kept for the session's life — 130–180 MiB
 * more resident while a task streamed at 135M shape (docs/performance.md, "Memory while
 * streaming"). Scores do not depend on it (test/engine/cpuArena.test.ts).
 */
export function cpuSessionOptions(request: LoadRequest): Record<string, unknown> {
  return {
    enableCpuMemArena: request.cpuMemArena ?? DEFAULT_CPU_MEM_ARENA,
    ...(request.cpuThreads ? { intraOpNumThreads: request.cpuThreads } : {}),
    // Fatal only: a failed kernel is thrown to the caller as an error; ONNX Runtime's own log of it
    // would be a second, unformatted report on stderr.
    logSeverityLevel: ORT_LOG_FATAL,
  };
}

/** `weightBytes`: the weight files' size as the engine found it before loading (ModelInfo.weightBytes). */
export async function loadModel(request: LoadRequest, onProgress?: (p: LoadProgress) => void, weightBytes: number | null = null): Promise<LoadedModel> {
  const id = prepareSource(request.source);
  const label = sourceLabel(request.source);
  const progress_callback = progressTracker(onProgress);
  let tokenizer: PreTrainedTokenizer;
  try {
    tokenizer = await AutoTokenizer.from_pretrained(id, { progress_callback });
  } catch (err) {
    throw explainLoadError(err, label, 'tokenizer.json');
  }
  installFastBpe(tokenizer);
  let model: PreTrainedModel;
  try {
    model = await AutoModelForCausalLM.from_pretrained(id, {
      dtype: request.dtype,
      device: request.device,
      progress_callback,
      ...(request.device === 'cpu' ? { session_options: cpuSessionOptions(request) } : {}),
    });
  } catch (err) {
    throw await withShippedDtypes(explainLoadError(err, label, DTYPE_FILES[request.dtype] ?? 'the model file'), request);
  }
  const config = modelConfig(model);
  const tok = tokenizerFields(tokenizer);
  const traits = tokenizerTraits(tok.json);
  const bos = tok.bos_token_id ?? null;
  const eos = tok.eos_token_id ?? null;
  const prefixTokenId = bos ?? eos ?? 0;
  let maxLength: number;
  try {
    maxLength = contextWindow(config, tok.config as Record<string, unknown> | undefined);
  } catch (err) {
    await model.dispose();
    throw new Error(`model "${label}": ${(err as Error).message}`);
  }
  const vocabSize = logitsWidth(model) ?? Number(config.vocab_size ?? 0);
  const outside = tokenOutsideVocabulary(tok.json, vocabSize);
  if (outside) {
    await model.dispose();
    throw new Error(
      `model "${label}": tokenizer.json's token ${JSON.stringify(outside.token)} has id ${outside.id}, outside the model's ` +
        `vocabulary of ${vocabSize} logits (ids 0 to ${vocabSize - 1}): the tokenizer does not match the model`,
    );
  }
  const { plan: graphPlan } = await inspectModel(model, request.source, request.dtype);
  let plan: ScoringPlan;
  try {
    plan = { ...graphPlan, cost: await passCostFor(graphPlan.plan, { model, vocab: vocabSize, maxLength, tokenId: prefixTokenId }, request.passOverhead) };
  } catch (err) {
    await model.dispose();
    throw new Error(`model "${label}": its first timed passes failed: ${(err as Error).message}`);
  }
  const info: ModelInfo = {
    id: label,
    dtype: request.dtype,
    device: request.device,
    vocabSize,
    maxLength,
    bosTokenId: bos,
    hasChatTemplate: typeof tok.chat_template === 'string' && tok.chat_template.length > 0,
    tokenizerKind: traits.kind,
    plan,
    weightBytes,
  };
  onProgress?.({ status: 'ready', loaded: 0, total: 0, files: {} });
  return { request, model, tokenizer, traits, info, prefixTokenId, specialIds: new Set(tok.all_special_ids ?? []), eosTokenId: eos };
}

/** The logits' last dimension as the ONNX graph declares it, when it is a number. */
function logitsWidth(model: PreTrainedModel): number | undefined {
  const out = decoderSession(model)?.outputMetadata?.find((m) => m.name === 'logits');
  const last = out?.shape?.at(-1);
  return typeof last === 'number' && last > 0 ? last : undefined;
}

export async function disposeModel(m: LoadedModel | null): Promise<void> {
  if (!m) return;
  releaseBuffers(m.model);
  await m.model.dispose();
}
