// The check report as Markdown that reads well as a pull-request comment or a CI job summary: the
// --fail-on outcome, one table of findings per section, the listed items folded under <details>.
// Used by `lengthlens check --markdown` and the Task lab's report download.
import type { FailOnResult } from './failOn';
import type { Finding } from './summary';

export interface CheckSection {
  title: string;
  findings: Finding[];
}

const MARK = { flag: '⚠️', ok: '✅', info: 'ℹ️' } as const;

/** How many listed items each finding shows (the JSON has up to 200 and every id). */
const SHOWN = 10;

function htmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function mdEscape(s: string): string {
  return s.replace(/([\\`*_{}[\]<>|])/g, '\\$1');
}

export function checkMarkdown(title: string, sections: CheckSection[], failOn: FailOnResult[], notes: string[], appUrl?: string): string {
  const lines = [`## ${mdEscape(title)}`, ''];
  if (failOn.length) {
    const failed = failOn.filter((f) => f.failed);
    lines.push(failed.length ? `**--fail-on: ${failed.map((f) => `\`${f.rule}\``).join(', ')} failed.**` : '**--fail-on: every named check passed.**', '');
    for (const f of failOn) lines.push(`- ${f.failed ? '❌' : '✅'} \`${f.rule}\`: ${mdEscape(f.why)}`);
    lines.push('');
  }
  for (const section of sections) {
    lines.push(`### ${mdEscape(section.title)}`, '', '| | check | verdict |', '|---|---|---|');
    for (const f of section.findings) lines.push(`| ${MARK[f.status]} | ${mdEscape(f.title)} | ${mdEscape(f.verdict)} |`);
    lines.push('');
    for (const f of section.findings) {
      const l = f.items;
      if (!l || l.count === 0) continue;
      // Inside HTML, Markdown escapes would show: escape for HTML there.
      lines.push(`<details><summary>${htmlEscape(f.title)}: ${l.count.toLocaleString('en')} item${l.count === 1 ? '' : 's'}</summary>`, '');
      for (const it of l.items.slice(0, SHOWN)) {
        const id = appUrl && it.scorer ? `[${mdEscape(it.id)}](${appUrl}${it.scorer})` : `\`${it.id.replace(/`/g, "'")}\``;
        lines.push(`- ${id}: ${mdEscape(it.why)}`);
      }
      if (l.count > SHOWN) lines.push(`- … and ${(l.count - SHOWN).toLocaleString('en')} more (every id is in \`--json\`)`);
      lines.push('', '</details>', '');
    }
  }
  for (const n of notes) lines.push(`> ${mdEscape(n)}`, '>');
  if (notes.length) lines.pop();
  return lines.join('\n').trimEnd() + '\n';
}
