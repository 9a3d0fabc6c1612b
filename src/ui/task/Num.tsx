import { fmt } from './format';

/**
 * A displayed number that also carries its full-precision value in `data-value`, so tests (and
 * anyone inspecting the page) can read the exact figure behind the rounded one.
 */
export function Num(props: { value: number | undefined; digits?: number; testId?: string; title?: string }) {
  const v = props.value;
  return (
    <span className="num" data-testid={props.testId} data-value={v === undefined ? '' : String(v)} title={props.title}>
      {fmt(v, props.digits ?? 4)}
    </span>
  );
}
