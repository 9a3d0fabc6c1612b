// Export a task as an lm-eval-harness task: a YAML config plus the JSONL it reads. The YAML names
// the document fields directly (doc_to_text: context, ...), so lm-eval scores exactly
// context + target_delimiter + choice, as lengthlens does.
import type { TaskItem, TaskSet } from '../tasks/types';
import { DECIDING_RULES } from '../scoring/rules';

export interface LmEvalExport {
  /** File name for the YAML (`<task>.yaml`). */
  yamlName: string;
  yaml: string;
  /** File name the YAML's data_files points at (`<task>.jsonl`, beside the YAML). */
  jsonlName: string;
  jsonl: string;
}

/** An lm-eval task name: letters, digits, _ and -. */
export function lmEvalTaskName(name: string): string {
  const s = name.toLowerCase().replace(/[^a-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');
  return s || 'lengthlens_task';
}

/** YAML double-quoted scalar (JSON string syntax is valid YAML). */
function yamlString(s: string): string {
  return JSON.stringify(s);
}

function docOf(item: TaskItem, cloze: boolean): Record<string, unknown> {
  const doc: Record<string, unknown> = { id: item.id };
  if (item.subject) doc.subject = item.subject;
  doc.context = item.context;
  if (cloze) doc.gold = item.choices[0];
  else {
    doc.choices = item.choices;
    doc.label = item.gold;
  }
  return doc;
}

/**
 * All-cloze tasks become `output_type: loglikelihood` (perplexity, greedy acc); anything with
 * choices becomes `multiple_choice` (a cloze item there is a one-choice question).
 */
export function exportLmEvalTask(set: TaskSet): LmEvalExport {
  const name = lmEvalTaskName(set.name);
  const allCloze = set.items.every((it) => it.choices.length === 1);
  const jsonlName = `${name}.jsonl`;
  const lines = [
    `# lm-eval-harness task exported by lengthlens: ${set.items.length} items.`,
    `# Keep ${jsonlName} beside this file and run lm_eval from that folder: lm_eval --include_path . --tasks ${name} ...`,
    `task: ${name}`,
    'dataset_path: json',
    'dataset_kwargs:',
    '  data_files:',
    `    test: ${yamlString(jsonlName)}`,
    'test_split: test',
    `output_type: ${allCloze ? 'loglikelihood' : 'multiple_choice'}`,
    'doc_to_text: context',
    ...(allCloze ? ['doc_to_target: gold'] : ['doc_to_choice: choices', 'doc_to_target: label']),
    `target_delimiter: ${yamlString(set.targetDelimiter)}`,
    'metric_list:',
  ];
  // Multiple choice: every rule lm-eval-harness computes from the conditional log-likelihoods alone
  // (rule table); acc_mutual_info would make it run the unconditional requests too.
  const mcMetrics = DECIDING_RULES.filter((r) => r.harness !== undefined && !r.needs.includes('unconditionalLogprob')).map((r) => r.harness!);
  const metrics = allCloze ? ['perplexity', 'acc'] : mcMetrics;
  for (const metric of metrics) {
    lines.push(`  - metric: ${metric}`);
    lines.push(`    aggregation: ${metric === 'perplexity' ? 'perplexity' : 'mean'}`);
    lines.push(`    higher_is_better: ${metric === 'perplexity' ? 'false' : 'true'}`);
  }
  lines.push('metadata:', '  version: 1.0');
  const jsonl = set.items.map((it) => JSON.stringify(docOf(it, allCloze))).join('\n') + '\n';
  return { yamlName: `${name}.yaml`, yaml: lines.join('\n') + '\n', jsonlName, jsonl };
}
