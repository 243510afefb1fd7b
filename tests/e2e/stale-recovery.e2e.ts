// When the market socket drops and reconnects are refused for a while, quotes are marked stale with a
// reconnecting notice, then recover on their own once the platform accepts connections again.
import { describe, expect, inject, it } from 'vitest';
import { text } from '../fixtures/locale';
import { openPage, screenshot, useBrowser } from './browser';
import { expectStale, expectTicking, selectTab } from './quotes';

const baseUrl = inject('baseUrl');
const adminToken = inject('adminToken');
const { browser } = useBrowser();
const SYMBOLS = ['BTCUSDT', 'ETHUSDT'];

async function dropMarketConnections(refuseMs: number): Promise<number> {
  const response = await fetch(`${baseUrl}/admin/v1/market/connections/drop`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ refuseMs }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { code: number; data: { dropped: number } };
  expect(body.code).toBe(0);
  return body.data.dropped;
}

describe('live quotes across a dropped market connection', () => {
  it('marks rows stale while reconnects are refused and recovers without a reload', async () => {
    const { context, page } = await openPage(browser(), 'desktop');
    try {
      await page.goto(`${baseUrl}/quotation`);
      await selectTab(page, text('en', 'category.cryptos'));
      await expectTicking(page, 'BTCUSDT');
      await expectStale(page, SYMBOLS, false, 5_000);
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations.push(frame.url());
      });

      expect(await dropMarketConnections(6_000)).toBeGreaterThanOrEqual(1);
      await expectStale(page, SYMBOLS, true, 5_000);
      await page
        .getByText(text('en', 'feed.reconnecting'))
        .first()
        .waitFor({ state: 'visible', timeout: 5_000 });
      await screenshot(page, 'stale-reconnecting', 'desktop');

      await expectStale(page, SYMBOLS, false, 20_000);
      await expectTicking(page, 'BTCUSDT');
      expect(navigations).toEqual([]);
      expect(await page.getByText(text('en', 'feed.reconnecting')).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
