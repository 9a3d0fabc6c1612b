// What an embedded figure shows and in which colours: `theme=light|dark|auto` and
// `parts=banner,winners,…`, read from an iframe link's query or an element's attributes. A wrong
// value never hides the figure: it falls back to the default and says which value was refused.
import { figureParts as registeredParts } from '../scorer/views';
import { figureTheme, short, type Theme } from './figureTheme';

export { applyTheme, THEMES, type Theme } from './figureTheme';

/**
 * A part of a Scorer figure: the `part` of a registered Scorer view (../scorer/views). Built in, in
 * the order they are drawn: the one-sentence banner, the winner-per-rule table, the full table of
 * every quantity, the per-token surprisal traces, the cumulative cost chart, and the second
 * model's comparison.
 */
export type FigurePart = string;

/** Every part there is, in the order they are drawn (the views' list decides it). */
export const figureParts = (): FigurePart[] => registeredParts();

/** `parts=all`: every part there is. */
export const ALL_PARTS = 'all';

/** The compact default for a blog: the banner and who wins under each rule (and the comparison a snapshot carries). */
export function defaultParts(hasCompare: boolean): FigurePart[] {
  return hasCompare ? ['banner', 'winners', 'compare'] : ['banner', 'winners'];
}

export interface FigureOptions {
  theme: Theme;
  /** The parts to draw, in the views' order, without repeats. */
  parts: FigurePart[];
  /** One sentence per refused value (empty when every value was understood). */
  problems: string[];
}

/** Read `theme` and `parts` (null: not given). Names are case-insensitive; spaces around commas are ignored. */
export function figureOptions(theme: string | null, parts: string | null, hasCompare: boolean): FigureOptions {
  const read = figureTheme(theme);
  const problems: string[] = read.problem === null ? [] : [read.problem];
  const all = figureParts();
  const isPart = (v: string): v is FigurePart => all.includes(v);
  let chosen = defaultParts(hasCompare);
  if (parts !== null) {
    const asked = parts.split(',').map((p) => p.trim().toLowerCase()).filter((p) => p !== '');
    if (asked.includes(ALL_PARTS)) chosen = [...all];
    else {
      const unknown = asked.filter((p) => !isPart(p));
      const known = asked.filter(isPart);
      if (unknown.length > 0) problems.push(`${unknown.length > 1 ? 'parts' : 'part'} ${unknown.map((u) => `“${short(u)}”`).join(', ')} ${unknown.length > 1 ? 'are' : 'is'} not among ${all.join(', ')} (or all)`);
      if (known.length > 0) chosen = known;
      else problems.push('no known part was named: the default parts are shown');
      if (known.includes('compare') && !hasCompare) problems.push('part “compare” was asked for, but this snapshot carries no second model');
    }
  }
  const set = new Set(chosen);
  return { theme: read.theme, parts: all.filter((p) => set.has(p) && (p !== 'compare' || hasCompare)), problems };
}

/** The query a link adds for these options (nothing for the defaults). */
export function figureQuery(theme: Theme, parts: readonly FigurePart[] | null): string {
  const q: string[] = [];
  if (theme !== 'auto') q.push(`theme=${theme}`);
  if (parts) q.push(`parts=${parts.join(',')}`);
  return q.map((p) => '&' + p).join('');
}
