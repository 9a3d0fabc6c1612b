// Which room the hash points at. The Scorer owns every other hash (its state lives there).
export type Room = 'scorer' | 'task' | 'judge' | 'lessons';

export function roomFromHash(hash: string): Room {
  if (hash.startsWith('#/task')) return 'task';
  if (hash.startsWith('#/judge')) return 'judge';
  if (hash.startsWith('#/lessons')) return 'lessons';
  return 'scorer';
}

export function isEmbed(search: string): boolean {
  return new URLSearchParams(search).get('embed') === '1';
}

/** `#/lessons`, `#/lessons/<lesson>`, `#/lessons/<lesson>/<step, 1-based>` or `#/lessons/<lesson>/card`, optionally `?snap=<payload>`. */
export interface LessonRoute {
  lesson: string | null;
  /** 0-based step index. */
  step: number;
  snap: string | null;
  /** The lesson's summary card instead of a step. */
  card: boolean;
}

export function lessonRouteFromHash(hash: string): LessonRoute {
  const [path, query = ''] = hash.replace(/^#\/lessons\/?/, '').split('?', 2);
  const [lesson, step] = path.split('/');
  const n = Number(step);
  // Not URLSearchParams: it would turn the '+' of an lz-string payload into a space.
  const snap = query.startsWith('snap=') ? query.slice('snap='.length) : null;
  return { lesson: lesson ? decodeURIComponent(lesson) : null, step: Number.isInteger(n) && n >= 1 ? n - 1 : 0, snap, card: step === 'card' };
}

export function lessonCardHash(lesson: string): string {
  return `#/lessons/${encodeURIComponent(lesson)}/card`;
}

export function lessonHash(lesson: string, step: number, snap?: string): string {
  return `#/lessons/${encodeURIComponent(lesson)}/${step + 1}${snap ? `?snap=${snap}` : ''}`;
}
