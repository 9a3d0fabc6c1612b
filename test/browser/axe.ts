// axe-core in the built app: its own script, injected into the page, and the serious and critical
// violations it finds there.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface Violation {
  id: string;
  impact: string;
  nodes: number;
  targets: string[];
}

/** axe-core's serious and critical violations on the page as it stands. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact ?? '', nodes: v.nodes.length, targets: v.nodes.slice(0, 4).map((n) => JSON.stringify(n.target)) }));
  });
}
