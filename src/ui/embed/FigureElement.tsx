// <lengthlens-figure>: a Scorer figure inlined in any page (a blog post, a static site generator's
// raw HTML), drawn in a shadow root so that the page's CSS neither breaks it nor is changed by it.
// It carries the same snapshot an embed link carries: `snapshot="<payload>"`, or a
// `<script type="application/json">` child holding the snapshot's JSON (or the payload as a JSON
// string); `theme` and `parts` as the iframe's link. Nothing is downloaded for the model until a
// reader presses "Run live": then the engine (its Worker, ONNX Runtime, the model) comes from the
// host that served this script, once for every figure on the page.
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { decodeSnapshot, decodeSnapshotJson, type SnapshotParse } from '../../state/snapshot';
import { applyTheme, figureOptions } from './figureOptions';
import { SnapshotFigure } from './SnapshotFigure';
import { ROOT_CLASS, SHADOW_RESET, shadowCss } from './shadowCss';
import appCss from '../styles.css?inline';
import scorerCss from '../scorer/scorer.css?inline';
import compareCss from '../scorer/compare.css?inline';

export const FIGURE_TAG = 'lengthlens-figure';

let sheet: CSSStyleSheet | null = null;
/** One stylesheet object shared by every figure's shadow root. */
function figureSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(SHADOW_RESET + shadowCss(appCss + '\n' + scorerCss + '\n' + compareCss));
  }
  return sheet;
}

/** The snapshot an element carries: its attribute, else its JSON child. */
function snapshotOf(el: HTMLElement): SnapshotParse {
  const attr = el.getAttribute('snapshot');
  if (attr !== null) return decodeSnapshot(attr.trim());
  const json = el.querySelector(':scope > script[type="application/json"]');
  if (json) return decodeSnapshotJson(json.textContent ?? '');
  return { ok: false, error: 'the element carries no snapshot (a snapshot attribute, or a <script type="application/json"> child)' };
}

export function defineFigureElement(appBase: string, loadLive: NonNullable<Parameters<typeof SnapshotFigure>[0]['loadLive']>): void {
  if (customElements.get(FIGURE_TAG)) return;
  customElements.define(
    FIGURE_TAG,
    class extends HTMLElement {
      static observedAttributes = ['snapshot', 'theme', 'parts'];
      #root: Root | null = null;
      #wrapper: HTMLDivElement | null = null;

      connectedCallback() {
        if (!this.#root) {
          const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
          shadow.adoptedStyleSheets = [figureSheet()];
          this.#wrapper = document.createElement('div');
          this.#wrapper.className = ROOT_CLASS;
          shadow.replaceChildren(this.#wrapper);
          this.#root = createRoot(this.#wrapper);
        }
        this.#render();
      }

      attributeChangedCallback() {
        if (this.#root) this.#render();
      }

      disconnectedCallback() {
        // A figure moved within the page is connected again at once: unmount only if it stays out.
        queueMicrotask(() => {
          if (!this.isConnected && this.#root) {
            this.#root.unmount();
            this.#root = null;
          }
        });
      }

      #render() {
        const parsed = snapshotOf(this);
        const options = figureOptions(this.getAttribute('theme'), this.getAttribute('parts'), parsed.ok && parsed.snapshot.kind === 'scorer' && !!parsed.snapshot.compare);
        applyTheme(this.#wrapper!, options.theme);
        this.#root!.render(
          <StrictMode>
            <SnapshotFigure parsed={parsed} options={options} openHref={appBase} loadLive={loadLive} />
          </StrictMode>,
        );
      }
    },
  );
}
