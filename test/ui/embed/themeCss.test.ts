// Forced themes: every dark block a stylesheet applies when the OS asks (and the figure's theme is
// not light) has a twin that theme=dark forces, with the same declarations; a stylesheet that
// follows the OS without the theme guard would paint a light-only blog's figure dark.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';

function cssFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? cssFiles(path.join(dir, e.name)) : e.name.endsWith('.css') ? [path.join(dir, e.name)] : []));
}

/** The rules inside `@media (prefers-color-scheme: dark) { … }`: selector → declarations. */
function darkMediaRules(css: string): { selector: string; body: string }[] {
  const out: { selector: string; body: string }[] = [];
  const re = /@media \(prefers-color-scheme: dark\) \{/g;
  for (let m = re.exec(css); m; m = re.exec(css)) {
    let depth = 1;
    let i = m.index + m[0].length;
    const start = i;
    while (depth > 0) depth += css[i] === '{' ? 1 : css[i] === '}' ? -1 : 0, i++;
    const inner = css.slice(start, i - 1);
    for (const r of inner.matchAll(/([^{}]+)\{([^{}]*)\}/g)) out.push({ selector: r[1].trim(), body: r[2] });
  }
  return out;
}

const decls = (body: string) => body.split(';').map((d) => d.trim().replace(/\s+/g, ' ')).filter(Boolean).sort();

describe('forced themes in every stylesheet', () => {
  const files = cssFiles(path.resolve('src/ui'));
  it('finds the stylesheets that follow the OS', () => {
    expect(files.filter((f) => darkMediaRules(fs.readFileSync(f, 'utf8')).length > 0).map((f) => path.basename(f)).sort()).toEqual(['lessons.css', 'styles.css', 'task.css']);
  });
  for (const file of files) {
    const css = fs.readFileSync(file, 'utf8');
    const rules = darkMediaRules(css);
    if (rules.length === 0) continue;
    it(`${path.basename(file)}: each OS-dark rule yields to theme=light and has a theme=dark twin`, () => {
      for (const r of rules) {
        expect(r.selector.startsWith(':root:not([data-theme=light])'), r.selector).toBe(true);
        const forced = r.selector.replace(':root:not([data-theme=light])', ':root[data-theme=dark]');
        const twin = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].find((m) => m[1].trim() === forced);
        expect(twin, `${forced} in ${path.basename(file)}`).toBeDefined();
        expect(decls(twin![2])).toEqual(decls(r.body));
      }
    });
  }
});
