// axe-core in the browser suites (issue #22): what a page breaks of WCAG 2.x A and AA and axe's best practices,
// at the impacts the issue counts (serious and critical). axe is evaluated into the page through the DevTools
// protocol, which a page's Content-Security-Policy does not govern, so the host's strict CSP stays as shipped.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts a page may not have. */
const COUNTED = new Set(['serious', 'critical']);

/**
 * The rules of the default set whose outcome depends on colours (WCAG AA; the AAA contrast rule is not in the
 * set). A second theme changes colours only (the same elements, names and
 * order), so the other rules would repeat the first theme's findings.
 */
export const COLOUR_RULES: readonly string[] = ['color-contrast', 'link-in-text-block'];

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}
/** A violation as `axe.run` reports it (the fields read here). */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Puts axe-core into the page's current document, unless it is there already (once per document). */
export async function loadAxe(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
}

/**
 * The serious and critical ones of `violations`, one line per element: `<where> <rule> <element> — <what to
 * fix>`. For a caller that runs `axe.run` itself, in the same call into the page as its other work.
 */
export function describeViolations(violations: readonly AxeViolation[], where: string): string[] {
  return violations
    .filter((v) => v.impact !== null && COUNTED.has(v.impact))
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${where} ${v.id} (${v.impact}) ${JSON.stringify(node.target)} ${node.html.slice(0, 120)} — ` +
          (node.failureSummary ?? v.help).replace(/\s+/g, ' ').slice(0, 240),
      ),
    );
}

/**
 * The serious and critical violations of the page as it is now (open shadow roots included), one line per
 * element (see `describeViolations`). Empty when the page passes. `coloursOnly`: only the rules about colour
 * (a page seen again in its other theme).
 */
export async function axeViolations(
  page: Page,
  where: string,
  { coloursOnly = false }: { coloursOnly?: boolean } = {},
): Promise<string[]> {
  await loadAxe(page);
  const violations = await page.evaluate(
    async (rules) => {
      const axe = (
        window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }
      ).axe;
      const only = rules ? { runOnly: { type: 'rule', values: rules } } : {};
      const result = (await axe.run(document, { resultTypes: ['violations'], ...only })) as {
        violations: unknown[];
      };
      return result.violations as AxeViolation[];
    },
    coloursOnly ? COLOUR_RULES : null,
  );
  return describeViolations(violations, where);
}
