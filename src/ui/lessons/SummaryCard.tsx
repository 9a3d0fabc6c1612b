// A lesson's summary card: its takeaway and key table drawn as one SVG (so the same picture is
// shown, saved as a PNG and embedded), written from the live facts of the lesson's key step.
import { useEffect, useRef, useState } from 'react';
import { chartPngBlob } from '../common/exportChart';
import { downloadBlob } from '../common/download';
import { copyText, embedSnippet } from '../embed/embedCode';
import { lessonCardHash, lessonHash } from '../route';
import { CARDS, type CardTable } from './cards';
import type { Lesson } from './types';
import { needsModel, useFacts } from './useFacts';

/** The card's widest layout, in CSS pixels; narrower screens get a layout of their own width (never scaled-down text). */
const MAX_W = 560;
const MIN_W = 300;
const PAD = 20;
// A sans-serif character's mean width in ems (regular, bold): enough to wrap text and lay out columns.
const CHAR = 0.52;
const BOLD = 0.6;
const PNG_WIDTH = 1120;

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

function CardSvg(props: { id: string; title: string; takeaway: string; table: CardTable; foot: string; width: number }) {
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

export function SummaryCard(props: { lesson: Lesson; embed?: boolean }) {
  const { lesson } = props;
  const embed = props.embed ?? false;
  const card = CARDS[lesson.id];
  const step = lesson.steps.find((s) => s.id === card?.step);
  const { state, runLive } = useFacts(step?.widget ?? { kind: 'judge', params: {} }, !embed, null);
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(MAX_W);
  useEffect(() => {
    const el = frame.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver((entries) => setWidth(Math.max(MIN_W, Math.min(MAX_W, Math.floor(entries[0].contentRect.width)))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const [note, setNote] = useState<string | null>(null);
  const [embedText, setEmbedText] = useState<string | null>(null);
  if (!card || !step) return null;
  const table = state.status === 'ready' ? card.table(state.facts) : null;
  const model = state.status === 'ready' && state.model ? ` · live on ${state.model.id}` : state.status === 'ready' && state.facts.kind === 'audit' ? ' · AlpacaEval 2 data' : state.status === 'ready' && state.facts.kind === 'judge' ? ` · simulated judge, seed ${state.facts.params.seed}` : '';
  const savePng = async () => {
    const svg = box.current?.querySelector('svg');
    if (!box.current || !svg) return;
    try {
      const blob = await chartPngBlob(box.current, PNG_WIDTH / svg.getBoundingClientRect().width);
      downloadBlob(blob, `lengthlens-${lesson.id}-card.png`);
      setNote(`Saved lengthlens-${lesson.id}-card.png (${Math.round(blob.size / 1024)} KB).`);
    } catch (e) {
      setNote(`The PNG could not be made: ${e instanceof Error ? e.message : String(e)}.`);
    }
  };
  const copyEmbed = async () => {
    const url = `${window.location.origin + window.location.pathname}?embed=1${lessonCardHash(lesson.id)}`;
    const text = embedSnippet(url, `lengthlens lesson card: ${lesson.title}`);
    setEmbedText(text);
    setNote((await copyText(text)) ? 'Embed code copied.' : 'Select and copy the embed code above.');
  };
  return (
    <section ref={frame} className="summary-card panel" aria-label={`Summary card: ${lesson.title}`} data-testid="summary-card" data-lesson={lesson.id}>
      {!embed && <h3>Summary card</h3>}
      {embed && needsModel(step.widget) && state.status === 'idle' && (
        <p>
          This card runs the language model stories260K in your browser.{' '}
          <button type="button" className="primary" onClick={runLive} data-testid="run-live">
            Load the model and run
          </button>
        </p>
      )}
      {state.status === 'loading' && <p className="muted" data-testid="facts-loading">Computing on the live model…</p>}
      {state.status === 'error' && (
        <p className="error" role="alert">
          {state.message}
        </p>
      )}
      {table && (
        <div ref={box} className="card-box" data-testid="card-figure">
          <CardSvg id={lesson.id} title={lesson.title} takeaway={card.takeaway} table={table} foot={`lengthlens lessons${model}`} width={width} />
        </div>
      )}
      {table && !embed && (
        <div className="share-bar" role="group" aria-label="Share this card">
          <button type="button" onClick={savePng} data-testid="card-png">
            Download PNG
          </button>
          <button type="button" onClick={copyEmbed} data-testid="card-embed">
            Copy embed code
          </button>
          {embedText && (
            <div className="share-out">
              <label>
                <span className="sr-only">Embed code</span>
                <textarea readOnly value={embedText} rows={3} onFocus={(e) => e.currentTarget.select()} data-testid="card-embed-text" />
              </label>
            </div>
          )}
          {note && (
            <span role="status" className="muted" data-testid="card-note">
              {note}
            </span>
          )}
        </div>
      )}
      {embed && (
        <p className="embed-foot muted small">
          <a href={window.location.pathname + lessonHash(lesson.id, 0)} target="_blank" rel="noopener">
            Open this lesson in lengthlens
          </a>
        </p>
      )}
    </section>
  );
}
