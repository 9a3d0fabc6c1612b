// A task: items with a context and either one gold continuation (cloze) or choices and a gold
// index (multiple choice). The string scored after the context is targetDelimiter + choice, as in
// lm-eval-harness; acc_norm and acc_bytes divide by the raw choice without the delimiter.

export interface TaskItem {
  id: string;
  subject?: string;
  context: string;
  /**
   * Each choice's own context, for items whose contexts vary (lm-eval multiple_input, e.g.
   * winogrande: the choice is in the context); choice i is then scored after choiceContexts[i].
   */
  choiceContexts?: string[];
  /** The choices; a cloze item has exactly one, its gold answer. */
  choices: string[];
  /** Index of the gold choice (several for multi-target items). */
  gold: number | number[];
}

export interface TaskSet {
  name: string;
  description?: string;
  /** Put between the context and each choice (lm-eval target_delimiter): " " or "". */
  targetDelimiter: string;
  items: TaskItem[];
}

/** The string scored after the context for choice i. */
export function continuationOf(set: Pick<TaskSet, 'targetDelimiter'>, item: TaskItem, i: number): string {
  return set.targetDelimiter + item.choices[i];
}
