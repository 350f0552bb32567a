import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** axe-core's own bundle, injected into the page under test (the context must bypass the app's CSP). */
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The WCAG 2.2 AA rule set issue 44 holds every screen to. */
export const WCAG_22_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type AxeWindow = { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } };

/**
 * axe's violations of serious or critical impact on the page as it is now, one line each:
 * "<state>: <rule> (<impact>) at <target>: <summary>", so a failing test says what to fix and where.
 * Animations are stopped first so no element is judged half faded in.
 */
export async function seriousViolations(page: Page, state: string): Promise<string[]> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as AxeWindow;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => ({ rule: v.id, impact: v.impact, target: n.target.join(' '), summary: (n.failureSummary ?? v.help).replace(/\s+/g, ' ') })));
  }, WCAG_22_AA_TAGS);
  return violations.map((v) => `${state}: ${v.rule} (${v.impact}) at ${v.target}: ${v.summary}`);
}
