/**
 * axe-core's WCAG 2.2 AA rules run inside a page driven by playwright-core: the library's own
 * bundle is evaluated in the page, then `axe.run` checks the document as it is on screen.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Serious and critical WCAG 2.0–2.2 A/AA violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, not as an inline <script>: the app's CSP (decision 021)
  // rightly refuses inline scripts without a hash, and a test must not weaken it.
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(AXE_SOURCE);
  // As source text: this file is also compiled by bench/, which has no DOM types.
  const found = (await page.evaluate(`window.axe
    .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] })
    .then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) })))`)) as AxeViolation[];
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** One line per violation, for a failing assertion's message. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.join(', ')}`).join('\n');
}
