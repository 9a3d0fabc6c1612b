// The flags that say how `check` reads a file: a schema from the table, the user's own field
// mapping, a separate labels file, the subset field. Only check takes them (src/cli/flags.ts's rule:
// a one-command flag lives with its command); check.ts spreads them in.
import { UsageError } from '../errors';
import type { SourceOptions } from './checkSource';
import type { FlagSpec } from '../flags';

export const SOURCE_FLAGS = {
  schema: { type: 'string', value: 'ID', help: 'read with this schema of the table (when the file is ambiguous)' },
  context: { type: 'string', value: 'P', help: 'field path(s) of the context, comma-separated, joined by a space' },
  choices: { type: 'string', value: 'P', help: 'field path(s) of the choices, comma-separated: sol1,sol2 or question.choices[*].text' },
  gold: { type: 'string', value: 'P', help: "field path of the gold: an index, a letter, a choice's label or its text" },
  id: { type: 'string', value: 'P', help: "field path of the item's id" },
  subset: { type: 'string', value: 'P', help: "field path of the item's subset (same as --by)" },
  by: { type: 'string', value: 'P', help: 'break every share down by this field (default: subject, category or subset)' },
  labels: { type: 'string', value: 'FILE', help: 'gold labels in a separate file, one per line (PIQA, Social IQa)' },
  'labels-base': { type: 'string', value: 'N', help: 'the labels count from 0 or 1 (default: detected from the values, and said)' },
  task: {
    type: 'string',
    value: 'Y.yaml',
    help:
      'an lm-eval-harness task YAML: its doc_to_text, doc_to_choice and doc_to_target\n(fields, Jinja templates, a list) and target_delimiter are applied to each record\nas the harness applies them (include: followed); a YAML that needs Python\n(!function) is named, and the file is read as without it',
  },
} as const satisfies Record<string, FlagSpec>;

export const SOURCE_USAGE_HEAD = `
  Reading the file. FILE may be JSONL, JSON (a list or an object of records), CSV or TSV (with or
  without a header row), Parquet, or gzip of any; a published benchmark's schema is recognised
  (see docs/check.md) and the report says which, and how each field was mapped.`;

type SourceValues = Partial<Record<keyof typeof SOURCE_FLAGS | 'delimiter', string | boolean | undefined>>;

export function sourceOptions(values: SourceValues): SourceOptions {
  const s = (k: keyof SourceValues) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  const base = s('labels-base');
  if (base !== undefined && base !== '0' && base !== '1') throw new UsageError(`--labels-base must be 0 or 1, not "${base}"`);
  if (base !== undefined && s('labels') === undefined) throw new UsageError('--labels-base goes with --labels');
  if (s('by') !== undefined && s('subset') !== undefined && s('by') !== s('subset')) throw new UsageError('--by and --subset name the same thing: give one');
  const mapping = { context: s('context'), choices: s('choices'), gold: s('gold'), id: s('id'), subset: s('subset') };
  // --subset alone breaks a recognised schema down by that field; with --choices it is part of the mapping.
  const mapped = mapping.choices !== undefined || mapping.context !== undefined || mapping.gold !== undefined || mapping.id !== undefined;
  if (mapped && s('schema') !== undefined) throw new UsageError('use either --schema or a field mapping (--context, --choices …), not both');
  if (s('task') !== undefined) {
    const clash = ['schema', 'context', 'choices', 'gold', 'id', 'labels'].filter((k) => s(k as keyof SourceValues) !== undefined);
    if (clash.length) throw new UsageError(`--task says how to read the file: use it without ${clash.map((k) => `--${k}`).join(', ')}`);
  }
  return {
    delimiter: s('delimiter'),
    schema: s('schema'),
    ...(mapped ? { mapping } : {}),
    by: s('by') ?? (mapped ? undefined : s('subset')),
    labels: s('labels'),
    labelsBase: base === undefined ? undefined : (Number(base) as 0 | 1),
    task: s('task'),
  };
}
