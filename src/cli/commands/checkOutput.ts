// `lengthlens check`'s two readable outputs: a terminal summary and Markdown for a pull-request
// comment or a CI job summary. Both print the same findings (core/check/summary.ts).
import type { FailOnResult } from '../../core/check/failOn';
import type { Finding } from '../../core/check/summary';

export interface CheckSection {
  title: string;
  findings: Finding[];
}

const MARK = { flag: '⚠️', ok: '✅', info: 'ℹ️' } as const;
const WORD = { flag: 'FLAG', ok: 'ok', info: 'info' } as const;

/** How many listed items each finding shows (the JSON has up to 200 and every id). */
const SHOWN = 10;

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
      lines.push(`<details><summary>${mdEscape(f.title)}: ${l.count.toLocaleString('en')} item${l.count === 1 ? '' : 's'}</summary>`, '');
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

export function checkText(title: string, sections: CheckSection[], failOn: FailOnResult[], notes: string[]): string {
  const lines = [title, ''];
  for (const section of sections) {
    lines.push(section.title);
    for (const f of section.findings) {
      lines.push(`  [${WORD[f.status].padEnd(4)}] ${f.title}: ${f.verdict}`);
      const l = f.items;
      if (!l || l.count === 0) continue;
      for (const it of l.items.slice(0, 3)) lines.push(`           ${it.id}: ${it.why}`);
      if (l.count > 3) lines.push(`           … and ${(l.count - 3).toLocaleString('en')} more`);
    }
    lines.push('');
  }
  for (const f of failOn) lines.push(`--fail-on ${f.rule}: ${f.why}`);
  if (failOn.length) lines.push('');
  for (const n of notes) lines.push(`note: ${n}`);
  lines.push('Use --json for every number and every listed id, --markdown for a pull-request comment.');
  return lines.join('\n') + '\n';
}
