// Cumulative cost in bits against content bytes, all candidates on one plot. Each token's bits
// are spread over its bytes, so the first token's jump (the fixed cost of starting an answer)
// shows as the steep opening segment.
import { useMemo } from 'react';
import type { CandidateScore, ItemScore } from '../../core/scoring/types';
import { contentByteCosts } from '../../core/bpb/perByteCost';
import { ChartFrame } from '../common/ChartFrame';
import { candidateColor } from './colors';
import { candidateLetter, fmt, snippet } from './format';

const W = 640;
const H = 280;
const M = { left: 52, right: 16, top: 14, bottom: 40 };
/** The legend's band below the plot (one row per candidate), so that no line runs under it. */
const LEGEND_ROW = 18;

interface Series {
  i: number;
  points: [number, number][];
  firstTokenEnd: [number, number] | null;
  text: string;
}

/** Cumulative bits at each content byte, 0 at byte 0. */
export function cumulativeCurve(c: CandidateScore): { points: [number, number][]; firstTokenEnd: [number, number] | null } {
  const leadingSpace = c.continuation.startsWith(' ');
  const tokens = c.tokens.map((t) => [t.bits, t.bytes[1] - t.bytes[0]] as const);
  const r = contentByteCosts(tokens, leadingSpace, 'eval-framework');
  const points: [number, number][] = [[0, 0]];
  let acc = 0;
  r.forEach((v, k) => {
    acc += v;
    points.push([k + 1, acc]);
  });
  // Where the first token with content bytes ends, in content bytes.
  let firstEnd = 0;
  for (const t of c.tokens) {
    const end = t.bytes[1] - (leadingSpace ? 1 : 0);
    if (end > 0) {
      firstEnd = Math.min(end, r.length);
      break;
    }
  }
  return { points, firstTokenEnd: firstEnd > 0 ? points[firstEnd] : null };
}

function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0];
  const raw = max / count;
  const mag = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const ticks: number[] = [];
  for (let v = 0; v <= max + 1e-9; v += step) ticks.push(Number(v.toFixed(10)));
  return ticks;
}

export function CumulativeCostChart(props: { result: ItemScore; indices: number[] }) {
  const series: Series[] = useMemo(
    () =>
      props.result.candidates.map((c, p) => ({ i: props.indices[p], text: c.text, ...cumulativeCurve(c) })),
    [props.result, props.indices],
  );
  const finite = series.flatMap((s) => s.points).filter(([, y]) => Number.isFinite(y));
  const maxX = Math.max(1, ...finite.map(([x]) => x));
  const maxY = Math.max(1, ...finite.map(([, y]) => y));
  const xTicks = niceTicks(maxX, 6);
  const yTicks = niceTicks(maxY, 5);
  const xMax = Math.max(maxX, xTicks[xTicks.length - 1]);
  const yMax = Math.max(maxY, yTicks[yTicks.length - 1]);
  const sx = (x: number) => M.left + (x / xMax) * (W - M.left - M.right);
  const sy = (y: number) => H - M.bottom - (Math.min(y, yMax) / yMax) * (H - M.top - M.bottom);
  const height = H + 6 + series.length * LEGEND_ROW;

  return (
    <ChartFrame
      title="Cumulative cost by byte"
      filename="cumulative-cost"
      className="cumcost"
      note="Bits spent so far against content bytes (a leading space is not content). The dot marks where each answer's first token ends: that opening jump is paid once, so dividing by length forgives it more for long answers."
    >
      <svg viewBox={`0 0 ${W} ${height}`} width="100%" role="img" aria-label="Cumulative bits against content bytes, one line per candidate" className="cum-svg" preserveAspectRatio="xMinYMin meet">
        {yTicks.map((v) => (
          <g key={`y${v}`}>
            <line x1={M.left} x2={W - M.right} y1={sy(v)} y2={sy(v)} className="grid" />
            <text x={M.left - 6} y={sy(v) + 4} textAnchor="end" className="axis-text">{fmt(v, v % 1 ? 1 : 0)}</text>
          </g>
        ))}
        {xTicks.map((v) => (
          <g key={`x${v}`}>
            <line x1={sx(v)} x2={sx(v)} y1={H - M.bottom} y2={H - M.bottom + 4} className="axis" />
            <text x={sx(v)} y={H - M.bottom + 16} textAnchor="middle" className="axis-text">{v}</text>
          </g>
        ))}
        <line x1={M.left} x2={W - M.right} y1={H - M.bottom} y2={H - M.bottom} className="axis" />
        <line x1={M.left} x2={M.left} y1={M.top} y2={H - M.bottom} className="axis" />
        <text x={(M.left + W - M.right) / 2} y={H - 6} textAnchor="middle" className="axis-title">content bytes</text>
        <text transform={`translate(14 ${(M.top + H - M.bottom) / 2}) rotate(-90)`} textAnchor="middle" className="axis-title">cumulative bits</text>
        {series.map((s) => (
          <g key={s.i} data-series={s.i}>
            <polyline
              points={s.points.filter(([, y]) => Number.isFinite(y)).map(([x, y]) => `${sx(x)},${sy(y)}`).join(' ')}
              fill="none"
              stroke={candidateColor(s.i)}
              strokeWidth={2}
              strokeLinejoin="round"
            />
            {s.firstTokenEnd && Number.isFinite(s.firstTokenEnd[1]) && (
              <circle cx={sx(s.firstTokenEnd[0])} cy={sy(s.firstTokenEnd[1])} r={4} fill={candidateColor(s.i)} stroke="var(--bg)" strokeWidth={1.5}>
                <title>
                  {candidateLetter(s.i)}: first token ends at byte {s.firstTokenEnd[0]}, {fmt(s.firstTokenEnd[1], 2)} bits
                </title>
              </circle>
            )}
          </g>
        ))}
        <g className="legend" transform={`translate(${M.left}, ${H + 2})`}>
          {series.map((s, k) => (
            <g key={s.i} transform={`translate(0, ${k * LEGEND_ROW})`}>
              <rect width={12} height={3} y={5} fill={candidateColor(s.i)} />
              <text x={18} y={10} className="axis-text">
                {candidateLetter(s.i)} “{snippet(s.text, 30)}”
              </text>
            </g>
          ))}
        </g>
      </svg>
    </ChartFrame>
  );
}
