// `lengthlens check`'s terminal summary; the Markdown is core/check/markdown.ts. Both print the same
// findings (core/check/summary.ts).
import type { FailOnResult } from '../../core/check/failOn';
import type { CheckSection } from '../../core/check/markdown';

const WORD = { flag: 'FLAG', ok: 'ok', info: 'info' } as const;

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
