import { useRef, useState, type ReactNode } from 'react';
import { exportPng, exportSvg } from './exportChart';

/** A titled chart with PNG and SVG export buttons and a one-line note on what to see. */
export function ChartFrame(props: { title: string; filename: string; note?: ReactNode; children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (kind: 'png' | 'svg') => {
    setError(null);
    try {
      if (!ref.current) return;
      if (kind === 'svg') exportSvg(ref.current, props.filename);
      else await exportPng(ref.current, props.filename);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <figure className={`chart-frame ${props.className ?? ''}`} aria-label={props.title}>
      <figcaption>
        <strong>{props.title}</strong>
        <span className="chart-actions">
          <button type="button" onClick={() => run('png')} aria-label={`Export ${props.title} as PNG`}>PNG</button>
          <button type="button" onClick={() => run('svg')} aria-label={`Export ${props.title} as SVG`}>SVG</button>
        </span>
      </figcaption>
      <div ref={ref} className="chart-body">{props.children}</div>
      {props.note && <p className="chart-note muted">{props.note}</p>}
      {error && <p className="error" role="alert">{error}</p>}
    </figure>
  );
}
