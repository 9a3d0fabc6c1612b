// Inside an iframe: tell the embedding page how tall the view is, so its iframe can fit it.
import { useEffect } from 'react';
import { HEIGHT_MESSAGE } from './embedCode';

export function useReportHeight(enabled: boolean) {
  useEffect(() => {
    if (!enabled || window.parent === window) return;
    // The height is not a secret and the embedding page's origin is unknown here: the snippet's
    // listener checks that the message comes from this app's origin and from its own iframe.
    const post = () => window.parent.postMessage({ type: HEIGHT_MESSAGE, height: Math.ceil(document.body.getBoundingClientRect().height) }, '*');
    const ro = new ResizeObserver(post);
    ro.observe(document.body);
    post();
    return () => ro.disconnect();
  }, [enabled]);
}
