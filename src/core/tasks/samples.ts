// The sample tasks that ship with lengthlens (importable by the browser and the CLI).
import { storiesChoiceLettersTask, storiesChoiceTask } from './samples/storiesChoice';
import { storiesClozeTask } from './samples/storiesCloze';
import type { TaskSet } from './types';

export interface SampleTaskInfo {
  name: string;
  description: string;
  load: () => TaskSet;
}

export const SAMPLE_TASKS: readonly SampleTaskInfo[] = [
  {
    name: 'stories-cloze',
    description: '200 story continuations, gold 2-150 bytes (cloze, BPB family, R(k), PriorBPB)',
    load: storiesClozeTask,
  },
  {
    name: 'stories-choice',
    description: '30 story questions, distractors differ in length from the gold (full text)',
    load: storiesChoiceTask,
  },
  {
    name: 'stories-choice-letters',
    description: 'The same 30 questions with letter keys A-D',
    load: storiesChoiceLettersTask,
  },
];

export function sampleTask(name: string): TaskSet | undefined {
  return SAMPLE_TASKS.find((t) => t.name === name)?.load();
}
