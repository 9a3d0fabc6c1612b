// Copy a link to this exact view, or an iframe snippet that embeds it (loads on click, sizes itself).
import { useState } from 'react';
import { shareUrl } from '../../state/sync';

function embedSnippet(url: string): string {
  return (
    `<iframe src="${url.replace(/"/g, '&quot;')}" title="lengthlens: scoring rules compared" style="width:100%;border:0" height="640" loading="lazy"></iframe>\n` +
    `<script>addEventListener('message',function(e){var d=e.data;if(!d||d.type!=='lengthlens:height')return;` +
    `document.querySelectorAll('iframe').forEach(function(f){if(f.contentWindow===e.source)f.style.height=d.height+'px'})})</script>`
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function ShareBar() {
  const [shown, setShown] = useState<{ label: string; text: string; copied: boolean } | null>(null);
  const share = async (kind: 'link' | 'embed') => {
    const text = kind === 'link' ? shareUrl(false) : embedSnippet(shareUrl(true));
    const copied = await copyText(text);
    setShown({ label: kind === 'link' ? 'Link' : 'Embed code', text, copied });
  };
  return (
    <div className="share-bar" role="group" aria-label="Share">
      <button type="button" onClick={() => share('link')} data-testid="copy-link">
        Copy link
      </button>
      <button type="button" onClick={() => share('embed')}>
        Copy embed code
      </button>
      {shown && (
        <div className="share-out">
          <label>
            <span className="sr-only">{shown.label}</span>
            <textarea readOnly value={shown.text} rows={shown.label === 'Link' ? 2 : 4} onFocus={(e) => e.currentTarget.select()} data-testid="share-text" />
          </label>
          <span role="status" className="muted">
            {shown.copied ? `${shown.label} copied.` : `Select and copy the ${shown.label.toLowerCase()} above.`}
          </span>
        </div>
      )}
    </div>
  );
}
