// The scoring rules, once. Each row is one per-choice score: its one id (the lm-eval-harness name
// where it has one), the name each output gives it, its labels, unit, direction, the inputs it
// needs and its score of one choice. Everything that lists rules is derived from this table: the
// Scorer's per-candidate values (candidate.ts) and winners (winners.ts), the Task lab's accuracies
// (metrics/accuracy.ts) and per-item gold scores and Spearman list (metrics/taskMetrics.ts), the
// CSV/JSON columns, the CLI tables and the UI's labels. A new rule is a new row here.
import { priorWeightedRate } from '../bpb/perByteCost';
import { codePointLength, utf8Length } from '../text/unicode';
import { NCC } from './rules/ncc';
import { againstUnconditional } from './rules/unconditional';
import { DEFAULT_MU } from './types';

/**
 * What a rule reads of one choice: the core shape of one choice's scores (the Task lab's
 * ChoiceScores extends it; a Scorer candidate is read through inputsOfCandidate). Absent
 * (undefined) means not known; NaN is a known value that is not a number; −∞ is a real
 * log-probability of an event the model gives probability zero.
 */
export interface RuleInputs {
  /** log p(continuation | context), natural log. */
  logprob: number;
  /** The raw choice string (lm-eval doc_to_choice): the length-normalisation denominators. */
  text?: string;
  /** The string actually scored after the context; used when `text` is unknown. */
  continuation?: string;
  /** Number of scored tokens. */
  nTokens?: number;
  /** log p(continuation | unconditional context). */
  unconditionalLogprob?: number;
  /**
   * The unconditional term scores exactly the tokens, after exactly the prefix, that the
   * conditional one does (an empty context): PMI is 0 by definition, not a float difference.
   */
  unconditionalIsConditional?: boolean;
  /**
   * log of the next-token probability mass, right after the choice's last token, of the tokens
   * that begin a new word (core/tokens/wordBoundary.ts): the word-final correction.
   */
  wordFinalLogprob?: number;
  /**
   * Number of tokens PMI's unconditional term scored (the continuation after the unconditional
   * context; a boundary merge can make it differ from nTokens).
   */
  unconditionalNTokens?: number;
  /**
   * Bits of each content byte of the answer, k = 1..c (core/bpb/perByteCost.ts contentByteCosts:
   * a leading space left out as eval-framework does): PriorBPB's curve for this one answer.
   */
  byteCosts?: readonly number[];
}

/** What a rule needs of a choice beyond its log-likelihood. */
export type RuleInput = 'text' | 'nTokens' | 'unconditionalLogprob' | 'unconditionalNTokens' | 'wordFinalLogprob' | 'byteCosts';

/**
 * The Scorer candidate's field (CandidateScore, score JSON, snapshots) of each number input that
 * is not a rule's own score: shown beside the first rule that needs it, NaN there when absent.
 * A new input gets its field here and every output follows (candidateScoreFields, inputsOfCandidate).
 */
export const INPUT_FIELDS = {
  unconditionalLogprob: 'unconditional_logprob',
  wordFinalLogprob: 'word_final_logprob',
  unconditionalNTokens: 'unconditional_n_tokens',
} as const satisfies Partial<Record<RuleInput, string>>;

/** A number input that has a candidate field of its own. */
export type FieldInput = keyof typeof INPUT_FIELDS;
/** A candidate field that holds a rule's input. */
export type InputField = (typeof INPUT_FIELDS)[FieldInput];

/** The name each output gives a row (so every output keeps its field names). */
export interface RuleNames {
  /** Key in the Scorer's `winners` (score JSON, snapshots, lessons); deciding rules only. */
  winner?: string;
  /** Field of a Scorer candidate (CandidateScore, score JSON). */
  candidate: string;
  /** Per-item score of a gold answer (Spearman keys, `gold_<name>` CSV columns). */
  item: string;
  /** Column header in `lengthlens score`'s table (default: the candidate field). */
  table?: string;
}

export interface ScoringRule {
  /** The one name of the rule: the lm-eval-harness name where there is one (accuracy keys, CSV metrics). */
  id: string;
  /** The key lm-eval-harness logs it under in log_samples, when it logs it. */
  harness?: string;
  names: RuleNames;
  /**
   * A deciding rule picks a winner (the Scorer) and has an accuracy (the Task lab). The others
   * are the BPB measures: shown and ranked beside the rules, computed from token bits (core/bpb).
   */
  decides: boolean;
  /** Position among the per-choice scores in tables, Spearman lists and item CSVs (rows are in the order of the accuracy/winner keys). */
  column: number;
  /** Column header (the Scorer's table, the Task lab's lists). */
  label: string;
  /** The rule in running text (the Scorer's disagreement banner, "winner under …"). */
  phrase: string;
  /** Tooltip: what the number is. */
  title: string;
  /** Label of its accuracy (the Task lab's quintile chart); deciding rules. */
  accuracyLabel?: string;
  /** Label of its per-item score beside Spearman ρ (default: label, with the lm-eval name in brackets). */
  itemLabel?: string;
  /** 'nats…' values are shown in the reader's unit (nats or bits); 'bits…' values always in bits. */
  unit: string;
  higherIsBetter: boolean;
  needs: readonly RuleInput[];
  /**
   * The options this rule reads beyond the shared ones, with their defaults: a new option is
   * declared here, in the rule's row, and reaches `score` through ruleScore with no caller changed.
   */
  options?: Readonly<Record<string, number | string>>;
  /**
   * The rule's score of one choice, given that the inputs in `needs` are present (deciding rules).
   * Called only through ruleScore, which checks the inputs and fills the options' defaults.
   */
  score?(c: RuleInputs, opts: RuleOptions): number;
}

/**
 * What a rule may read besides the choice: the shared options (μ, the mean of PriorBPB's length
 * prior) and any option a rule declares in its row (`ScoringRule.options`).
 */
export interface RuleOptions {
  mu: number;
  readonly [option: string]: number | string;
}

/** The shared options' defaults (a rule's own options default in its row). */
export const DEFAULT_RULE_OPTIONS: RuleOptions = { mu: DEFAULT_MU };

/**
 * The one way to score a choice by a rule: undefined when the rule has no score or an input it
 * needs is absent; otherwise its score under `opts`, the rule's declared defaults and the shared
 * defaults, in that order of precedence.
 */
export function ruleScore(rule: ScoringRule, c: RuleInputs, opts: Partial<RuleOptions> = {}): number | undefined {
  if (!rule.score || !hasRuleInputs(c, rule)) return undefined;
  const given = Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) as Record<string, number | string>;
  // An option given as undefined keeps its default.
  return rule.score(c, { ...DEFAULT_RULE_OPTIONS, ...rule.options, ...given });
}

/** The raw choice text used for length normalisation (continuation when the text is unknown). */
export function choiceText(c: RuleInputs): string | undefined {
  return c.text ?? c.continuation;
}

const BUILT_IN = [
  {
    id: 'acc',
    harness: 'acc',
    names: { winner: 'acc', candidate: 'sum_logprob', item: 'logprob' },
    decides: true,
    column: 0,
    label: 'sum log-prob',
    phrase: 'raw sum',
    title: 'Raw log-likelihood: lm-eval-harness acc',
    accuracyLabel: 'acc',
    itemLabel: 'log-likelihood (acc)',
    unit: 'nats',
    higherIsBetter: true,
    needs: [],
    score: (c: RuleInputs) => c.logprob,
  },
  {
    id: 'acc_norm',
    harness: 'acc_norm',
    names: { winner: 'acc_norm', candidate: 'per_char', item: 'per_char' },
    decides: true,
    column: 2,
    label: 'per char',
    phrase: 'per-char',
    title: 'Sum divided by code points: lm-eval-harness acc_norm',
    accuracyLabel: 'acc_norm (per char)',
    unit: 'nats/char',
    higherIsBetter: true,
    needs: ['text'],
    score: (c: RuleInputs) => c.logprob / codePointLength(choiceText(c)!),
  },
  {
    id: 'acc_bytes',
    harness: 'acc_bytes',
    names: { winner: 'acc_bytes', candidate: 'per_byte', item: 'per_byte' },
    decides: true,
    column: 3,
    label: 'per byte',
    phrase: 'per-byte',
    title: 'Sum divided by UTF-8 bytes: lm-eval-harness acc_bytes',
    accuracyLabel: 'acc_bytes (per byte)',
    unit: 'nats/byte',
    higherIsBetter: true,
    needs: ['text'],
    score: (c: RuleInputs) => c.logprob / utf8Length(choiceText(c)!),
  },
  {
    id: 'acc_per_token',
    names: { winner: 'per_token', candidate: 'per_token', item: 'per_token' },
    decides: true,
    column: 1,
    label: 'per token',
    phrase: 'per-token',
    title: 'Sum divided by the number of tokens',
    accuracyLabel: 'acc per token',
    unit: 'nats/token',
    higherIsBetter: true,
    needs: ['nTokens'],
    score: (c: RuleInputs) => c.logprob / c.nTokens!,
  },
  {
    id: 'acc_mutual_info',
    harness: 'acc_mutual_info',
    names: { winner: 'pmi', candidate: 'pmi', item: 'pmi' },
    decides: true,
    column: 5,
    label: 'PMI',
    phrase: 'PMI',
    title: 'Sum minus the sum under the unconditional context: acc_mutual_info',
    accuracyLabel: 'acc_mutual_info',
    unit: 'nats',
    higherIsBetter: true,
    needs: ['unconditionalLogprob'],
    score: (c: RuleInputs) =>
      againstUnconditional(c, () => c.logprob - c.unconditionalLogprob!),
  },
  {
    id: 'bits_per_byte',
    names: { candidate: 'bits_per_byte', item: 'bits_per_byte', table: 'bits/byte' },
    decides: false,
    column: 4,
    label: 'bits/byte',
    phrase: 'bits per byte',
    title: 'Cost in bits per UTF-8 byte (lower is better)',
    itemLabel: 'bits per byte (what corpus BPB averages)',
    unit: 'bits/byte',
    higherIsBetter: false,
    needs: [],
  },
  {
    id: 'prior_bpb',
    names: { candidate: 'prior_bpb', item: 'prior_bpb' },
    decides: false,
    column: 6,
    label: 'PriorBPB',
    phrase: 'PriorBPB',
    title: 'Per-byte cost curve averaged under the geometric length prior (bits/byte, lower is better)',
    unit: 'bits/byte',
    higherIsBetter: false,
    needs: ['byteCosts'],
    // μ, the prior's mean length in bytes, is a shared option (RuleOptions.mu).
    score: (c: RuleInputs, o: RuleOptions) => priorWeightedRate(c.byteCosts!, o.mu),
  },
  {
    // Pimentel & Meister 2024: a raw sum scores a string as a prefix (P(" par") ≥ P(" park")); the
    // probability that the word ends after it is the next token's mass on word-starting tokens.
    id: 'acc_word',
    names: { winner: 'acc_word', candidate: 'word_logprob', item: 'word_logprob', table: 'acc_word' },
    decides: true,
    column: 7,
    label: 'whole word',
    phrase: 'whole-word sum',
    title: 'Sum plus the log-probability that a new word (or the end) follows: the string as a whole word',
    accuracyLabel: 'acc_word (whole word)',
    itemLabel: 'whole-word log-likelihood (acc_word)',
    unit: 'nats',
    higherIsBetter: true,
    needs: ['wordFinalLogprob'],
    score: (c: RuleInputs) => c.logprob + c.wordFinalLogprob!,
  },
  NCC,
] as const satisfies readonly ScoringRule[];

type BuiltIn = (typeof BUILT_IN)[number];
type Deciding = Extract<BuiltIn, { decides: true }>;

/** A deciding rule's id: the Task lab's accuracy keys (lm-eval-harness names). */
export type AccuracyRule = Deciding['id'];
/** A deciding rule's key in the Scorer's winners. */
export type RuleName = Deciding['names']['winner'];
/** A per-choice score's field in a Scorer candidate. */
export type ScoreField = BuiltIn['names']['candidate'];
/** A per-item gold score (Spearman keys, item CSV columns). */
export type ItemScoreName = BuiltIn['names']['item'];

const rows: ScoringRule[] = [...BUILT_IN];

/** Every row, in the order of the accuracy and winner keys (the BPB measures last). */
export const RULE_TABLE: readonly ScoringRule[] = rows;

// Views of the table, kept in place so that importers see a registered rule.
/** The deciding rules' ids, in table order. */
export const ACCURACY_RULES: AccuracyRule[] = [];
/** The deciding rules. */
export const DECIDING_RULES: ScoringRule[] = [];
/** Every row in column order (tables, Spearman lists, item CSVs). */
export const SCORE_COLUMNS: ScoringRule[] = [];
/** The deciding rules in column order (a figure's winner rows, the verdict's clauses). */
export const DECIDING_COLUMNS: ScoringRule[] = [];

function refreshViews(): void {
  const deciding = rows.filter((r) => r.decides);
  DECIDING_RULES.splice(0, DECIDING_RULES.length, ...deciding);
  ACCURACY_RULES.splice(0, ACCURACY_RULES.length, ...(deciding.map((r) => r.id) as AccuracyRule[]));
  SCORE_COLUMNS.splice(0, SCORE_COLUMNS.length, ...[...rows].sort((a, b) => a.column - b.column));
  DECIDING_COLUMNS.splice(0, DECIDING_COLUMNS.length, ...SCORE_COLUMNS.filter((r) => r.decides));
  for (const l of listeners) l();
}

const listeners: (() => void)[] = [];

/** Called after every change of the table (derived lookups in other modules rebuild themselves). */
export function onRulesChanged(listener: () => void): void {
  listeners.push(listener);
}

/**
 * Adds a row to the table (a plug-in rule, or a test); returns a function that removes it again.
 * Every derived list follows: winners, accuracies, Spearman, CSV/JSON columns, CLI and UI tables.
 */
export function registerRule(rule: ScoringRule): () => void {
  const names = (r: ScoringRule) => [r.id, r.names.winner, r.names.candidate, r.names.item].filter((n) => n !== undefined);
  const taken = new Set(rows.flatMap(names));
  const clash = names(rule).find((n) => taken.has(n));
  if (clash !== undefined) throw new Error(`scoring rule "${rule.id}": the name "${clash}" is already taken`);
  if (rule.decides && (rule.names.winner === undefined || rule.score === undefined))
    throw new Error(`scoring rule "${rule.id}": a deciding rule needs a winner name and a score function`);
  rows.push(rule);
  refreshViews();
  return () => {
    const i = rows.indexOf(rule);
    if (i >= 0) rows.splice(i, 1);
    refreshViews();
  };
}

refreshViews();

/** The row with this id (the lm-eval-harness name where there is one). */
export function ruleById(id: string): ScoringRule | undefined {
  return rows.find((r) => r.id === id);
}

/** The label of a per-item score beside Spearman ρ. */
export function itemLabel(r: ScoringRule): string {
  return r.itemLabel ?? (r.harness ? `${r.label} (${r.harness})` : r.label);
}

/** The lm-eval-harness name where it has one, else the column label (the lessons' accuracy table). */
export function harnessOrLabel(r: ScoringRule): string {
  return r.harness ?? r.label;
}

/** The Scorer candidate's field for PMI's unconditional term. */
export const UNCONDITIONAL_FIELD = INPUT_FIELDS.unconditionalLogprob;

/** The Scorer candidate's field for the word-final term (acc_word's addend). */
export const WORD_FINAL_FIELD = INPUT_FIELDS.wordFinalLogprob;

/** The candidate field of a rule input, where it has one of its own. */
export function inputField(input: RuleInput): InputField | undefined {
  return (INPUT_FIELDS as Partial<Record<RuleInput, InputField>>)[input];
}

/** The number fields of a Scorer candidate from the table, in order: one per row (column order), each followed by the input fields it is the first to need. */
export function candidateScoreFields(): string[] {
  const out: string[] = [];
  for (const r of SCORE_COLUMNS) {
    out.push(r.names.candidate);
    for (const n of r.needs) {
      const f = inputField(n);
      if (f !== undefined && !out.includes(f)) out.push(f);
    }
  }
  return out;
}

/** A candidate's (or gold answer's) value in one named field, for rows added after the types were written. */
export function scoreOf(values: object, field: string): number {
  return (values as { [field: string]: number })[field];
}

export function hasRuleInputs(c: RuleInputs, rule: ScoringRule): boolean {
  return rule.needs.every((n) => (n === 'text' ? choiceText(c) !== undefined : c[n] !== undefined));
}
