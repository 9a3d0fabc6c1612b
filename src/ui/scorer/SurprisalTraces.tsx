// Per candidate, one bar per token: height and colour are its surprisal in bits on one scale
// shared by all candidates; hover or focus a bar for the token's details. Arrow keys move
// between tokens (one tab stop per candidate). After the tokens, an "end of word" bar: the bits of
// the word ending there (−word_final_logprob / ln 2), what acc_word adds to the raw sum.
import { useMemo, useState, type KeyboardEvent } from 'react';
import type { ItemScore, TokenScore } from '../../core/scoring/types';
import { tokenizerKindOf, type TokenizerKind } from '../../core/tokens/pieces';
import { ChartFrame } from '../common/ChartFrame';
import { ScrollX } from '../common/ScrollX';
import { RAMP_STOPS, rampColor } from './colors';
import { candidateLetter, fmt, LN2, pieceText, snippet, visible } from './format';

const BAR_H = 84;
const LABEL_H = 18;
const HEAD_H = 22;
const ROW_GAP = 12;
const LEGEND_H = 30;
const PAD = 8;
const CHAR_W = 7.3;
const MIN_W = 24;
const MAX_W = 110;

interface TokenBox {
  x: number;
  w: number;
  label: string;
  token: TokenScore;
}

interface RowLayout {
  y: number;
  boxes: TokenBox[];
  /** The end-of-word bar, where the word-final term was computed. */
  end?: { x: number; w: number; bits: number };
}

const END_LABEL = 'end of word';
const END_W = END_LABEL.length * CHAR_W + 8;

/** Bits of "a new word (or the end) follows" after a candidate; NaN where not computed. */
const endBits = (c: ItemScore['candidates'][number]) => (Number.isFinite(c.word_final_logprob) ? -c.word_final_logprob / LN2 : NaN);

function layoutRows(result: ItemScore): { rows: RowLayout[]; width: number; height: number } {
  let y = LEGEND_H + PAD;
  let width = 320;
  const rows = result.candidates.map((c) => {
    let x = PAD;
    const boxes = c.tokens.map((token) => {
      const full = visible(token.text || token.piece);
      const maxChars = Math.floor((MAX_W - 8) / CHAR_W);
      const label = full.length > maxChars ? full.slice(0, maxChars - 1) + '…' : full;
      const w = Math.min(MAX_W, Math.max(MIN_W, label.length * CHAR_W + 8));
      const box = { x, w, label, token };
      x += w + 2;
      return box;
    });
    const bits = endBits(c);
    const end = c.tokens.length > 0 && !Number.isNaN(bits) ? { x: x + 6, w: END_W, bits } : undefined;
    if (end) x = end.x + end.w + 2;
    // Room for the row's title line too (about 7 px per character at 12.5 px).
    const title = 40 + Math.min(60, Array.from(c.text).length) + 30;
    width = Math.max(width, x + PAD, PAD + title * 7);
    const row = { y, boxes, end };
    y += HEAD_H + BAR_H + LABEL_H + ROW_GAP;
    return row;
  });
  return { rows, width, height: y };
}

interface Tip {
  p: number;
  t: number;
  left: number;
  top: number;
}

export function SurprisalTraces(props: { result: ItemScore; indices: number[]; gold: number | null }) {
  const { result, indices } = props;
  const { rows, width, height } = useMemo(() => layoutRows(result), [result]);
  const kind = useMemo(() => tokenizerKindOf(result.candidates.flatMap((c) => c.tokens)), [result]);
  const maxBits = useMemo(() => {
    let m = 1;
    for (const c of result.candidates) {
      for (const t of c.tokens) if (Number.isFinite(t.bits)) m = Math.max(m, t.bits);
      if (Number.isFinite(endBits(c))) m = Math.max(m, endBits(c));
    }
    return m;
  }, [result]);
  const [active, setActive] = useState<number[]>([]);
  const [tip, setTip] = useState<Tip | null>(null);

  const show = (p: number, t: number, el: Element) => {
    const r = el.getBoundingClientRect();
    setTip({ p, t, left: r.left + r.width / 2, top: r.bottom + 6 });
  };
  const focusToken = (svg: SVGSVGElement | null, p: number, t: number) => {
    setActive((a) => {
      const next = a.slice();
      next[p] = t;
      return next;
    });
    const el = svg?.querySelector<SVGGElement>(`[data-token="${p}-${t}"]`);
    el?.focus();
  };
  const onKey = (e: KeyboardEvent<SVGGElement>, p: number, t: number) => {
    const svg = e.currentTarget.ownerSVGElement;
    const n = rows[p].boxes.length;
    let q = p;
    let u = t;
    if (e.key === 'ArrowRight') u = Math.min(n - 1, t + 1);
    else if (e.key === 'ArrowLeft') u = Math.max(0, t - 1);
    else if (e.key === 'Home') u = 0;
    else if (e.key === 'End') u = n - 1;
    else if (e.key === 'ArrowDown' && p + 1 < rows.length) (q = p + 1), (u = Math.min(t, rows[q].boxes.length - 1));
    else if (e.key === 'ArrowUp' && p > 0) (q = p - 1), (u = Math.min(t, rows[q].boxes.length - 1));
    else if (e.key === 'Escape') return setTip(null);
    else return;
    e.preventDefault();
    if (u >= 0) focusToken(svg, q, u);
  };

  const tipToken = tip ? result.candidates[tip.p]?.tokens[tip.t] : undefined;

  return (
    <ChartFrame
      title="Surprisal per token"
      filename="surprisal-traces"
      className="traces"
      note="Each bar is one token; taller and redder means more surprising (bits). Hover, or focus a bar and use the arrow keys, for the token's details and the model's top alternatives."
    >
      <ScrollX className="trace-scroll" label="Surprisal traces (scroll sideways)" onScroll={() => setTip(null)}>
        <svg width={width} height={height} role="group" aria-label="Surprisal per token, in bits, for each candidate" className="trace-svg">
          <defs>
            <linearGradient id="surprisal-ramp" x1="0" x2="1" y1="0" y2="0">
              {RAMP_STOPS.map((s) => (
                <stop key={s.offset} offset={s.offset} stopColor={s.color} />
              ))}
            </linearGradient>
          </defs>
          <g className="legend" aria-hidden="true">
            <text x={PAD} y={14} className="axis-text">0 bits</text>
            <rect x={PAD + 40} y={4} width={160} height={12} fill="url(#surprisal-ramp)" rx={2} />
            <text x={PAD + 206} y={14} className="axis-text">{fmt(maxBits, 1)} bits (shared scale)</text>
          </g>
          {rows.map((row, p) => {
            const c = result.candidates[p];
            const i = indices[p];
            const activeT = Math.min(active[p] ?? 0, Math.max(0, row.boxes.length - 1));
            return (
              <g key={p} transform={`translate(0, ${row.y})`} data-trace={i}>
                <text x={PAD} y={15} className="row-title">
                  {candidateLetter(i)}
                  {props.gold === i ? ' (gold)' : ''} · “{snippet(c.text, 60)}” · {fmt(-c.sum_logprob / LN2, 2)} bits in {c.n_tokens} token{c.n_tokens === 1 ? '' : 's'}
                </text>
                <line x1={PAD} x2={width - PAD} y1={HEAD_H + BAR_H} y2={HEAD_H + BAR_H} className="baseline" />
                {row.boxes.map((b, t) => {
                  const bits = Number.isFinite(b.token.bits) ? b.token.bits : maxBits;
                  const h = Math.max(1.5, (bits / maxBits) * BAR_H);
                  const straddles = t === 0 && c.boundary === 'merged';
                  return (
                    <g
                      key={t}
                      data-token={`${p}-${t}`}
                      tabIndex={t === activeT ? 0 : -1}
                      role="img"
                      aria-label={`${candidateLetter(i)}, token ${t + 1} of ${row.boxes.length}: “${b.token.text}”, ${fmt(b.token.bits, 2)} bits, rank ${b.token.rank}`}
                      className="token-bar"
                      onMouseEnter={(e) => show(p, t, e.currentTarget)}
                      onMouseLeave={() => setTip(null)}
                      onFocus={(e) => show(p, t, e.currentTarget)}
                      onBlur={() => setTip(null)}
                      onKeyDown={(e) => onKey(e, p, t)}
                    >
                      <rect x={b.x} y={HEAD_H} width={b.w} height={BAR_H} className="bar-hit" />
                      <rect
                        x={b.x}
                        y={HEAD_H + BAR_H - h}
                        width={b.w}
                        height={h}
                        fill={rampColor(bits / maxBits)}
                        className={straddles ? 'bar straddle' : 'bar'}
                      />
                      <text x={b.x + b.w / 2} y={HEAD_H + BAR_H + 13} textAnchor="middle" className="token-label">
                        {b.label}
                      </text>
                    </g>
                  );
                })}
                {row.end && (
                  <g className="end-bar" data-end={i} role="img" aria-label={`${candidateLetter(i)}: the word ends here (a new word or the end follows): ${fmt(row.end.bits, 2)} bits`}>
                    <title>{`The word ends after “${snippet(c.text, 40)}”: ${fmt(row.end.bits, 2)} bits (probability ${fmt(Math.exp(c.word_final_logprob), 3)} that a new word or the end follows). The whole-word sum adds these bits.`}</title>
                    <rect x={row.end.x} y={HEAD_H} width={row.end.w} height={BAR_H} className="bar-hit" />
                    <rect
                      x={row.end.x}
                      y={HEAD_H + BAR_H - Math.max(1.5, (Math.min(row.end.bits, maxBits) / maxBits) * BAR_H)}
                      width={row.end.w}
                      height={Math.max(1.5, (Math.min(row.end.bits, maxBits) / maxBits) * BAR_H)}
                      fill={rampColor(Math.min(row.end.bits, maxBits) / maxBits)}
                      className="bar end"
                    />
                    <text x={row.end.x + row.end.w / 2} y={HEAD_H + BAR_H + 13} textAnchor="middle" className="token-label end-label">
                      {END_LABEL}
                    </text>
                  </g>
                )}
              </g>
            );
          })}
        </svg>
      </ScrollX>
      {tip && tipToken && (
        <TokenTooltip token={tipToken} left={tip.left} top={tip.top} straddles={tip.t === 0 && result.candidates[tip.p].boundary === 'merged'} kind={kind} />
      )}
    </ChartFrame>
  );
}

function TokenTooltip(props: { token: TokenScore; left: number; top: number; straddles: boolean; kind: TokenizerKind }) {
  const t = props.token;
  const vw = typeof window === 'undefined' ? 1000 : window.innerWidth;
  const left = Math.max(8, Math.min(vw - 288, props.left - 140));
  return (
    <div className="token-tip" role="tooltip" style={{ left, top: props.top }} data-testid="token-tooltip">
      <div className="tip-head">
        <code>{visible(t.text || t.piece)}</code> <span className="muted">piece</span> <code>{t.piece}</code>
        {t.greedy && <span className="badge">greedy</span>}
      </div>
      <dl>
        <dt>bytes</dt>
        <dd>
          [{t.bytes[0]}, {t.bytes[1]}) · {t.bytes[1] - t.bytes[0]} B
        </dd>
        <dt>log-prob</dt>
        <dd>
          {fmt(t.logprob, 4)} nats · {fmt(t.bits, 3)} bits
        </dd>
        <dt>rank</dt>
        <dd>{t.rank}</dd>
        <dt>entropy</dt>
        <dd>
          {fmt(t.entropy / LN2, 3)} bits
        </dd>
      </dl>
      {props.straddles && (
        <p className="tip-note">
          This token also covers the end of the context (boundary merge)
          {t.weight !== undefined && t.weight !== 1 ? `; ${(t.weight * 100).toFixed(0)}% of its log-prob is counted for this answer` : ''}.
        </p>
      )}
      {t.top.length > 0 && (
        <table className="tip-top">
          <caption>top {t.top.length} alternatives</caption>
          <tbody>
            {t.top.map((a) => (
              <tr key={a.id} className={a.id === t.id ? 'actual' : undefined}>
                <td>
                  <code>{pieceText(a.piece, props.kind)}</code>
                </td>
                <td>{(a.prob * 100).toFixed(1)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
