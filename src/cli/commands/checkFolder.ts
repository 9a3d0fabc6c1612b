// `lengthlens check DIR` on an lm-eval-harness --output_path folder: every samples file in it
// (one per task; the newest run of a task when it was run more than once) read as one source whose
// items carry their task as their subset, so the report has a row per task and pooled figures.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { InputError } from '../errors';
import type { Finding } from '../../core/check/summary';
import { openCheckSource, type CheckSource, type SchemaReport, type SourceOptions } from './checkSource';

export async function isFolder(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
}

/** A samples file's task and run time: samples_<task>_<ISO time>.jsonl (lm-eval 0.4). */
export function samplesFileTask(name: string): { task: string; time: string } | undefined {
  const m = /^samples_(.+?)(?:_(\d{4}-\d{2}-\d{2}T[\d.:-]+))?\.jsonl$/.exec(name);
  return m ? { task: m[1], time: m[2] ?? '' } : undefined;
}

async function samplesFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await samplesFiles(p)));
    else if (e.isFile() && samplesFileTask(e.name)) out.push(p);
  }
  return out;
}

export async function openCheckFolder(dir: string, opts: SourceOptions): Promise<CheckSource> {
  const files = await samplesFiles(dir);
  if (files.length === 0) throw new InputError(`${dir}: a folder with no lm-eval samples file (samples_<task>_<time>.jsonl) in it`);
  // The newest run of each task (the ISO time in the name sorts as text).
  const newest = new Map<string, { file: string; time: string }>();
  for (const f of files) {
    const { task, time } = samplesFileTask(path.basename(f))!;
    const had = newest.get(task);
    if (!had || time > had.time) newest.set(task, { file: f, time });
  }
  const chosen = [...newest.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const notes: string[] = [];
  if (chosen.length < files.length) notes.push(`${files.length - chosen.length} older samples file(s) of a task run more than once were left out: the newest run of each task is checked`);
  const sources: { task: string; file: string; src: CheckSource }[] = [];
  for (const [task, { file }] of chosen) sources.push({ task, file, src: await openCheckSource(file, { ...opts, subset: task }) });
  const kinds = new Set(sources.map((s) => s.src.kind));
  if (kinds.size > 1) throw new InputError(`${dir}: its samples files are of different kinds (${[...kinds].join(', ')})`);
  const errors: CheckSource['errors'] = [];
  const rolling = { count: 0 };
  const first = sources[0].src;
  const schema: SchemaReport = { ...first.schema, how: `a run folder: ${sources.length} task(s), ${sources.map((s) => s.task).join(', ')}`, fields: { ...first.schema.fields, subset: opts.by ?? 'the task (from each samples file\u2019s name)' } };
  async function* items() {
    for (const s of sources) {
      yield* s.src.items;
      // Errors name the file they are in; line numbers stay the file's own.
      for (const e of s.src.errors) errors.push({ line: e.line, message: `${path.relative(dir, s.file)}: ${e.message}` });
      rolling.count += s.src.rolling.count;
      notes.push(...s.src.notes.map((n) => `${s.task}: ${n}`));
    }
  }
  return { kind: first.kind, unit: 'line', errors, rolling, items: items(), schema, notes };
}

/** The "Read as" line of the report: which schema, from which format, and each field's mapping. */
export function schemaFinding(s: SchemaReport): Finding {
  const f = s.fields;
  const labels = s.labels ? `; labels from ${path.basename(s.labels.file)} (${s.labels.count.toLocaleString('en')}, ${s.labels.how})` : '';
  const t = s.task;
  const settings = t ? Object.entries(t.settings).map(([k, v]) => `${k} ${v}`).join(', ') : '';
  const task = !t ? '' : t.applied ? (settings ? `; its settings: ${settings}` : '') : `; task YAML ${path.basename(t.file)} not applied (it reads ${t.fallback})${settings ? `; its settings: ${settings}` : ''}`;
  return {
    key: 'schema',
    title: 'Schema',
    status: 'info',
    verdict: `${s.name} from ${s.format}${s.gzip ? ' (gzip)' : ''}, ${s.how}; context ← ${f.context}; choices ← ${f.choices}; gold ← ${f.gold}; id ← ${f.id}; subset ← ${f.subset}${labels}${task}`,
  };
}
