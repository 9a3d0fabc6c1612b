// What an embedded figure shows and in which colours: `theme=light|dark|auto` and
// `parts=banner,winners,…`, read from an iframe link's query or an element's attributes. A wrong
// value never hides the figure: it falls back to the default and says which value was refused.

export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];

/**
 * The parts of a Scorer figure, in the order they are drawn: the one-sentence banner, the
 * winner-per-rule table, the full table of every quantity, the per-token surprisal traces, the
 * cumulative cost chart, and the second model's comparison.
 */
export const FIGURE_PARTS = ['banner', 'winners', 'table', 'traces', 'chart', 'compare'] as const;
export type FigurePart = (typeof FIGURE_PARTS)[number];

/** `parts=all`: every part there is. */
export const ALL_PARTS = 'all';

/** The compact default for a blog: the banner and who wins under each rule (and the comparison a snapshot carries). */
export function defaultParts(hasCompare: boolean): FigurePart[] {
  return hasCompare ? ['banner', 'winners', 'compare'] : ['banner', 'winners'];
}

export interface FigureOptions {
  theme: Theme;
  /** The parts to draw, in FIGURE_PARTS order, without repeats. */
  parts: FigurePart[];
  /** One sentence per refused value (empty when every value was understood). */
  problems: string[];
}

const isTheme = (v: string): v is Theme => (THEMES as readonly string[]).includes(v);
const isPart = (v: string): v is FigurePart => (FIGURE_PARTS as readonly string[]).includes(v);

/** Read `theme` and `parts` (null: not given). Names are case-insensitive; spaces around commas are ignored. */
export function figureOptions(theme: string | null, parts: string | null, hasCompare: boolean): FigureOptions {
  const problems: string[] = [];
  let t: Theme = 'auto';
  if (theme !== null) {
    const v = theme.trim().toLowerCase();
    if (isTheme(v)) t = v;
    else problems.push(`theme “${short(theme)}” is not one of ${THEMES.join(', ')}: auto is used`);
  }
  let chosen = defaultParts(hasCompare);
  if (parts !== null) {
    const asked = parts.split(',').map((p) => p.trim().toLowerCase()).filter((p) => p !== '');
    if (asked.includes(ALL_PARTS)) chosen = [...FIGURE_PARTS];
    else {
      const unknown = asked.filter((p) => !isPart(p));
      const known = asked.filter(isPart);
      if (unknown.length > 0) problems.push(`${unknown.length > 1 ? 'parts' : 'part'} ${unknown.map((u) => `“${short(u)}”`).join(', ')} ${unknown.length > 1 ? 'are' : 'is'} not among ${FIGURE_PARTS.join(', ')} (or all)`);
      if (known.length > 0) chosen = known;
      else problems.push('no known part was named: the default parts are shown');
      if (known.includes('compare') && !hasCompare) problems.push('part “compare” was asked for, but this snapshot carries no second model');
    }
  }
  const set = new Set(chosen);
  return { theme: t, parts: FIGURE_PARTS.filter((p) => set.has(p) && (p !== 'compare' || hasCompare)), problems };
}

/** A refused value as quoted text, cut short (it came from a link). */
function short(v: string): string {
  const chars = Array.from(v);
  return chars.length > 24 ? chars.slice(0, 23).join('') + '…' : v;
}

/** The query a link adds for these options (nothing for the defaults). */
export function figureQuery(theme: Theme, parts: readonly FigurePart[] | null): string {
  const q: string[] = [];
  if (theme !== 'auto') q.push(`theme=${theme}`);
  if (parts) q.push(`parts=${parts.join(',')}`);
  return q.map((p) => '&' + p).join('');
}

/** Put a theme on the element the figure's colours hang from (the page's root, or the element's wrapper). */
export function applyTheme(el: HTMLElement, theme: Theme): void {
  if (theme === 'auto') el.removeAttribute('data-theme');
  else el.setAttribute('data-theme', theme);
}
