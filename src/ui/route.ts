// Which room the hash points at. The Scorer owns every other hash (its state lives there).
export type Room = 'scorer' | 'task' | 'judge';

export function roomFromHash(hash: string): Room {
  if (hash.startsWith('#/task')) return 'task';
  if (hash.startsWith('#/judge')) return 'judge';
  return 'scorer';
}

export function isEmbed(search: string): boolean {
  return new URLSearchParams(search).get('embed') === '1';
}
