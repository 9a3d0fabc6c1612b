// A lesson's summary card: its takeaway and key table drawn as one SVG (so the same picture is
// shown, saved as a PNG and embedded), written from the live facts of the lesson's key step.
import { useEffect, useRef, useState } from 'react';
import { chartPngBlob } from '../common/exportChart';
import { downloadBlob } from '../common/download';
import { copyText, embedSnippet } from '../embed/embedCode';
import { lessonCardHash, lessonHash } from '../route';
import { CARDS } from './cards';
import { CardSvg } from '../common/CardSvg';
import type { Lesson } from './types';
import { needsModel, useFacts } from './useFacts';

/** The card's widest layout, in CSS pixels; narrower screens get a layout of their own width (never scaled-down text). */
const MAX_W = 560;
const MIN_W = 300;
const PNG_WIDTH = 1120;
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
