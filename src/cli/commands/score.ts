import fs from 'node:fs';
import type { Command } from '../command';
import { InputError, UsageError } from '../errors';
import { jsonReplacer, snakeCaseKeys, warn } from '../io';
import { commandFlags, oneDtype, single, usageText } from '../flags';
import { readScoreItems, type ScoreItemInput } from '../../core/formats/scoreItems';
import { MAX_CANDIDATE_CHARS, MAX_TOP_K } from '../../core/limits';
import { DEFAULT_MU, DEFAULT_SCORE_OPTIONS, type BoundaryPolicy, type ItemScore, type ScoreOptions } from '../../core/scoring/types';
import { SCORE_COLUMNS, scoreOf } from '../../core/scoring/rules';
import { conventionMatters, HARNESS_DELIMITER, LENGTH_CONVENTIONS, withLengthConvention, type LengthConvention } from '../../core/scoring/lengthConvention';
import { createNodeEngine, loadNodeModel, modelSourceFromArg, streamScores, type Engine } from '../../engine/nodeFace';
import type { Dtype } from '../../core/dtypes';
import { CompareWriter } from './scoreCompare';

/**
 * Items per engine call. One: items scored together share padded passes, which moves fp32
 * log-probs by up to ~6e-6 (stories260K), and a number must not depend on what else was scored
 * with it, so each item is its own chunk and gives exactly what `score --context` gives. The
 * stream still reads ahead one item, and at most two items' results are in memory.
 */
const CHUNK_ITEMS = 1;

const FLAGS = commandFlags({
  shared: ['model', 'dtype', 'items', 'mu', 'json', 'jsonl'],
  own: {
    context: { type: 'string', value: 'TEXT', help: 'the context the candidates continue' },
    candidate: { type: 'string', value: 'TEXT', multiple: true, help: 'a candidate continuation (repeat for each)' },
    policy: { type: 'string', value: 'P', help: 'boundary-merge policy (default whole)' },
    unconditional: { type: 'string', value: 'TEXT', help: "context for PMI's unconditional term (default: empty, i.e. BOS only)" },
    'top-k': { type: 'number', value: 'N', default: DEFAULT_SCORE_OPTIONS.topK, range: { integer: true, min: 0, max: MAX_TOP_K }, help: `the N most likely tokens listed at each position (default 5, at most ${MAX_TOP_K})` },
    'chat-template': { type: 'boolean', help: "wrap the context in the model's chat template" },
    quiet: { type: 'boolean', help: 'no progress on stderr' },
    lengths: {
      type: 'string',
      value: 'L',
      help: 'what n_chars and n_bytes count, and so per_char, per_byte and bits_per_byte divide by:\nharness (default) as lm-eval-harness, which scores " " + choice but divides by\nlen(choice): a candidate\'s leading space is its delimiter, not counted; typed:\nevery character as given. The table says which (wherever a candidate starts with\na space, the only case where they differ); --json has "lengths" beside "model",\n--jsonl on every line. --compare-model counts both models the same way',
    },
    'compare-model': {
      type: 'string',
      value: 'M2',
      help: 'also score every item with a second model and show both, each exactly as\nscore prints it alone, and what they agree on: the winner per rule (same or flips),\ntokens per byte of each candidate on each, the two surprisal traces aligned on\nbytes, and for the same tokens (a dtype comparison) the largest per-token\ndifferences. --json: {"models": [A\'s output, B\'s output], "agreement": {...}}',
    },
    'compare-dtype': { type: 'string', value: 'D2', help: "the second model's dtype (default fp32); alone, it compares --model with\nitself at D2" },
  },
});

const USAGE = usageText(
  FLAGS,
  `lengthlens score --model M [--dtype fp32|fp16|q8|q4|q4f16] (--context TEXT --candidate TEXT ... | --items FILE)
  [--policy whole|separate] [--unconditional TEXT] [--mu ${DEFAULT_MU}] [--top-k 5] [--chat-template] [--json | --jsonl] [--quiet]
  [--lengths harness|typed] [--compare-model M2] [--compare-dtype D2]

Scores every candidate continuation of a context under every rule (SPEC §3).
${FLAGS.lines(
  [
    'model',
    ['items', 'JSONL, one {"context": ..., "candidates": [...]} per line; read and scored as a\nstream, each item written as soon as it is scored (progress on stderr for long runs)'],
    ['json', 'one JSON document {model, dtype, items: [...]}, written item by item'],
    ['jsonl', "JSON Lines: one item's result per line"],
    'quiet',
    'policy',
    'unconditional',
    'top-k',
    'lengths',
    'compare-model',
    'compare-dtype',
  ],
  { column: 17, values: ['top-k', 'compare-model', 'compare-dtype'] },
)}
  Candidates over ${MAX_CANDIDATE_CHARS.toLocaleString('en')} characters (code points) are not scored (a warning says so).`,
);

function parsePolicy(raw: string | undefined): BoundaryPolicy {
  if (raw === undefined) return 'whole';
  if (raw !== 'whole' && raw !== 'separate') throw new UsageError(`--policy must be "whole" or "separate", got "${raw}"`);
  return raw;
}

/** The items file's bytes, read in 64 KiB chunks (never the whole file at once). */
async function* fileChunks(file: string): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 16 })) yield chunk as Buffer;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new InputError(`file not found: ${file}`);
    if (code === 'EISDIR') throw new InputError(`expected a file, got a folder: ${file}`);
    throw new InputError(`cannot read ${file}: ${(err as Error).message}`);
  }
}

/**
 * First pass over the items file: every line must be an item (the first bad one is reported
 * with its line number, before any model is loaded). Returns the number of items.
 */
async function checkItems(file: string): Promise<number> {
  let n = 0;
  let bad = 0;
  let first: { line: number; reason: string } | undefined;
  for await (const l of readScoreItems(fileChunks(file))) {
    if ('reason' in l) {
      bad++;
      first ??= l;
    } else n++;
  }
  if (first) {
    const more = bad > 1 ? ` (and ${bad - 1} more bad line${bad > 2 ? 's' : ''})` : '';
    throw new InputError(`${file} line ${first.line}: ${first.reason}${more}`);
  }
  if (n === 0) throw new InputError(`${file} has no items`);
  return n;
}

/** Second pass: the items, read lazily. */
async function* fileItems(file: string): AsyncGenerator<ScoreItemInput> {
  for await (const l of readScoreItems(fileChunks(file))) if ('item' in l) yield l.item;
}

/** parse --lengths (default harness, the Scorer's default). */
function parseLengths(raw: string | undefined): LengthConvention {
  if (raw === undefined) return 'harness';
  if (!(LENGTH_CONVENTIONS as readonly string[]).includes(raw)) throw new UsageError(`--lengths must be "harness" or "typed", got "${raw}"`);
  return raw as LengthConvention;
}

const LENGTHS_LINE: Record<LengthConvention, string> = {
  harness: `lengths: as lm-eval-harness, a leading ${JSON.stringify(HARNESS_DELIMITER)} (its target_delimiter) not counted in chars and bytes (--lengths typed counts it)`,
  typed: `lengths: as typed, every character counted in chars and bytes (--lengths harness leaves out a leading ${JSON.stringify(HARNESS_DELIMITER)})`,
};

function formatTable(item: ItemScore, lengths: LengthConvention): string {
  const out: string[] = [];
  out.push(`context: ${JSON.stringify(item.context)}`);
  // Said only where the two conventions differ: some candidate starts with the delimiter.
  if (conventionMatters(item.candidates.map((c) => c.text))) out.push(LENGTHS_LINE[lengths]);
  // One column per row of the rule table, in its column order (the table's layout: each header
  // right-aligned one place past its values, the first one two places).
  const cols = SCORE_COLUMNS;
  out.push(`  #${cols.map((r, k) => (r.names.table ?? r.names.candidate).padStart(k === 0 ? 13 : 11)).join('')}  candidate`);
  item.candidates.forEach((c, i) => {
    const f = (x: number) => (Number.isFinite(x) ? x.toFixed(4) : 'n/a').padStart(10);
    out.push(`${String(i).padStart(3)}${cols.map((r, k) => `${k === 1 ? '  ' : ' '}${f(scoreOf(c, r.names.candidate))}`).join('')}  ${JSON.stringify(c.text)}`);
  });
  out.push(`  winners: ${Object.entries(item.winners).map(([k, v]) => `${k}=${v}`).join(' ')}`);
  for (const w of item.warnings) out.push(`  warning: ${w.message}`);
  return out.join('\n') + '\n';
}

/** Exit statuses of a run stopped by a signal, as a shell reports them (128 + the signal's number). */
const EXIT_SIGINT = 130;
const EXIT_SIGTERM = 143;

/**
 * Catches SIGINT and SIGTERM while items are scored: `signal` is set instead of the process
 * dying, so the loop can stop and close the output. A second signal exits at once.
 */
function stopOnSignal(): { readonly signal: 'SIGINT' | 'SIGTERM' | undefined; release(): void } {
  let signal: 'SIGINT' | 'SIGTERM' | undefined;
  const on = (s: 'SIGINT' | 'SIGTERM') => () => {
    if (signal !== undefined) process.exit(s === 'SIGINT' ? EXIT_SIGINT : EXIT_SIGTERM);
    signal = s;
  };
  const onInt = on('SIGINT');
  const onTerm = on('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  return {
    get signal() {
      return signal;
    },
    release() {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
    },
  };
}

/** A streamed output that can be closed, with what was scored or with an error. */
interface ClosableOutput {
  readonly written: number;
  end(error: string | undefined, signal: 'SIGINT' | 'SIGTERM' | undefined): Promise<void>;
}

/**
 * A streamed run from its first item to its output's end: `write(stopped, tick)` writes the items,
 * sending no more once `stopped()` (Ctrl-C or SIGTERM) and calling `tick()` after each, with
 * progress on stderr unless quiet. The output is then closed with what was scored: after a signal,
 * with a line on stderr and the signal's exit status (else 0). A run that fails closes it with the
 * error, which is thrown on; a reader that went away (`| head`) loses nothing anyone reads (0).
 * The engine is unloaded either way.
 */
async function runStream(run: { engine: Engine; writer: ClosableOutput; format: string; total: number; quiet: boolean }, write: (stopped: () => boolean, tick: () => void) => Promise<void>): Promise<number> {
  const { writer } = run;
  const progress = run.quiet ? undefined : progressReporter(run.total);
  const stop = stopOnSignal();
  try {
    let done = 0;
    await write(
      () => stop.signal !== undefined,
      () => progress?.tick(++done),
    );
    progress?.end();
    await writer.end(undefined, stop.signal);
    const signal = stop.signal;
    if (signal === undefined) return 0;
    const n = writer.written;
    process.stderr.write(`lengthlens score: interrupted (${signal}) after ${n} item${n === 1 ? '' : 's'}; the output holds those ${n} and ${run.format === 'json' ? 'is closed with "interrupted"' : 'ends there'}\n`);
    return signal === 'SIGINT' ? EXIT_SIGINT : EXIT_SIGTERM;
  } catch (err) {
    progress?.end();
    if ((err as NodeJS.ErrnoException).code === 'EPIPE') return 0;
    await writer.end((err as Error).message, stop.signal);
    throw err;
  } finally {
    stop.release();
    await run.engine.unload();
  }
}

/** How results are written: one JSON document, JSON Lines, or a table. */
export type OutputFormat = 'json' | 'jsonl' | 'table';

/** Text written to stdout, waiting for it to drain when the reader is slower than the scorer. */
export type Write = (text: string) => Promise<void>;

const stdoutWrite: Write = (text) =>
  new Promise((resolve, reject) => {
    if (process.stdout.write(text)) resolve();
    else {
      process.stdout.once('drain', resolve);
      process.stdout.once('error', reject);
    }
  });

const indent = (json: string, pad: string) => pad + json.replace(/\n/g, `\n${pad}`);

/**
 * Writes items as they are scored. `json` is byte for byte what printJson of
 * {model, dtype, items} gives, written piece by piece; a run that fails midway still closes the
 * document, with the items done so far and an `error` field.
 */
export class ResultWriter {
  private count = 0;
  constructor(
    private readonly format: OutputFormat,
    private readonly write: Write,
    /** Fields written before `items`, in order (model, dtype, the scoring plan, the length convention). */
    private readonly header: Record<string, unknown> & { lengths: LengthConvention },
  ) {}

  private headerFields(): string {
    return Object.entries(this.header)
      .map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v, jsonReplacer, 2).replace(/\n/g, '\n  ')},\n`)
      .join('');
  }

  async item(item: ItemScore): Promise<void> {
    const n = this.count++;
    // A JSON line stands alone, so each says how its lengths were counted.
    if (this.format === 'jsonl') return this.write(JSON.stringify({ lengths: this.header.lengths, ...item }, jsonReplacer) + '\n');
    if (this.format === 'table') return this.write(formatTable(item, this.header.lengths));
    const head = n === 0 ? `{\n${this.headerFields()}  "items": [\n` : ',\n';
    return this.write(head + indent(JSON.stringify(item, jsonReplacer, 2), '    '));
  }

  /** Items written so far. */
  get written(): number {
    return this.count;
  }

  /** Close the JSON document (with `error` when the run failed, `interrupted` when a signal stopped it). */
  async end(error?: string, interrupted?: string): Promise<void> {
    if (this.format !== 'json') return;
    const err =
      (error === undefined ? '' : `,\n  "error": ${JSON.stringify(error)}`) +
      (interrupted === undefined ? '' : `,\n  "interrupted": ${JSON.stringify(interrupted)}`);
    if (this.count === 0) {
      if (err !== '')
        await this.write(`{\n${this.headerFields()}  "items": []${err}\n}\n`);
      return;
    }
    await this.write(`\n  ]${err}\n}\n`);
  }
}

/**
 * Progress on stderr for long runs: on a terminal one updating line once a run passes a second;
 * otherwise (a log) one line every 15 s once it passes 15 s. Short runs print nothing.
 */
export function progressReporter(total: number, stream: NodeJS.WriteStream = process.stderr, now: () => number = Date.now): { tick(done: number): void; end(): void } {
  const start = now();
  const tty = stream.isTTY === true;
  const first = tty ? 1_000 : 15_000;
  const every = tty ? 250 : 15_000;
  let last = 0;
  let shown = false;
  const line = (done: number) => {
    const secs = (now() - start) / 1000;
    const rate = done / Math.max(secs, 1e-9);
    const left = rate > 0 ? (total - done) / rate : NaN;
    const eta = Number.isFinite(left) ? `, about ${left < 90 ? `${Math.ceil(left)} s` : `${Math.ceil(left / 60)} min`} left` : '';
    return `scored ${done}/${total} items (${rate.toFixed(1)} items/s${done < total ? eta : ''})`;
  };
  return {
    tick(done) {
      const t = now() - start;
      if (t < first || now() - last < every) return;
      last = now();
      shown = true;
      stream.write(tty ? `\r${line(done)}` : `lengthlens score: ${line(done)}\n`);
    },
    end() {
      if (shown && tty) stream.write('\n');
    },
  };
}

export const command: Command = {
  summary: 'score candidate continuations of a context under every rule',
  usage: USAGE,
  flags: FLAGS.specs,
  async run(argv) {
    const parsed = FLAGS.parse(argv).values;
    const values = {
      ...parsed,
      model: single(parsed.model, 'model'),
    };
    if (!values.model) throw new UsageError('--model is required (a model folder or a hub id)');
    const dtype = oneDtype(parsed.dtype, 'compare two with --compare-dtype');
    const compare = compareTarget(values.model, dtype, values['compare-model'], values['compare-dtype']);
    const lengths = parseLengths(values.lengths);
    let items: Iterable<ScoreItemInput> | AsyncIterable<ScoreItemInput>;
    let total: number;
    if (values.items !== undefined) {
      if (values.context !== undefined || values.candidate) throw new UsageError('use either --items or --context/--candidate, not both');
      total = NaN;
      items = fileItems(values.items);
    } else {
      if (values.context === undefined) throw new UsageError('give --context TEXT with --candidate TEXT ..., or --items FILE');
      if (!values.candidate || values.candidate.length === 0) throw new UsageError('the candidate list is empty: give at least one --candidate');
      items = [{ context: values.context, candidates: values.candidate }];
      total = 1;
    }
    const mu = values.mu;
    const topK = values['top-k'];
    const options: ScoreOptions = {
      ...DEFAULT_SCORE_OPTIONS,
      boundaryPolicy: parsePolicy(values.policy),
      unconditionalContext: values.unconditional ?? '',
      mu,
      topK,
      chatTemplate: values['chat-template'] ?? false,
    };
    const format: OutputFormat = values.jsonl ? 'jsonl' : values.json ? 'json' : 'table';
    const source = modelSourceFromArg(values.model);
    // The model loads while the items file is checked (its first pass).
    const loading = createNodeEngine(source, dtype);
    // Its failure is reported below, after the items' (a rejection nobody awaits yet is not a crash).
    loading.catch(() => undefined);
    // The second model loads into the same engine, beside the first.
    const loadingB = compare && loading.then((e) => loadNodeModel(e, modelSourceFromArg(compare.model), compare.dtype, {}, COMPARE_SLOT));
    if (loadingB) loadingB.catch(() => undefined);
    if (values.items !== undefined) {
      try {
        total = await checkItems(values.items);
      } catch (err) {
        // The second model's load, if any, settles first, so that the unload frees both.
        await Promise.allSettled([loadingB]);
        await loading.then((e) => e.unload()).catch(() => undefined);
        throw err;
      }
    }
    const engine = await loading;
    if (compare && loadingB) {
      try {
        await loadingB;
      } catch (err) {
        await engine.unload();
        throw err;
      }
      return runComparison({ engine, models: [{ model: values.model, dtype }, compare], items, total, options, lengths, format, quiet: values.quiet ?? false });
    }
    const writer = new ResultWriter(format, stdoutWrite, { model: values.model, dtype, plan: snakeCaseKeys(engine.current()!.info.plan), lengths });
    return runStream({ engine, writer, format, total, quiet: values.quiet ?? false }, async (stopped, tick) => {
      let first = true;
      for await (const { result } of streamScores(engine, items, { options, chunkSize: CHUNK_ITEMS, stats: 'full', stopped })) {
        if (first && result.warnings.some((w) => w.code === 'no_chat_template'))
          warn(`${values.model} has no chat template; --chat-template is ignored and the context is scored raw`);
        first = false;
        await writer.item(withLengthConvention(result, lengths));
        tick();
      }
    });
  },
};

/** The second model of `--compare-model`/`--compare-dtype`, or undefined when there is none. */
function compareTarget(model: string, dtype: Dtype, compareModel: string | undefined, compareDtype: string | undefined): { model: string; dtype: Dtype } | undefined {
  if (compareModel === undefined && compareDtype === undefined) return undefined;
  if (compareModel === '') throw new UsageError('--compare-model needs a model folder or a hub id');
  const d = oneDtype(compareDtype, 'one second model', 'compare-dtype');
  const target = { model: compareModel ?? model, dtype: d };
  if (target.model === model && target.dtype === dtype)
    throw new UsageError(`--compare-model and --compare-dtype name the model --model and --dtype already name (${model}, ${dtype}): give another model or another dtype`);
  return target;
}

/** The engine slot of `--compare-model`. */
const COMPARE_SLOT = 'compare';

interface ComparisonRun {
  engine: Engine;
  models: [{ model: string; dtype: Dtype }, { model: string; dtype: Dtype }];
  items: Iterable<ScoreItemInput> | AsyncIterable<ScoreItemInput>;
  total: number;
  options: ScoreOptions;
  /** One convention for both models, so their per-char and per-byte numbers compare. */
  lengths: LengthConvention;
  format: OutputFormat;
  quiet: boolean;
}

/**
 * Scores every item with both models, one item per call on each (as `score` alone does), and
 * writes both results and their comparison. The two models share one engine, each in its own
 * slot: neither's numbers depend on the other being loaded (test/engine/modelSlots.test.ts).
 */
async function runComparison(run: ComparisonRun): Promise<number> {
  const { engine, models, options, format, lengths } = run;
  const headers = [undefined, COMPARE_SLOT].map((slot, k) => ({ model: models[k].model, dtype: models[k].dtype, plan: snakeCaseKeys(engine.current(slot)!.info.plan), lengths }));
  const labels = models.map((m) => `${m.model} ${m.dtype}`) as [string, string];
  const writer = new CompareWriter(format, stdoutWrite, labels, (side, f, write) => new ResultWriter(f, write, headers[side]));
  return runStream({ engine, writer, format, total: run.total, quiet: run.quiet }, async (stopped, tick) => {
    let first = true;
    for await (const { item, result } of streamScores(engine, run.items, { options, chunkSize: CHUNK_ITEMS, stats: 'full', stopped })) {
      const [other] = await engine.scoreChunk({ items: [{ context: item.context, candidates: item.candidates }], options, stats: 'full', slot: COMPARE_SLOT });
      if (first)
        [result, other].forEach((r, k) => {
          if (r.warnings.some((w) => w.code === 'no_chat_template')) warn(`${models[k].model} has no chat template; --chat-template is ignored and the context is scored raw`);
        });
      first = false;
      await writer.item(withLengthConvention(result, lengths), withLengthConvention(other, lengths));
      tick();
    }
  });
}
