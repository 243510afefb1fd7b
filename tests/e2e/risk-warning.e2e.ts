// Issue #25 (RW5–RW7): the CFD risk warning on the host's market screens, at 390×844 in English and at
// 1440×900 in German in the dark theme, with the figure the server answers for the brand (or without it while
// the server has none); it sits in the page's flow, so it covers no control. Screenshots of both.
import { describe, expect, inject, it } from 'vitest';
import type { Envelope } from '../../src/core/contract/envelope';
import type { RiskFigure } from '../../src/core/contract/risk';
import { open, signIn } from './auth-steps';
import { openPage, screenshot, useBrowser } from './browser';
import { fundedAccount } from './trading-steps';

const { browser } = useBrowser();
const baseUrl = inject('baseUrl');

describe('the CFD risk warning', () => {
  it('shows the brand’s loss share on the market list (phone) and the chart (desktop, German, dark)', async () => {
    const answer = (await (await fetch(`${baseUrl}/v1/wa-na/risk/lossShare`)).json()) as Envelope<RiskFigure>;
    expect(answer.code).toBe(0);
    const percent = answer.data.lossPercent;

    const phone = await openPage(browser(), 'mobile');
    try {
      await open(phone.page, '/quotation');
      const warning = phone.page.getByTestId('risk-warning');
      await warning.waitFor({ state: 'visible', timeout: 15_000 });
      await expect.poll(() => warning.textContent()).toContain('CFDs are complex instruments');
      if (percent === null) expect(await warning.textContent()).not.toContain('retail investor accounts');
      else
        await expect
          .poll(() => warning.textContent())
          .toContain(`${percent}% of retail investor accounts lose money`);
      await warning.scrollIntoViewIfNeeded();
      await screenshot(phone.page, 'risk-warning-en', 'mobile');
    } finally {
      await phone.context.close();
    }

    const desktop = await openPage(browser(), 'desktop', { locale: 'de-DE' });
    try {
      await desktop.page.addInitScript(() => {
        localStorage.setItem('language', 'de');
        localStorage.setItem('theme', 'dark');
      });
      await open(desktop.page, '/BTCUSDT/chart');
      const warning = desktop.page.getByTestId('risk-warning');
      await warning.waitFor({ state: 'visible', timeout: 15_000 });
      await expect.poll(() => warning.textContent()).toContain('CFDs sind komplexe Instrumente');
      if (percent !== null)
        await expect.poll(() => warning.textContent()).toContain(`${percent} % der Kleinanlegerkonten`);
      // In the flow under the chart: it does not overlap the chart's buy button.
      const [box, buy] = await Promise.all([
        warning.boundingBox(),
        desktop.page.getByTestId('buy').first().boundingBox(),
      ]);
      expect(box && buy && (box.y >= buy.y + buy.height || box.y + box.height <= buy.y)).toBe(true);
      await screenshot(desktop.page, 'risk-warning-de-dark', 'desktop');
    } finally {
      await desktop.context.close();
    }
  }, 60_000);

  it('on a signed-in reload of a phone’s order form, asks for the figure and restores the session while the page’s code is still coming (EK71, EK72)', async () => {
    const account = await fundedAccount(null);
    const phone = await openPage(browser(), 'mobile');
    try {
      await open(phone.page, '/login');
      await signIn(phone.page, 'mobile', account);
      const asked: string[] = [];
      phone.page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.endsWith('/wa-na/risk/lossShare') || path.endsWith('/wa-na/refresh')) asked.push(path);
      });
      // The order page's code is held until the start-up has asked for both, or 10 s have passed: both must go
      // out before the site can render that page (before EK72 the session started with the site's render).
      const seenWhileHeld: string[] = [];
      await phone.page.route(/\/assets\/place-page-[\w-]+\.js$/, async (route) => {
        await expect
          .poll(() => asked.length >= 2, { timeout: 10_000 })
          .toBe(true)
          .catch(() => undefined);
        seenWhileHeld.push(...asked);
        await route.continue();
      });
      await open(phone.page, '/BTCUSDT/place?direction=0');
      await phone.page.getByTestId('risk-warning').waitFor({ state: 'visible', timeout: 15_000 });
      expect(seenWhileHeld.map((path) => path.replace(/^.*\/wa-na\//, '')).sort()).toEqual([
        'refresh',
        'risk/lossShare',
      ]);
      // Asked once for the page: the warning took the start-up's answer (a null one included).
      expect(asked.filter((path) => path.endsWith('/lossShare'))).toHaveLength(1);
    } finally {
      await phone.context.close();
    }
  }, 60_000);
});
