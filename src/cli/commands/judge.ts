// `lengthlens judge simulate|audit|montecarlo|sample`: the Judge lab's figures from the command line.
import type { Command } from '../command';
import { commandFlags, usageText, type CommandFlags, type FlagSpec } from '../flags';
import { InputError, UsageError } from '../errors';
import { parseNumberFlag, printJson, readTextFile, snakeCaseKeys, type NumberRange } from '../io';
import { DEFAULT_PARAMS, checkParams, simulateJudge, type JudgeParams } from '../../core/judge/simulate';
import { workedExample } from '../../core/judge/example';
import { parseVerdicts } from '../../core/judge/verdicts';
import { auditVerdicts, LENGTH_FEATURES, LC_PLAUSIBLE_GAMMA_MAX, type AuditResult, type LengthFeatureKind } from '../../core/judge/audit';
import type { Interval } from '../../core/judge/bootstrap';
import { DEFAULT_MC, runMonteCarlo } from '../../core/judge/monteCarlo';
import { generateSampleVerdicts } from '../../core/judge/sample';

const USAGE = `lengthlens judge <subcommand> [options]

  simulate [--b 0.5] [--lambda 0.8] [--m 0.47] [--s 0.5] [--rho 0] [--n 2000] [--seed 1] [--json]
      The biased-judge simulation: target, fixed-order, A-second, swap-averaged and
      length-controlled win rates, first-slot win rate, inconsistency, fitted phi and gamma.
  audit FILE [--reps 1000] [--seed 1] [--length-feature log-ratio|char-difference] [--strict] [--json]
      Audit verdicts from a CSV, JSONL or JSON-array file (columns prompt_id, a_first, verdict,
      len_a, len_b, optional category, human), or an AlpacaEval annotations.json as it is.
      LC comes with a support verdict: where one side is almost always the longer, LC is given
      as a range over plausible length effects. Bad lines are listed and skipped (--strict: exit 1).
  montecarlo [simulate's options but --n] [--prompts 805] [--reps 2000] [--json]
      Binary verdicts: how often each estimator names the worse model at a one-sided 5% test.
  sample [--prompts 400] [--seed 1]
      Print a simulated verdict file (CSV) like public/samples/judge-verdicts.csv.

All rates are fractions in [0, 1]. Seeds are whole numbers from 0 to ${Number.MAX_SAFE_INTEGER}.`;

type Flags = Record<string, string | boolean | number | string[] | undefined>;

/** Judge's flags (only judge takes them); each subcommand picks its own. */
const JUDGE_FLAGS = {
  b: { type: 'number', value: 'B', default: DEFAULT_PARAMS.b, help: "the judge's verbosity bias" },
  lambda: { type: 'number', value: 'L', default: DEFAULT_PARAMS.lambda, help: 'how much longer answers are' },
  m: { type: 'number', value: 'M', default: DEFAULT_PARAMS.m, help: "the better model's margin" },
  s: { type: 'number', value: 'S', default: DEFAULT_PARAMS.s, range: { min: 0 }, help: 'the spread of quality' },
  rho: { type: 'number', value: 'R', default: DEFAULT_PARAMS.rho, range: { min: -1, max: 1 }, help: 'the correlation of length and quality' },
  n: { type: 'number', value: 'N', default: DEFAULT_PARAMS.n, range: { integer: true, min: 2, max: 1_000_000 }, help: 'simulated comparisons' },
  seed: { type: 'number', value: 'N', default: 1, range: { integer: true, min: 0, max: Number.MAX_SAFE_INTEGER }, help: 'the random seed' },
  // --reps and --prompts keep a range per subcommand (a bootstrap is not a Monte Carlo): read there.
  reps: { type: 'string', value: 'N', help: "repetitions: audit's bootstrap resamples, montecarlo's simulated studies" },
  prompts: { type: 'string', value: 'N', help: 'prompts per simulated study (montecarlo) or verdict file (sample)' },
  'length-feature': { type: 'string', value: 'F', help: 'log-ratio or char-difference' },
} as const satisfies Record<string, FlagSpec>;

type JudgeFlag = keyof typeof JUDGE_FLAGS;
const pick = <K extends JudgeFlag>(...names: K[]) => Object.fromEntries(names.map((n) => [n, JUDGE_FLAGS[n]])) as Pick<typeof JUDGE_FLAGS, K>;

const SIMULATE = commandFlags({ shared: ['json'], own: pick('b', 'lambda', 'm', 's', 'rho', 'n', 'seed') });
const AUDIT = commandFlags({ shared: ['strict', 'json'], own: pick('reps', 'seed', 'length-feature') });
const MONTECARLO = commandFlags({ shared: ['json'], own: pick('b', 'lambda', 'm', 's', 'rho', 'seed', 'prompts', 'reps') });
const SAMPLE = commandFlags({ own: pick('prompts', 'seed'), shared: [] });
/** Every flag of every subcommand: what the usage text must mention. */
const ALL = commandFlags({ shared: ['strict', 'json'], own: JUDGE_FLAGS });

/** A subcommand's flags (the CLI's one parser); `positionals` is how many plain arguments it takes. */
function parse(argv: string[], flags: CommandFlags<object>, positionals = 0): { values: Flags; positionals: string[] } {
  const parsed = flags.parse(argv, positionals);
  return { values: parsed.values as Flags, positionals: parsed.positionals };
}

/** A number flag: checked as it was parsed (a number of JUDGE_FLAGS), or here with its subcommand's range. */
const numberFlag = (values: Flags, name: string, fallback: number, range: NumberRange = {}) => {
  const v = values[name];
  return typeof v === 'number' ? v : parseNumberFlag(name, v as string | undefined, fallback, range);
};

function judgeParams(values: Flags): JudgeParams {
  const params: JudgeParams = {
    b: numberFlag(values, 'b', DEFAULT_PARAMS.b),
    lambda: numberFlag(values, 'lambda', DEFAULT_PARAMS.lambda),
    m: numberFlag(values, 'm', DEFAULT_PARAMS.m),
    s: numberFlag(values, 's', DEFAULT_PARAMS.s),
    rho: numberFlag(values, 'rho', DEFAULT_PARAMS.rho),
    n: numberFlag(values, 'n', DEFAULT_PARAMS.n),
    seed: numberFlag(values, 'seed', DEFAULT_PARAMS.seed),
  };
  const problem = checkParams(params);
  if (problem) throw new UsageError(problem);
  return params;
}

const pct = (v: number) => (Number.isFinite(v) ? `${(100 * v).toFixed(1)}%` : 'n/a');

function simulate(argv: string[]): number {
  const { values } = parse(argv, SIMULATE);
  const params = judgeParams(values);
  const r = simulateJudge(params);
  const ex = workedExample(params.b, params.lambda);
  const out = snakeCaseKeys({
    params,
    target: r.target,
    fixedOrder: r.fixedOrder,
    aSecond: r.aSecond,
    swap: r.swap,
    lc: r.lc,
    theta: r.theta,
    phi: r.phi,
    gamma: r.gamma,
    gammaIdentified: r.gammaIdentified,
    firstSlot: r.firstSlot,
    inconsistency: r.inconsistency,
    workedExample: { d: ex.d, lengthRatio: ex.lengthRatio, aFirst: ex.aFirst, aSecond: ex.aSecond, swap: ex.swap, lc: ex.lc },
  });
  if (values.json) printJson(out);
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

/** The most row-fits (verdicts × bootstrap fits) an audit may take: roughly 20 minutes on one core. */
const AUDIT_WORK_LIMIT = 1e10;

/**
 * Progress on stderr once a run has taken a few seconds: a line every few seconds with the time
 * left, from the rate since the first report (so set-up time before the loop does not skew it).
 */
export function progressReporter(label: string, write: (line: string) => unknown = (line) => process.stderr.write(line), clock = () => Date.now()) {
  const started = clock();
  let lastShown = 0;
  let first: { at: number; done: number } | null = null;
  return (done: number, total: number) => {
    const now = clock();
    first ??= { at: now, done };
    if (now - started < 3000 || (now - lastShown < 3000 && done < total)) return;
    const rate = now > first.at ? (done - first.done) / (now - first.at) : 0;
    // Wait for a second report before the first line: without a rate there is no time left to tell.
    if (!(rate > 0) && done < total) return;
    lastShown = now;
    const left = rate > 0 ? (total - done) / rate / 1000 : NaN;
    write(`lengthlens judge: ${label} ${done}/${total}${done < total && Number.isFinite(left) ? `, about ${Math.ceil(left)} s left` : ''}\n`);
  };
}

function lcJson(r: AuditResult['estimates']['lc'], support: AuditResult['lcSupport'], feature: LengthFeatureKind) {
  const interval = { estimate: r.estimate, lo: r.lo, hi: r.hi };
  return {
    // An unsupported LC is no point estimate: the fit's value is kept under `fitted`, for checking.
    ...(support.supported ? interval : { estimate: null, lo: null, hi: null, fitted: interval }),
    dropped: r.dropped,
    supported: support.supported,
    reason: support.reason,
    aLongerShare: support.aLongerShare,
    bLongerShare: support.bLongerShare,
    range: support.lcRange,
    plausibleGamma: support.supported ? null : [0, LC_PLAUSIBLE_GAMMA_MAX],
    feature,
  };
}

const intervalJson = (i: Interval) => ({ estimate: i.estimate, lo: i.lo, hi: i.hi, dropped: i.dropped });

async function audit(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, AUDIT, 1);
  if (positionals.length !== 1) throw new UsageError('audit needs exactly one FILE');
  const file = positionals[0];
  const reps = numberFlag(values, 'reps', 1000, { integer: true, min: 1, max: 100_000 });
  const seed = numberFlag(values, 'seed', 1);
  const featureArg = (values['length-feature'] as string | undefined) ?? 'log-ratio';
  if (!(featureArg in LENGTH_FEATURES)) throw new UsageError(`--length-feature must be log-ratio or char-difference, got "${featureArg}"`);
  const lengthFeature = featureArg as LengthFeatureKind;
  const parsed = parseVerdicts(await readTextFile(file));
  const firstError = parsed.errors[0];
  const where = firstError ? `${file}:${firstError.line}: ${firstError.message}` : '';
  if (parsed.rows.length === 0) throw new InputError(firstError ? `no valid verdicts (${where})` : `no verdicts in ${file}`);
  if (firstError && values.strict) throw new InputError(`${parsed.badLines} bad line(s), first ${where}`);
  const categories = new Set(parsed.rows.map((r) => r.category).filter((c) => c !== null)).size;
  const fits = reps * (1 + (categories > 1 ? 1 : 0));
  const work = parsed.rows.length * fits;
  if (work > AUDIT_WORK_LIMIT)
    throw new UsageError(
      `${parsed.rows.length} verdicts × ${reps} bootstrap replicates is too much work (limit ${AUDIT_WORK_LIMIT.toExponential(0)} row-fits); lower --reps to at most ${Math.max(1, Math.floor(AUDIT_WORK_LIMIT / parsed.rows.length / (fits / reps)))}`,
    );
  const r = auditVerdicts(parsed.rows, {
    bootstrapReps: reps,
    seed,
    lengthFeature,
    orderKnown: parsed.orderKnown,
    onProgress: progressReporter('bootstrap replicates'),
  });
  if (firstError) process.stderr.write(`lengthlens judge: skipped ${parsed.badLines} bad line(s), first ${where}\n`);
  const out = snakeCaseKeys({
    file,
    format: parsed.format,
    notes: parsed.notes,
    alpacaEval: parsed.alpacaEval ?? null,
    counts: { ...r.counts, badLines: parsed.badLines },
    raw: intervalJson(r.estimates.raw),
    swap: intervalJson(r.estimates.swap),
    lc: lcJson(r.estimates.lc, r.lcSupport, r.lengthFeature),
    theta: r.theta,
    phi: r.phi,
    gamma: r.gamma,
    gammaSe: r.gammaSe,
    gammaIdentified: r.gammaIdentified,
    lengthFeature: { kind: r.lengthFeature, formula: LENGTH_FEATURES[r.lengthFeature], sd: r.featureSd },
    lengthFeatureSd: r.featureSd,
    firstSlot: r.firstSlot,
    inconsistency: r.inconsistency,
    orderKnown: r.orderKnown,
    lengthRatio: {
      quantiles: r.lengthRatio.quantiles,
      aLonger: r.lengthRatio.aLonger,
      bLonger: r.lengthRatio.bLonger,
      sdLogRatio: r.lengthRatio.sdLogRatio,
      meanLenA: r.lengthRatio.meanLenA,
      meanLenB: r.lengthRatio.meanLenB,
      featureHistogram: r.lengthRatio.featureHistogram,
    },
    categories: r.categories.map((c) => ({
      category: c.category,
      prompts: c.prompts,
      verdicts: c.verdicts,
      raw: intervalJson(c.estimates.raw),
      swap: intervalJson(c.estimates.swap),
      lc: lcJson(c.estimates.lc, c.lcSupport, r.lengthFeature),
      gamma: c.gamma,
      gammaIdentified: c.gammaIdentified,
    })),
    human: r.human,
    warnings: r.warnings,
    checklist: r.checklist,
    badLines: parsed.errors,
    bootstrapReps: r.bootstrapReps,
  });
  if (values.json) printJson(out);
  else {
    const iv = (i: Interval) => `${pct(i.estimate)}  [${pct(i.lo)}, ${pct(i.hi)}]`;
    const s = r.lcSupport;
    const lcLine = s.supported
      ? `length-control.  ${iv(r.estimates.lc)}  (supported: A longer on ${pct(s.aLongerShare)} of prompts, B on ${pct(s.bLongerShare)})`
      : `length-control.  not supported${s.lcRange ? `: between ${pct(s.lcRange.low)} and ${pct(s.lcRange.high)} over plausible length effects` : ''}`;
    const ae = parsed.alpacaEval;
    const lines = [
      ...(ae ? [`AlpacaEval: A = ${ae.model ?? 'several models'}, B = ${ae.baseline ?? 'several baselines'}${ae.annotator ? `, judge ${ae.annotator}` : ''}`] : []),
      ...parsed.notes.map((n) => `note: ${n}`),
      `${r.counts.verdicts} verdicts on ${r.counts.prompts} prompts (${r.counts.bothOrders} in both orders); mean length A ${r.lengthRatio.meanLenA.toFixed(0)}, B ${r.lengthRatio.meanLenB.toFixed(0)}`,
      `raw              ${iv(r.estimates.raw)}`,
      `swap-averaged    ${iv(r.estimates.swap)}`,
      lcLine,
      `length feature   ${LENGTH_FEATURES[r.lengthFeature]}`,
      `first-slot       ${pct(r.firstSlot)}`,
      `inconsistency    ${pct(r.inconsistency)}`,
      ...r.warnings.map((w) => `warning: ${w}`),
    ];
    process.stdout.write(lines.join('\n') + '\n');
  }
  return 0;
}

/** The most prompt-replications a Monte Carlo may run (prompts × reps): a few minutes on one core. */
export const MONTE_CARLO_WORK_LIMIT = 5e7;

function montecarlo(argv: string[]): number {
  const { values } = parse(argv, MONTECARLO);
  const { n: _unused, ...judge } = judgeParams(values);
  const prompts = numberFlag(values, 'prompts', DEFAULT_MC.prompts, { integer: true, min: 10, max: 100_000 });
  const replications = numberFlag(values, 'reps', DEFAULT_MC.replications, { integer: true, min: 1, max: 100_000 });
  if (prompts * replications > MONTE_CARLO_WORK_LIMIT)
    throw new UsageError(
      `--prompts ${prompts} × --reps ${replications} = ${(prompts * replications).toExponential(1)} prompt-replications is over the limit of ${MONTE_CARLO_WORK_LIMIT.toExponential(0)}; lower --reps to at most ${Math.floor(MONTE_CARLO_WORK_LIMIT / prompts)}`,
    );
  const r = runMonteCarlo({ judge, prompts, replications }, progressReporter('replications'));
  const estimators = Object.fromEntries(
    r.estimators.map((e) => [e.name, snakeCaseKeys({ mean: e.mean, spread: e.spread, declaresA: e.declaresA, declaresB: e.declaresB, declaresWorse: e.declaresWorse })]),
  );
  const out = { ...(snakeCaseKeys({ params: { ...judge, prompts, replications }, populationTarget: r.populationTarget, worse: r.worse }) as object), estimators };
  if (values.json) printJson(out);
  else {
    const lines = [`worse model: ${r.worse} (population target ${pct(r.populationTarget)})`, 'estimator        mean    spread  names worse model'];
    for (const e of r.estimators) lines.push(`${e.name.padEnd(16)} ${pct(e.mean).padEnd(7)} ${pct(e.spread).padEnd(7)} ${pct(e.declaresWorse)}`);
    process.stdout.write(lines.join('\n') + '\n');
  }
  return 0;
}

function sample(argv: string[]): number {
  const { values } = parse(argv, SAMPLE);
  const prompts = numberFlag(values, 'prompts', 400, { integer: true, min: 1, max: 1_000_000 });
  process.stdout.write(generateSampleVerdicts({ prompts, judge: { seed: numberFlag(values, 'seed', 1) } }));
  return 0;
}

export const command: Command = {
  summary: 'Judge lab: simulate position/verbosity bias, or audit your judge verdicts',
  usage: usageText(ALL, USAGE),
  flags: ALL.specs,
  subcommands: { simulate: SIMULATE.specs, audit: AUDIT.specs, montecarlo: MONTECARLO.specs, sample: SAMPLE.specs },
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
