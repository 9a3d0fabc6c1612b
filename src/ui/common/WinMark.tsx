// The star beside a winning score, with its words for a screen reader ("winner", or "winner under
// per char" where the table has a column per rule).
export function WinMark(props: { rule?: string }) {
  const under = props.rule === undefined ? '' : ` under ${props.rule}`;
  return (
    <span className="win-mark" title={props.rule === undefined ? undefined : `winner${under}`}>
      {' '}★<span className="sr-only"> winner{under}</span>
    </span>
  );
}
