// The task-level metrics of SPEC §4 over scored items: accuracies, the BPB family, the alpha/beta
// fit, R(k), PriorBPB(mu), length quintiles and Spearman ρ, for the task and for each subject.
import {
  answerCostFit,
  bitsPerAnswer,
  corpusBpb,
  corpusBpbFromFit,
  meanOfRatiosBpb,
  spaceStrippedCorpusBpb,
  type AnswerTotals,
} from '../bpb/answerBpb';
import { contentByteCosts, priorWeightedRate, type LeadingSpaceMode, type TokenBits } from '../bpb/perByteCost';
import { contentCorpusBpb, geometricPriorBpb, selfPriorBpb } from '../bpb/priorBpb';
import { prefixBpb, rateCurve } from '../bpb/rateCurve';
import { accuracyReport, goldIndices, isMultipleChoice, itemCorrectness, nonFiniteMessage } from './accuracy';
import { quintileEdges, quintileOf } from './quintiles';
import { mean, spearman } from './stats';
import { utf8Length } from '../text/unicode';
import { SCORE_COLUMNS, ruleScore } from '../scoring/rules';
import {
  ACCURACY_RULES,
  DEFAULT_TASK_METRICS_OPTIONS,
  type BpbReport,
  type ChoiceScores,
  type ItemScoreName,
  type QuintileBin,
  type QuintileReport,
  type ScoredItem,
  type SliceMetrics,
  type TaskMetrics,
  type TaskMetricsOptions,
} from './types';

/** The gold answer of one item, reduced to what the BPB family needs. */
export interface GoldAnswer extends AnswerTotals {
  item: ScoredItem;
  choice: ChoiceScores;
  tokens?: readonly TokenBits[];
}

/** Total bits of a choice: Σ token bits when tokens are known (exact), else −logprob / ln 2. */
function choiceBits(c: ChoiceScores): number {
  if (c.tokens && c.tokens.length > 0) return c.tokens.reduce((s, [b]) => s + b, 0);
  return -c.logprob / Math.LN2;
}

/** UTF-8 bytes of the scored continuation (leading space included). */
function choiceBytes(c: ChoiceScores): number {
  if (c.continuation !== undefined) return utf8Length(c.continuation);
  if (c.tokens && c.tokens.length > 0) return c.tokens.reduce((s, [, m]) => s + Math.round(m), 0);
  if (c.text !== undefined) return utf8Length(c.text);
  return NaN;
}

function choiceLeadingSpace(c: ChoiceScores): boolean {
  return c.leadingSpace ?? (c.continuation ?? '').startsWith(' ');
}

/** The gold answer (first gold, as eval-framework's "first" rule), or why there is none. */
export function goldAnswer(item: ScoredItem): GoldAnswer | string {
  const g = goldIndices(item)[0];
  if (g === undefined || g < 0) return 'gold index is not one of the choices';
  const choice = item.choices[g];
  const bits = choiceBits(choice);
  const bytes = choiceBytes(choice);
  if (!Number.isFinite(bits)) return 'gold answer has a non-finite log-likelihood';
  if (!(bytes > 0)) return 'gold answer has zero UTF-8 bytes';
  return { item, choice, bits, bytes, leadingSpace: choiceLeadingSpace(choice), tokens: choice.tokens };
}

function bpbReport(answers: readonly GoldAnswer[], opts: TaskMetricsOptions): BpbReport {
  const fit = answerCostFit(answers);
  const withTokens = answers.filter((a) => a.tokens && a.tokens.length > 0);
  const costsFor = (mode: LeadingSpaceMode) =>
    withTokens.map((a) => contentByteCosts(a.tokens!, a.leadingSpace, mode)).filter((r) => r.length > 0);
  const costs = costsFor(opts.space);
  const curve = rateCurve(costs);
  const otherMode: LeadingSpaceMode = opts.space === 'eval-framework' ? 'keep' : 'eval-framework';
  const prior = geometricPriorBpb(curve, opts.mu);
  const priorOther = geometricPriorBpb(rateCurve(costsFor(otherMode)), opts.mu);
  const prefix: Record<string, number> = {};
  for (const k of opts.prefixBudgets) {
    prefix[String(k)] = prefixBpb(
      withTokens.map((a) => ({ tokens: a.tokens!, leadingSpace: a.leadingSpace })),
      k,
    );
  }
  return {
    n_items_answer: answers.length,
    corpus_bpb: corpusBpb(answers),
    mean_of_ratios_bpb: meanOfRatiosBpb(answers),
    space_stripped_corpus_bpb: spaceStrippedCorpusBpb(answers),
    bits_per_answer: bitsPerAnswer(answers),
    mean_bytes: mean(answers.map((a) => a.bytes)),
    alpha: fit.alpha,
    beta: fit.beta,
    r2: fit.r2,
    corpus_bpb_from_fit: answers.length ? corpusBpbFromFit(fit, answers) : NaN,
    n_items_prior: curve.nItems,
    K: curve.K,
    R: curve.R,
    R_counts: curve.counts,
    coverage: curve.coverage,
    mu: opts.mu,
    space: opts.space,
    prior_bpb: prior.value,
    prior_bpb_by_space: { [opts.space]: prior.value, [otherMode]: priorOther.value } as Record<
      LeadingSpaceMode,
      number
    >,
    prior_mass_within_K: prior.priorMassWithinK,
    self_prior_bpb: selfPriorBpb(
      curve,
      costs.map((r) => r.length),
    ),
    content_corpus_bpb: contentCorpusBpb(costs),
    prefix_bpb: prefix,
  };
}

function quintileReport(answers: readonly GoldAnswer[]): QuintileReport {
  if (answers.length === 0) return { edges: [], bins: [], top_bottom_ratio: NaN };
  const edges = quintileEdges(answers.map((a) => a.bytes));
  const groups: GoldAnswer[][] = [[], [], [], [], []];
  for (const a of answers) groups[quintileOf(edges, a.bytes)].push(a);
  const bins: QuintileBin[] = groups.map((g, b) => {
    const accuracy: QuintileBin['accuracy'] = {};
    const mc = g.filter((a) => isMultipleChoice(a.item)).map((a) => itemCorrectness(a.item));
    for (const rule of ACCURACY_RULES) {
      const xs = mc.map((c) => c[rule]);
      if (mc.length > 0 && xs.every((x) => x !== undefined)) accuracy[rule] = mean(xs as number[]);
    }
    return {
      lo: edges[b],
      hi: edges[b + 1],
      n: g.length,
      mean_bytes: mean(g.map((a) => a.bytes)),
      corpus_bpb: corpusBpb(g),
      mean_of_ratios_bpb: meanOfRatiosBpb(g),
      accuracy,
    };
  });
  const filled = bins.filter((b) => b.n > 0);
  return {
    edges,
    bins,
    top_bottom_ratio: filled[filled.length - 1].corpus_bpb / filled[0].corpus_bpb,
  };
}

/**
 * The gold answer's score under each row of the rule table (higher logprob-like = better; BPB
 * lower), keyed by its item-score name. A rule is left out when its inputs are missing; the token
 * count falls back to the per-token scores' count. The BPB measures come from the answer's bits.
 */
export function goldItemScores(a: GoldAnswer, opts: TaskMetricsOptions): Partial<Record<ItemScoreName, number>> {
  const c = a.choice;
  const costs = a.tokens && a.tokens.length > 0 ? contentByteCosts(a.tokens, a.leadingSpace, opts.space) : [];
  const inputs: ChoiceScores = { ...c, nTokens: (c.nTokens ?? c.tokens?.length) || undefined, byteCosts: costs.length > 0 ? costs : undefined };
  const measures: Partial<Record<string, number>> = { bits_per_byte: a.bits / a.bytes };
  const out: Partial<Record<string, number>> = {};
  for (const r of SCORE_COLUMNS) {
    const v = r.score ? ruleScore(r, inputs, { mu: opts.mu }) : measures[r.names.item];
    if (v !== undefined) out[r.names.item] = v;
  }
  return out;
}

function spearmanReport(answers: readonly GoldAnswer[], opts: TaskMetricsOptions): SliceMetrics['spearman'] {
  const scores = answers.map((a) => goldItemScores(a, opts));
  const lengths = answers.map((a) => a.bytes);
  const out: SliceMetrics['spearman'] = {};
  for (const name of SCORE_COLUMNS.map((r) => r.names.item as ItemScoreName)) {
    if (scores.length < 2 || scores.some((s) => s[name] === undefined)) continue;
    out[name] = spearman(
      scores.map((s) => s[name]!),
      lengths,
    );
  }
  return out;
}

const pct = (x: number) => `${(100 * x).toFixed(x < 0.1 ? 1 : 0)}%`;

/** Caveats a reader should see beside the numbers (SPEC §4). */
export function sliceNotes(items: readonly ScoredItem[], m: Omit<SliceMetrics, 'notes'>): string[] {
  const notes: string[] = [];
  if (m.n_items_prior > 0 && m.prior_mass_within_K < 0.5) {
    notes.push(
      `Short answers: only ${pct(m.prior_mass_within_K)} of the length prior's mass (mean ${m.mu} bytes) lies within the ` +
        `longest answer (K = ${m.K} bytes), so PriorBPB is close to the plain average of R(1..K).`,
    );
  }
  if (m.n_items_prior > 0 && m.K === 1) notes.push('Every answer has one content byte: PriorBPB equals R(1) for every mu.');
  if (m.n_items_prior > 0 && Number.isFinite(m.corpus_bpb) && Math.abs(m.self_prior_bpb - m.corpus_bpb) > 1e-9 * Math.max(1, m.corpus_bpb)) {
    notes.push(
      'The self-prior PriorBPB differs from corpus BPB because of leading spaces: it equals the content corpus BPB ' +
        '(space bytes and their bits left out), not corpus BPB.',
    );
  }
  if (m.n_items_answer >= 2 && Number.isNaN(m.r2)) notes.push('Every gold answer has the same length: the alpha/beta fit is degenerate (beta = 0).');
  if (m.accuracies.non_finite) notes.push(nonFiniteMessage(m.accuracies.non_finite, 'item') + '.');
  const mc = items.filter(isMultipleChoice);
  if (mc.length > 0 && mc.every((it) => it.choices.every((c) => (c.text ?? c.continuation ?? '').trim().length <= 1))) {
    notes.push('Every choice is one character (letter keys): length normalisation changes nothing, so acc_norm = acc_bytes = acc.');
  }
  return notes;
}

function sliceMetrics(items: readonly ScoredItem[], answers: readonly GoldAnswer[], opts: TaskMetricsOptions): SliceMetrics {
  const m = {
    n_items: items.length,
    accuracies: accuracyReport(items),
    ...bpbReport(answers, opts),
    quintiles: quintileReport(answers),
    spearman: spearmanReport(answers, opts),
  };
  return { ...m, notes: sliceNotes(items, m) };
}

/**
 * Every SPEC §4 metric for a task, and per subject when items carry one. Items whose gold answer
 * cannot enter the BPB family (no bytes, non-finite log-likelihood, invalid gold) still count in
 * the accuracies and are listed in `skipped`.
 */
export function taskMetrics(items: readonly ScoredItem[], options: Partial<TaskMetricsOptions> = {}): TaskMetrics {
  const opts: TaskMetricsOptions = { ...DEFAULT_TASK_METRICS_OPTIONS, ...options };
  if (!(opts.mu > 1)) throw new RangeError(`mu must be > 1, got ${opts.mu}`);
  const answers: GoldAnswer[] = [];
  const skipped: TaskMetrics['skipped'] = [];
  for (const item of items) {
    const a = goldAnswer(item);
    if (typeof a === 'string') skipped.push({ id: item.id, reason: a });
    else answers.push(a);
  }
  const subjects = [...new Set(items.map((it) => it.subject).filter((s): s is string => !!s))].sort();
  const bySubject: Record<string, SliceMetrics> = {};
  for (const s of subjects) {
    bySubject[s] = sliceMetrics(
      items.filter((it) => it.subject === s),
      answers.filter((a) => a.item.subject === s),
      opts,
    );
  }
  return { ...sliceMetrics(items, answers, opts), by_subject: bySubject, skipped };
}
