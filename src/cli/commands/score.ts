import type { Command } from '../main';
import { UsageError } from '../errors';
import { parseCommandArgs, parseNumberFlag, printJson, readTextFile, warn } from '../io';
import { parseMu } from './taskOutput';
import { parseScoreItems, type ScoreItemInput } from '../../core/formats/scoreItems';
import { DEFAULT_SCORE_OPTIONS, type BoundaryPolicy, type ItemScore, type ScoreOptions } from '../../core/scoring/types';
import { createNodeEngine, modelSourceFromArg } from '../../engine/node';
import { ALL_DTYPES, type Dtype } from '../../engine/types';

const USAGE = `lengthlens score --model M [--dtype fp32|fp16|q8|q4|q4f16] (--context TEXT --candidate TEXT ... | --items FILE)
  [--policy whole|separate] [--unconditional TEXT] [--mu 111] [--top-k 5] [--chat-template] [--json]

Scores every candidate continuation of a context under every rule (SPEC §3).
  --model        a model folder (transformers.js layout) or a hub id (org/name)
  --items        JSONL, one {"context": ..., "candidates": [...]} per line
  --policy       boundary-merge policy (default whole)
  --unconditional  context for PMI's unconditional term (default: empty, i.e. BOS only)`;

export function parseDtype(raw: string | undefined): Dtype {
  const d = (raw ?? 'fp32') as Dtype;
  if (!ALL_DTYPES.includes(d)) throw new UsageError(`--dtype must be one of ${ALL_DTYPES.join(', ')}, got "${raw}"`);
  return d;
}

function parsePolicy(raw: string | undefined): BoundaryPolicy {
  if (raw === undefined) return 'whole';
  if (raw !== 'whole' && raw !== 'separate') throw new UsageError(`--policy must be "whole" or "separate", got "${raw}"`);
  return raw;
}

async function readItems(file: string): Promise<ScoreItemInput[]> {
  const { items, errors } = parseScoreItems(await readTextFile(file));
  if (errors.length > 0) {
    const e = errors[0];
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more bad lines)` : '';
    throw new UsageError(`${file} line ${e.line}: ${e.reason}${more}`);
  }
  if (items.length === 0) throw new UsageError(`${file} has no items`);
  return items;
}

function formatTable(items: ItemScore[]): string {
  const out: string[] = [];
  for (const item of items) {
    out.push(`context: ${JSON.stringify(item.context)}`);
    out.push('  #  sum_logprob  per_token   per_char   per_byte  bits/byte        pmi  prior_bpb  candidate');
    item.candidates.forEach((c, i) => {
      const f = (x: number) => (Number.isFinite(x) ? x.toFixed(4) : 'n/a').padStart(10);
      out.push(`${String(i).padStart(3)} ${f(c.sum_logprob)}  ${f(c.per_token)} ${f(c.per_char)} ${f(c.per_byte)} ${f(c.bits_per_byte)} ${f(c.pmi)} ${f(c.prior_bpb)}  ${JSON.stringify(c.text)}`);
    });
    out.push(`  winners: ${Object.entries(item.winners).map(([k, v]) => `${k}=${v}`).join(' ')}`);
    for (const w of item.warnings) out.push(`  warning: ${w.message}`);
  }
  return out.join('\n');
}

export const command: Command = {
  summary: 'score candidate continuations of a context under every rule',
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parseCommandArgs(argv, {
        model: { type: 'string' },
        dtype: { type: 'string' },
        context: { type: 'string' },
        candidate: { type: 'string', multiple: true },
        items: { type: 'string' },
        policy: { type: 'string' },
        unconditional: { type: 'string' },
        mu: { type: 'string' },
        'top-k': { type: 'string' },
        'chat-template': { type: 'boolean' },
        json: { type: 'boolean' },
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}" (see --help)`);
    if (!values.model) throw new UsageError('--model is required (a model folder or a hub id)');
    const dtype = parseDtype(values.dtype);
    let items: ScoreItemInput[];
    if (values.items !== undefined) {
      if (values.context !== undefined || values.candidate) throw new UsageError('use either --items or --context/--candidate, not both');
      items = await readItems(values.items);
    } else {
      if (values.context === undefined) throw new UsageError('give --context TEXT with --candidate TEXT ..., or --items FILE');
      if (!values.candidate || values.candidate.length === 0) throw new UsageError('the candidate list is empty: give at least one --candidate');
      items = [{ context: values.context, candidates: values.candidate }];
    }
    const mu = parseMu(values.mu);
    const topK = parseNumberFlag('top-k', values['top-k'], DEFAULT_SCORE_OPTIONS.topK, { integer: true, min: 0 });
    const options: ScoreOptions = {
      ...DEFAULT_SCORE_OPTIONS,
      boundaryPolicy: parsePolicy(values.policy),
      unconditionalContext: values.unconditional ?? '',
      mu,
      topK,
      chatTemplate: values['chat-template'] ?? false,
    };
    const source = modelSourceFromArg(values.model);
    const engine = await createNodeEngine(source, dtype);
    const plan = engine.current()!.info.plan;
    const results: ItemScore[] = [];
    for (const item of items) results.push(await engine.score({ context: item.context, candidates: item.candidates, options }));
    await engine.unload();
    if (results.some((r) => r.warnings.some((w) => w.code === 'no_chat_template')))
      warn(`${values.model} has no chat template; --chat-template is ignored and the context is scored raw`);
    if (values.json) printJson({ model: values.model, dtype, plan, items: results });
    else process.stdout.write(formatTable(results) + '\n');
    return 0;
  },
};
