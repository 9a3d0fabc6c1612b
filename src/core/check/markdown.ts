// The check report as Markdown that reads well as a pull-request comment or a CI job summary: the
// --fail-on outcome, one table of findings per section, the listed items folded under <details>.
// Used by `lengthlens check --markdown` and the Task lab's report download.
//
// The report is posted where Markdown is live (a pull request), about a file that may come from
// anyone: every string the file or the command line supplies (ids, choices, file and model names)
// is rendered inert, as inline code with its line breaks and control characters spelled out, so
// no heading, link, image, mention or HTML can come out of it.
import type { FailOnResult } from './failOn';
import type { Finding } from './summary';
import { escapeHtml } from '../text/html';

export interface CheckSection {
  title: string;
  findings: Finding[];
}

const MARK = { flag: '⚠️', ok: '✅', info: 'ℹ️' } as const;

/** How many listed items each finding shows (the JSON has up to 200 and every id). */
const SHOWN = 10;

/** Line breaks, control characters and the Unicode line and paragraph separators as escapes (\n, \u0085). */
function spelledOut(s: string): string {
  return s.replace(/[\p{Cc}\u2028\u2029]/gu, (c) => {
    const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
    return named[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/**
 * Any string as an inline code span: shown as written (control characters spelled out), nothing in
 * it interpreted. The fence is one backtick longer than the longest run inside; a space pads a
 * content that starts or ends with a backtick or a space (CommonMark strips one from each side).
 */
export function mdCode(s: string): string {
  const text = spelledOut(s);
  if (text === '') return '` `';
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(text) && !/^ +$/.test(text) ? ' ' : '';
  return fence + pad + text + pad + fence;
}

/** What a host might turn into a link or a mention even when escaped (GitHub's @user, #123, bare URLs), or a line break. */
const RISKY = /[@#\p{Cc}\u2028\u2029]|:\/\/|www\./iu;

/**
 * Prose as Markdown text after the report's own line prefix (a list, a quote, a heading, a cell):
 * one that would start a block there (a list marker, a quote) escaped; the
 * characters that start emphasis, code, links, images, HTML, entities, math or a table cell
 * backslash-escaped, and a word that a host could still link (an address, a mention, an issue
 * number) or that holds a line break as inline code.
 */
export function mdText(s: string): string {
  return s
    .split(' ')
    .map((word) => (RISKY.test(word) ? mdCode(word) : word.replace(/[\\`*_[\]<>|~&!$]/g, '\\$&')))
    .join(' ')
    // Leading spaces would let a marker after them (" +", "    code") start a list or a code block.
    .replace(/^\s+/, '')
    .replace(/^([-+=>]|\d+(?=[.)]))/, (m) => (/\d/.test(m) ? `${m}\\` : `\\${m}`));
}

/** A reason line: its quoted strings (JSON literals: the file's text) as inline code, the rest as prose. */
function mdWhy(s: string): string {
  const parts = s.split(/("(?:[^"\\]|\\.)*")/);
  return parts.map((p, i) => (i % 2 === 1 ? mdCode(p) : mdText(p))).join('');
}

/**
 * The base of the Scorer links (`--app-url`): an http(s) URL, its hash dropped, with the characters
 * that would end a Markdown link destination percent-encoded, so every link keeps its `#item=`.
 * Anything else throws a one-line message.
 */
export function appLinkBase(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new Error(`must be an http:// or https:// URL, got ${JSON.stringify(raw)}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`must be an http:// or https:// URL, got ${JSON.stringify(raw)} (scheme ${u.protocol})`);
  u.hash = '';
  return u.href.replace(/[()<>\s"'`\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** `source`: the file (or task) the report is about; `appUrl`: where listed items link (checked by appLinkBase). */
export function checkMarkdown(source: string, sections: CheckSection[], failOn: FailOnResult[], notes: string[], appUrl?: string): string {
  const base = appUrl === undefined ? undefined : appLinkBase(appUrl);
  const lines = [`## lengthlens check: ${mdCode(source)}`, ''];
  if (failOn.length) {
    const failed = failOn.filter((f) => f.failed);
    lines.push(failed.length ? `**--fail-on: ${failed.map((f) => mdCode(f.rule)).join(', ')} failed.**` : '**--fail-on: every named check passed.**', '');
    for (const f of failOn) lines.push(`- ${f.failed ? '❌' : '✅'} ${mdCode(f.rule)}: ${mdText(f.why)}`);
    lines.push('');
  }
  for (const section of sections) {
    lines.push(`### ${mdText(section.title)}`, '', '| | check | verdict |', '|---|---|---|');
    for (const f of section.findings) lines.push(`| ${MARK[f.status]} | ${mdText(f.title)} | ${mdText(f.verdict)} |`);
    lines.push('');
    for (const f of section.findings) {
      const l = f.items;
      if (!l || l.count === 0) continue;
      // Inside HTML, Markdown escapes would show: escape for HTML there.
      lines.push(`<details><summary>${escapeHtml(f.title)}: ${l.count.toLocaleString('en')} item${l.count === 1 ? '' : 's'}</summary>`, '');
      for (const it of l.items.slice(0, SHOWN)) {
        const id = base !== undefined && it.scorer ? `[${mdCode(it.id)}](${base}${it.scorer})` : mdCode(it.id);
        lines.push(`- ${id}: ${mdWhy(it.why)}`);
      }
      if (l.count > SHOWN) lines.push(`- … and ${(l.count - SHOWN).toLocaleString('en')} more (every id is in \`--json\`)`);
      lines.push('', '</details>', '');
    }
  }
  for (const n of notes) lines.push(`> ${mdText(n)}`, '>');
  if (notes.length) lines.pop();
  return lines.join('\n').trimEnd() + '\n';
}
