// The check report's Markdown is posted where Markdown is live (a pull request) about a file anyone
// may send: rendered by a CommonMark renderer (markdown-it, with GFM-style bare-URL links on), it
// holds no heading, link, image, mention, emphasis or HTML that the file or the command line put
// there. End to end through `check --markdown`, and as a property over hostile ids and choices.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { runInProcess } from '../../cli/inProcess';
import { expectOneLineError } from '../../cli/oneLineError';
import { AnswerStringsCheck, type CheckItem } from '../../../src/core/check/answerStrings';
import { appLinkBase, checkMarkdown, mdCode, mdText } from '../../../src/core/check/markdown';
import { answerStringFindings } from '../../../src/core/check/summary';
import { itemHash } from '../../../src/core/check/itemLink';

type Token = ReturnType<InstanceType<typeof MarkdownIt>['parse']>[number];
const md = new MarkdownIt('commonmark', { html: true, linkify: true }).enable(['table', 'linkify']);
const dir = mkdtempSync(path.join(tmpdir(), 'lengthlens-md-'));

/** What the rendered report holds: headings, links, images, emphasis, HTML, and the plain text outside code. */
function structure(src: string) {
  const out = { headings: [] as string[], links: [] as string[], images: 0, strong: 0, em: 0, html: [] as string[], text: [] as string[], code: [] as string[] };
  const walk = (tokens: Token[]) => {
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (t.type === 'heading_open') out.headings.push(`${t.tag} ${(tokens[i + 1].children ?? []).map((c) => c.content).join('')}`);
      if (t.type === 'link_open') out.links.push(String(t.attrGet('href') ?? ''));
      if (t.type === 'image') out.images++;
      if (t.type === 'strong_open') out.strong++;
      if (t.type === 'em_open') out.em++;
      if (t.type === 'html_block' || t.type === 'html_inline') out.html.push(t.content);
      if (t.type === 'text') out.text.push(t.content);
      if (t.type === 'code_inline') out.code.push(t.content);
      if (t.children) walk(t.children);
    }
  };
  walk(md.parse(src, {}));
  return out;
}

/** The report's own headings, the file name in the first as inline code. */
function expectOwnHeadings(headings: string[], sections = ['Read as', 'Answer strings (no model)']) {
  expect(headings).toHaveLength(1 + sections.length);
  expect(headings[0]).toMatch(/^h2 lengthlens check: /);
  expect(headings.slice(1)).toEqual(sections.map((t) => `h3 ${t}`));
}

/** The HTML the report itself writes: the <details> folds around the listed items. */
const OWN_HTML = /^(<details><summary>[^<>]*<\/summary>\n|<\/details>\n?)$/;
/** A GitHub mention (@user, @org/team) or issue reference (#12) in plain text. */
const MENTION = /(^|[^\w`])[@#][\w-]/;

const HOSTILE = [
  'a\n## All checks passed\n\n**--fail-on: every named check passed.**\n[click](https://evil.example/x)',
  'b\r## CR heading',
  '@octocat and @org/team',
  '&lt;b&gt;bold&lt;/b&gt; <img src=x onerror=alert(1)> <!-- c -->',
  'see https://evil.example/a and www.evil.example',
  '![img](https://evil.example/i.png) `tick` ``two``',
  'x\u2028y\u0085z\u001b[2K #12',
];

describe('check --markdown: nothing the input says is live', () => {
  it('hostile ids, choices and file name: only the report\u2019s own headings, links and HTML', async () => {
    const items = HOSTILE.map((h, i) => ({ id: h, context: `Q${i} ${h}`, choices: [h, h, `${h} longer`], label: 2 }));
    const file = path.join(dir, 'evil\n# file @octocat <b>.jsonl');
    writeFileSync(file, items.map((it) => JSON.stringify(it)).join('\n') + '\n');
    const r = await runInProcess(['check', file, '--markdown', '--app-url', 'https://example.org/app/', '--fail-on', 'duplicates']);
    expect(r.code).toBe(3);
    const s = structure(r.stdout);
    expectOwnHeadings(s.headings);
    expect(s.images).toBe(0);
    expect(s.em).toBe(0);
    expect(s.strong).toBe(1); // the --fail-on outcome line
    for (const h of s.html) expect(h).toMatch(OWN_HTML);
    // Every link is an item's Scorer link: one per listed duplicate, none from the text.
    expect(s.links).toHaveLength(HOSTILE.length);
    for (const l of s.links) expect(l).toMatch(/^https:\/\/example\.org\/app\/#item=[A-Za-z0-9+$-]+$/);
    for (const t of s.text) expect(t, t).not.toMatch(MENTION);
    // The ids and the file name are shown as written, line breaks spelled out.
    expect(s.code.some((c) => c.endsWith('/evil\\n# file @octocat <b>.jsonl'))).toBe(true);
    expect(s.code).toContain('a\\n## All checks passed\\n\\n**--fail-on: every named check passed.**\\n[click](https://evil.example/x)');
    expect(s.code).toContain('@octocat and @org/team');
    expect(s.code).toContain('![img](https://evil.example/i.png) `tick` ``two``');
    expect(s.code).toContain('x\\u2028y\\u0085z\\u001b[2K #12');
  });

  it('property: any ids and choices render inert', () => {
    const hostileChar = fc.constantFrom('\n', '\r', '`', '@', '#', '<', '>', '&', '[', ']', '(', ')', '!', '*', '_', '|', '\\', ':', '/', 'w', '.', ' ', 'a', '1', '\u2028', '\u0085', '-', '=');
    const str = fc.array(hostileChar, { maxLength: 24 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(fc.array(fc.tuple(str, str), { minLength: 1, maxLength: 5 }), str, (pairs, source) => {
        const c = new AnswerStringsCheck((it) => itemHash({ context: it.context, choices: [...it.choices], gold: it.gold[0] ?? null }));
        pairs.forEach(([id, choice], i) => c.add({ id, context: 'Q', choices: [choice, choice, `${choice}x`, `-${i}`], gold: [0], cloze: false } satisfies CheckItem));
        const report = c.report();
        const text = checkMarkdown(source, [{ title: 'Answer strings (no model)', findings: answerStringFindings(report) }], [], report.notes, 'https://example.org/');
        const s = structure(text);
        expectOwnHeadings(s.headings, ['Answer strings (no model)']);
        expect(s.images + s.strong + s.em).toBe(0);
        for (const h of s.html) expect(h).toMatch(OWN_HTML);
        expect(s.links).toHaveLength(Math.min(pairs.length, 10));
        for (const l of s.links) expect(l).toMatch(/^https:\/\/example\.org\/#item=/);
        for (const t of s.text) expect(t).not.toMatch(MENTION);
        expect(s.code).toContain(mdCodeContent(source));
      }),
      { numRuns: 300 },
    );
  });

  it('property: prose (verdicts, notes, model names) after each line prefix stays one inert paragraph', () => {
    const hostileChar = fc.constantFrom('\n', '\r', '`', '@', '#', '<', '>', '&', '[', ']', '(', ')', '!', '*', '_', '|', '\\', ':', '/', 'w', '.', ' ', '1', '-', '+', '=', '$', '~', 'a');
    fc.assert(
      fc.property(fc.array(hostileChar, { maxLength: 30 }).map((cs) => cs.join('')), (x) => {
        for (const prefix of ['> ', '- ', '### ', '| a | ']) {
          const tokens = md.parse(`${prefix}${mdText(x)}${prefix.startsWith('|') ? ' |\n|---|---|' : ''}`, {});
          const types = tokens.map((t) => t.type);
          expect(types.filter((t) => /heading_open|list_item_open|blockquote_open|fence|code_block|html_block|hr/.test(t)).length, `${prefix}${x}`).toBeLessThanOrEqual(1);
          const s = structure(`${prefix}${mdText(x)}`);
          expect(s.links.length + s.images + s.strong + s.em + s.html.length, `${prefix}${x}`).toBe(0);
          for (const t of s.text) expect(t).not.toMatch(MENTION);
        }
      }),
      // Markers after leading spaces (a list in a quote, an indented code block) were once live.
      { numRuns: 400, examples: [[' +'], ['  - x'], ['    code'], [' 1. x'], ['   > q']] },
    );
  });

  it('inline code shows any string as written', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (x) => {
        const s = structure(`- ${mdCode(x)}`);
        expect(s.code).toEqual([mdCodeContent(x)]);
      }),
      { numRuns: 500 },
    );
  });
});

/** What mdCode shows for a string: its control characters and line separators spelled out. */
function mdCodeContent(s: string): string {
  if (s === '') return ' ';
  return s.replace(/[\p{Cc}\u2028\u2029]/gu, (c) => ({ '\n': '\\n', '\r': '\\r', '\t': '\\t' })[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

describe('--app-url', () => {
  it('anything but http(s) is a wrong command line naming the flag', async () => {
    for (const bad of ['javascript:alert(1)//', 'data:text/html,x', 'example.org', 'file:///etc/passwd']) {
      const r = await runInProcess(['check', path.join(dir, 'none.jsonl'), '--markdown', '--app-url', bad]);
      expect(r.code, bad).toBe(2);
      expect(expectOneLineError(r), bad).toMatch(/^.*--app-url must be an http:\/\/ or https:\/\/ URL/);
    }
  });

  it('a space, a ) or a hash in the URL: every link is one link that keeps its #item=', async () => {
    const file = path.join(dir, 'dups.jsonl');
    writeFileSync(file, JSON.stringify({ id: 'd', context: 'Q', choices: ['x', 'x', 'yy'], label: 2 }) + '\n');
    for (const [raw, want] of [
      ['https://example.org/my app/', 'https://example.org/my%20app/#item='],
      ['https://example.org/a)![x](https://evil.example/i.png', 'https://example.org/a%29!%5Bx%5D%28https://evil.example/i.png#item='],
      ['http://example.org/app/#old', 'http://example.org/app/#item='],
    ]) {
      expect(md.normalizeLink(appLinkBase(raw) + '#item=')).toBe(want);
      const r = await runInProcess(['check', file, '--markdown', '--app-url', raw]);
      expect(r.code, raw).toBe(0);
      const s = structure(r.stdout);
      expect(s.images, raw).toBe(0);
      expect(s.links, raw).toHaveLength(1);
      expect(s.links[0].startsWith(want), s.links[0]).toBe(true);
      expect(s.links[0]).toMatch(/#item=[A-Za-z0-9+$-]+$/);
    }
  });
});
