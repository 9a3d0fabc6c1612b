// Text made safe for HTML: element content and double-quoted attribute values (the Markdown
// report's <details> summaries, the embed snippets, a figure's plain-HTML fallback).

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
