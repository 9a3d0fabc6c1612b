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

export function CardSvg(props: { id: string; title: string; takeaway: string; table: CardTable; foot: string; width: number }) {
  const W = props.width;
  const titleLines = wrapText(props.title, Math.floor((W - 2 * PAD) / (18 * BOLD)));
  const lines = wrapText(props.takeaway, Math.floor((W - 2 * PAD) / (15 * CHAR)));
  // Columns as wide as their longest cell. Where the table would not fit, the first column (the
  // labels) is cut with an ellipsis first, and only then is everything scaled down together.
  const avail = W - 2 * PAD;
  const colWidth = (tb: CardTable, j: number) => Math.max(cellWidth(tb.head[j], true), ...tb.rows.map((r) => cellWidth(r[j] ?? '', false))) + 16;
  let t = props.table;
  const rest = t.head.slice(1).reduce((sum, _, j) => sum + colWidth(t, j + 1), 0);
  const room = avail - rest - 16;
  if (colWidth(t, 0) > avail - rest && room > 70) {
    const cut = (text: string) => {
      let out = text;
      while (out.length > 1 && cellWidth(out, false) > room) out = out.slice(0, -2) + '…';
      return out;
    };
    t = { head: t.head, rows: t.rows.map((r) => [cut(r[0]), ...r.slice(1)]) };
  }
  const widths = t.head.map((_, j) => colWidth(t, j));
  const total = widths.reduce((a, b) => a + b, 0);
  const k = Math.min(1, avail / total);
  const xs = widths.reduce<number[]>((acc, w, j) => [...acc, j === 0 ? PAD : acc[j - 1] + widths[j - 1] * k], []);
  let y = PAD + 18;
  const titleY = y;
  y += (titleLines.length - 1) * 24 + 30;
  const takeY = y;
  y += (lines.length - 1) * 21 + 32;
  const headY = y;
  const rowY = (i: number) => headY + 24 * (i + 1);
  const footY = rowY(t.rows.length - 1) + 34;
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
        <text key={j} x={xs[j]} y={headY} className="card-muted" fontSize={13 * k} fontWeight={700}>
          {h}
        </text>
      ))}
      <line x1={PAD} x2={W - PAD} y1={headY + 8} y2={headY + 8} className="card-rule" />
      {t.rows.map((r, i) =>
        r.map((c, j) => (
          <text key={`${i}-${j}`} x={xs[j]} y={rowY(i)} className="card-fg" fontSize={13 * k}>
            {c}
          </text>
        )),
      )}
      <text x={PAD} y={footY} className="card-muted" fontSize={12}>
        {props.foot}
      </text>
    </svg>
  );
}

