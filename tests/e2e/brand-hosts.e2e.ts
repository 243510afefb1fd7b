// Issue #22 (BH1): one server, several brand domains. A browser that reaches the server on a brand's host name
// gets that brand's site, with nothing in the address but the name (the seeded `*.localhost` names reach the
// loopback in Chromium without DNS).
import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot, useBrowser } from './browser';

const baseUrl = new URL(inject('baseUrl'));
const { browser } = useBrowser();

describe('a brand chosen by its host name', () => {
  it('shows Aurora on aurora.localhost and Meridian on meridian.localhost', async () => {
    const { context, page } = await openPage(browser(), 'mobile');
    try {
      for (const [host, title, theme] of [
        ['aurora.localhost', 'Aurora Markets', 'dark'],
        ['meridian.localhost', 'Meridian Options', 'light'],
      ] as const) {
        await page.goto(`http://${host}:${baseUrl.port}/`);
        await page.getByTestId('loading').waitFor({ state: 'detached', timeout: 20_000 });
        await page.getByTestId('home').waitFor();
        expect(await page.title()).toBe(title);
        expect(await page.evaluate(() => document.documentElement.dataset.tkTheme)).toBe(theme);
        await screenshot(page, `brand-host-${host.split('.')[0]}`, 'mobile');
      }
    } finally {
      await context.close();
    }
  });

  // EK33: the page's HTML itself shows the brand's loading screen on its theme, before (here: without) any script.
  it("paints each brand's theme and a busy spinner before a script has run", async () => {
    const { context, page } = await openPage(browser(), 'mobile', { javaScriptEnabled: false });
    try {
      for (const [host, surface, theme] of [
        ['aurora.localhost', 'rgb(19, 23, 34)', 'dark'],
        ['meridian.localhost', 'rgb(255, 255, 255)', 'light'],
      ] as const) {
        await page.goto(`http://${host}:${baseUrl.port}/position`);
        const screen = page.locator('#root > [data-testid="loading"]');
        const look = await screen.evaluate((box) => {
          const style = getComputedStyle(box);
          const { width, height } = box.getBoundingClientRect();
          return { surface: style.backgroundColor, scheme: style.colorScheme, width, height };
        });
        expect(look).toEqual({ surface, scheme: theme, width: 390, height: 844 });
        expect(await screen.locator('.host-loading__spinner').isVisible()).toBe(true);
        // Nothing contentful: the page's first contentful paint stays the site's own.
        expect(
          await screen.evaluate((box) => [box.textContent, box.querySelectorAll('img, svg').length]),
        ).toEqual(['', 0]);
        await screenshot(page, `brand-splash-${host.split('.')[0]}`, 'mobile');
      }
    } finally {
      await context.close();
    }
  });

  // BA1: 'only trust app'. The seeds trust every browser, so this page's config names an app as a brand's
  // operator would; the page, the redirect and the app's own user agent are the product's.
  it("sends a browser that is not the brand's app to the app-only page, and lets the app in", async () => {
    const { context, page } = await openPage(browser(), 'mobile');
    try {
      const app = { userAgent: 'MeridianApp', url: 'https://apps.example/meridian' };
      await page.route('**/config.json', async (route) => {
        // Node does not resolve `*.localhost`: the config is asked of the loopback with the brand's host name.
        const url = new URL(route.request().url());
        const response = await route.fetch({
          url: `${baseUrl.origin}${url.pathname}`,
          headers: { ...route.request().headers(), host: url.host },
        });
        const config = (await response.json()) as { brand: Record<string, unknown> };
        await route.fulfill({ response, json: { ...config, brand: { ...config.brand, trustedApp: app } } });
      });
      const origin = `http://meridian.localhost:${baseUrl.port}`;
      await page.goto(`${origin}/BTCUSDT/chart`);
      const appOnly = page.getByTestId('app-only');
      await appOnly.waitFor();
      expect(new URL(page.url()).pathname).toBe('/app-only');
      expect(await appOnly.locator('h1').textContent()).toBe('Use the Meridian Options app');
      expect(await page.getByTestId('app-only-get').getAttribute('href')).toBe(app.url);
      await screenshot(page, 'app-only-en', 'mobile');

      // In German and dark, as a visitor who chose them before.
      await page.evaluate(() => {
        localStorage.setItem('language', 'de');
        localStorage.setItem('theme', 'dark');
      });
      await page.reload();
      await page.getByText('Nutzen Sie die Meridian Options-App').waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.tkTheme)).toBe('dark');
      await screenshot(page, 'app-only-de-dark', 'mobile');

      // The brand's app names itself in its user agent; the app-only address is no page of the site.
      const cdp = await context.newCDPSession(page);
      const agent = await page.evaluate(() => navigator.userAgent);
      await cdp.send('Network.setUserAgentOverride', { userAgent: `${agent} MeridianApp/2.4` });
      await page.reload();
      await page.getByTestId('home').waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
    } finally {
      await context.close();
    }
  });
});
