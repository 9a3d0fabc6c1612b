// The entry of lengthlens-figure.js: defines <lengthlens-figure>. The engine (and the code that
// runs it) is loaded only when a reader presses "Run live", from the host that served this script.
import { defineFigureElement } from './ui/embed/FigureElement';

/** The app's folder on its host: this script sits at its root. */
const appBase = new URL('./', import.meta.url).href;

defineFigureElement(appBase, async () => {
  const [{ setAppBase }, live] = await Promise.all([import('./state/engine'), import('./ui/embed/liveRun')]);
  setAppBase(appBase);
  return live;
});
