// Issue #25: an alert set from the chart by dragging a line fires and arrives as a push to a closed page's
// service worker. In Chromium at 1440×900 in German: the signed-in trader's browser has the host's worker and a
// push subscription (keys the test holds, as in web-push.e2e.ts); on the chart the alert tool puts a line at the
// pinned bid, the mouse drags it up on the canvas, the card asks "when the bid rises to …" and the alert is set;
// every page of the site is closed, the bid is pinned through the level, and the push the tests' push service
// receives, decrypted and delivered to the worker, shows as a notification naming the symbol and the level.
// Screenshot of the confirm card.
import { createECDH, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { decryptPush } from '../../server/src/webpush/encrypt';
import type { ReceivedPush } from '../../server/src/webpush/test-push-service';
import { open, signIn } from './auth-steps';
import { openPage, screenshot, useBrowser } from './browser';
import { pageToken } from './page-session';
import { fundedAccount, pinBid, post } from './trading-steps';

const { browser } = useBrowser();
const baseUrl = inject('baseUrl');
const pushServiceUrl = inject('pushServiceUrl');
// No other browser file pins it.
const SYMBOL = 'GBPUSD';

/** The chart's drawn lines as `id → y` (pixels from the top of the candle pane), from its engine element. */
async function chartLines(page: Page): Promise<Map<string, number>> {
  const text = (await page.locator('.tk-chart__engine').getAttribute('data-trade-lines')) ?? '';
  return new Map(
    text
      .split(' ')
      .filter(Boolean)
      .map((entry) => {
        const at = entry.lastIndexOf(':');
        return [entry.slice(0, at), Number(entry.slice(at + 1))] as const;
      }),
  );
}

/** The mouse cursor the page shows at (`x`, `y`): the nearest set `cursor` style, through shadow roots. */
async function cursorAt(page: Page, x: number, y: number): Promise<string> {
  return page.evaluate(
    ([px, py]) => {
      let el = document.elementFromPoint(px!, py!);
      while (el?.shadowRoot) {
        const inner: Element | null = el.shadowRoot.elementFromPoint(px!, py!);
        if (!inner || inner === el) break;
        el = inner;
      }
      for (
        let at: Element | null = el;
        at;
        at = at.parentElement ?? (at.getRootNode() as ShadowRoot).host ?? null
      )
        if (at instanceof HTMLElement && at.style.cursor) return at.style.cursor;
      return '';
    },
    [x, y],
  );
}

/** Drags the alert line being placed `up` pixels up with the mouse, pressing once the line takes it. */
async function dragAlertLine(page: Page, up: number): Promise<void> {
  const draft = 'alert:draft';
  // The price is pinned, so the line sits still once drawn; it must not move for 300 ms before the press.
  let y = -1;
  await expect
    .poll(
      async () => {
        const before = y;
        y = (await chartLines(page)).get(draft) ?? -2;
        return y === before && y >= 0;
      },
      { interval: 300, timeout: 10_000 },
    )
    .toBe(true);
  const engine = (await page.locator('.tk-chart__engine').boundingBox())!;
  const x = engine.x + 24;
  await expect
    .poll(
      async () => {
        y = (await chartLines(page)).get(draft)!;
        await page.mouse.move(x, engine.y + y);
        return cursorAt(page, x, engine.y + y);
      },
      { timeout: 10_000 },
    )
    .toBe('pointer');
  await page.mouse.down();
  for (const step of [up / 3, (2 * up) / 3, up]) await page.mouse.move(x, engine.y + y - step, { steps: 2 });
  await expect.poll(async () => (await chartLines(page)).get(draft), { timeout: 5_000 }).toBeLessThan(y);
  await page.mouse.up();
}

describe('a price alert set on the chart, pushed to a closed app', () => {
  it('drags the alert line above the bid, confirms, and gets the push when the bid crosses', async () => {
    const account = await fundedAccount(null);
    const { context, page } = await openPage(browser(), 'desktop', {
      serviceWorkers: 'allow',
      locale: 'de-DE',
    });
    const { bid } = await pinBid(SYMBOL, null);
    await pinBid(SYMBOL, bid);
    try {
      await context.grantPermissions(['notifications'], { origin: baseUrl });
      await page.addInitScript(() => localStorage.setItem('language', 'de'));
      await open(page, '/login');
      await signIn(page, 'desktop', account);
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      await page.evaluate(() => navigator.serviceWorker.ready);

      // The browser's subscription: its private key stays with the test, which reads the push as Chromium would.
      const token = await pageToken(page);
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const endpoint = `${pushServiceUrl}/push/e2e-chart-${account.uid}`;
      const subscribed = await post(
        '/v1/waa/push/subscribe',
        { endpoint, p256dh: ecdh.getPublicKey().toString('base64url'), auth, lang: 'de' },
        token,
      );
      expect(subscribed.code).toBe(0);

      await open(page, `/${SYMBOL}/chart`);
      const canvas = page.getByTestId('chart-canvas');
      await expect.poll(() => canvas.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
      await page.getByRole('button', { name: 'Kursalarm setzen' }).click();
      await dragAlertLine(page, 40);
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor({ state: 'visible', timeout: 5_000 });
      expect(await dialog.locator('[data-field="bid"] dd').textContent()).toBe(bid);
      const level = (await dialog.locator('[data-field="level"] dd').textContent())!;
      expect(Number(level)).toBeGreaterThan(Number(bid));
      const question = `Alarm, wenn der Geldkurs von ${SYMBOL} auf ${level} steigt?`;
      expect(await page.getByRole('alertdialog', { name: question }).count()).toBe(1);
      await screenshot(page, 'chart-alert-confirm-de', 'desktop');
      await dialog.getByTestId('confirm-alert').click();
      // The saved alert replaces the line being placed, at the same level.
      await expect
        .poll(async () => [...(await chartLines(page)).keys()].filter((id) => id.startsWith('alert:')), {
          timeout: 10_000,
        })
        .toEqual([expect.stringMatching(/^alert:[1-9][0-9]*$/)]);
      const list = await post<{ active: Array<{ symbol: string; condition: string; level: string }> }>(
        '/v1/waa/alerts/list',
        {},
        token,
      );
      expect(list.data.active).toEqual([
        expect.objectContaining({ symbol: SYMBOL, condition: 'bid_above', level }),
      ]);

      await page.close();
      expect(context.pages()).toHaveLength(0);
      const decimals = level.length - level.indexOf('.') - 1;
      await pinBid(SYMBOL, (Number(level) + 10 ** -decimals * 5).toFixed(decimals));

      // The push service answers once the push has arrived (it waits for it: no pause here).
      const [arrived] = (await (
        await fetch(`${pushServiceUrl}/__messages/push/e2e-chart-${account.uid}`)
      ).json()) as ReceivedPush[];
      const payload = decryptPush(
        Buffer.from(arrived!.body, 'base64'),
        ecdh.getPrivateKey(),
        auth,
      ).toString();
      expect(JSON.parse(payload)).toMatchObject({ alarmType: 729005 });

      // Delivered to the worker with no page of the site open, as Chromium delivers what its push service brings.
      const blank = await context.newPage();
      const cdp = await context.newCDPSession(blank);
      const registrationId = new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((r) => r.scopeURL === `${baseUrl}/` && !r.isDeleted);
          if (ours) resolve(ours.registrationId);
        });
      });
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: baseUrl,
        registrationId: await registrationId,
        data: payload,
      });
      const shown = await context.newPage();
      await shown.goto(`${baseUrl}/user/notification`);
      await expect
        .poll(
          () =>
            shown.evaluate(async () =>
              (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.body),
            ),
          { timeout: 15_000 },
        )
        .toContainEqual(expect.stringMatching(new RegExp(`${SYMBOL}.*${level.replace('.', '\\.')}`)));
    } finally {
      await context.close();
      await pinBid(SYMBOL, null);
    }
  }, 90_000);
});
