// Task items and lm-eval log documents as the check's items: the choices as scored (an items file's
// choice as written plus the delimiter it is scored with; a log's arg_1), gold indices that exist.
import type { LogSample } from '../formats/logSamples';
import type { TaskItem } from '../tasks/types';
import type { CheckItem } from './answerStrings';

function validGold(gold: number | readonly number[], k: number): number[] {
  const gs = typeof gold === 'number' ? [gold] : [...gold];
  return gs.filter((g) => Number.isInteger(g) && g >= 0 && g < k);
}

/** An items-file item (or a sample task's): cloze when it has one choice. */
export function checkItemFromTask(item: TaskItem, targetDelimiter = ''): CheckItem {
  // A log's multiple_input document, as the Task lab holds it: each choice its own context.
  const contexts = item.choiceContexts;
  const options = contexts && contexts.length > 1 && new Set(contexts).size > 1 ? optionsOfContexts(contexts) : undefined;
  return {
    id: item.id,
    context: options ? options.context : item.context,
    choices: options ? options.options : item.choices.map((c) => targetDelimiter + c),
    gold: validGold(item.gold, item.choices.length),
    cloze: item.choices.length < 2,
    ...(options ? { multipleInput: true } : {}),
  };
}

/**
 * lm-eval's multiple_input layout (winogrande): each request's context ends in its option and
 * every request scores one shared continuation, so the options are where the contexts differ:
 * from the start of the word in which they first differ ("Sarah" / "Maria"; "Sam" / "Sarah" keep
 * their shared "Sa"), the context before it shared.
 */
export function optionsOfContexts(contexts: readonly string[]): { context: string; options: string[] } {
  const first = contexts[0];
  let p = 0;
  while (p < first.length && contexts.every((c) => c.charCodeAt(p) === first.charCodeAt(p) && p < c.length)) p++;
  while (p > 0 && !/\s/.test(first[p - 1])) p--;
  return { context: first.slice(0, p), options: contexts.map((c) => c.slice(p)) };
}

/** A log_samples document: context = arg_0, choices = arg_1; `loglikelihood` documents are cloze; multiple_input documents' choices are their options. */
export function checkItemFromLog(s: LogSample): CheckItem {
  const options = s.contexts ? optionsOfContexts(s.contexts) : undefined;
  return {
    id: s.docId,
    context: options ? options.context : s.context,
    choices: options ? options.options : s.continuations,
    gold: validGold(s.gold, s.continuations.length),
    cloze: s.outputType !== 'multiple_choice',
    logged: s.lls,
    ...(options ? { multipleInput: true } : {}),
  };
}
