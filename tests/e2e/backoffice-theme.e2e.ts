// The back office's dark theme in Chromium. An operator whose system is dark gets a dark back office from the
// first paint (sign-in included), with its switch pressed; axe finds no serious or critical violation on the
// sign-in page, the review queue, the audit log and the user lookup in the dark theme (all rules) and, switched to
// light, none of the colour rules; the switch is kept over a reload and beats the system's preference. Screenshots
// in both themes at 1440×900 and 390×844, in English and German.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from './a11y';
import { addOperator, signInAt } from './backoffice-steps';
import { openPage, screenshot, useBrowser } from './browser';
import type { ViewportName } from './browser';

const baseUrl = inject('baseUrl');
const { browser } = useBrowser();

const themeOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.tkTheme);

describe.each<ViewportName>(['desktop', 'mobile'])('the back office themes at %s', (vp) => {
  it(
    'is dark on a dark system, passes axe in both themes and keeps the operator’s switch',
    { timeout: 90_000 },
    async () => {
      const operator = await addOperator(['finance', 'compliance']);
      const { context, page } = await openPage(browser(), vp, { colorScheme: 'dark' });
      try {
        const found: string[] = [];
        await page.goto(`${baseUrl}/backoffice`);
        await page.getByTestId('bo-email').waitFor({ state: 'visible', timeout: 20_000 });
        expect(await themeOf(page)).toBe('dark');
        expect(await page.getByTestId('bo-theme').getAttribute('aria-pressed')).toBe('true');
        found.push(...(await axeViolations(page, `${vp} dark sign-in:`)));
        await screenshot(page, 'backoffice-dark-sign-in', vp);

        await signInAt(page, operator);
        await page.getByTestId('bo-queue-empty').waitFor({ state: 'visible', timeout: 15_000 });
        expect(await themeOf(page)).toBe('dark');
        found.push(...(await axeViolations(page, `${vp} dark deposits:`)));
        await screenshot(page, 'backoffice-dark-deposits', vp);
        await page.getByTestId('bo-nav-audit').click();
        await page.getByTestId('bo-audit-row').first().waitFor({ state: 'visible', timeout: 15_000 });
        found.push(...(await axeViolations(page, `${vp} dark audit:`)));
        await screenshot(page, 'backoffice-dark-audit', vp);
        await page.getByTestId('bo-nav-users').click();
        await page.getByTestId('bo-lookup-query').waitFor({ state: 'visible', timeout: 15_000 });
        found.push(...(await axeViolations(page, `${vp} dark users:`)));

        // German, still dark.
        await page.selectOption('.bo-top__language select', 'de');
        await expect
          .poll(() => page.getByTestId('bo-theme').textContent(), { timeout: 15_000 })
          .toBe('Dunkles Design');
        await page.getByTestId('bo-nav-audit').click();
        await page.getByTestId('bo-audit-row').first().waitFor({ state: 'visible', timeout: 15_000 });
        await screenshot(page, 'backoffice-dark-audit-de', vp);

        // Switched to light: the colour rules again, and the choice outlives a reload on a dark system.
        await page.getByTestId('bo-theme').click();
        expect(await themeOf(page)).toBe('light');
        expect(await page.getByTestId('bo-theme').getAttribute('aria-pressed')).toBe('false');
        found.push(...(await axeViolations(page, `${vp} light audit:`, { coloursOnly: true })));
        await page.getByTestId('bo-nav-deposits').click();
        await page.getByTestId('bo-queue-empty').waitFor({ state: 'visible', timeout: 15_000 });
        found.push(...(await axeViolations(page, `${vp} light deposits:`, { coloursOnly: true })));
        await screenshot(page, 'backoffice-light-deposits-de', vp);
        await page.reload();
        await page.getByTestId('bo-queue-empty').waitFor({ state: 'visible', timeout: 15_000 });
        expect(await themeOf(page)).toBe('light');
        expect(found).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
