// Lesson progress, remembered in this browser only: which steps were seen and what the learner
// predicted. Read defensively: a damaged entry is dropped, never trusted.
import { useSyncExternalStore } from 'react';
import type { Lesson } from './types';

const KEY = 'lengthlens.lessons.v1';

export interface StepProgress {
  /** The option the learner committed to (absent for steps without a question). */
  answer?: number;
  /** The step was revealed (or seen, when it asks nothing). */
  done: boolean;
}

type Progress = Record<string, StepProgress>;

const stepKey = (lesson: string, step: string) => `${lesson}/${step}`;

function read(): Progress {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
    const out: Progress = {};
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
      const s = v as Partial<StepProgress> | null;
      if (!s || typeof s !== 'object' || typeof s.done !== 'boolean') continue;
      out[k] = { done: s.done, ...(Number.isInteger(s.answer) && (s.answer as number) >= 0 && (s.answer as number) < 16 ? { answer: s.answer } : {}) };
    }
    return out;
  } catch {
    return {};
  }
}

let state: Progress = typeof localStorage === 'undefined' ? {} : read();
const listeners = new Set<() => void>();

function write(next: Progress) {
  state = next;
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage off or full: progress lasts for this page only.
  }
  listeners.forEach((l) => l());
}

export function recordStep(lesson: string, step: string, p: StepProgress): void {
  const k = stepKey(lesson, step);
  const old = state[k];
  if (old && old.done === p.done && old.answer === p.answer) return;
  write({ ...state, [k]: p });
}

export function resetLesson(lesson: string): void {
  write(Object.fromEntries(Object.entries(state).filter(([k]) => !k.startsWith(`${lesson}/`))));
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useProgress(): Progress {
  return useSyncExternalStore(subscribe, () => state, () => state);
}

export function stepProgress(p: Progress, lesson: string, step: string): StepProgress | undefined {
  return p[stepKey(lesson, step)];
}

/**
 * How many of the learner's committed predictions were right, over the given lessons. A question's
 * right option is the one its text claims (the claim tests make it the live answer on the lesson model).
 */
export function predictionScore(p: Progress, lessons: readonly Lesson[]): { right: number; answered: number; questions: number } {
  let right = 0;
  let answered = 0;
  let questions = 0;
  for (const l of lessons)
    for (const s of l.steps) {
      if (!s.question) continue;
      questions++;
      const a = stepProgress(p, l.id, s.id)?.answer;
      if (a === undefined) continue;
      answered++;
      if (a === s.question.claim) right++;
    }
  return { right, answered, questions };
}
