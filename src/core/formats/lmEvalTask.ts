// An lm-eval-harness task YAML applied to a record as the harness applies it, so that `check`
// sees the strings the harness scores: the context is `description` + `doc_to_text` (zero-shot),
// each choice is scored as `target_delimiter` + the choice (`construct_requests`), the gold comes
// from `doc_to_target` (an index, or a string looked up among the choices). A value that names a
// field of the record is that field; any other string is a Jinja template rendered with the
// record's fields as variables; a rendered `doc_to_choice` is read as a Python literal, a rendered
// `doc_to_target` of digits as an index (as `ast.literal_eval` does in the harness). A `!function`
// value is Python, which this reader cannot run: it is kept as such, and named.
import { Environment, Interpreter, parse, tokenize } from '@huggingface/jinja';
import { DEFAULT_SCHEMA, load, Type } from 'js-yaml';
import type { TaskItem } from '../tasks/types';
import { isRecord } from './lineError';
import { parsePythonLiteral } from './pythonLiteral';
import type { FieldsText, SchemaSpec } from './schemas';

/** A `!function module.name` value: Python code the harness imports. */
export interface PythonFunction {
  python: string;
}

export function isPythonFunction(v: unknown): v is PythonFunction {
  return isRecord(v) && typeof v.python === 'string' && Object.keys(v).length === 1;
}

const FUNCTION_TAG = new Type('!function', { kind: 'scalar', construct: (data) => ({ python: String(data) }) });
const TASK_SCHEMA = DEFAULT_SCHEMA.extend([FUNCTION_TAG]);

/** One YAML document of a task as a mapping; `!function` values become PythonFunction. */
export function parseTaskYaml(text: string, name = 'the task YAML'): Record<string, unknown> {
  let value: unknown;
  try {
    value = load(text, { schema: TASK_SCHEMA, filename: name });
  } catch (err) {
    throw new Error(`${name}: ${(err as Error).message.split('\n')[0]}`);
  }
  if (!isRecord(value) || isPythonFunction(value)) throw new Error(`${name}: not a mapping of task settings (doc_to_text: …, doc_to_choice: …)`);
  return value;
}

/** Reads an included file: `include` as written, `from` the file that includes it. */
export type IncludeReader = (include: string, from: string) => { file: string; text: string };

/**
 * A task file with its `include:` chain followed, as the harness merges it: each included file
 * first (the first listed wins over later ones), the including file's own settings last.
 */
export function resolveTaskYaml(file: string, text: string, read: IncludeReader, chain: readonly string[] = []): { config: Record<string, unknown>; files: string[] } {
  if (chain.includes(file)) throw new Error(`${file}: include goes round in a circle (${[...chain, file].join(' → ')})`);
  const own = parseTaskYaml(text, file);
  const { include, ...rest } = own;
  if (include === undefined) return { config: rest, files: [file] };
  const names = typeof include === 'string' ? [include] : Array.isArray(include) && include.every((x) => typeof x === 'string') ? (include as string[]) : undefined;
  if (!names) throw new Error(`${file}: include must be a file name or a list of them`);
  const config: Record<string, unknown> = {};
  const files = [file];
  for (const name of [...names].reverse()) {
    const parent = read(name, file);
    const resolved = resolveTaskYaml(parent.file, parent.text, read, [...chain, file]);
    Object.assign(config, resolved.config);
    files.push(...resolved.files);
  }
  return { config: Object.assign(config, rest), files };
}

/** The settings that change the strings a document gives. */
export const STRING_FIELDS = ['process_docs', 'doc_to_text', 'doc_to_choice', 'doc_to_target'] as const;
/** Settings reported as they are: they say where the harness gets the data and how it runs. */
const INFO_FIELDS = ['task', 'tag', 'group', 'dataset_path', 'dataset_name', 'test_split', 'validation_split', 'training_split', 'fewshot_split', 'num_fewshot', 'output_type', 'gen_prefix'] as const;

type TemplateValue = string | number | unknown[] | Record<string, unknown>;

export interface LmEvalTask {
  /** The task file and every file it includes, in the order read. */
  files: string[];
  docToText?: TemplateValue;
  docToChoice?: TemplateValue;
  docToTarget?: TemplateValue;
  description: string;
  targetDelimiter: string;
  outputType: string;
  /** Every `!function` setting: its key and the Python function it names. */
  python: { field: string; function: string }[];
  info: Record<string, string>;
}

function infoText(v: unknown): string {
  return typeof v === 'string' ? v : isPythonFunction(v) ? `!function ${v.python}` : JSON.stringify(v);
}

/** The task a resolved config describes; throws a message naming the setting at fault. */
export function taskFromConfig(config: Record<string, unknown>, files: string[]): LmEvalTask {
  const python = Object.entries(config).flatMap(([field, v]) => (isPythonFunction(v) ? [{ field, function: v.python }] : []));
  const info: Record<string, string> = {};
  for (const k of INFO_FIELDS) if (config[k] !== undefined && config[k] !== null) info[k] = infoText(config[k]);
  const template = (key: string): TemplateValue | undefined => {
    const v = config[key];
    if (v === undefined || v === null || isPythonFunction(v)) return undefined;
    if (typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v)) || Array.isArray(v) || isRecord(v)) return v;
    throw new Error(`${files[0]}: ${key} is ${JSON.stringify(v)}: a field name, a Jinja template${key === 'doc_to_choice' ? ', a list' : ''} or an index`);
  };
  const delimiter = config.target_delimiter ?? ' ';
  if (typeof delimiter !== 'string') throw new Error(`${files[0]}: target_delimiter must be a string, not ${JSON.stringify(delimiter)}`);
  const description = config.description ?? '';
  if (typeof description !== 'string') throw new Error(`${files[0]}: description must be a string`);
  const outputType = typeof config.output_type === 'string' ? config.output_type : 'generate_until';
  if (Array.isArray(config.task)) throw new Error(`${files[0]}: a group of tasks (task: a list of ${config.task.length}); give the YAML of one task`);
  // promptsource prompts replace the doc_to_* settings in the harness; they are not in the file.
  if (config.use_prompt !== undefined && config.use_prompt !== null) throw new Error(`${files[0]}: use_prompt ${infoText(config.use_prompt)} takes its templates from promptsource, which lengthlens cannot read`);
  const task: LmEvalTask = { files, docToText: template('doc_to_text'), docToChoice: template('doc_to_choice'), docToTarget: template('doc_to_target'), description, targetDelimiter: delimiter, outputType, python, info };
  if (!pythonNeeded(task).length) {
    if (outputType !== 'multiple_choice') throw new Error(`${files[0]}: output_type is ${outputType}; lengthlens check reads multiple_choice tasks, whose choices it can compare`);
    for (const [key, v] of [['doc_to_text', task.docToText], ['doc_to_choice', task.docToChoice], ['doc_to_target', task.docToTarget]] as const)
      if (v === undefined) throw new Error(`${files[0]}: ${key} is not set (nor in a file it includes)`);
  }
  return task;
}

/** The `!function` settings that decide the strings: with any of them, the templates cannot be applied here. */
export function pythonNeeded(task: LmEvalTask): { field: string; function: string }[] {
  return task.python.filter((p) => (STRING_FIELDS as readonly string[]).includes(p.field));
}

/** A template as the report shows it. */
export function templateText(v: TemplateValue | undefined): string {
  return v === undefined ? '—' : JSON.stringify(v);
}

// ---- Jinja, as lm-eval-harness renders it -------------------------------------------------------

/** The name `x.index(y)` is rewritten to call: not an identifier, so no record field can take it. */
const INDEX_FN = 'index()';

interface Node {
  type?: string;
  [k: string]: unknown;
}

/** Python's `list.index` / `str.index`, which the JavaScript Jinja lacks: `x.index(y)` becomes a call of INDEX_FN. */
function rewriteIndexCalls(node: unknown): void {
  if (Array.isArray(node)) {
    for (const n of node) rewriteIndexCalls(n);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const n = node as Node;
  for (const v of Object.values(n)) rewriteIndexCalls(v);
  const callee = n.callee as Node | undefined;
  if (n.type === 'CallExpression' && callee?.type === 'MemberExpression' && !callee.computed && (callee.property as Node).type === 'Identifier' && (callee.property as Node).value === 'index') {
    n.args = [callee.object, ...(n.args as unknown[])];
    n.callee = { type: 'Identifier', value: INDEX_FN };
  }
}

interface RuntimeValue {
  value: unknown;
}

function pythonIndex(container: unknown, item: unknown): number {
  const plain = (v: unknown): unknown => (typeof v === 'object' && v !== null && 'value' in v ? (v as RuntimeValue).value : v);
  let i = -1;
  if (typeof container === 'string' && typeof item === 'string') i = container.indexOf(item);
  else if (Array.isArray(container)) i = container.findIndex((x) => plain(x) === item);
  if (i < 0) throw new Error(`${JSON.stringify(item)} is not in ${typeof container === 'string' ? JSON.stringify(container) : 'the list'} (.index)`);
  return i;
}

/** Undefined variables are errors, as the harness's StrictUndefined makes them (at the template's top level). */
class StrictEnvironment extends Environment {
  override lookupVariable(name: string) {
    if (!this.variables.has(name)) throw new Error(`"${name}" is undefined (the record has no such field)`);
    return super.lookupVariable(name);
  }
}

type Program = ReturnType<typeof parse>;
const compiled = new Map<string, Program>();

function compile(source: string): Program {
  let p = compiled.get(source);
  if (!p) {
    // The harness keeps a template's trailing newline; the tokenizer drops one, so give it one to drop.
    p = parse(tokenize(source.endsWith('\n') ? source + '\n' : source, {}));
    rewriteIndexCalls(p);
    compiled.set(source, p);
  }
  return p;
}

/** Renders one template with a record's fields as variables, as `lm_eval.utils.apply_template` does. */
export function renderTemplate(source: string, record: unknown): string {
  const env = new StrictEnvironment();
  for (const [k, v] of Object.entries({ true: true, false: false, none: null, True: true, False: false, None: null })) env.set(k, v);
  env.set(INDEX_FN, pythonIndex);
  if (isRecord(record)) for (const [k, v] of Object.entries(record)) env.set(k, v);
  const out = new Interpreter(env).run(compile(source)).value;
  return typeof out === 'string' ? out : String(out);
}

// ---- One record -----------------------------------------------------------------------------

/** What a record gives: the item (choices raw, as acc_norm counts them) and, when the gold is not a choice, what it was. */
export interface AppliedTask {
  item: TaskItem;
  /** doc_to_target's value when it is not a choice (the harness scores the document with gold -100). */
  goldNotAChoice?: string;
}

function isField(record: unknown, v: unknown): v is string {
  return typeof v === 'string' && isRecord(record) && Object.hasOwn(record, v);
}

/** Applies one setting: a field of the record, or a template rendered (errors name the setting). */
function resolve(key: string, v: TemplateValue, record: unknown): unknown {
  if (isField(record, v)) return (record as Record<string, unknown>)[v];
  if (typeof v !== 'string') return v;
  try {
    return renderTemplate(v, record);
  } catch (err) {
    throw new Error(`${key} ${JSON.stringify(v)}: ${(err as Error).message}`);
  }
}

/** One record through the task; throws a message naming the setting at fault. */
export function applyTask(task: LmEvalTask, record: unknown, n: number): AppliedTask {
  if (pythonNeeded(task).length) throw new Error('this task needs Python (!function) to build its strings');
  // doc_to_choice: a field, a template read as a Python list, a list, or a mapping's values.
  const rawChoices = resolve('doc_to_choice', task.docToChoice!, record);
  let list: unknown;
  if (typeof rawChoices === 'string' && !isField(record, task.docToChoice)) {
    try {
      list = parsePythonLiteral(rawChoices);
    } catch (err) {
      throw new Error(`doc_to_choice ${templateText(task.docToChoice)} rendered ${JSON.stringify(rawChoices.slice(0, 80))}, ${(err as Error).message}`);
    }
  } else list = isRecord(rawChoices) ? Object.values(rawChoices) : rawChoices;
  if (!Array.isArray(list)) throw new Error(`doc_to_choice ${templateText(task.docToChoice)} gives ${JSON.stringify(list)?.slice(0, 80)}, not a list of choices`);
  const choices = list.map((c, i) => {
    if (typeof c === 'string') return c;
    if (typeof c === 'number') return String(c);
    throw new Error(`doc_to_choice ${templateText(task.docToChoice)}: choice ${i} is ${JSON.stringify(c)?.slice(0, 40)}, not a string`);
  });
  if (choices.length < 2) throw new Error(`doc_to_choice ${templateText(task.docToChoice)} gives ${choices.length} choice${choices.length === 1 ? '' : 's'}, not two or more`);

  // doc_to_text: a rendered string of digits is an index (the harness's multiple_input layout).
  const text = resolve('doc_to_text', task.docToText!, record);
  if (typeof text === 'number' || (typeof text === 'string' && !isField(record, task.docToText) && /^\d+$/.test(text)))
    throw new Error(`doc_to_text ${templateText(task.docToText)} gives an index (${text}): a multiple_input task (the choices are contexts), which --task does not read; check the run's --log_samples file instead`);
  if (typeof text !== 'string') throw new Error(`doc_to_text ${templateText(task.docToText)} gives ${JSON.stringify(text)?.slice(0, 40)}, not a string`);
  let description = '';
  if (task.description) {
    try {
      description = renderTemplate(task.description, record);
    } catch (err) {
      throw new Error(`description: ${(err as Error).message}`);
    }
  }

  // doc_to_target: an index, a list of them, or a string looked up among the choices.
  let target = resolve('doc_to_target', task.docToTarget!, record);
  if (typeof target === 'string' && !isField(record, task.docToTarget)) {
    if (/^\d+$/.test(target)) target = Number(target);
    else if (target.length >= 2 && target.startsWith('[') && target.endsWith(']')) {
      try {
        target = parsePythonLiteral(target);
      } catch {
        // kept as a string, as the harness keeps it
      }
    }
  }
  let gold: number | number[] = [];
  let goldNotAChoice: string | undefined;
  const index = (g: unknown): number | undefined => (typeof g === 'number' && Number.isInteger(g) && g >= 0 && g < choices.length ? g : undefined);
  if (typeof target === 'string') {
    const at = choices.indexOf(target);
    // A field of digits read from CSV is the integer the harness's dataset loader would type it as.
    if (at >= 0) gold = at;
    else if (/^\d+$/.test(target) && index(Number(target)) !== undefined) gold = Number(target);
    else goldNotAChoice = target;
  } else if (Array.isArray(target)) {
    const all = target.map(index);
    if (all.every((g) => g !== undefined)) gold = all as number[];
    else goldNotAChoice = JSON.stringify(target);
  } else if (index(target) !== undefined) gold = target as number;
  else goldNotAChoice = JSON.stringify(target) ?? String(target);
  return { item: { id: String(n), context: description + text, choices, gold }, ...(goldNotAChoice !== undefined ? { goldNotAChoice } : {}) };
}

/** Where each field comes from, as the report's "Read as" line names it: the task's templates. */
export function taskFieldsText(task: LmEvalTask): FieldsText {
  const description = task.description ? `description ${JSON.stringify(task.description)} + ` : '';
  return {
    context: `${description}doc_to_text ${templateText(task.docToText)}`,
    choices: `${JSON.stringify(task.targetDelimiter)} (target_delimiter) + each of doc_to_choice ${templateText(task.docToChoice)}`,
    gold: `doc_to_target ${templateText(task.docToTarget)} (an index, or looked up among the choices)`,
    id: '— (the record number)',
    subset: '—',
  };
}

/** The task as a schema `check` reads records with; `onGoldNotAChoice` hears of each record whose gold is not a choice. */
export function taskSchema(task: LmEvalTask, name: string, onGoldNotAChoice: (n: number, value: string) => void): SchemaSpec {
  return {
    id: 'lm_eval_task',
    name: `lm-eval-harness task YAML ${name}${task.info.task ? ` (task ${task.info.task})` : ''}`,
    kind: 'items',
    fields: taskFieldsText(task),
    match: () => true,
    read(v, n) {
      const out = applyTask(task, v, n);
      if (out.goldNotAChoice !== undefined) onGoldNotAChoice(n, out.goldNotAChoice);
      return { items: [out.item] };
    },
  };
}
