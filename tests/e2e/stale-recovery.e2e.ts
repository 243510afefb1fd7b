// When the market socket drops and reconnects are refused for a while, quotes are marked stale with a
// reconnecting notice, then recover on their own once the platform accepts connections again: with our broker,
// and with RabbitMQ's Web-STOMP (RQ6), whose listeners are suspended and its connections closed meanwhile.
import { describe, expect, inject, it } from 'vitest';
import { rabbitmqctlFor } from '../../scripts/lib/temp-rabbitmq.mjs';
import { MAX_DROP_REFUSE_MS } from '../../src/core/contract/admin-market';
import { text } from '../fixtures/locale';
import { openPage, screenshot, useBrowser } from './browser';
import { expectStale, expectTicking, selectTab } from './quotes';

const adminToken = inject('adminToken');
const { browser } = useBrowser();
const SYMBOLS = ['BTCUSDT', 'ETHUSDT'];

async function dropMarketConnections(baseUrl: string, refuseMs: number): Promise<number> {
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

/** A market outage and its end, per broker. */
const OUTAGES = [
  {
    mode: 'embedded',
    baseUrl: inject('baseUrl'),
    // Ours refuses reconnects for up to a minute; the test ends the refusal once it has seen the stale rows, with
    // a drop that refuses nothing (no socket is open then), instead of waiting a fixed time out.
    drop: async (baseUrl: string) =>
      expect(await dropMarketConnections(baseUrl, MAX_DROP_REFUSE_MS)).toBeGreaterThanOrEqual(1),
    restore: async (baseUrl: string) => expect(await dropMarketConnections(baseUrl, 0)).toBe(0),
  },
  {
    mode: 'rabbitmq',
    baseUrl: inject('rabbitBaseUrl'),
    // RabbitMQ's listeners are suspended until the test has seen the stale rows, then resumed.
    drop: () => {
      rabbitmqctlFor(inject('rabbitControl'), ['suspend_listeners']);
      rabbitmqctlFor(inject('rabbitControl'), ['close_all_connections', 'stale-recovery test']);
    },
    restore: () => void rabbitmqctlFor(inject('rabbitControl'), ['resume_listeners']),
  },
];

describe.each(OUTAGES)(
  'live quotes across a dropped market connection ($mode broker)',
  ({ mode, baseUrl, drop, restore }) => {
    it('marks rows stale while reconnects are refused and recovers without a reload', async () => {
      const { context, page } = await openPage(browser(), 'desktop');
      let down = false;
      try {
        await page.goto(`${baseUrl}/quotation`);
        await selectTab(page, text('en', 'category.cryptos'));
        await expectTicking(page, 'BTCUSDT');
        await expectStale(page, SYMBOLS, false, 5_000);
        const navigations: string[] = [];
        page.on('framenavigated', (frame) => {
          if (frame === page.mainFrame()) navigations.push(frame.url());
        });

        down = true;
        await drop(baseUrl);
        await expectStale(page, SYMBOLS, true, 5_000);
        await page
          .getByText(text('en', 'feed.reconnecting'))
          .first()
          .waitFor({ state: 'visible', timeout: 5_000 });
        await screenshot(
          page,
          mode === 'embedded' ? 'stale-reconnecting' : 'stale-reconnecting-rabbitmq',
          'desktop',
        );
        await restore(baseUrl);
        down = false;

        await expectStale(page, SYMBOLS, false, 20_000);
        await expectTicking(page, 'BTCUSDT');
        expect(navigations).toEqual([]);
        expect(await page.getByText(text('en', 'feed.reconnecting')).count()).toBe(0);
      } finally {
        // A failed case must not leave the node refusing connections for the suites after it.
        if (down) await restore(baseUrl);
        await context.close();
      }
    });
  },
);
