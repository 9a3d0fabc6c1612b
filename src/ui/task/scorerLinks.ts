// Every Task lab item as a Scorer link (#item=…): its context, its choices as scored (the task's
// delimiter in front), its gold and, for an lm-eval log, the logged log-likelihoods.
import { checkItemFromTask } from '../../core/check/adapters';
import type { CheckItem } from '../../core/check/answerStrings';
import { itemHashWithinLimits } from '../../core/check/itemLink';
import type { PersistedTask } from '../../state/taskTypes';

/** The item's Scorer link; none past the app's link limits (the Scorer would refuse it). */
export function checkItemLink(item: CheckItem): string | undefined {
  // A multiple_input document's logged scores are of its own contexts, not of the options after the shared one.
  return itemHashWithinLimits({ context: item.context, choices: [...item.choices], gold: item.gold[0] ?? null, ...(item.logged && !item.multipleInput ? { logged: [...item.logged] } : {}) });
}

/** The task's items as the check reads them, with the logged scores of a log_samples task. */
export function taskCheckItems(task: PersistedTask): CheckItem[] {
  const logged = new Map(task.logged?.map((s) => [s.id, s.choices.map((c) => c.logprob)]));
  return task.set.items.map((it) => {
    const c = checkItemFromTask(it, task.set.targetDelimiter);
    const ll = logged.get(it.id);
    return ll ? { ...c, logged: ll } : c;
  });
}

/** id → Scorer link, for the items table; each link is built when a row asks for it (a page of rows, not 10,000 compressions). */
export function taskItemLinker(task: PersistedTask): (id: string) => string | undefined {
  const byId = new Map(taskCheckItems(task).map((c) => [c.id, c]));
  return (id) => {
    const c = byId.get(id);
    return c ? checkItemLink(c) : undefined;
  };
}
