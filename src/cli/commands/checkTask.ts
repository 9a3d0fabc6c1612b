// `check --task FILE.yaml`: an lm-eval-harness task YAML read from disk (its `include:` chain
// followed from the folder of the file that includes it) and what the report says about it. The
// templates themselves are applied in core (core/formats/lmEvalTask.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors';
import { readTextFile } from '../io';
import { decodeUtf8 } from '../../core/formats/utf8';
import { pythonNeeded, resolveTaskYaml, taskFromConfig, templateText, type IncludeReader, type LmEvalTask } from '../../core/formats/lmEvalTask';

/** What the report says about the task YAML (JSON `schema.task`). */
export interface TaskYamlReport {
  file: string;
  /** The files it includes, in the order read. */
  includes: string[];
  templates: { doc_to_text: string; doc_to_choice: string; doc_to_target: string; description?: string };
  target_delimiter: string;
  /** Settings reported as they are (task, tag, dataset_path, dataset_name, splits, num_fewshot, output_type). */
  settings: Record<string, string>;
  /** Every `!function` setting. */
  python: { field: string; function: string }[];
  /** Whether the templates were applied; when not, what the check read instead. */
  applied: boolean;
  fallback?: string;
}

const readInclude: IncludeReader = (include, from) => {
  const file = path.resolve(path.dirname(from), include);
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(`${from}: include "${include}": ${code === 'ENOENT' ? `no such file ${file}` : (err as Error).message}`);
  }
  try {
    return { file, text: decodeUtf8(bytes) };
  } catch (err) {
    throw new Error(`${file} ${(err as Error).message}`);
  }
};

/** Reads and checks the task file; a wrong or unreadable one is an input error naming the file. */
export async function loadTaskYaml(file: string): Promise<LmEvalTask> {
  const text = await readTextFile(file);
  try {
    const { config, files } = resolveTaskYaml(file, text, readInclude);
    return taskFromConfig(config, files);
  } catch (err) {
    throw new InputError(`--task ${(err as Error).message}`);
  }
}

export function taskYamlReport(task: LmEvalTask): TaskYamlReport {
  return {
    file: task.files[0],
    includes: task.files.slice(1),
    templates: {
      doc_to_text: templateText(task.docToText),
      doc_to_choice: templateText(task.docToChoice),
      doc_to_target: templateText(task.docToTarget),
      ...(task.description ? { description: JSON.stringify(task.description) } : {}),
    },
    target_delimiter: task.targetDelimiter,
    settings: task.info,
    python: task.python,
    applied: pythonNeeded(task).length === 0,
  };
}

/** Why the templates cannot be applied: the Python settings, named. */
export function pythonText(task: LmEvalTask): string {
  return pythonNeeded(task)
    .map((p) => `${p.field}: !function ${p.function}`)
    .join(', ');
}
