// `?embed=1#snap=<payload>` (and `&theme=…&parts=…`): a Scorer figure in an iframe, rendered at once
// from the snapshot its link carries, with no model download; it tells the embedding page its height.
import { useMemo } from 'react';
import { decodeSnapshot, SNAPSHOT_HASH_PREFIX } from '../../state/snapshot';
import { figureOptions } from './figureOptions';
import { SnapshotFigure } from './SnapshotFigure';
import { useReportHeight } from './useReportHeight';
import '../scorer/scorer.css';
import '../scorer/compare.css';

export default function SnapshotEmbed() {
  const parsed = useMemo(() => decodeSnapshot(window.location.hash.slice(SNAPSHOT_HASH_PREFIX.length)), []);
  const options = useMemo(() => {
    const q = new URLSearchParams(window.location.search);
    return figureOptions(q.get('theme'), q.get('parts'), parsed.ok && parsed.snapshot.kind === 'scorer' && !!parsed.snapshot.compare);
  }, [parsed]);
  useReportHeight(true);
  return <SnapshotFigure parsed={parsed} options={options} openHref={window.location.pathname} />;
}
