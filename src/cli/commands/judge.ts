// `lengthlens judge simulate|audit|montecarlo|sample`: the Judge lab's figures from the command line.
import type { Command } from '../main';
import { UsageError } from '../errors';
import { printJson, readTextFile } from '../io';
import { DEFAULT_PARAMS, checkParams, simulateJudge, type JudgeParams } from '../../core/judge/simulate';
import { workedExample } from '../../core/judge/example';
import { parseVerdicts } from '../../core/judge/verdicts';
import { auditVerdicts, type EstimateSet } from '../../core/judge/audit';
import { DEFAULT_MC, runMonteCarlo } from '../../core/judge/monteCarlo';
import { generateSampleVerdicts } from '../../core/judge/sample';

const USAGE = `lengthlens judge <subcommand> [options]

  simulate [--b 0.5] [--lambda 0.8] [--m 0.47] [--s 0.5] [--rho 0] [--n 2000] [--seed 1] [--json]
      The biased-judge simulation: target, fixed-order, A-second, swap-averaged and
      length-controlled win rates, first-slot win rate, inconsistency, fitted phi and gamma.
  audit FILE [--reps 1000] [--seed 1] [--strict] [--json]
      Audit verdicts from a CSV or JSONL file (columns prompt_id, a_first, verdict, len_a, len_b,
      optional category, human). Bad lines are listed and skipped (--strict: exit non-zero).
  montecarlo [simulate's options] [--prompts 805] [--reps 2000] [--json]
      Binary verdicts: how often each estimator names the worse model at a one-sided 5% test.
  sample [--prompts 400] [--seed 1]
      Print a simulated verdict file (CSV) like public/samples/judge-verdicts.csv.

All rates are fractions in [0, 1].`;

interface Parsed {
  positional: string[];
  flags: Map<string, string | true>;
}

const BOOLEAN_FLAGS = new Set(['json', 'strict']);

function parseArgs(argv: string[], allowed: string[]): Parsed {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    if (!allowed.includes(name)) throw new UsageError(`unknown option --${name} (try --help)`);
    if (BOOLEAN_FLAGS.has(name)) {
      flags.set(name, true);
      continue;
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    flags.set(name, value);
  }
  return { positional, flags };
}

function numberFlag(flags: Parsed['flags'], name: string, fallback: number, integer = false): number {
  const raw = flags.get(name);
  if (raw === undefined) return fallback;
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(value)) throw new UsageError(`--${name} must be a number, got "${String(raw)}"`);
  if (integer && !Number.isInteger(value)) throw new UsageError(`--${name} must be a whole number, got "${raw}"`);
  return value;
}

const JUDGE_FLAGS = ['b', 'lambda', 'm', 's', 'rho', 'n', 'seed'];

function judgeParams(flags: Parsed['flags']): JudgeParams {
  const params: JudgeParams = {
    b: numberFlag(flags, 'b', DEFAULT_PARAMS.b),
    lambda: numberFlag(flags, 'lambda', DEFAULT_PARAMS.lambda),
    m: numberFlag(flags, 'm', DEFAULT_PARAMS.m),
    s: numberFlag(flags, 's', DEFAULT_PARAMS.s),
    rho: numberFlag(flags, 'rho', DEFAULT_PARAMS.rho),
    n: numberFlag(flags, 'n', DEFAULT_PARAMS.n, true),
    seed: numberFlag(flags, 'seed', DEFAULT_PARAMS.seed, true),
  };
  const problem = checkParams(params);
  if (problem) throw new UsageError(problem);
  return params;
}

const pct = (v: number) => (Number.isFinite(v) ? `${(100 * v).toFixed(1)}%` : 'n/a');

function simulate(argv: string[]): number {
  const { positional, flags } = parseArgs(argv, [...JUDGE_FLAGS, 'json']);
  if (positional.length) throw new UsageError(`unexpected argument "${positional[0]}"`);
  const params = judgeParams(flags);
  const r = simulateJudge(params);
  const ex = workedExample(params.b, params.lambda);
  const out = {
    params,
    target: r.target,
    fixed_order: r.fixedOrder,
    a_second: r.aSecond,
    swap: r.swap,
    lc: r.lc,
    theta: r.theta,
    phi: r.phi,
    gamma: r.gamma,
    gamma_identified: r.gammaIdentified,
    first_slot: r.firstSlot,
    inconsistency: r.inconsistency,
    worked_example: { d: ex.d, length_ratio: ex.lengthRatio, a_first: ex.aFirst, a_second: ex.aSecond, swap: ex.swap, lc: ex.lc },
  };
  if (flags.has('json')) printJson(out);
  else {
    const rows: [string, string][] = [
      ['target (bias-free)', pct(r.target)],
      ['fixed order (A first)', pct(r.fixedOrder)],
      ['A second', pct(r.aSecond)],
      ['swap-averaged', pct(r.swap)],
      ['length-controlled', pct(r.lc)],
      ['first-slot win rate', pct(r.firstSlot)],
      ['inconsistency', pct(r.inconsistency)],
      ['phi, gamma', `${r.phi.toFixed(3)}, ${r.gamma.toFixed(3)}`],
    ];
    process.stdout.write(rows.map(([k, v]) => `${k.padEnd(24)} ${v}`).join('\n') + '\n');
  }
  return 0;
}

const intervalJson = (i: EstimateSet['raw']) => ({ estimate: i.estimate, lo: i.lo, hi: i.hi });

async function audit(argv: string[]): Promise<number> {
  const { positional, flags } = parseArgs(argv, ['reps', 'seed', 'strict', 'json']);
  if (positional.length !== 1) throw new UsageError('audit needs exactly one FILE');
  const file = positional[0];
  const reps = numberFlag(flags, 'reps', 1000, true);
  if (reps < 1 || reps > 100_000) throw new UsageError('--reps must lie between 1 and 100000');
  const seed = numberFlag(flags, 'seed', 1, true);
  const parsed = parseVerdicts(await readTextFile(file));
  const firstError = parsed.errors[0];
  const where = firstError ? `${file}:${firstError.line}: ${firstError.message}` : '';
  if (parsed.rows.length === 0) throw new UsageError(firstError ? `no valid verdicts (${where})` : `no verdicts in ${file}`);
  if (firstError && flags.has('strict')) throw new UsageError(`${parsed.badLines} bad line(s), first ${where}`);
  const r = auditVerdicts(parsed.rows, { bootstrapReps: reps, seed });
  if (firstError) process.stderr.write(`lengthlens judge: skipped ${parsed.badLines} bad line(s), first ${where}\n`);
  const out = {
    file,
    format: parsed.format,
    counts: {
      verdicts: r.counts.verdicts,
      prompts: r.counts.prompts,
      both_orders: r.counts.bothOrders,
      only_a_first: r.counts.onlyAFirst,
      only_a_second: r.counts.onlyASecond,
      a_first_verdicts: r.counts.aFirstVerdicts,
      ties: r.counts.ties,
      probabilities: r.counts.probabilities,
      repeated_orders: r.counts.repeatedOrders,
      bad_lines: parsed.badLines,
    },
    raw: intervalJson(r.estimates.raw),
    swap: intervalJson(r.estimates.swap),
    lc: intervalJson(r.estimates.lc),
    theta: r.theta,
    phi: r.phi,
    gamma: r.gamma,
    gamma_se: r.gammaSe,
    gamma_identified: r.gammaIdentified,
    length_feature_sd: r.featureSd,
    first_slot: r.firstSlot,
    inconsistency: r.inconsistency,
    length_ratio: {
      quantiles: r.lengthRatio.quantiles,
      a_longer: r.lengthRatio.aLonger,
      sd_log_ratio: r.lengthRatio.sdLogRatio,
    },
    categories: r.categories.map((c) => ({
      category: c.category,
      prompts: c.prompts,
      verdicts: c.verdicts,
      raw: intervalJson(c.estimates.raw),
      swap: intervalJson(c.estimates.swap),
      lc: intervalJson(c.estimates.lc),
      gamma: c.gamma,
      gamma_identified: c.gammaIdentified,
    })),
    human: r.human,
    warnings: r.warnings,
    checklist: r.checklist,
    bad_lines: parsed.errors,
    bootstrap_reps: r.bootstrapReps,
  };
  if (flags.has('json')) printJson(out);
  else {
    const iv = (i: EstimateSet['raw']) => `${pct(i.estimate)}  [${pct(i.lo)}, ${pct(i.hi)}]`;
    const lines = [
      `${r.counts.verdicts} verdicts on ${r.counts.prompts} prompts (${r.counts.bothOrders} in both orders)`,
      `raw              ${iv(r.estimates.raw)}`,
      `swap-averaged    ${iv(r.estimates.swap)}`,
      `length-control.  ${iv(r.estimates.lc)}`,
      `first-slot       ${pct(r.firstSlot)}`,
      `inconsistency    ${pct(r.inconsistency)}`,
      ...r.warnings.map((w) => `warning: ${w}`),
    ];
    process.stdout.write(lines.join('\n') + '\n');
  }
  return 0;
}

function montecarlo(argv: string[]): number {
  const { positional, flags } = parseArgs(argv, [...JUDGE_FLAGS.filter((f) => f !== 'n'), 'prompts', 'reps', 'json']);
  if (positional.length) throw new UsageError(`unexpected argument "${positional[0]}"`);
  const { n: _n, ...judge } = judgeParams(flags);
  const prompts = numberFlag(flags, 'prompts', DEFAULT_MC.prompts, true);
  const replications = numberFlag(flags, 'reps', DEFAULT_MC.replications, true);
  if (prompts < 10 || prompts > 100_000) throw new UsageError('--prompts must lie between 10 and 100000');
  if (replications < 1 || replications > 100_000) throw new UsageError('--reps must lie between 1 and 100000');
  const r = runMonteCarlo({ judge, prompts, replications });
  const estimators = Object.fromEntries(
    r.estimators.map((e) => [e.name, { mean: e.mean, spread: e.spread, declares_a: e.declaresA, declares_b: e.declaresB, declares_worse: e.declaresWorse }]),
  );
  const out = { params: { ...judge, prompts, replications }, population_target: r.populationTarget, worse: r.worse, estimators };
  if (flags.has('json')) printJson(out);
  else {
    const lines = [`worse model: ${r.worse} (population target ${pct(r.populationTarget)})`, 'estimator        mean    spread  names worse model'];
    for (const e of r.estimators) lines.push(`${e.name.padEnd(16)} ${pct(e.mean).padEnd(7)} ${pct(e.spread).padEnd(7)} ${pct(e.declaresWorse)}`);
    process.stdout.write(lines.join('\n') + '\n');
  }
  return 0;
}

function sample(argv: string[]): number {
  const { positional, flags } = parseArgs(argv, ['prompts', 'seed']);
  if (positional.length) throw new UsageError(`unexpected argument "${positional[0]}"`);
  const prompts = numberFlag(flags, 'prompts', 400, true);
  if (prompts < 1 || prompts > 1_000_000) throw new UsageError('--prompts must lie between 1 and 1000000');
  process.stdout.write(generateSampleVerdicts({ prompts, judge: { seed: numberFlag(flags, 'seed', 1, true) } }));
  return 0;
}

export const command: Command = {
  summary: 'Judge lab: simulate position/verbosity bias, or audit your judge verdicts',
  usage: USAGE,
  async run(argv) {
    const [sub, ...rest] = argv;
    switch (sub) {
      case 'simulate':
        return simulate(rest);
      case 'audit':
        return audit(rest);
      case 'montecarlo':
        return montecarlo(rest);
      case 'sample':
        return sample(rest);
      case undefined:
        throw new UsageError('missing subcommand: simulate, audit, montecarlo or sample (try --help)');
      default:
        throw new UsageError(`unknown subcommand "${sub}": use simulate, audit, montecarlo or sample`);
    }
  },
};
