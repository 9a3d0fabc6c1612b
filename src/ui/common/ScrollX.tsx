// A region that scrolls sideways when its content is wider, and shows that it does: a shaded
// edge on each side that has more, and a line naming how many table columns are out of view.
// A figure embedded in a narrow column (a blog's 720 px, a phone) keeps every column reachable.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

interface Overflow {
  left: boolean;
  right: boolean;
  /** Header cells of a table inside that are not wholly in view. */
  hiddenColumns: number;
}

const NONE: Overflow = { left: false, right: false, hiddenColumns: 0 };

function measure(el: HTMLElement): Overflow {
  const left = el.scrollLeft > 1;
  const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
  if (!left && !right) return NONE;
  const box = el.getBoundingClientRect();
  let hiddenColumns = 0;
  el.querySelectorAll('thead tr:last-child > th').forEach((th) => {
    const r = th.getBoundingClientRect();
    if (r.right > box.right + 1 || r.left < box.left - 1) hiddenColumns++;
  });
  return { left, right, hiddenColumns };
}

export function ScrollX(props: { className?: string; label: string; children: ReactNode; testId?: string; onScroll?(): void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [o, setO] = useState<Overflow>(NONE);
  const update = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const next = measure(el);
    setO((prev) => (prev.left === next.left && prev.right === next.right && prev.hiddenColumns === next.hiddenColumns ? prev : next));
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(update);
    ro.observe(el);
    if (el.firstElementChild) ro.observe(el.firstElementChild);
    return () => ro.disconnect();
  }, [update]);
  useEffect(update);
  const more = o.left || o.right;
  return (
    <div className="scroll-x" data-more-left={o.left || undefined} data-more-right={o.right || undefined} data-testid={props.testId}>
      {/* Focusable so that a keyboard can scroll it too. */}
      <div ref={ref} className={`scroll-x-body ${props.className ?? ''}`} onScroll={() => {
          update();
          props.onScroll?.();
        }} tabIndex={more ? 0 : undefined} role={more ? 'region' : undefined} aria-label={more ? props.label : undefined}>
        {props.children}
      </div>
      {more && (
        <p className="scroll-x-hint muted small" data-testid="scroll-hint">
          {o.left && '← '}
          {o.hiddenColumns > 0 ? `${o.hiddenColumns} more column${o.hiddenColumns === 1 ? '' : 's'}: scroll sideways` : 'Scroll sideways for the rest'}
          {o.right && ' →'}
        </p>
      )}
    </div>
  );
}
