// "Save figure as SVG / PNG": the Scorer's figure as a static image (for a paper, a newsletter, a
// slide), drawn as a card from the same snapshot the embed code carries, so the image, the iframe
// and the inline element show the same numbers.
import { useEffect, useRef, useState } from 'react';
import type { ScorerSnapshot } from '../../state/snapshot';
import { CardSvg } from '../common/CardSvg';
import { chartPngBlob, exportSvg } from '../common/exportChart';
import { downloadBlob } from '../common/download';
import { figureCard, type FigureCard } from '../embed/figureCard';

type ImageKind = 'svg' | 'png';
const CARD_WIDTH = 720;
const PNG_SCALE = 2;

export function FigureImageButtons(props: { snapshot: () => ScorerSnapshot | { why: string } }) {
  const [pending, setPending] = useState<{ card: FigureCard; kind: ImageKind } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  // The card is drawn off screen first (its layout measures text), then saved from the drawing.
  useEffect(() => {
    const el = box.current;
    if (!pending || !el) return;
    const name = `lengthlens-figure.${pending.kind}`;
    void (async () => {
      try {
        if (pending.kind === 'svg') exportSvg(el, name);
        else downloadBlob(await chartPngBlob(el, PNG_SCALE), name);
        setNote(`Saved ${name}.`);
      } catch (e) {
        setNote(`The image could not be made: ${e instanceof Error ? e.message : String(e)}.`);
      } finally {
        setPending(null);
      }
    })();
  }, [pending]);
  const save = (kind: ImageKind) => {
    const s = props.snapshot();
    if ('why' in s) {
      setNote(`No image yet: ${s.why}.`);
      return;
    }
    setNote(null);
    setPending({ card: figureCard(s), kind });
  };
  return (
    <>
      <button type="button" onClick={() => save('svg')} data-testid="save-figure-svg" disabled={pending !== null}>
        Figure as SVG
      </button>
      <button type="button" onClick={() => save('png')} data-testid="save-figure-png" disabled={pending !== null} aria-label="Figure as PNG">
        PNG
      </button>
      {note && (
        <span role="status" className="muted small" data-testid="figure-image-note">
          {note}
        </span>
      )}
      {pending && (
        <div ref={box} aria-hidden="true" style={{ position: 'absolute', left: -10_000, top: 0, width: CARD_WIDTH }}>
          <CardSvg id="scorer-figure" title={pending.card.title} takeaway={pending.card.takeaway} table={pending.card.table} foot={pending.card.foot} width={CARD_WIDTH} />
        </div>
      )}
    </>
  );
}
