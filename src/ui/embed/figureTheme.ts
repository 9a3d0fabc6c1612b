// An embedded figure's `theme=light|dark|auto` (the app's first page reads it too, so it needs none
// of the figure's parts).

export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];

const isTheme = (v: string): v is Theme => (THEMES as readonly string[]).includes(v);

/** Read `theme` (null: not given), case-insensitive; a refused value gives auto and one sentence. */
export function figureTheme(theme: string | null): { theme: Theme; problem: string | null } {
  if (theme === null) return { theme: 'auto', problem: null };
  const v = theme.trim().toLowerCase();
  if (isTheme(v)) return { theme: v, problem: null };
  return { theme: 'auto', problem: `theme “${short(theme)}” is not one of ${THEMES.join(', ')}: auto is used` };
}

/** A refused value as quoted text, cut short (it came from a link). */
export function short(v: string): string {
  const chars = Array.from(v);
  return chars.length > 24 ? chars.slice(0, 23).join('') + '…' : v;
}

/** Put a theme on the element the figure's colours hang from (the page's root, or the element's wrapper). */
export function applyTheme(el: HTMLElement, theme: Theme): void {
  if (theme === 'auto') el.removeAttribute('data-theme');
  else el.setAttribute('data-theme', theme);
}
