// A card drawn as one SVG: a title, a takeaway, a table and a foot line, laid out for a width (text
// wraps and columns fit; nothing is scaled below a readable size unless the table cannot fit). The
// same picture is shown, saved as SVG or PNG and embedded: a lesson's summary card, a Scorer
// figure's static image.
import './card.css';

/** A card's table: a header row and rows of cells, all text. */
export interface CardTable {
  head: string[];
  rows: string[][];
}

const PAD = 20;
// A sans-serif character's mean width in ems (regular, bold): enough to wrap text and lay out columns.
const CHAR = 0.52;
const BOLD = 0.6;

const FONT = 'system-ui, sans-serif';
let measureCtx: CanvasRenderingContext2D | null | undefined;
/** A text's width in pixels at 13 px, measured where a canvas exists, estimated elsewhere. */
function cellWidth(text: string, bold: boolean): number {
  if (measureCtx === undefined) measureCtx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!measureCtx) return text.length * 13 * (bold ? BOLD : CHAR);
  measureCtx.font = `${bold ? '700 ' : ''}13px ${FONT}`;
  return measureCtx.measureText(text).width;
}

/** Greedy word wrap to a width in characters. */
export function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** Where a cell may break in two: at a space (dropped), or after a hyphen or a slash (kept). */
function breakInTwo(text: string, bold: boolean, width: (t: string, bold: boolean) => number): string[] {
  let best: string[] = [text];
  let bestW = width(text, bold);
  for (let i = 1; i < text.length - 1; i++) {
    const at = text[i] === ' ' ? [text.slice(0, i), text.slice(i + 1)] : '-/'.includes(text[i - 1]) && text[i] !== ' ' ? [text.slice(0, i), text.slice(i)] : null;
    if (!at || !at[0].trim() || !at[1].trim()) continue;
    const w = Math.max(width(at[0], bold), width(at[1], bold));
    if (w <= bestW) [best, bestW] = [[at[0].trimEnd(), at[1].trimStart()], w];
  }
  return best;
}

/** A card table laid out for a width: each cell as one or two lines, and the scale of its text. */
export interface CardTableLayout {
  head: string[][];
  rows: string[][][];
  /** Each column's width in pixels at scale 1, its 16 px gap included. */
  widths: number[];
  /** The text's scale (1 unless the table cannot fit even wrapped and cut). */
  k: number;
}

/**
 * Lays a table out within `avail` pixels: as it is when it fits; else the columns that gain most
 * are wrapped onto two lines (a header like "answer longer", a name like "FuseChat-Gemma-2-9B"),
 * one at a time until it fits; else it is scaled down, to 11 px at the least; below that the
 * widest column is cut with an ellipsis first. On a phone a card keeps readable text and whole row
 * labels.
 */
const MIN_SCALE = 11 / 13;
export function layoutCardTable(table: CardTable, avail: number, width: (text: string, bold: boolean) => number = cellWidth): CardTableLayout {
  const n = table.head.length;
  const wrapped = new Array<boolean>(n).fill(false);
  const build = () => ({
    head: table.head.map((h, j) => (wrapped[j] ? breakInTwo(h, true, width) : [h])),
    rows: table.rows.map((r) => table.head.map((_, j) => (wrapped[j] ? breakInTwo(r[j] ?? '', false, width) : [r[j] ?? '']))),
  });
  const colWidth = (l: { head: string[][]; rows: string[][][] }, j: number) =>
    Math.max(...l.head[j].map((t) => width(t, true)), ...l.rows.map((r) => Math.max(...r[j].map((t) => width(t, false))))) + 16;
  const total = (l: { head: string[][]; rows: string[][][] }) => l.head.reduce((sum, _, j) => sum + colWidth(l, j), 0);
  let l = build();
  while (total(l) > avail) {
    let gain = 0;
    let pick = -1;
    for (let j = 0; j < n; j++) {
      if (wrapped[j]) continue;
      wrapped[j] = true;
      const g = colWidth(l, j) - colWidth(build(), j);
      wrapped[j] = false;
      if (g > gain) [gain, pick] = [g, j];
    }
    if (pick < 0) break;
    wrapped[pick] = true;
    l = build();
  }
  // Text at 11 px or more is still readable: scale down that far before cutting any text.
  if (total(l) * MIN_SCALE > avail) {
    const ws = l.head.map((_, j) => colWidth(l, j));
    const widest = ws.indexOf(Math.max(...ws));
    const room = avail - (total(l) - ws[widest]) - 16;
    if (room > 60) {
      const cut = (text: string) => {
        let out = text;
        while (out.length > 1 && width(out, false) > room) out = out.slice(0, -2) + '…';
        return out;
      };
      l = { head: l.head, rows: l.rows.map((r) => r.map((c, j) => (j === widest ? c.map(cut) : c))) };
    }
  }
  const widths = l.head.map((_, j) => colWidth(l, j));
  return { ...l, widths, k: Math.min(1, avail / widths.reduce((a, b) => a + b, 0)) };
}

const LINE = 15;
/** A cell's text: one line as is (the SVG of a table that fits is unchanged), two as tspans 15 px apart. */
function cellLines(lines: string[], x: number) {
  if (lines.length === 1) return lines[0];
  return lines.map((line, m) => (
    <tspan key={m} x={x} dy={m === 0 ? 0 : LINE}>
      {line}
    </tspan>
  ));
}

export function CardSvg(props: { id: string; title: string; takeaway: string; table: CardTable; foot: string; width: number }) {
  const W = props.width;
  const titleLines = wrapText(props.title, Math.floor((W - 2 * PAD) / (18 * BOLD)));
  const lines = wrapText(props.takeaway, Math.floor((W - 2 * PAD) / (15 * CHAR)));
  const t = layoutCardTable(props.table, W - 2 * PAD);
  const k = t.k;
  const widths = t.widths;
  const xs = widths.reduce<number[]>((acc, w, j) => [...acc, j === 0 ? PAD : acc[j - 1] + widths[j - 1] * k], []);
  let y = PAD + 18;
  const titleY = y;
  y += (titleLines.length - 1) * 24 + 30;
  const takeY = y;
  y += (lines.length - 1) * 21 + 32;
  // A two-line header or row: its lines LINE px apart, headers aligned on their last line.
  const headLines = Math.max(...t.head.map((h) => h.length));
  const headY = y + (headLines - 1) * LINE;
  const rowYs = t.rows.reduce<number[]>((acc, r, i) => [...acc, (i === 0 ? headY : acc[i - 1] + (Math.max(...t.rows[i - 1].map((c) => c.length)) - 1) * LINE) + 24], []);
  const lastLines = t.rows.length ? Math.max(...t.rows[t.rows.length - 1].map((c) => c.length)) : 1;
  const footY = (t.rows.length ? rowYs[rowYs.length - 1] + (lastLines - 1) * LINE : headY) + 34;
  const H = footY + PAD - 4;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={`${props.title}: ${props.takeaway}`} className="card-svg" style={{ maxWidth: W, fontFamily: FONT }}>
      <clipPath id={`card-clip-${props.id}`}>
        <rect x={0} y={0} width={W} height={H} rx={10} />
      </clipPath>
      <g clipPath={`url(#card-clip-${props.id})`}>
        <rect x={0} y={0} width={W} height={H} className="card-bg" />
        <rect x={0} y={0} width={6} height={H} className="card-accent" />
      </g>
      <rect x={0.5} y={0.5} width={W - 1} height={H - 1} rx={10} className="card-frame" />
      <text x={PAD} y={titleY} className="card-fg" fontSize={18} fontWeight={700}>
        {titleLines.map((l, i) => (
          <tspan key={i} x={PAD} dy={i === 0 ? 0 : 24}>
            {l}
          </tspan>
        ))}
      </text>
      <text x={PAD} y={takeY} className="card-fg" fontSize={15}>
        {lines.map((l, i) => (
          <tspan key={i} x={PAD} dy={i === 0 ? 0 : 21}>
            {l}
          </tspan>
        ))}
      </text>
      {t.head.map((h, j) => (
        <text key={j} x={xs[j]} y={headY - (h.length - 1) * LINE} className="card-muted" fontSize={13 * k} fontWeight={700}>
          {cellLines(h, xs[j])}
        </text>
      ))}
      <line x1={PAD} x2={W - PAD} y1={headY + 8} y2={headY + 8} className="card-rule" />
      {t.rows.map((r, i) =>
        r.map((c, j) => (
          <text key={`${i}-${j}`} x={xs[j]} y={rowYs[i]} className="card-fg" fontSize={13 * k}>
            {cellLines(c, xs[j])}
          </text>
        )),
      )}
      <text x={PAD} y={footY} className="card-muted" fontSize={12}>
        {props.foot}
      </text>
    </svg>
  );
}

