// The app's stylesheets in a figure's shadow root: root rules move to the wrapper, rem to px.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { shadowCss } from '../../../src/ui/embed/shadowCss';

describe('shadowCss', () => {
  it('moves :root and body rules to the wrapper and turns rem into the app’s 15 px', () => {
    expect(shadowCss(':root { --bg: #fff; }\n@media (prefers-color-scheme: dark) {\n  :root:not([data-theme=light]) { --bg: #000; }\n}\n:root[data-theme=dark] { --bg: #000; }')).toBe(
      '.ll-root { --bg: #fff; }\n@media (prefers-color-scheme: dark) {\n  .ll-root:not([data-theme=light]) { --bg: #000; }\n}\n.ll-root[data-theme=dark] { --bg: #000; }',
    );
    expect(shadowCss('body { margin: 0; }\n.x, body{ color: red }\n.body-text { margin: 0.3rem 1rem .5rem 1.25rem; }')).toBe('.ll-root { margin: 0; }\n.x, .ll-root{ color: red }\n.body-text { margin: 4.5px 15px 7.5px 18.75px; }');
  });

  it('leaves no :root, body rule or rem in the figure’s stylesheets', () => {
    for (const f of ['src/ui/styles.css', 'src/ui/scorer/scorer.css', 'src/ui/scorer/compare.css']) {
      const css = shadowCss(fs.readFileSync(f, 'utf8'));
      expect(css, f).not.toMatch(/:root|(^|[}\s,])body\s*[{,]|\d(rem)\b/);
    }
  });
});
