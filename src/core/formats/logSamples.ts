// lm-eval-harness `--log_samples` JSONL (research/lm-eval-harness.md §3): one record per document.
// Scores arrive as Python repr strings ("-41.9", "nan", "True"); lines may hold bare NaN/Infinity.
import type { ChoiceScores, ScoredItem } from '../metrics/types';
import type { TaskSet } from '../tasks/types';
import { isRecord, parseJsonLines, type Parsed } from './lineError';
import { pythonNumber } from './tolerantJson';
import { DECIDING_RULES } from '../scoring/rules';

/** One document of a log_samples file, with the choices and scores recovered. */
export interface LogSample {
  /** 1-based line number in the file. */
  line: number;
  docId: string;
  subject?: string;
  outputType: 'multiple_choice' | 'loglikelihood' | 'loglikelihood_rolling';
  /** loglikelihood_rolling (perplexity) documents: the document's ll and its logged word and byte counts. */
  rolling?: { ll: number; words?: number; bytes?: number };
  /** Raw choice strings (arg_1 without the target delimiter). */
  choices: string[];
  /** The context as logged (arg_0 of the first request: few-shot examples included). */
  context: string;
  /**
   * Each request's own context, present when they differ and all share one continuation
   * (lm-eval multiple_input tasks such as winogrande: the choice is in the context).
   */
  contexts?: string[];
  /** The strings actually scored (arg_1). */
  continuations: string[];
  lls: number[];
  isGreedy: boolean[];
  /** Present when the record carries acc_mutual_info's unconditional requests. */
  unconditionalLls?: number[];
  /** Set when those requests are in the layout of lm-eval-harness before 0.4.9 (no target delimiter). */
  mutualInfoLayout?: 'pre-0.4.9';
  /** Gold index or indices; -100 for a target that is not among the choices (lm-eval). */
  gold: number | number[];
  /** Per-document metric values as logged (acc, acc_norm, acc_bytes, acc_mutual_info, ...). */
  logged: Record<string, number>;
  /** Choices whose arg_1 did not start with the target delimiter (used as they are). */
  delimiterMismatch: number[];
}

/** How a record's unconditional requests are written (see mutualInfoLayout()). */
type MutualInfoLayout = 'delimited' | 'pre-0.4.9';

export interface LogSamplesOptions {
  /** lm-eval target_delimiter (default " "; "" for chat-templated runs). */
  targetDelimiter: string;
}

/** `arguments` as [context, continuation] pairs: {"gen_args_i": {"arg_0", "arg_1"}} or a list. */
function requestArgs(raw: unknown): [string, string | undefined][] {
  const entries: unknown[] = Array.isArray(raw)
    ? raw
    : isRecord(raw)
      ? Object.keys(raw)
          .sort((a, b) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, '')))
          .map((k) => raw[k])
      : [];
  if (entries.length === 0) throw new Error('"arguments" is missing or empty');
  if (entries.every((e) => typeof e === 'string'))
    throw new Error(
      '"arguments" is one flat [context, continuation] pair, the first request only (a log written before lm-eval-harness 0.4 ' +
        "logged every request): the other choices' strings are not in the file; rerun with lm-eval-harness 0.4 or newer and --log_samples",
    );
  return entries.map((e, i) => {
    const pair = Array.isArray(e) ? e : isRecord(e) ? [e.arg_0, e.arg_1] : [];
    if (typeof pair[0] !== 'string') throw new Error(`request ${i + 1} has no context string`);
    if (isRecord(pair[1]) || (Array.isArray(pair[1]) && pair[1].every((x) => typeof x === 'string') && isRecord(pair[2])))
      throw new Error(
        'a generate_until (generation) request: its second argument is generation settings, not a continuation to score; ' +
          'lengthlens harness recomputes log-likelihood accuracies, so pass the samples file of a multiple_choice or loglikelihood task',
      );
    if (pair[1] !== undefined && typeof pair[1] !== 'string') throw new Error(`request ${i + 1}: continuation is not a string`);
    return [pair[0], pair[1] as string | undefined];
  });
}

/** `filtered_resps` (or `resps`, first repeat) as [ll, is_greedy] per request. */
function responses(rec: Record<string, unknown>, n: number): [number, boolean][] {
  const raw = rec.filtered_resps ?? rec.resps;
  if (!Array.isArray(raw) || raw.length !== n)
    throw new Error(`expected ${n} responses in "filtered_resps", got ${Array.isArray(raw) ? raw.length : 'none'}`);
  return raw.map((r, i) => {
    let pair: unknown = r;
    // resps holds a list over repeats: [[ll, greedy]]; filtered_resps holds [ll, greedy].
    if (Array.isArray(pair) && Array.isArray(pair[0])) pair = pair[0];
    if (!Array.isArray(pair) || pair.length < 1) throw new Error(`response ${i + 1} is not [ll, is_greedy]`);
    const ll = pythonNumber(pair[0]);
    if (Number.isNaN(ll) && !/^\s*nan\s*$/i.test(String(pair[0])))
      throw new Error(`response ${i + 1}: log-likelihood ${JSON.stringify(pair[0])} is not a number`);
    const g = pair[1];
    return [ll, g === true || g === 'True'];
  });
}

function parseGold(target: unknown, choices: string[]): number | number[] {
  if (typeof target === 'number' && Number.isInteger(target)) return target < choices.length && target >= 0 ? target : -100;
  if (Array.isArray(target)) return target.map((t) => parseGold(t, choices) as number);
  const t = String(target ?? '');
  if (/^\d+$/.test(t)) return Number(t) < choices.length ? Number(t) : -100;
  if (t.startsWith('[')) {
    try {
      const list = JSON.parse(t) as unknown;
      if (Array.isArray(list)) return list.map((x) => parseGold(x, choices) as number);
    } catch {
      // a choice text that starts with "[" falls through
    }
  }
  const i = choices.indexOf(t);
  return i >= 0 ? i : -100;
}

/** Per-doc metrics read from a record: each rule lm-eval-harness logs (rule table), and exact_match. */
function metricKeys(): string[] {
  return [...DECIDING_RULES.flatMap((r) => (r.harness === undefined ? [] : [r.harness])), 'exact_match'];
}

/** A per-doc rolling metric as logged: [ll, count] with a numeric ll. */
function llCount(v: unknown): [number, number] | undefined {
  if (!Array.isArray(v) || v.length !== 2) return undefined;
  const ll = pythonNumber(v[0]);
  const count = pythonNumber(v[1]);
  return Number.isFinite(count) ? [ll, count] : undefined;
}

/** A loglikelihood_rolling record: word/byte counts from the logged per-doc metric arrays. */
function parseRollingSample(raw: Record<string, unknown>, line: number): LogSample {
  const words = llCount(raw.word_perplexity);
  const bytes = llCount(raw.byte_perplexity) ?? llCount(raw.bits_per_byte);
  let ll = words?.[0] ?? bytes?.[0];
  if (ll === undefined) {
    const resp = Array.isArray(raw.filtered_resps) ? raw.filtered_resps[0] : undefined;
    ll = pythonNumber(Array.isArray(resp) ? resp[0] : resp);
  }
  if (Number.isNaN(ll)) throw new Error('a loglikelihood_rolling record without a log-likelihood');
  return {
    line,
    docId: docIdOf(raw.doc_id, line),
    outputType: 'loglikelihood_rolling',
    rolling: { ll, words: words?.[1], bytes: bytes?.[1] },
    context: '',
    choices: [],
    continuations: [],
    lls: [],
    isGreedy: [],
    gold: -100,
    logged: {},
    delimiterMismatch: [],
  };
}

/**
 * Which requests after the first half are acc_mutual_info's unconditional ones: the same N choices
 * with an empty context. lm-eval-harness 0.4.9 (PR #3035) gave them the target delimiter; before
 * it they carried the bare choice (research/lm-eval-harness.md, change table).
 */
function mutualInfoLayout(args: readonly [string, string | undefined][], delimiter: string): MutualInfoLayout | undefined {
  const half = args.length / 2;
  if (!Number.isInteger(half) || half < 1) return undefined;
  const uncond = args.slice(half);
  if (!uncond.every(([ctx]) => ctx === '')) return undefined;
  if (uncond.every(([, cont], i) => cont === args[i][1])) return 'delimited';
  if (uncond.every(([, cont], i) => delimiter + cont === args[i][1])) return 'pre-0.4.9';
  return undefined;
}

/**
 * The gold of a multiple_input document (winogrande): lm-eval logs doc_to_target, the shared
 * continuation, as `target`, so the gold index is not in it. An index-like target is used; else
 * the logged acc says whether argmax(lls) was gold, which settles it for two choices.
 */
function multipleInputGold(target: unknown, lls: readonly number[], logged: Record<string, number>): number {
  const t = String(target ?? '');
  if (/^\d+$/.test(t)) return Number(t) < lls.length ? Number(t) : -100;
  const acc = logged.acc;
  if (acc === undefined || lls.some((x) => Number.isNaN(x))) return -100;
  let pred = 0;
  for (let i = 1; i < lls.length; i++) if (lls[i] > lls[pred]) pred = i;
  if (acc === 1) return pred;
  return lls.length === 2 ? 1 - pred : -100;
}

/**
 * Whether a one-request record is lm-eval's loglikelihood output type (lambada), whose accuracy is
 * the greedy flag and whose target is the answer text, digits included ("1999"). A logged
 * `perplexity` says so (only that output type logs it); else only a target that is a valid index
 * of the one choice ("0", "[0]") makes it a (one-choice) multiple-choice document.
 */
function isLoglikelihoodRecord(raw: Record<string, unknown>): boolean {
  const names = [...(Array.isArray(raw.metrics) ? raw.metrics.filter((m): m is string => typeof m === 'string') : []), ...Object.keys(raw)];
  if (names.includes('perplexity')) return true;
  const target = raw.target;
  const t = typeof target === 'number' ? String(target) : Array.isArray(target) ? JSON.stringify(target) : String(target ?? '');
  return !/^\s*(0|\[\s*0\s*\])\s*$/.test(t);
}

/** A doc_id or id as written: a string, or a JSON number (its digits kept, see parseTolerantJson). */
function docIdOf(raw: unknown, line: number): string {
  return typeof raw === 'number' || typeof raw === 'string' ? String(raw) : String(line);
}

/** Parses one log_samples record (already JSON-decoded). */
export function parseLogSample(raw: unknown, line: number, opts: LogSamplesOptions): LogSample {
  if (!isRecord(raw)) throw new Error('not a JSON object');
  const args = requestArgs(raw.arguments);
  if (args.some(([, cont]) => cont === undefined)) return parseRollingSample(raw, line);
  const resps = responses(raw, args.length);
  // acc_mutual_info appends, after the N conditional requests, the same N continuations with an
  // empty context.
  const mi = mutualInfoLayout(args, opts.targetDelimiter);
  const n = mi ? args.length / 2 : args.length;
  const continuations = args.slice(0, n).map(([, cont]) => cont!);
  const contexts = args.slice(0, n).map(([ctx]) => ctx);
  const delimiterMismatch: number[] = [];
  const choices = continuations.map((c, i) => {
    if (c.startsWith(opts.targetDelimiter)) return c.slice(opts.targetDelimiter.length);
    delimiterMismatch.push(i);
    return c;
  });
  const logged: Record<string, number> = {};
  for (const k of metricKeys()) {
    const v = raw[k];
    if (typeof v === 'number' || typeof v === 'boolean') logged[k] = Number(v);
  }
  const lls = resps.slice(0, n).map(([ll]) => ll);
  const outputType = n === 1 && !mi && isLoglikelihoodRecord(raw) ? 'loglikelihood' : 'multiple_choice';
  // multiple_input (winogrande): the contexts vary and every request scores one continuation.
  const multipleInput = n > 1 && new Set(contexts).size > 1 && new Set(continuations).size === 1;
  const gold =
    outputType === 'loglikelihood' ? 0 : multipleInput ? multipleInputGold(raw.target, lls, logged) : parseGold(raw.target, choices);
  const doc = raw.doc;
  const subject = isRecord(doc) && typeof doc.subject === 'string' ? doc.subject : undefined;
  return {
    line,
    docId: docIdOf(raw.doc_id, line),
    subject,
    outputType,
    context: contexts[0],
    ...(multipleInput ? { contexts } : {}),
    choices,
    continuations,
    lls,
    isGreedy: resps.slice(0, n).map(([, g]) => g),
    ...(mi ? { unconditionalLls: resps.slice(n).map(([ll]) => ll) } : {}),
    ...(mi === 'pre-0.4.9' ? { mutualInfoLayout: mi } : {}),
    gold,
    logged,
    delimiterMismatch,
  };
}

/** Parses a log_samples JSONL file; a bad line is reported with its number and the rest load. */
export function parseLogSamples(text: string, options: Partial<LogSamplesOptions> = {}): Parsed<LogSample> {
  const opts: LogSamplesOptions = { targetDelimiter: ' ', ...options };
  return parseJsonLines(text, (raw, line) => parseLogSample(raw, line, opts));
}

/** A log sample as a ScoredItem for the task metrics (no per-token scores: no R(k) or PriorBPB). */
export function logSampleToItem(s: LogSample): ScoredItem {
  const choices: ChoiceScores[] = s.choices.map((text, i) => ({
    text,
    continuation: s.continuations[i],
    logprob: s.lls[i],
    isGreedy: s.isGreedy[i],
    unconditionalLogprob: s.unconditionalLls?.[i],
  }));
  return { id: s.docId, subject: s.subject, choices, gold: s.gold, multipleChoice: s.outputType === 'multiple_choice' };
}

/**
 * The logged documents as a task to rescore with a model (per-token traces, R(k), PriorBPB):
 * context = the logged arg_0 (few-shot included), choices = the raw choices. A continuation that
 * did not start with the delimiter (see LogSample.delimiterMismatch) gets it when rescored.
 */
export function logSamplesToTaskSet(samples: readonly LogSample[], name: string, targetDelimiter = ' '): TaskSet {
  return {
    name,
    targetDelimiter,
    items: samples
      .filter((s) => s.outputType !== 'loglikelihood_rolling')
        .map((s) => ({
        id: s.docId,
        subject: s.subject,
        context: s.context,
        ...(s.contexts ? { choiceContexts: [...s.contexts] } : {}),
        choices: [...s.choices],
        gold: s.gold,
      })),
  };
}
