// The benchmark schemas lengthlens recognises without flags, one row each: which records it
// matches, how each field maps to context / choices / gold / id / subset (said in the report, so a
// user can see it is right), and how a record becomes items (or preference pairs). A file's
// schema is decided from its first records, never from its first line alone; a file two schemas
// fit equally is named ambiguous with its candidates. A user's own mapping (`--context` …) is a
// FieldMapping read by the same code.
import type { TaskItem } from '../tasks/types';
import { getPath, parsePath, type PathStep } from './fieldPath';
import { itemFromCsvRow, itemFromRecord } from './items';
import { isRecord } from './lineError';

/** Where each field comes from, as the report prints it. */
export interface FieldsText {
  context: string;
  choices: string;
  gold: string;
  id: string;
  subset: string;
}

/** A preference pair: the prompt, the chosen answer and the rejected one. */
export interface PreferencePair {
  id: string;
  subset?: string;
  prompt: string;
  chosen: string;
  rejected: string;
}

export type SchemaKind = 'items' | 'pairs' | 'log_samples';

/** What one record gives: items (most schemas), preference pairs, or (a log) nothing here. */
export interface SchemaRead {
  items?: TaskItem[];
  pairs?: PreferencePair[];
}

export interface SchemaSpec {
  id: string;
  name: string;
  kind: SchemaKind;
  fields: FieldsText;
  /** Whether this record has the schema's shape. */
  match(v: unknown): boolean;
  /** Gold lives in a separate labels file when the record has none (PIQA, Social IQa). */
  labelsFile?: boolean;
  /** Reads one record (n: its number, the id when it has none; gold: from a labels file, 0-based). */
  read(v: unknown, n: number, gold?: number): SchemaRead;
  /** The field paths it reads by, when it reads by paths alone (the Task lab's mapping form starts from them). */
  mapping?: FieldMapping;
}

/** A field mapping by paths (the schema table's rows and `--context/--choices/--gold/--id/--subset`). */
export interface FieldMapping {
  /** Paths whose strings, joined by one space, make the context. */
  context: string[];
  /** Paths whose strings, in order, are the choices. */
  choices: string[];
  gold?: string;
  /** A list the gold is looked up in (AI2's choice labels), before index, letter and choice text. */
  goldLabels?: string;
  /** 1 when an integer gold counts from 1 (Winogrande, Social IQa). */
  goldBase?: 0 | 1;
  id?: string;
  subset?: string;
}

function has(v: unknown, ...keys: string[]): v is Record<string, unknown> {
  return isRecord(v) && keys.every((k) => v[k] !== undefined);
}

function str(v: unknown): v is string {
  return typeof v === 'string';
}

function scalarText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

/**
 * The 0-based gold choice of a raw gold value: an integer (counted from `base`), an integer
 * string, one of `labels`, a letter A–Z, or a choice's text. Throws a message naming the value.
 */
export function resolveGold(raw: unknown, choices: readonly string[], labels?: readonly string[], base: 0 | 1 = 0): number {
  const k = choices.length;
  if (typeof raw === 'number') {
    const i = raw - base;
    if (Number.isInteger(raw) && i >= 0 && i < k) return i;
    throw new Error(`gold ${raw} is not a choice (${base} to ${k - 1 + base}${base ? ', counted from 1' : ''})`);
  }
  if (typeof raw === 'boolean') throw new Error(`gold is ${raw}, not a choice index, letter or text`);
  if (typeof raw !== 'string') throw new Error('gold is not a number or a string');
  const s = raw.trim();
  if (labels) {
    // The label as written first, then as trimmed.
    let j = labels.indexOf(raw);
    if (j < 0) j = labels.findIndex((l) => l.trim() === s);
    if (j >= 0 && j < k) return j;
  }
  if (/^-?\d+$/.test(s)) return resolveGold(Number(s), choices, undefined, base);
  if (/^[A-Z]$/.test(s) && s.charCodeAt(0) - 65 < k) return s.charCodeAt(0) - 65;
  const exact = choices.indexOf(raw);
  if (exact >= 0) return exact;
  throw new Error(`gold "${raw}" is neither a choice index, a letter${labels ? ', one of the labels' : ''}, nor one of the choices`);
}

function missingGold(raw: unknown): boolean {
  return raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '') || (typeof raw === 'number' && raw < 0);
}

interface CompiledMapping {
  context: { path: string; steps: PathStep[] }[];
  choices: { path: string; steps: PathStep[] }[];
  gold?: PathStep[];
  goldPath?: string;
  goldLabels?: PathStep[];
  goldBase: 0 | 1;
  id?: PathStep[];
  subset?: PathStep[];
}

const compiled = new WeakMap<FieldMapping, CompiledMapping>();

function compile(m: FieldMapping): CompiledMapping {
  let c = compiled.get(m);
  if (!c) {
    const each = (paths: string[]) => paths.map((path) => ({ path, steps: parsePath(path) }));
    c = {
      context: each(m.context),
      choices: each(m.choices),
      gold: m.gold !== undefined ? parsePath(m.gold) : undefined,
      goldPath: m.gold,
      goldLabels: m.goldLabels !== undefined ? parsePath(m.goldLabels) : undefined,
      goldBase: m.goldBase ?? 0,
      id: m.id !== undefined ? parsePath(m.id) : undefined,
      subset: m.subset !== undefined ? parsePath(m.subset) : undefined,
    };
    compiled.set(m, c);
  }
  return c;
}

/** Checks a mapping's paths up front (a wrong command line, not a bad record). */
export function validateMapping(m: FieldMapping): void {
  compile(m);
  if (m.choices.length === 0) throw new Error('--choices needs at least one field path');
}

/** One record read through a field mapping; throws a message naming the missing or wrong field. */
export function readMapped(v: unknown, m: FieldMapping, n: number, goldOverride?: number): TaskItem {
  const c = compile(m);
  const texts = (p: { path: string; steps: PathStep[] }, what: string): string[] => {
    // A path that reaches a list of strings gives each of them (`endings`, `options`).
    const found = getPath(v, p.steps).flatMap((x) => (Array.isArray(x) ? (x as unknown[]) : [x]));
    if (found.length === 0) throw new Error(`"${p.path}" is missing (the ${what})`);
    return found.map((x) => {
      const t = scalarText(x);
      if (t === undefined) throw new Error(`"${p.path}" is not a string (the ${what})`);
      return t;
    });
  };
  const context = c.context.flatMap((p) => texts(p, 'context')).join(' ');
  const choices = c.choices.flatMap((p) => texts(p, 'choices'));
  if (choices.length < 2) throw new Error(`the choices (${c.choices.map((p) => p.path).join(', ')}) give ${choices.length} string${choices.length === 1 ? '' : 's'}, not two or more`);
  let gold: number | number[] = [];
  if (goldOverride !== undefined) gold = goldOverride;
  else if (c.gold) {
    const raw = getPath(v, c.gold)[0];
    const labels = c.goldLabels ? getPath(v, c.goldLabels).map((x) => scalarText(x) ?? '') : undefined;
    if (!missingGold(raw) || (typeof raw === 'string' && labels?.includes(raw))) {
      try {
        gold = resolveGold(raw, choices, labels, c.goldBase);
      } catch (err) {
        throw new Error(`"${c.goldPath}": ${(err as Error).message}`);
      }
    }
  }
  const id = c.id ? scalarText(getPath(v, c.id)[0]) : undefined;
  const subset = c.subset ? scalarText(getPath(v, c.subset)[0]) : undefined;
  return { id: id !== undefined && id !== '' ? id : String(n), ...(subset ? { subject: subset } : {}), context, choices, gold };
}

/** The fields text of a mapping, for the report. */
export function mappingText(m: FieldMapping): FieldsText {
  const base = m.goldBase === 1 ? ', counted from 1' : '';
  return {
    context: m.context.join(' + '),
    choices: m.choices.join(', '),
    gold: m.gold === undefined ? '—' : `${m.gold}${m.goldLabels ? ` (looked up in ${m.goldLabels})` : ''}${base}`,
    id: m.id ?? '— (the record number)',
    subset: m.subset ?? '—',
  };
}

function mapped(id: string, name: string, m: FieldMapping, match: (v: unknown) => boolean, extra: Partial<SchemaSpec> = {}): SchemaSpec {
  return {
    id,
    name,
    kind: 'items',
    fields: mappingText(m),
    match,
    read: (v, n, gold) => ({ items: [readMapped(v, m, n, gold)] }),
    mapping: m,
    ...extra,
  };
}

/** A user's own mapping as a schema (`check --context …`, the Task lab's mapping form). */
export function mappingSchema(m: FieldMapping): SchemaSpec {
  return {
    id: 'mapping',
    name: 'your field mapping',
    kind: 'items',
    fields: mappingText(m),
    match: () => true,
    read: (v, n, gold) => ({ items: [readMapped(v, m, n, gold)] }),
    mapping: m,
  };
}

/** The final assistant turn's text of a chat (a list of {role, content}), or a string as it is. */
function answerText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.length > 0 && v.every((m) => isRecord(m) && str(m.content))) {
    const last = v[v.length - 1] as { content: string };
    return last.content;
  }
  return undefined;
}

/**
 * A pair's prompt and answers when the file gives whole dialogues (HH-RLHF): the common prefix up
 * to the last "Assistant:" it holds is the prompt; each answer is what follows it.
 */
export function splitDialogues(chosen: string, rejected: string): { prompt: string; chosen: string; rejected: string } {
  let i = 0;
  const max = Math.min(chosen.length, rejected.length);
  while (i < max && chosen.charCodeAt(i) === rejected.charCodeAt(i)) i++;
  const marker = 'Assistant:';
  const cut = chosen.lastIndexOf(marker, i - marker.length);
  if (cut < 0) return { prompt: '', chosen, rejected };
  const at = cut + marker.length;
  return { prompt: chosen.slice(0, at), chosen: chosen.slice(at), rejected: rejected.slice(at) };
}

const PREFERENCE: SchemaSpec = {
  id: 'preference_pairs',
  name: 'Preference pairs (RewardBench, HH-RLHF, UltraFeedback-binarized, RM-Bench)',
  kind: 'pairs',
  fields: {
    context: 'prompt (else the dialogues\u2019 common part up to the last "Assistant:")',
    choices: 'chosen, rejected (a list: one pair per position; a chat: its last turn)',
    gold: 'chosen',
    id: 'id (else the record number; ":i" per position)',
    subset: 'subset',
  },
  match: (v) => has(v, 'chosen', 'rejected'),
  read(v, n) {
    const r = v as Record<string, unknown>;
    const id = scalarText(r.id) ?? String(n);
    const subset = scalarText(r.subset);
    const promptRaw = r.prompt;
    const prompt = typeof promptRaw === 'string' ? promptRaw : Array.isArray(promptRaw) ? (answerText(promptRaw) ?? '') : undefined;
    const pair = (c: string, j: string, pid: string, sub: string | undefined): PreferencePair => {
      const s = prompt === undefined ? splitDialogues(c, j) : { prompt, chosen: c, rejected: j };
      return { id: pid, ...(sub ? { subset: sub } : {}), ...s };
    };
    // RM-Bench: chosen and rejected are lists of strings, one per style; position i pairs with i.
    if (Array.isArray(r.chosen) && Array.isArray(r.rejected) && r.chosen.every(str) && r.rejected.every(str)) {
      if (r.chosen.length !== r.rejected.length) throw new Error(`"chosen" has ${r.chosen.length} answers and "rejected" ${r.rejected.length}: positions cannot be paired`);
      const rejected = r.rejected as string[];
      return { pairs: r.chosen.map((c, i) => pair(c as string, rejected[i], `${id}:${i}`, subset)) };
    }
    const c = answerText(r.chosen);
    const j = answerText(r.rejected);
    if (c === undefined || j === undefined) throw new Error('"chosen" and "rejected" must each be a string, a list of strings, or a chat (a list of {role, content})');
    return { pairs: [pair(c, j, id, subset)] };
  },
};

const TRUTHFULQA_MC_TASK: SchemaSpec = {
  id: 'truthfulqa_mc_task',
  name: 'TruthfulQA mc_task.json (mc1)',
  kind: 'items',
  fields: { context: 'question', choices: 'the keys of mc1_targets, in file order', gold: 'the key of mc1_targets whose value is 1', id: '— (the record number)', subset: '—' },
  match: (v) => has(v, 'question', 'mc1_targets') && isRecord(v.mc1_targets) && !('choices' in v.mc1_targets) && Object.values(v.mc1_targets).every((x) => x === 0 || x === 1),
  read(v, n) {
    const r = v as { question: unknown; mc1_targets: Record<string, number> };
    if (!str(r.question)) throw new Error('"question" is not a string');
    const choices = Object.keys(r.mc1_targets);
    // JSON objects put integer-like keys first: the file's order of such answers is lost.
    const moved = choices.find((c) => /^(0|[1-9]\d*)$/.test(c));
    if (moved !== undefined) throw new Error(`mc1_targets has the answer "${moved}", an integer-like key whose place in the file cannot be kept`);
    const gold = choices.filter((c) => r.mc1_targets[c] === 1).map((c) => choices.indexOf(c));
    return { items: [{ id: String(n), context: r.question, choices, gold: gold.length === 1 ? gold[0] : gold }] };
  },
};

const TRUTHFULQA_HUB: SchemaSpec = {
  id: 'truthfulqa_hub',
  name: 'TruthfulQA multiple_choice (Hugging Face hub, mc1)',
  kind: 'items',
  fields: { context: 'question', choices: 'mc1_targets.choices', gold: 'the index of the 1 in mc1_targets.labels', id: '— (the record number)', subset: '—' },
  match: (v) => has(v, 'question', 'mc1_targets') && isRecord(v.mc1_targets) && Array.isArray(v.mc1_targets.choices) && Array.isArray(v.mc1_targets.labels),
  read(v, n) {
    const r = v as { question: unknown; mc1_targets: { choices: unknown[]; labels: unknown[] } };
    if (!str(r.question) || !r.mc1_targets.choices.every(str)) throw new Error('"question" or "mc1_targets.choices" is not text');
    const gold = r.mc1_targets.labels.flatMap((l, i) => (Number(l) === 1 ? [i] : []));
    return { items: [{ id: String(n), context: r.question, choices: r.mc1_targets.choices as string[], gold: gold.length === 1 ? gold[0] : gold }] };
  },
};

const OPENBOOKQA_TSV: SchemaSpec = {
  id: 'openbookqa_tsv',
  name: 'OpenBookQA TSV (the official release)',
  kind: 'items',
  fields: { context: 'Question Stem', choices: 'Choices, split at "(A) ", "(B) ", …', gold: 'Answer Key (a letter)', id: 'ID', subset: '—' },
  match: (v) => has(v, 'Question Stem', 'Choices', 'Answer Key'),
  read(v, n) {
    const r = v as Record<string, string>;
    const parts = r.Choices.split(/\s*\(([A-Z])\)\s/);
    // "", "A", text, "B", text, …
    const labels: string[] = [];
    const choices: string[] = [];
    for (let i = 1; i + 1 < parts.length; i += 2) {
      labels.push(parts[i]);
      choices.push(parts[i + 1]);
    }
    if (choices.length < 2 || parts[0].trim() !== '') throw new Error('"Choices" is not "(A) … (B) …"');
    const gold = missingGold(r['Answer Key']) ? [] : resolveGold(r['Answer Key'], choices, labels);
    return { items: [{ id: scalarText(r.ID) || String(n), context: r['Question Stem'], choices, gold }] };
  },
};

const MMLU_CSV: SchemaSpec = {
  id: 'mmlu_csv',
  name: 'MMLU CSV without a header (Hendrycks)',
  kind: 'items',
  fields: { context: '[0]', choices: '[1] … [k] (every column between the first and the last)', gold: 'the last column (a letter)', id: '— (the line number)', subset: '—' },
  match: (v) => Array.isArray(v) && v.length >= 4 && v.every(str) && /^[A-Z]$/.test((v[v.length - 1] as string).trim()),
  read(v, n) {
    const row = v as string[];
    const choices = row.slice(1, -1);
    return { items: [{ id: String(n), context: row[0], choices, gold: resolveGold(row[row.length - 1], choices) }] };
  },
};

const LENGTHLENS: SchemaSpec = {
  id: 'lengthlens',
  name: 'lengthlens items',
  kind: 'items',
  fields: { context: 'context', choices: 'choices (a CSV: a JSON list, choice_0 …, or A, B, C …)', gold: 'label (index, letter or text), or gold (a cloze answer)', id: 'id', subset: 'subject' },
  match: (v) => has(v, 'context') && (v.choices !== undefined || v.gold !== undefined),
  read(v, n) {
    if (!isRecord(v)) throw new Error('not a JSON object');
    // A CSV row (every value a string) gathers its choices as the Task lab's CSV reader does.
    const csvRow = Object.values(v).every(str);
    return { items: [csvRow ? itemFromCsvRow(v as Record<string, string>, String(n)) : itemFromRecord(v, String(n))] };
  },
};

const LOG_SAMPLES: SchemaSpec = {
  id: 'lm_eval_log_samples',
  name: 'lm-eval-harness --log_samples',
  kind: 'log_samples',
  fields: { context: 'arguments[*].arg_0', choices: 'arguments[*].arg_1', gold: 'target', id: 'doc_id', subset: 'the task (from the file name)' },
  match: (v) => isRecord(v) && 'arguments' in v && ('doc_id' in v || 'resps' in v || 'filtered_resps' in v || 'target' in v),
  read: () => ({}),
};

const TRUTHFULQA_CSV_MAP: FieldMapping = { context: ['Question'], choices: ['Best Answer', 'Best Incorrect Answer'], subset: 'Category' };

/** Every schema recognised without flags. */
export const SCHEMAS: readonly SchemaSpec[] = [
  LOG_SAMPLES,
  LENGTHLENS,
  mapped('hellaswag', 'HellaSwag (rowanz jsonl; the hub\u2019s copy)', { context: ['ctx'], choices: ['endings'], gold: 'label', id: 'ind' }, (v) => has(v, 'ctx', 'endings') && Array.isArray(v.endings)),
  mapped(
    'ai2_nested',
    'AI2 jsonl (ARC, OpenBookQA, QASC, CommonsenseQA)',
    { context: ['question.stem'], choices: ['question.choices[*].text'], gold: 'answerKey', goldLabels: 'question.choices[*].label', id: 'id' },
    (v) => has(v, 'question') && isRecord(v.question) && str(v.question.stem) && Array.isArray(v.question.choices),
  ),
  mapped(
    'ai2_flat',
    'AI2 on the hub (ARC, CommonsenseQA, QASC: question, choices{text, label})',
    { context: ['question'], choices: ['choices.text'], gold: 'answerKey', goldLabels: 'choices.label', id: 'id' },
    (v) => has(v, 'question', 'choices') && str(v.question) && isRecord(v.choices) && Array.isArray(v.choices.text),
  ),
  mapped(
    'openbookqa_hub',
    'OpenBookQA on the hub (question_stem, choices{text, label})',
    { context: ['question_stem'], choices: ['choices.text'], gold: 'answerKey', goldLabels: 'choices.label', id: 'id' },
    (v) => has(v, 'question_stem', 'choices') && isRecord(v.choices) && Array.isArray(v.choices.text),
  ),
  OPENBOOKQA_TSV,
  MMLU_CSV,
  mapped('mmlu_hub', 'MMLU on the hub (question, subject, choices, answer)', { context: ['question'], choices: ['choices'], gold: 'answer', subset: 'subject' }, (v) => has(v, 'question', 'choices', 'answer') && Array.isArray(v.choices) && !('answer_index' in v)),
  mapped(
    'mmlu_pro',
    'MMLU-Pro (options, answer_index, category)',
    { context: ['question'], choices: ['options'], gold: 'answer_index', id: 'question_id', subset: 'category' },
    (v) => has(v, 'question', 'options', 'answer_index') && Array.isArray(v.options),
  ),
  TRUTHFULQA_MC_TASK,
  TRUTHFULQA_HUB,
  mapped(
    'truthfulqa_csv',
    'TruthfulQA.csv (binary: Best Answer against Best Incorrect Answer)',
    TRUTHFULQA_CSV_MAP,
    (v) => has(v, 'Question', 'Best Answer', 'Best Incorrect Answer'),
    { read: (v, n) => ({ items: [{ ...readMapped(v, TRUTHFULQA_CSV_MAP, n), gold: 0 }] }), fields: { ...mappingText(TRUTHFULQA_CSV_MAP), gold: 'Best Answer (choice 0)' }, mapping: undefined },
  ),
  mapped('piqa', 'PIQA (goal, sol1, sol2)', { context: ['goal'], choices: ['sol1', 'sol2'], gold: 'label', id: 'id' }, (v) => has(v, 'goal', 'sol1', 'sol2'), { labelsFile: true }),
  mapped(
    'siqa',
    'Social IQa (context, question, answerA–C)',
    { context: ['context', 'question'], choices: ['answerA', 'answerB', 'answerC'], gold: 'label', goldBase: 1, id: 'id' },
    (v) => has(v, 'context', 'question', 'answerA', 'answerB', 'answerC'),
    { labelsFile: true },
  ),
  mapped('copa', 'COPA (premise, choice1, choice2, question, label)', { context: ['premise'], choices: ['choice1', 'choice2'], gold: 'label', id: 'idx' }, (v) => has(v, 'premise', 'choice1', 'choice2')),
  mapped('winogrande', 'Winogrande (sentence, option1, option2, answer)', { context: ['sentence'], choices: ['option1', 'option2'], gold: 'answer', goldBase: 1, id: 'qID' }, (v) => has(v, 'sentence', 'option1', 'option2')),
  PREFERENCE,
];

export function schemaById(id: string): SchemaSpec | undefined {
  return SCHEMAS.find((s) => s.id === id);
}

export type SchemaGuess = { schema: SchemaSpec; matched: number; of: number } | { ambiguous: SchemaSpec[]; matched: number; of: number } | { none: true; of: number };

/**
 * The schema that fits the most of the first records (`sample`); two or more that fit equally
 * many are ambiguous. A record that fits none counts for none.
 */
export function detectSchema(sample: readonly unknown[]): SchemaGuess {
  let best = 0;
  let tied: SchemaSpec[] = [];
  for (const s of SCHEMAS) {
    const m = sample.filter((v) => s.match(v)).length;
    if (m > best) {
      best = m;
      tied = [s];
    } else if (m === best && m > 0) tied.push(s);
  }
  if (best === 0) return { none: true, of: sample.length };
  return tied.length === 1 ? { schema: tied[0], matched: best, of: sample.length } : { ambiguous: tied, matched: best, of: sample.length };
}

/** A labels file (one integer per line): 0-based labels, and the base detected from the values. */
export function parseLabels(text: string, k: number, given?: 0 | 1): { labels: number[]; base: 0 | 1; how: string } {
  const raw = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (raw.length && raw[raw.length - 1].trim() === '') raw.pop();
  const values = raw.map((l, i) => {
    if (!/^\s*-?\d+\s*$/.test(l)) throw new Error(`labels file line ${i + 1}: "${l.slice(0, 40)}" is not an integer`);
    return Number(l);
  });
  let base: 0 | 1;
  let how: string;
  if (given !== undefined) {
    base = given;
    how = `${given}-based, as given`;
  } else if (values.includes(0)) {
    base = 0;
    how = '0-based (detected: a 0 among the labels)';
  } else if (values.includes(k)) {
    base = 1;
    how = `1-based (detected: no 0, and ${k} among the labels with ${k} choices)`;
  } else throw new Error(`cannot tell whether the labels count from 0 or 1 (no 0 and no ${k} among them): give --labels-base 0 or 1`);
  const labels = values.map((v, i) => {
    const g = v - base;
    if (g < 0 || g >= k) throw new Error(`labels file line ${i + 1}: ${v} is not a choice (${base} to ${k - 1 + base})`);
    return g;
  });
  return { labels, base, how };
}
