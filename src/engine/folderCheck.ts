// Node: a model folder is checked for the files transformers.js will read before it is loaded,
// so that a missing or broken file is named (its own errors name the wrong file, or none).
import fs from 'node:fs';
import path from 'node:path';
import { DTYPE_FILES } from './models';
import type { Dtype } from './types';
import { configProblem, contextWindow, tokenizerProblem } from './modelFiles';

const JSON_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json'] as const;

/** Throws a one-line error naming the folder and the first missing or unreadable file. */
export function checkModelFolder(folder: string, dtype: Dtype): void {
  const has = (f: string) => fs.existsSync(path.join(folder, f));
  const weights = DTYPE_FILES[dtype];
  const required = [...JSON_FILES, weights];
  const missing = required.filter((f) => !has(f));
  if (missing.length === required.length)
    throw new Error(`model folder "${folder}" has none of ${JSON_FILES.join(', ')} or ${weights} (is it a transformers.js model folder?)`);
  const json: Partial<Record<(typeof JSON_FILES)[number], unknown>> = {};
  for (const f of JSON_FILES) {
    if (!has(f)) throw new Error(`model folder "${folder}" is missing ${f}`);
    try {
      json[f] = JSON.parse(fs.readFileSync(path.join(folder, f), 'utf8'));
    } catch (err) {
      throw new Error(`model folder "${folder}": ${f} is not valid JSON (${(err as Error).message})`);
    }
  }
  // transformers.js reads a wrong shape as "Unsupported model type: null" or a TypeError.
  const problem = [['config.json', configProblem(json['config.json'])], ['tokenizer.json', tokenizerProblem(json['tokenizer.json'])]].find(([, p]) => p);
  if (problem) throw new Error(`model folder "${folder}": ${problem[0]} ${problem[1]}`);
  const tokConfig = json['tokenizer_config.json'];
  try {
    contextWindow(json['config.json'] as Record<string, unknown>, typeof tokConfig === 'object' && tokConfig !== null ? (tokConfig as Record<string, unknown>) : undefined);
  } catch (err) {
    throw new Error(`model folder "${folder}": ${(err as Error).message}`);
  }
  if (!has(weights)) {
    const shipped = (Object.entries(DTYPE_FILES) as [Dtype, string][]).filter(([, f]) => has(f)).map(([d]) => d);
    throw new Error(`model folder "${folder}" is missing ${weights} (the ${dtype} file; it has ${shipped.length ? shipped.join(', ') : 'none'})`);
  }
}
