// The app's stylesheets, rewritten for a figure's shadow root: what hangs from the page's root
// (:root, body) hangs from the figure's wrapper instead, and rem (the blog's root font size, which
// its stylesheet may set to anything) becomes the app's own 15 px.

/** The wrapper every figure's colours, font and theme hang from. */
export const ROOT_CLASS = 'll-root';
/** The app's root font size, in px (styles.css). */
const REM_PX = 15;

export function shadowCss(css: string): string {
  return css
    .replace(/:root/g, `.${ROOT_CLASS}`)
    .replace(/(^|[}\s,])body(?=\s*[{,])/g, `$1.${ROOT_CLASS}`)
    .replace(/(\d*\.?\d+)rem\b/g, (_, n: string) => `${+(Number(n) * REM_PX).toFixed(3)}px`);
}

/**
 * First: the host is a block, and the wrapper inherits nothing from the page (a blog's
 * `* { font: 30px serif !important }` reaches the element itself, and through it every inherited
 * property); the app's own rules then set the wrapper's font and colours.
 */
export const SHADOW_RESET = `:host { display: block; }\n:host([hidden]) { display: none; }\n.${ROOT_CLASS} { all: initial; display: block; }\n`;
