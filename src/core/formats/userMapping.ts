// A user's own field mapping as text, as `check --context/--choices/--gold/--id/--subset` and the
// Task lab's mapping form take it: one text per field (context and choices: comma-separated
// paths), read into the FieldMapping that `readMapped` applies; what is wrong with each field on
// a file's first records; and a first guess from the first record's field names.
import { getPath, parsePath, type PathStep } from './fieldPath';
import { isRecord } from './lineError';
import type { RawRecord, RecordUnit } from './registry';
import { validateMapping, type FieldMapping } from './schemas';

export const MAPPING_FIELDS = ['context', 'choices', 'gold', 'id', 'subset'] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];
/** Each field's paths as typed ('' for none). */
export type MappingTexts = Record<MappingField, string>;

/** Comma-separated paths, trimmed, empty ones dropped. */
export function splitPaths(text: string): string[] {
  return text
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');
}

/** The FieldMapping of the texts (empty ones left out); throws the first malformed path's message. */
export function mappingFromTexts(t: Partial<MappingTexts>): FieldMapping {
  const one = (s: string | undefined) => (s !== undefined && s.trim() !== '' ? s.trim() : undefined);
  const gold = one(t.gold);
  const id = one(t.id);
  const subset = one(t.subset);
  const mapping: FieldMapping = {
    context: splitPaths(t.context ?? ''),
    choices: splitPaths(t.choices ?? ''),
    ...(gold !== undefined ? { gold } : {}),
    ...(id !== undefined ? { id } : {}),
    ...(subset !== undefined ? { subset } : {}),
  };
  validateMapping(mapping);
  return mapping;
}

/** The texts of a mapping (a schema's own paths, to start the form from). */
export function textsOfMapping(m: FieldMapping): MappingTexts {
  return { context: m.context.join(', '), choices: m.choices.join(', '), gold: m.gold ?? '', id: m.id ?? '', subset: m.subset ?? '' };
}

/** What is wrong with one field; `blocking` when the mapping cannot be applied as it is. */
export interface FieldProblem {
  message: string;
  blocking: boolean;
}

/**
 * Each field's problem on the file's first records: a malformed path, no path for the choices, or
 * a path that reaches nothing (in every record: blocking; in some: said, naming the first).
 */
export function mappingProblems(t: MappingTexts, records: readonly RawRecord[], unit: RecordUnit): Partial<Record<MappingField, FieldProblem>> {
  const out: Partial<Record<MappingField, FieldProblem>> = {};
  for (const field of MAPPING_FIELDS) {
    const paths = field === 'context' || field === 'choices' ? splitPaths(t[field]) : t[field].trim() === '' ? [] : [t[field].trim()];
    if (paths.length === 0) {
      if (field === 'choices') out.choices = { message: 'The choices need at least one field path.', blocking: true };
      continue;
    }
    if (field !== 'context' && field !== 'choices' && t[field].includes(',')) {
      out[field] = { message: `The ${field} takes one field path, not a list ("${t[field].trim()}").`, blocking: true };
      continue;
    }
    let parsed: { path: string; steps: PathStep[] }[];
    try {
      parsed = paths.map((path) => ({ path, steps: parsePath(path) }));
    } catch (err) {
      const m = (err as Error).message;
      out[field] = { message: m.charAt(0).toUpperCase() + m.slice(1) + '.', blocking: true };
      continue;
    }
    for (const p of parsed) {
      const missed = records.filter((r) => getPath(r.value, p.steps).length === 0);
      if (missed.length === 0) continue;
      const first = `${unit} ${missed[0].n.toLocaleString('en')}`;
      out[field] =
        missed.length === records.length
          ? { message: `"${p.path}" reaches nothing in ${first}, nor in any of the first ${records.length} records.`, blocking: true }
          : { message: `"${p.path}" reaches nothing in ${first} (${missed.length} of the first ${records.length} records).`, blocking: false };
      break;
    }
  }
  return out;
}

const CONTEXT_NAMES = ['context', 'question', 'prompt', 'query', 'ctx', 'goal', 'sentence', 'premise', 'stem', 'question_stem', 'problem', 'passage', 'instruction', 'input', 'text'];
const CHOICES_NAMES = ['choices', 'options', 'endings', 'answers', 'candidates', 'answer_choices', 'choice_texts', 'text'];
const GOLD_NAMES = ['label', 'answer', 'answerkey', 'answer_key', 'gold', 'target', 'correct', 'answer_idx', 'answer_index', 'correct_answer', 'answer_label', 'correct_index'];
const ID_NAMES = ['id', 'idx', 'qid', 'uid', 'ind', 'question_id', 'example_id', '_id', 'doc_id'];
const SUBSET_NAMES = ['subject', 'category', 'subset', 'task', 'domain', 'topic'];
/** `option1`, `choice_A`, `sol2`, `answerB`, `ending0`: one choice per field, numbered or lettered. */
const NUMBERED_CHOICE = /^(option|choice|sol|answer|ending|candidate)[_ ]?([0-9]+|[A-Z])$/i;

interface Leaf {
  path: string;
  name: string;
  kind: 'text' | 'number' | 'texts';
}

/** The record's fields that can be mapped, two levels deep: strings, numbers, lists of strings, `list[*].field`. */
function leaves(v: Record<string, unknown>, prefix = '', depth = 0): Leaf[] {
  const out: Leaf[] = [];
  for (const [k, x] of Object.entries(v)) {
    if (/[.[\]]/.test(k)) continue;
    const path = prefix + k;
    if (typeof x === 'string') out.push({ path, name: k, kind: 'text' });
    else if (typeof x === 'number' || typeof x === 'boolean') out.push({ path, name: k, kind: 'number' });
    else if (Array.isArray(x) && x.length > 0 && x.every((e) => typeof e === 'string')) out.push({ path, name: k, kind: 'texts' });
    else if (Array.isArray(x) && x.length > 0 && x.every(isRecord)) {
      for (const key of Object.keys(x[0] as Record<string, unknown>))
        if (x.every((e) => typeof (e as Record<string, unknown>)[key] === 'string') && !/[.[\]]/.test(key)) out.push({ path: `${path}[*].${key}`, name: key, kind: 'texts' });
    } else if (isRecord(x) && depth < 1) out.push(...leaves(x, path + '.', depth + 1));
  }
  return out;
}

/**
 * A first mapping from the field names of the first record: the usual names for a context,
 * choices, gold, id and subset; numbered fields (`option1`, `option2` …) as the choices. A
 * headerless row (a list) reads as question, choices, gold letter. Only a guess: the form shows it.
 */
export function guessMapping(values: readonly unknown[]): MappingTexts {
  const guess: MappingTexts = { context: '', choices: '', gold: '', id: '', subset: '' };
  const first = values.find((v) => isRecord(v) || Array.isArray(v));
  if (Array.isArray(first)) {
    const k = first.length;
    if (k >= 3) {
      guess.context = '[0]';
      guess.choices = Array.from({ length: k - 2 }, (_, i) => `[${i + 1}]`).join(', ');
      guess.gold = `[${k - 1}]`;
    }
    return guess;
  }
  if (!isRecord(first)) return guess;
  const all = leaves(first);
  const used = new Set<string>();
  const pick = (names: readonly string[], kinds: Leaf['kind'][]): string => {
    for (const name of names) {
      const hit = all.find((l) => !used.has(l.path) && l.name.toLowerCase() === name && kinds.includes(l.kind));
      if (hit) {
        used.add(hit.path);
        return hit.path;
      }
    }
    return '';
  };
  guess.choices = pick(CHOICES_NAMES, ['texts']);
  if (guess.choices === '') {
    const numbered = all.filter((l) => !used.has(l.path) && l.kind === 'text' && NUMBERED_CHOICE.test(l.name) && l.path === l.name);
    numbered.forEach((l) => used.add(l.path));
    guess.choices = numbered.map((l) => l.path).join(', ');
  }
  guess.context = pick(CONTEXT_NAMES, ['text']);
  guess.gold = pick(GOLD_NAMES, ['text', 'number']);
  guess.id = pick(ID_NAMES, ['text', 'number']);
  guess.subset = pick(SUBSET_NAMES, ['text']);
  return guess;
}
