// `lengthlens check`'s terminal summary; the Markdown is core/check/markdown.ts. Both print the same
// findings (core/check/summary.ts).
import type { FailOnResult } from '../../core/check/failOn';
import type { CheckSection } from '../../core/check/markdown';
import { quoted } from '../../core/check/strings';

/** A string the file or the command line supplied, as it may reach a terminal or a CI log: as is
 * when it is plain, JSON-quoted (as the why lines quote choices) when it holds a line break, a
 * control character (ANSI escapes) or a format character, so it can neither forge a line nor
 * move the cursor. */
export function terminalSafe(s: string): string {
  return /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(s) ? quoted(s, Infinity) : s;
}

const WORD = { flag: 'FLAG', ok: 'ok', info: 'info' } as const;

export function checkText(title: string, sections: CheckSection[], failOn: FailOnResult[], notes: string[]): string {
  const lines = [terminalSafe(title), ''];
  for (const section of sections) {
    lines.push(terminalSafe(section.title));
    for (const f of section.findings) {
      lines.push(`  [${WORD[f.status].padEnd(4)}] ${f.title}: ${f.verdict}`);
      const l = f.items;
      if (!l || l.count === 0) continue;
      for (const it of l.items.slice(0, 3)) lines.push(`           ${terminalSafe(it.id)}: ${terminalSafe(it.why)}`);
      if (l.count > 3) lines.push(`           … and ${(l.count - 3).toLocaleString('en')} more`);
    }
    lines.push('');
  }
  for (const f of failOn) lines.push(`--fail-on ${f.rule}: ${f.why}`);
  if (failOn.length) lines.push('');
  for (const n of notes) lines.push(`note: ${terminalSafe(n)}`);
  lines.push('Use --json for every number and every listed id, --markdown for a pull-request comment.');
  return lines.join('\n') + '\n';
}
