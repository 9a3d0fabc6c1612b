// The CLI's flags, each declared once. A flag that two or more commands take lives in SHARED_FLAGS
// here (one meaning, one value shape, one rule everywhere); a flag only one command takes lives in
// that command's file, in the same shape. A command names the shared flags it takes and declares
// its own; its parseArgs options, its rules and the flag lines of its --help all come from that
// (`commandFlags`), and its usage text must mention exactly the flags it accepts (`usageText`).
import { parseCommandArgs, parseNumberFlag, type NumberRange } from './io';
import { UsageError } from './errors';
import { ALL_DTYPES, isDtype, type Dtype } from '../core/dtypes';
import { DEFAULT_MU } from '../core/scoring/types';

export interface FlagSpec {
  /** A number flag is read as text and checked against `range` (parseNumberFlag) as it is parsed. */
  readonly type: 'string' | 'boolean' | 'number';
  /** A number flag's allowed values. */
  readonly range?: NumberRange;
  /** The value the command uses when the flag is absent. */
  readonly default?: number | string;
  /** The value's name in --help (`--model M`). */
  readonly value?: string;
  /** What the flag means: its --help line (a "\n" starts a continuation line). */
  readonly help: string;
  /** May be given more than once (the command gets a list). */
  readonly multiple?: boolean;
  /** Given without one of these flags (or a command's default for it), it is a usage error. */
  readonly needs?: readonly string[];
  /** Given with any of these, it is a usage error (two output formats). */
  readonly excludes?: readonly string[];
}

const OUTPUTS = ['json', 'jsonl', 'csv', 'markdown'] as const;
const otherOutputs = (name: (typeof OUTPUTS)[number]) => OUTPUTS.filter((o) => o !== name);

export const SHARED_FLAGS = {
  model: { type: 'string', value: 'M', multiple: true, help: 'a model folder (transformers.js layout) or a hub id (org/name)' },
  dtype: {
    type: 'string',
    value: 'D',
    multiple: true,
    needs: ['model'],
    // Repeated or comma-separated (dtypeList) in every command; one that runs one dtype takes one (oneDtype).
    help: 'dtype for --model (default fp32)',
  },
  items: { type: 'string', value: 'FILE', help: 'an items file' },
  delimiter: { type: 'string', value: 'S', help: "the text between a context and each choice (lm-eval's target_delimiter)" },
  mu: {
    type: 'number',
    value: 'N',
    default: DEFAULT_MU,
    range: { min: 1, minExclusive: true, describe: "a number > 1 (the prior's mean length in bytes)" },
    help: `mean of the geometric length prior, bytes (default ${DEFAULT_MU})`,
  },
  space: { type: 'string', value: 'MODE', help: 'leading space in PriorBPB: eval-framework (default) or keep' },
  json: { type: 'boolean', help: 'print the result as JSON', excludes: otherOutputs('json') },
  jsonl: { type: 'boolean', help: 'JSON Lines: one result per line', excludes: otherOutputs('jsonl') },
  csv: { type: 'boolean', help: 'print the metrics as CSV (scope, metric, value, stderr)', excludes: otherOutputs('csv') },
  markdown: { type: 'boolean', help: 'a report in Markdown', excludes: otherOutputs('markdown') },
  strict: { type: 'boolean', help: 'a bad line is an error (default: skipped, counted on stderr, listed in input_errors)' },
} as const satisfies Record<string, FlagSpec>;

export type SharedFlag = keyof typeof SHARED_FLAGS;

export interface CommandFlagsDecl<S extends SharedFlag = SharedFlag, O extends Record<string, FlagSpec> = Record<string, FlagSpec>> {
  /** The shared flags the command takes. */
  readonly shared: readonly S[];
  /** Flags only this command takes. */
  readonly own?: O;
  /** Flags the command always has a value for (a default), which satisfy another flag's `needs`. */
  readonly defaults?: readonly string[];
  /** Rules of this command only: a flag that goes with one of these others here. */
  readonly needs?: Readonly<Record<string, readonly string[]>>;
  /** Rules of this command only: a flag that these others leave unused here. */
  readonly excludes?: Readonly<Record<string, readonly string[]>>;
}

/** How a command lays out its flag lines: the text's column, and which flags show their value name. */
export interface HelpLayout {
  readonly column: number;
  readonly values: boolean | readonly string[];
}

type Values = Record<string, string | boolean | number | (string | boolean)[] | undefined>;

/** What parsing gives for a flag: a boolean, a number, a string, or every value of a repeatable flag. */
type ValueOf<F extends FlagSpec> = F['type'] extends 'boolean' ? boolean : F['type'] extends 'number' ? number : F extends { multiple: true } ? string[] : string;

type HasDefault = { default: number | string };
/** Parsed flags of a table: a flag with a default always has a value, the others may be absent. */
type Parsed<T extends Record<string, FlagSpec>> = { [K in keyof T as T[K] extends HasDefault ? K : never]: ValueOf<T[K]> } & {
  [K in keyof T as T[K] extends HasDefault ? never : K]?: ValueOf<T[K]>;
};

/** A command's parsed flags, typed from its declaration. */
export type FlagValues<S extends SharedFlag, O extends Record<string, FlagSpec>> = Parsed<Pick<typeof SHARED_FLAGS, S>> & Parsed<O>;

export interface CommandFlags<V = Values> {
  readonly specs: Readonly<Record<string, FlagSpec>>;
  /** The flags, parsed as every command parses them (parseCommandArgs), and their rules checked. */
  parse(argv: string[], positionals?: number): { values: V; positionals: string[] };
  /**
   * Flag lines for --help: `entries` are flag names, or [name, text] where the command says what it
   * does with a flag (the flag's type, value and rules stay the registry's).
   */
  lines(entries: readonly (string | readonly [string, string])[], layout: HelpLayout): string;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export function commandFlags<S extends SharedFlag, O extends Record<string, FlagSpec> = {}>(decl: CommandFlagsDecl<S, O>): CommandFlags<FlagValues<S, O>> {
  const specs: Record<string, FlagSpec> = {};
  for (const name of decl.shared) specs[name] = SHARED_FLAGS[name];
  for (const [name, spec] of Object.entries(decl.own ?? {})) {
    if (name in SHARED_FLAGS) throw new Error(`--${name} is a shared flag (src/cli/flags.ts): name it in shared, do not declare it again`);
    specs[name] = spec;
  }
  const options = Object.fromEntries(
    Object.entries(specs).map(([n, s]) => {
      const type: 'string' | 'boolean' = s.type === 'boolean' ? 'boolean' : 'string';
      return [n, s.multiple ? { type, multiple: true } : { type }];
    }),
  );
  return {
    specs,
    parse(argv, positionals = 0) {
      const parsed = parseCommandArgs(argv, options, positionals);
      const values: Values = { ...parsed.values };
      checkRules(specs, decl, values);
      for (const [name, spec] of Object.entries(specs)) {
        if (spec.type === 'number' && typeof values[name] === 'string') values[name] = parseNumberFlag(name, values[name], NaN, spec.range);
        // After the rules: a default is not a flag the user gave.
        values[name] ??= spec.default;
      }
      return { values: values as FlagValues<S, O>, positionals: parsed.positionals };
    },
    lines(entries, layout) {
      return entries
        .map((e) => {
          const [name, text] = typeof e === 'string' ? [e, undefined] : e;
          const spec = specs[name];
          if (!spec) throw new Error(`--help lists --${name}, which the command does not take`);
          const showValue = spec.value !== undefined && (layout.values === true || (Array.isArray(layout.values) && layout.values.includes(name)));
          const head = `  --${name}${showValue ? ` ${spec.value}` : ''}`;
          const lead = head.length < layout.column ? head.padEnd(layout.column) : `${head}  `;
          return lead + (text ?? spec.help).split('\n').join(`\n${' '.repeat(layout.column)}`);
        })
        .join('\n');
    },
  };
}

function given(values: Values, name: string): boolean {
  const v = values[name];
  return v !== undefined && v !== false;
}

type Rules = Pick<CommandFlagsDecl, 'defaults' | 'needs' | 'excludes'>;

function checkRules(specs: Record<string, FlagSpec>, decl: Rules, values: Values): void {
  const has = (n: string) => given(values, n) || (decl.defaults ?? []).includes(n);
  for (const [name, spec] of Object.entries(specs)) {
    if (!given(values, name)) continue;
    const clash = [...(spec.excludes ?? []), ...(decl.excludes?.[name] ?? [])].find((o) => o in specs && given(values, o));
    if (clash) throw new UsageError(`use either --${name} or --${clash}, not both`);
    for (const needs of [spec.needs, decl.needs?.[name]]) {
      if (needs && !needs.some(has)) throw new UsageError(`--${name} goes with ${needs.map((n) => `--${n}`).join(' or ')}`);
    }
  }
}

/** The flags a text mentions (`--name`, not lm-eval's `--log_samples`). */
export function mentionedFlags(text: string): Set<string> {
  return new Set([...text.matchAll(/(?<![\w-])--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?![\w])/g)].map((m) => m[1]));
}

/**
 * A command's usage text, checked against its flags when the module loads: it mentions every flag
 * the command accepts and no other, so a flag cannot be taken without being documented.
 */
export function usageText(flags: CommandFlags, text: string): string {
  const said = mentionedFlags(text);
  const missing = Object.keys(flags.specs).filter((n) => !said.has(n));
  const extra = [...said].filter((n) => !(n in flags.specs));
  if (missing.length || extra.length)
    throw new Error(`usage text out of step with the flags: ${[...missing.map((n) => `--${n} not documented`), ...extra.map((n) => `--${n} documented but not accepted`)].join(', ')}`);
  return text;
}

/** --dtype's values (repeated, or comma-separated: one shape in every command); `fallback` when absent. */
export function dtypeList(raw: string | boolean | (string | boolean)[] | undefined, fallback: readonly Dtype[] = ['fp32'], name = 'dtype'): Dtype[] {
  if (raw === undefined) return [...fallback];
  const list = (Array.isArray(raw) ? raw : [raw]).flatMap((r) => String(r).split(',')).map((s) => s.trim());
  const out: Dtype[] = [];
  for (const d of list.length ? list : ['']) {
    if (!isDtype(d)) throw new UsageError(`--${name} must be one of ${ALL_DTYPES.join(', ')}, got "${d}"`);
    out.push(d);
  }
  return out;
}

/**
 * The one value of a repeatable flag, in a command that takes one: a second is the error every
 * single-value flag gives (parseCommandArgs).
 */
export function single(raw: string | boolean | (string | boolean)[] | undefined, name: string): string | undefined {
  if (!Array.isArray(raw)) return raw === undefined ? undefined : String(raw);
  if (raw.length > 1) throw new UsageError(`--${name} takes one value and was given twice (${JSON.stringify(raw[0])}, then ${JSON.stringify(raw[1])})`);
  return raw.length ? String(raw[0]) : undefined;
}

/** One --dtype, for a command that runs one model at one dtype. */
export function oneDtype(raw: string | boolean | (string | boolean)[] | undefined, why: string, name = 'dtype'): Dtype {
  const list = dtypeList(single(raw, name), ['fp32'], name);
  if (list.length > 1) throw new UsageError(`--${name} takes one dtype here (${why}), got ${list.join(', ')}`);
  return list[0];
}
