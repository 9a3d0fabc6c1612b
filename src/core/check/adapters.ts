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
  return {
    id: item.id,
    context: item.context,
    choices: item.choices.map((c) => targetDelimiter + c),
    gold: validGold(item.gold, item.choices.length),
    cloze: item.choices.length < 2,
  };
}

/** A log_samples document: context = arg_0, choices = arg_1; `loglikelihood` documents are cloze. */
export function checkItemFromLog(s: LogSample): CheckItem {
  return {
    id: s.docId,
    context: s.context,
    choices: s.continuations,
    gold: validGold(s.gold, s.continuations.length),
    cloze: s.outputType !== 'multiple_choice',
    logged: s.lls,
  };
}
