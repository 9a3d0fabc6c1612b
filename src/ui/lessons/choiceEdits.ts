// The edits a careless template makes to a choice string, each a toggle for Try it: a leading
// space (the harness's delimiter), a trailing space, a final period. Toggling twice restores the text.

export const hasLeadingSpace = (t: string) => t.startsWith(' ');
export const toggleLeadingSpace = (t: string) => (hasLeadingSpace(t) ? t.slice(1) : ' ' + t);

/** Trailing whitespace after some text (a text of spaces alone has nothing to trail). */
export const hasTrailingSpace = (t: string) => /\S\s+$/.test(t);
/** Removes all trailing whitespace, or adds one space. */
export const toggleTrailingSpace = (t: string) => (hasTrailingSpace(t) ? t.trimEnd() : t + ' ');

/** A period at the end of the text, before any trailing whitespace. */
export const hasPeriod = (t: string) => t.trimEnd().endsWith('.');
/** Adds or removes the final period, before any trailing whitespace (which it keeps). */
export function togglePeriod(t: string): string {
  const body = t.trimEnd();
  const tail = t.slice(body.length);
  return (body.endsWith('.') ? body.slice(0, -1) : body + '.') + tail;
}
