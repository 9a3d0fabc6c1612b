// `lengthlens check FILE`: is a benchmark's answer-string set exposed to length bias (SPEC §6.1)?
// Model-free checks always; from a --log_samples file the probes that need only the logged
// log-likelihoods; with --model the model's probes (choices-only accuracy, tokenizer boundaries).
// Items stream through: a 10,000-item log checks in flat memory.
import type { Command } from '../command';
import { EXIT_CHECK_FOUND, InputError, UsageError } from '../errors';
import { openModelEngine } from '../modelEngine';
import { jsonReplacer, readTextFile, reportSkipped, warn } from '../io';
import { AnswerStringsCheck, type AnswerStringsReport, type CheckItem } from '../../core/check/answerStrings';
import { evaluateFailOn, modelOnlyChecks, parseFailOn, probeChecks, type FailOnResult, type FailOnRule } from '../../core/check/failOn';
import { addLoggedAgreement, finishLoggedAgreement, type LoggedAgreement } from '../../core/metrics/harnessReport';
import type { AccuracyRule } from '../../core/metrics/types';
import { itemHashWithinLimits } from '../../core/check/itemLink';
import { ScoreProbeCheck, type ScoreProbeReport } from '../../core/check/scoreProbes';
import { answerStringFindings, probeFindings } from '../../core/check/summary';
import { FAIL_ON_NAMES } from '../../core/check/checks';
import type { LineError } from '../../core/formats/lineError';
import { scoredItemFromCandidates } from '../../core/metrics/fromCandidates';
import type { Dtype } from '../../core/dtypes';
import type { ScoredItem } from '../../core/metrics/types';
import { DEFAULT_SCORE_OPTIONS, type CandidateScore, type ScoreWarning } from '../../core/scoring/types';
import { MAX_CANDIDATES, MAX_LINK_CHARS, MAX_LINK_TEXT_CHARS } from '../../core/limits';
import { appLinkBase, checkMarkdown, type CheckSection } from '../../core/check/markdown';
import { checkText, terminalSafe } from './checkOutput';
import { openCheckSource, type CheckFileKind, type SchemaReport, type SourceItem } from './checkSource';
import { SOURCE_FLAGS, SOURCE_USAGE_HEAD, sourceOptions } from './checkFlags';
import { commandFlags, oneDtype, single, usageText } from '../flags';
import { isFolder, openCheckFolder, schemaFinding } from './checkFolder';
import { SubsetBreakdown, subsetFindings, type SubsetReport } from '../../core/check/subsets';
import { PairsCheck, pairFindings, type PairsReport } from '../../core/check/pairs';
import { requireSomeRecords } from './taskOutput';

const FLAGS = commandFlags({
  shared: ['model', 'dtype', 'delimiter', 'json', 'markdown', 'strict'],
  own: {
    'app-url': { type: 'string', value: 'URL', help: 'where the app is served (http or https): listed items link to it in the Scorer\n(Markdown)' },
    'fail-on': { type: 'string', value: 'LIST', help: 'comma-separated checks that fail the run (exit 3) when they find something' },
    ...SOURCE_FLAGS,
  },
});

const USAGE = `lengthlens check FILE: is this benchmark exposed to length bias, before it ships?

  lengthlens check FILE [--model M] [--json | --markdown] [--fail-on CHECKS]
  lengthlens check DIR    an lm-eval --output_path folder: a row per task, pooled figures

  FILE is what the Task lab reads: items JSONL / JSON / CSV (context + choices + label, or
  context + gold) or an lm-eval-harness --log_samples JSONL (then the checks that need only
  log-likelihoods run on the logged ones: the "logged" section).

  Checks without a model: choice counts; gold is the longest / shortest choice against chance, and
  the length-only baselines; exact and normalised (NFKC, whitespace, case) duplicate choices;
  format tells (the gold alone differs in leading or trailing whitespace, trailing . ! ?, initial
  capital); letter keys; whitespace at the context/choice join; invisible characters (Cf, Zs other
  than U+0020). A choice is the string as scored (a log's arg_1); lengths are UTF-8 bytes.

${FLAGS.lines(
  [
    ['model', 'also score every item with this model (CPU): accuracy per rule, how often the raw\nsum picks a shortest choice against chance, acc vs acc_norm, choices-only\naccuracy (each choice on the unconditional context), tokenizer boundary counts'],
    'dtype',
    ['delimiter', 'an items file: put before each choice (default "", or with --task the task\'s\ntarget_delimiter); a log: its target_delimiter (default " ")'],
    ['json', 'every number and every listed id as JSON'],
    ['markdown', 'a report for a pull-request comment or a CI job summary'],
    'app-url',
    [
      'fail-on',
      'comma-separated checks that fail the run (exit 3) when they find something:\n{checks}\nA name alone fails on any listed item, or on a share whose 95% interval lies\nabove chance; name>X or name>=X fails when the share passes X (0 to 1), e.g.\n--fail-on duplicates,gold_longest>0.35',
    ],
    ['strict', 'a bad line is an error (default: skipped, counted on stderr, in input_errors)'],
  ],
  { column: 18, values: true },
)}
${SOURCE_USAGE_HEAD}
${FLAGS.lines(Object.keys(SOURCE_FLAGS), { column: 18, values: true })}`;

const EXIT_LINE = `Exit status 3 (this command, with --fail-on): a named check failed; the report is still printed in full.`;

export interface CheckOutput extends AnswerStringsReport {
  source: string;
  kind: CheckFileKind;
  /** The schema the file was read with and how each field was mapped. */
  schema: SchemaReport;
  /** Every share by subset, with Holm's correction (two or more subsets). */
  subsets?: SubsetReport;
  /** A preference-pairs file: its figures (the answer-strings figures are then empty). */
  pairs?: PairsReport;
  logged?: ScoreProbeReport;
  model?: ScoreProbeReport & { model: string; dtype: string };
  fail_on?: FailOnResult[];
  input_errors: LineError[];
}

/**
 * The Scorer links of listed items (a hash of the app; --app-url makes it a full link): built once
 * per item whichever checks list it (the strings and the probes share it), and none for an item
 * past the app's link limits, which are counted for the note.
 */
function itemLinker(): { linkOf: (item: CheckItem) => string | undefined; tooLarge: () => number } {
  const links = new WeakMap<CheckItem, string | undefined>();
  let tooLarge = 0;
  return {
    linkOf(item) {
      if (links.has(item)) return links.get(item);
      // A multiple_input document's logged scores are of its own contexts, not of the options after the shared one.
      const logged = item.logged && !item.multipleInput ? { logged: [...item.logged] } : {};
      const link = itemHashWithinLimits({ context: item.context, choices: [...item.choices], gold: item.gold[0] ?? null, ...logged });
      if (link === undefined) tooLarge++;
      links.set(item, link);
      return link;
    },
    tooLarge: () => tooLarge,
  };
}

/** A model's scores of one item: the task metrics' input and the engine's warnings. */
interface ModelScores {
  scored: ScoredItem;
  warnings: readonly ScoreWarning[];
}

async function runModel(items: AsyncIterable<SourceItem>, model: string, dtype: Dtype, each: (s: SourceItem, probe?: ModelScores) => void): Promise<void> {
  // Loaded only for --model: the model-free check never starts onnxruntime.
  const { streamScores } = await import('../../engine/nodeFace');
  const engine = await openModelEngine(model, dtype);
  try {
    let done = 0;
    async function* requests() {
      for await (const s of items) {
        // Cloze items have no choices to compare: checked, not scored.
        if (s.check.cloze) each(s);
        // A log whose choices carry their own contexts (winogrande): one request per choice, each
        // on its own context, joined again below, as `task` and `harness` score them.
        else if (s.task.choiceContexts) for (let i = 0; i < s.candidates.length; i++) yield { s, context: s.task.choiceContexts[i], candidates: [s.candidates[i]] };
        else yield { s, context: s.task.context, candidates: s.candidates };
      }
    }
    const options = { ...DEFAULT_SCORE_OPTIONS, topK: 0 };
    let pending: CandidateScore[] = [];
    let pendingWarnings: ScoreWarning[] = [];
    // One request per engine call: a number must not depend on what else was scored with it.
    for await (const { item, result } of streamScores(engine, requests(), { options, chunkSize: 1, stats: 'logprob' })) {
      const offset = pending.length;
      pending.push(...result.candidates);
      pendingWarnings.push(...result.warnings.map((w) => ({ ...w, candidates: w.candidates.map((c) => c + offset) })));
      if (pending.length < item.s.candidates.length) continue;
      each(item.s, { scored: scoredItemFromCandidates(item.s.task, pending), warnings: pendingWarnings });
      pending = [];
      pendingWarnings = [];
      done++;
      if (process.stderr.isTTY) process.stderr.write(`\r${model} ${dtype}: scored ${done}`);
    }
    if (process.stderr.isTTY && done) process.stderr.write('\n');
  } finally {
    await engine.unload();
  }
}

export const command: Command = {
  summary: 'check a benchmark file for length bias, duplicates and format tells (CI: --fail-on)',
  usage: usageText(FLAGS, `${USAGE.replace('{checks}', wrapNames([...FAIL_ON_NAMES]))}\n\n${EXIT_LINE}`),
  flags: FLAGS.specs,
  async run(argv) {
    const parsed = FLAGS.parse(argv, Infinity);
    const positionals = parsed.positionals;
    const values = { ...parsed.values, model: single(parsed.values.model, 'model') };
    if (positionals.length !== 1) throw new UsageError('give exactly one FILE (or run folder) to check (see --help)');
    const file = positionals[0];
    let rules: FailOnRule[] = [];
    if (values['fail-on'] !== undefined) {
      try {
        rules = parseFailOn(values['fail-on']);
      } catch (err) {
        throw new UsageError((err as Error).message);
      }
    }
    if (values['app-url'] !== undefined) {
      try {
        appLinkBase(values['app-url']);
      } catch (err) {
        throw new UsageError(`--app-url ${(err as Error).message}`);
      }
    }
    const dtype = oneDtype(parsed.values.dtype, 'one model run');
    const modelOnly = modelOnlyChecks(rules);
    if (modelOnly.length && values.model === undefined)
      throw new UsageError(`--fail-on ${modelOnly.join(', ')} needs --model M: it reads the tokens a model scores, which neither a file nor a log holds`);
    const opts = sourceOptions(values);
    const folder = await isFolder(file);
    if (folder && opts.task !== undefined) throw new UsageError('--task reads one data file with a task YAML, not a run folder');
    const src = folder ? await openCheckFolder(file, opts) : await openCheckSource(file, opts);
    const needScores = probeChecks(rules);
    if (needScores.length && src.kind !== 'log_samples' && values.model === undefined)
      throw new UsageError(`--fail-on ${needScores.join(', ')} needs scores: give --model M, or check an lm-eval --log_samples file`);
    const { linkOf, tooLarge } = itemLinker();
    const strings = new AnswerStringsCheck(linkOf);
    const logged = src.kind === 'log_samples' ? new ScoreProbeCheck(linkOf) : undefined;
    const modelProbe = values.model !== undefined ? new ScoreProbeCheck(linkOf) : undefined;
    const subsetBy = opts.by ?? (folder ? 'task' : src.schema.fields.subset.replace(/ \(.*$/, ''));
    const subsets = new SubsetBreakdown(subsetBy);
    const pairs = src.kind === 'pairs' ? new PairsCheck(subsetBy) : undefined;
    let n = 0;
    const agreement: Partial<Record<AccuracyRule, LoggedAgreement>> = {};
    const each = (s: SourceItem, probe?: ModelScores) => {
      n++;
      if (pairs && s.pair) pairs.add(s.pair);
      else strings.add(s.check);
      if (!s.pair && s.task.subject !== undefined && !s.check.cloze) subsets.add(s.task.subject, s.check.choices, s.check.gold);
      if (logged && s.logged) logged.add(s.check, s.logged);
      if (s.sample && s.logged) addLoggedAgreement(agreement, s.sample, s.logged);
      if (modelProbe && probe) modelProbe.add(s.check, probe.scored, probe.warnings);
    };
    if (values.model !== undefined) await runModel(src.items, values.model, dtype, each);
    else for await (const s of src.items) each(s);
    // Bad lines that together are one JSON object: a pretty-printed object, not JSONL.
    if (src.errors.length > 0 && src.kind === 'items' && src.unit === 'line') await refuseOneObject(file);
    requireSomeRecords(file, n, src.errors, src.unit);
    reportSkipped(file, src.errors, src.unit, values.strict ?? false);
    const report = strings.report();
    const notes = [...report.notes];
    if (tooLarge())
      notes.push(`${tooLarge()} listed item(s) are too large for a Scorer link (the app takes at most ${MAX_CANDIDATES} choices, ${MAX_LINK_TEXT_CHARS.toLocaleString('en')} characters a field and ${MAX_LINK_CHARS.toLocaleString('en')} compressed): listed without one`);
    if (src.rolling.count) notes.push(`${src.rolling.count} perplexity (loglikelihood_rolling) document(s) have no answers to check and were left out`);
    notes.push(...src.notes);
    const out: CheckOutput = { source: file, kind: src.kind, schema: src.schema, ...report, notes, input_errors: src.errors };
    const bySubset = subsets.report();
    if (bySubset.n_subsets >= 2) out.subsets = bySubset;
    if (pairs) out.pairs = pairs.report();
    if (logged) out.logged = logged.report();
    if (modelProbe) out.model = { model: values.model!, dtype, ...modelProbe.report() };
    // What the model run could not score (an empty choice) is said in the report, not only in the JSON.
    for (const n of out.model?.notes ?? []) notes.push(`model: ${n}`);
    if (logged && src.kind === 'log_samples') {
      notes.push('the "logged" section decides each rule from the log-likelihoods the log holds; acc_norm and acc_bytes divide them by the length of arg_1 without the delimiter, as lm-eval-harness does');
      finishLoggedAgreement(agreement);
      const delimiter = JSON.stringify(values.delimiter ?? ' ');
      for (const [rule, a] of Object.entries(agreement)) {
        if (!a.mismatches) continue;
        const recomputed = out.logged?.rules[rule as AccuracyRule]?.value;
        const line =
          `the log's own per-document ${rule} differs from the recomputation in ${a.mismatches} of ${a.n} documents (logged mean ${a.logged_mean.toFixed(3)}, ` +
          `the logged section's ${recomputed === undefined ? 'n/a' : recomputed.toFixed(3)}; first: doc ${a.examples[0]}): was the run's target_delimiter other than ${delimiter}? ` +
          `give it with --delimiter (a chat-templated run uses "")`;
        notes.push(line);
        warn(line);
      }
    }
    const probes = out.model ?? out.logged;
    const results = evaluateFailOn(rules, { strings: report, probes });
    const notRun = results.filter((r) => !r.ran);
    if (notRun.length)
      throw new UsageError(
        `--fail-on ${notRun.map((r) => r.check).join(', ')} cannot run on ${file}: choices-only accuracy needs each choice scored on an empty context (${values.model === undefined ? 'give --model M, or a log with acc_mutual_info requests' : 'the model scored no item so'})`,
      );
    if (rules.length) out.fail_on = results;
    const sections: CheckSection[] = [{ title: 'Read as', findings: [schemaFinding(src.schema)] }];
    if (out.pairs) sections.push({ title: 'Preference pairs (no model)', findings: pairFindings(out.pairs) });
    else sections.push({ title: 'Answer strings (no model)', findings: answerStringFindings(report) });
    if (out.subsets) sections.push({ title: `By ${out.subsets.by} (Holm-corrected)`, findings: subsetFindings(out.subsets) });
    if (out.logged) sections.push({ title: 'From the logged log-likelihoods', findings: probeFindings(out.logged, 'logged') });
    if (out.model) sections.push({ title: `From ${out.model.model} (${dtype})`, findings: probeFindings(out.model, 'model') });
    const title = `lengthlens check: ${terminalSafe(file)}`;
    if (values.json) process.stdout.write(JSON.stringify(out, jsonReplacer, 2) + '\n');
    else if (values.markdown) process.stdout.write(checkMarkdown(file, sections, results, notes, values['app-url']));
    else process.stdout.write(checkText(title, sections, results, notes));
    const failed = results.filter((r) => r.failed);
    if (failed.length) {
      warn(`--fail-on: ${failed.map((f) => `${f.rule} (${f.why})`).join('; ')}`);
      return EXIT_CHECK_FOUND;
    }
    return 0;
  },
};

/** A file that is one (pretty-printed) JSON object, read as JSONL, loads nothing: say what it is, not that each line is bad JSON. */
async function refuseOneObject(file: string): Promise<void> {
  let value: unknown;
  try {
    value = JSON.parse(await readTextFile(file));
  } catch {
    return;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
  const lists = Object.entries(value).filter(([, v]) => Array.isArray(v));
  const hint = lists.length ? `; its ${lists.map(([k, v]) => `key "${k}" holds a list of ${(v as unknown[]).length}`).join(', ')}: put the items themselves in the file` : '';
  throw new InputError(`${file} is one JSON object, not a list of items: give JSONL (one item per line) or a JSON array of items${hint}`);
}

/** The check names, wrapped to the usage text's indent. */
function wrapNames(names: string[]): string {
  const lines: string[] = [];
  let line = '';
  for (const name of names) {
    if (line && line.length + name.length + 2 > 78) {
      lines.push(line + ',');
      line = '';
    }
    line = line ? `${line}, ${name}` : name;
  }
  lines.push(line);
  return lines.join('\n                  ');
}
