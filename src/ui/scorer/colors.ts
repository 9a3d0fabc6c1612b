// Colours: one shared sequential ramp for surprisal (low = teal, high = deep red; readable on
// light and dark backgrounds) and a categorical palette for candidates.

const RAMP: [number, number, number][] = [
  [42, 157, 143],
  [138, 177, 125],
  [233, 196, 106],
  [244, 162, 97],
  [231, 111, 81],
  [155, 34, 38],
];

/** Colour of a value t in [0, 1] on the surprisal ramp. */
export function rampColor(t: number): string {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 1)) * (RAMP.length - 1);
  const i = Math.min(RAMP.length - 2, Math.floor(x));
  const f = x - i;
  const c = RAMP[i].map((v, k) => Math.round(v + f * (RAMP[i + 1][k] - v)));
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
}

/** Relative luminance (WCAG 2) of an "rgb(r, g, b)" or "#rrggbb" colour. */
function luminance(color: string): number {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  const rgb = m ? m.slice(1).map((h) => parseInt(h, 16)) : (color.match(/\d+/g) ?? ['0', '0', '0']).slice(0, 3).map(Number);
  const lin = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
}

/** Black or white, whichever contrasts more with `background` (text on a ramp colour stays readable at every value). */
export function textOn(background: string): string {
  const l = luminance(background);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

export const RAMP_STOPS = RAMP.map((_, i) => ({ offset: i / (RAMP.length - 1), color: rampColor(i / (RAMP.length - 1)) }));

/** Okabe–Ito-style palette: distinguishable with common colour-vision deficiencies. */
const PALETTE = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#8c6d31', '#7f7f7f'];

export const candidateColor = (i: number) => PALETTE[i % PALETTE.length];
