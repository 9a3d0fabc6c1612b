// The iframe snippet an author pastes into a page: the figure's link, and a tiny script that
// resizes the iframe to the height the figure reports. The script only listens to messages from
// the app's own origin and only from that iframe, and only ever sets a clamped pixel height.
import { escapeHtml } from '../../core/text/html';

/** A value for a double-quoted HTML attribute. */
const attr = escapeHtml;

export const HEIGHT_MESSAGE = 'lengthlens:height';

export function embedSnippet(url: string, title: string): string {
  const origin = new URL(url).origin;
  const id = `lengthlens-${Math.random().toString(36).slice(2, 8)}`;
  return (
    `<iframe id="${id}" src="${attr(url)}" title="${attr(title)}" style="width:100%;border:0" height="480" loading="lazy" allow="cross-origin-isolated"></iframe>\n` +
    `<script>(function(){var f=document.getElementById(${JSON.stringify(id)});` +
    `addEventListener('message',function(e){var d=e.data;` +
    `if(e.origin!==${JSON.stringify(origin)}||!f||e.source!==f.contentWindow||!d||d.type!=='${HEIGHT_MESSAGE}'||typeof d.height!=='number')return;` +
    `f.style.height=Math.max(80,Math.min(20000,Math.ceil(d.height)))+'px'})})()</script>`
  );
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The inline form of a snapshot figure: the app's element script (from `appBase`, the folder the
 * app is served from) and a <lengthlens-figure> carrying the same snapshot payload. It draws in
 * the page itself, in a shadow root; the host must let other origins load its module scripts
 * (`Access-Control-Allow-Origin`, as GitHub Pages sends).
 */
export function elementSnippet(appBase: string, payload: string, opts: { theme?: string; parts?: string; fallback?: string } = {}): string {
  const extra = [opts.theme ? ` theme="${attr(opts.theme)}"` : '', opts.parts ? ` parts="${attr(opts.parts)}"` : ''].join('');
  // `fallback`: HTML for readers whose page never runs the script (figureFallback.ts); the figure draws over it.
  const inner = opts.fallback ? `\n${opts.fallback}\n` : '';
  return `<script type="module" src="${attr(new URL('lengthlens-figure.js', appBase).href)}"></script>\n<lengthlens-figure${extra} snapshot="${attr(payload)}">${inner}</lengthlens-figure>`;
}
